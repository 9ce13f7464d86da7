import type {
  FeatureFlag,
  Language,
  ProductKind,
  ServicePackage,
  ServicePath,
  VipPlanType,
} from '@xunji/shared';
import type { ProductRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type {
  ProductFilter,
  ProductRepository,
  ProductTarget,
} from '../repositories/product.repository.js';
import type { TerminalRow } from '../repositories/terminal.repository.js';
import type { DeviceAccess } from './device-access.service.js';
import type { ModelCatalogue, ResolvedModel } from './model-catalogue.js';
import type { SimCardAccess } from './sim-card-access.js';

/** The model feature a kind of product needs; kinds not listed need none. */
const FEATURE_OF_KIND: Partial<Record<ProductKind, FeatureFlag>> = {
  vip: 'enableActivation',
  service: 'enableValueAdded',
};

const sellsTo = (model: ResolvedModel, kind: ProductKind): boolean => {
  const feature = FEATURE_OF_KIND[kind];
  return feature === undefined || model.terminalTypeExtend[feature];
};

/** Whether a product is for this device's model or category (or, naming neither, for all). */
const isFor = (product: ProductRow, target: ProductTarget): boolean =>
  (product.model === null && product.category === null) ||
  product.model?.toLowerCase() === target.name.toLowerCase() ||
  product.category === target.category;

/**
 * The package lists of §7 "SIM and packages" and the one price check of an order: what is on
 * sale for a device's model or category, names in the caller's language, a trial once per device.
 */
export class CatalogueService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly cards: SimCardAccess,
    private readonly products: ProductRepository,
    private readonly models: ModelCatalogue,
  ) {}

  /** Data and SMS packages for the device carrying the card. */
  async simPackages(userId: number, iccid: string, language: Language): Promise<ServicePackage[]> {
    const device = await this.cards.device(userId, iccid);
    return this.packagesFor(device, { kinds: ['data', 'sms'] }, language);
  }

  async telPackages(
    userId: number,
    terminalId: number,
    language: Language,
  ): Promise<ServicePackage[]> {
    const device = await this.access.require(userId, terminalId);
    return this.packagesFor(device, { kinds: ['tel'] }, language);
  }

  async servicePackages(
    userId: number,
    path: ServicePath,
    terminalId: number,
    language: Language,
  ): Promise<ServicePackage[]> {
    const device = await this.access.require(userId, terminalId);
    return this.packagesFor(device, { kinds: ['service'], path }, language);
  }

  async vipPlans(
    userId: number,
    terminalId: number,
    type: VipPlanType,
    language: Language,
  ): Promise<ServicePackage[]> {
    const device = await this.access.require(userId, terminalId);
    return this.packagesFor(device, { kinds: ['vip'], path: type }, language);
  }

  /**
   * The product an order for this device buys, as the catalogue prices it now. The caller has
   * already checked that the buyer may see the device.
   */
  async productFor(device: TerminalRow, productId: number): Promise<ProductRow> {
    const product = await this.products.byId(productId);
    if (!product || product.onSale !== 1) throw new AppError('PRODUCT_NOT_FOUND', { productId });
    const model = await this.modelOf(device);
    if (!isFor(product, model) || !sellsTo(model, product.kind as ProductKind))
      throw new AppError('PRODUCT_NOT_FOR_DEVICE', { productId, terminalId: device.id });
    if (product.isTrial === 1 && (await this.products.trialUsed(device.id)))
      throw new AppError('TRIAL_USED', { productId, terminalId: device.id });
    return product;
  }

  private async packagesFor(
    device: TerminalRow,
    filter: ProductFilter,
    language: Language,
  ): Promise<ServicePackage[]> {
    const model = await this.modelOf(device);
    const kinds = filter.kinds.filter((kind) => sellsTo(model, kind));
    if (kinds.length === 0) return [];
    const rows = await this.products.onSaleFor(model, { ...filter, kinds });
    const trialUsed = rows.some((row) => row.isTrial === 1)
      ? await this.products.trialUsed(device.id)
      : false;
    return rows.map((row) => toPackage(row, language, !(row.isTrial === 1 && trialUsed)));
  }

  private async modelOf(device: TerminalRow): Promise<ResolvedModel> {
    return (await this.models.resolver())(device.model, device.protocol);
  }
}

function toPackage(row: ProductRow, language: Language, available: boolean): ServicePackage {
  const en = language === 'en';
  return {
    id: row.id,
    kind: row.kind as ProductKind,
    path: row.path,
    effect: row.effect as ServicePackage['effect'],
    name: en ? row.nameEn : row.nameZh,
    description: en ? row.descriptionEn : row.descriptionZh,
    priceFen: row.priceFen,
    originalPriceFen: row.originalPriceFen,
    durationDays: row.durationDays,
    quota: row.quota,
    isTrial: row.isTrial === 1,
    available,
  };
}
