import { FEATURE_FLAGS, ICON_TYPES, type FeatureFlag } from '@xunji/shared';
import {
  CATEGORY_FEATURES,
  MODEL_CATEGORIES,
  type ModelCategory,
} from '../devices/model-catalogue.js';
import { PROTOCOLS } from './device-commands.js';
import { defineCommand, optionalInt, required, UsageError, type AdminContext } from './command.js';

export function category(value: string): ModelCategory {
  if (!(MODEL_CATEGORIES as readonly string[]).includes(value))
    throw new UsageError(`--category must be one of ${MODEL_CATEGORIES.join(', ')}`);
  return value as ModelCategory;
}

function iconType(values: Record<string, unknown>): number | undefined {
  const icon = optionalInt(values, 'icon');
  if (icon !== undefined && (icon < 0 || icon >= ICON_TYPES.length))
    throw new UsageError(`--icon must be 0-${ICON_TYPES.length - 1} (${ICON_TYPES.join(', ')})`);
  return icon;
}

/** `enableRecord=false,enableTrack=true` → the changed flags. */
export function parseFlags(text: string): Partial<Record<FeatureFlag, boolean>> {
  const flags: Partial<Record<FeatureFlag, boolean>> = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (!(FEATURE_FLAGS as readonly string[]).includes(name ?? ''))
      throw new UsageError(`unknown flag ${name}; flags: ${FEATURE_FLAGS.join(', ')}`);
    if (value !== 'true' && value !== 'false')
      throw new UsageError(`flag ${name} must be =true or =false`);
    flags[name as FeatureFlag] = value === 'true';
  }
  return flags;
}

async function findModel(context: AdminContext, name: string) {
  const model = await context.repositories.deviceModels.findByName(name);
  if (!model) throw new UsageError(`no model ${name}`);
  return model;
}

export const modelCommands = [
  defineCommand({
    name: 'model:list',
    usage: 'model:list',
    description:
      'Device models: name, category, family, protocol, icon and the feature flags that are on',
    options: {},
    async run(_, __, context) {
      for (const model of await context.repositories.deviceModels.list()) {
        const flags = JSON.parse(model.features) as Record<string, boolean>;
        const on = FEATURE_FLAGS.filter((flag) => flags[flag]).join(',');
        context.print(
          [
            model.name,
            model.category,
            model.family ?? '-',
            `${model.protocol ?? '-'}${model.defaultForProtocol ? '*' : ''}`,
            ICON_TYPES[model.iconType] ?? model.iconType,
            on,
          ].join('\t'),
        );
      }
    },
  }),
  defineCommand({
    name: 'model:create',
    usage: `model:create --name NAME --category ${MODEL_CATEGORIES.join('|')} [--family F] [--protocol P] [--icon 0-${ICON_TYPES.length - 1}] [--flags enableRecord=false,…]`,
    description: "Add a device model; its flags start from its category's",
    options: {
      name: { type: 'string' },
      category: { type: 'string' },
      family: { type: 'string' },
      protocol: { type: 'string' },
      icon: { type: 'string' },
      flags: { type: 'string' },
    },
    async run(values, _, context) {
      const name = required(values, 'name');
      if (await context.repositories.deviceModels.findByName(name))
        throw new UsageError(`model ${name} exists`);
      const protocol = values.protocol as string | undefined;
      if (protocol && !(PROTOCOLS as readonly string[]).includes(protocol))
        throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(', ')}`);
      const kind = category(required(values, 'category'));
      await context.repositories.deviceModels.create({
        name,
        category: kind,
        family: (values.family as string | undefined) ?? null,
        protocol: protocol ?? null,
        iconType: iconType(values) ?? 0,
        defaultForProtocol: 0,
        features: JSON.stringify({
          ...CATEGORY_FEATURES[kind],
          ...parseFlags((values.flags as string | undefined) ?? ''),
        }),
        createdAt: Date.now(),
      });
      context.print(`created model ${name}`);
    },
  }),
  defineCommand({
    name: 'model:set',
    usage: 'model:set --name NAME [--flags enableRecord=false,…] [--icon N] [--family F]',
    description:
      'Change the feature flags, icon or family of a model (the API sees it within 30 s)',
    options: {
      name: { type: 'string' },
      flags: { type: 'string' },
      icon: { type: 'string' },
      family: { type: 'string' },
    },
    async run(values, _, context) {
      const model = await findModel(context, required(values, 'name'));
      const features = {
        ...(JSON.parse(model.features) as Record<string, boolean>),
        ...parseFlags((values.flags as string | undefined) ?? ''),
      };
      const icon = iconType(values);
      await context.repositories.deviceModels.update(model.name, {
        features: JSON.stringify(features),
        ...(icon === undefined ? {} : { iconType: icon }),
        ...(values.family === undefined ? {} : { family: values.family as string }),
      });
      context.print(`updated model ${model.name}`);
    },
  }),
  defineCommand({
    name: 'model:delete',
    usage: 'model:delete --name NAME',
    description: "Remove a model; its devices fall back to their protocol's default model",
    options: { name: { type: 'string' } },
    async run(values, _, context) {
      const model = await findModel(context, required(values, 'name'));
      await context.repositories.deviceModels.delete(model.name);
      context.print(`deleted model ${model.name}`);
    },
  }),
];
