import {
  formatFen,
  parseYuanToFen,
  PRODUCT_KINDS,
  SERVICE_PATHS,
  VIP_PLAN_TYPES,
  type ProductEffect,
  type ProductKind,
} from '@xunji/shared';
import type { ProductRow } from '../db/schema.js';
import { defineCommand, optionalInt, required, UsageError, type AdminContext } from './command.js';
import { category } from './model-commands.js';

/** What paying for each kind does; a kind has one effect. */
const EFFECT_OF_KIND: Record<ProductKind, ProductEffect> = {
  data: 'simData',
  sms: 'simSms',
  tel: 'callMinutes',
  service: 'servicePeriod',
  vip: 'servicePeriod',
};
/** The paths a kind is listed under; null: none. */
const PATHS_OF_KIND: Record<ProductKind, readonly string[] | null> = {
  data: null,
  sms: null,
  tel: null,
  service: SERVICE_PATHS,
  vip: VIP_PLAN_TYPES,
};

function kindOf(value: string): ProductKind {
  if (!(PRODUCT_KINDS as readonly string[]).includes(value))
    throw new UsageError(`--kind must be one of ${PRODUCT_KINDS.join(', ')}`);
  return value as ProductKind;
}

/** `9.90` → 990 fen. */
function fen(values: Record<string, unknown>, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const amount = parseYuanToFen(String(value));
  if (amount === null) throw new UsageError(`--${name} must be an amount in yuan such as 9.90`);
  return amount;
}

function positive(values: Record<string, unknown>, name: string): number | undefined {
  const value = optionalInt(values, name);
  if (value !== undefined && value <= 0) throw new UsageError(`--${name} must be more than 0`);
  return value;
}

async function checkModel(context: AdminContext, model: string | undefined): Promise<void> {
  if (model === undefined) return;
  const known = await context.repositories.deviceModels.list();
  if (!known.some((row) => row.name.toLowerCase() === model.toLowerCase()))
    throw new UsageError(`no model ${model} (model:list shows them)`);
}

async function productOrFail(context: AdminContext, values: Record<string, unknown>) {
  const id = optionalInt(values, 'id');
  if (id === undefined) throw new UsageError('--id is required');
  const product = await context.repositories.products.byId(id);
  if (!product) throw new UsageError(`no product ${id}`);
  return product;
}

const price = (product: ProductRow) =>
  `¥${formatFen(product.priceFen)}${product.originalPriceFen === null ? '' : ` (was ¥${formatFen(product.originalPriceFen)})`}`;

export const productCommands = [
  defineCommand({
    name: 'product:create',
    usage: `product:create --kind ${PRODUCT_KINDS.join('|')} [--path ${[...SERVICE_PATHS, ...VIP_PLAN_TYPES].join('|')}] --name-zh N --name-en N --price 9.90 [--original-price 12.00] [--quota N] [--duration-days N] [--trial] [--model M | --category C] [--description-zh T] [--description-en T] [--sort N]`,
    description:
      'Put a product on sale: SIM data (--quota MB), SMS (--quota texts), call minutes (--quota), a value-added service (--path) or a plan (--path activation|renewal) with --duration-days; for one model, one category or (neither) every device',
    options: {
      kind: { type: 'string' },
      path: { type: 'string' },
      'name-zh': { type: 'string' },
      'name-en': { type: 'string' },
      'description-zh': { type: 'string' },
      'description-en': { type: 'string' },
      price: { type: 'string' },
      'original-price': { type: 'string' },
      quota: { type: 'string' },
      'duration-days': { type: 'string' },
      trial: { type: 'boolean' },
      model: { type: 'string' },
      category: { type: 'string' },
      sort: { type: 'string' },
    },
    async run(values, _, context) {
      const kind = kindOf(required(values, 'kind'));
      const paths = PATHS_OF_KIND[kind];
      const path = values.path as string | undefined;
      if (paths === null && path !== undefined)
        throw new UsageError(`a ${kind} product has no --path`);
      if (paths !== null && !paths.includes(path ?? ''))
        throw new UsageError(`a ${kind} product needs --path ${paths.join('|')}`);
      const priceFen = fen(values, 'price');
      if (priceFen === undefined) throw new UsageError('--price is required');
      const quota = positive(values, 'quota');
      const durationDays = positive(values, 'duration-days');
      const effect = EFFECT_OF_KIND[kind];
      if (effect === 'servicePeriod' ? durationDays === undefined : quota === undefined)
        throw new UsageError(
          effect === 'servicePeriod'
            ? `a ${kind} product needs --duration-days`
            : `a ${kind} product needs --quota`,
        );
      const trial = values.trial === true;
      if (trial && (kind !== 'vip' || priceFen !== 0))
        throw new UsageError('a trial is a plan (--kind vip) at --price 0');
      const model = values.model as string | undefined;
      const categoryName = values.category as string | undefined;
      if (model !== undefined && categoryName !== undefined)
        throw new UsageError('give --model or --category, not both');
      await checkModel(context, model);
      const product = await context.repositories.products.create(
        {
          kind,
          path: path ?? null,
          effect,
          nameZh: required(values, 'name-zh'),
          nameEn: required(values, 'name-en'),
          descriptionZh: (values['description-zh'] as string | undefined) ?? '',
          descriptionEn: (values['description-en'] as string | undefined) ?? '',
          priceFen,
          originalPriceFen: fen(values, 'original-price') ?? null,
          quota: quota ?? null,
          durationDays: durationDays ?? null,
          isTrial: trial ? 1 : 0,
          model: model ?? null,
          category: categoryName === undefined ? null : category(categoryName),
          sortOrder: optionalInt(values, 'sort') ?? 0,
        },
        Date.now(),
      );
      context.print(`created product ${product.id} ${product.nameZh} ${price(product)}`);
    },
  }),
  defineCommand({
    name: 'product:price',
    usage: 'product:price --id N --price 19.90 [--original-price 25.00]',
    description:
      'Change what a product costs from now on (orders already made keep their amount); without --original-price no struck-through price shows',
    options: {
      id: { type: 'string' },
      price: { type: 'string' },
      'original-price': { type: 'string' },
    },
    async run(values, _, context) {
      const product = await productOrFail(context, values);
      const priceFen = fen(values, 'price');
      if (priceFen === undefined) throw new UsageError('--price is required');
      if (product.isTrial === 1 && priceFen !== 0) throw new UsageError('a trial stays free');
      const originalPriceFen = fen(values, 'original-price') ?? null;
      await context.repositories.products.reprice(
        product.id,
        priceFen,
        originalPriceFen,
        Date.now(),
      );
      context.print(`product ${product.id} ${price({ ...product, priceFen, originalPriceFen })}`);
    },
  }),
  defineCommand({
    name: 'product:list',
    usage: 'product:list [--all]',
    description:
      'List the products on sale (--all: retired ones too): id, kind/path, name, price, quota, days, trial, for which devices',
    options: { all: { type: 'boolean' } },
    async run(values, _, context) {
      for (const p of await context.repositories.products.list(values.all === true)) {
        context.print(
          [
            p.id,
            p.path ? `${p.kind}/${p.path}` : p.kind,
            `${p.nameZh} / ${p.nameEn}`,
            price(p),
            p.quota ?? '-',
            p.durationDays === null ? '-' : `${p.durationDays}d`,
            p.isTrial === 1 ? 'trial' : '-',
            p.model ?? p.category ?? 'all',
            p.onSale === 1 ? 'on sale' : 'retired',
          ].join('\t'),
        );
      }
    },
  }),
  defineCommand({
    name: 'product:retire',
    usage: 'product:retire --id N',
    description: 'Take a product off sale; the orders of it keep their copy',
    options: { id: { type: 'string' } },
    async run(values, _, context) {
      const product = await productOrFail(context, values);
      await context.repositories.products.retire(product.id, Date.now());
      context.print(`product ${product.id} retired`);
    },
  }),
];
