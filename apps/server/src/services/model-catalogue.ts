import type { FeatureFlags, TerminalTypeInfo } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { DeviceModelRow } from '../db/schema.js';
import { CATEGORY_FEATURES } from '../devices/model-catalogue.js';
import type { DeviceModelRepository } from '../repositories/device-model.repository.js';

const CACHE_MS = 30_000;

export interface ResolvedModel extends TerminalTypeInfo {
  iconType: number;
}

/** The models table, read at most every 30 s (operators change it with the admin CLI). */
export class ModelCatalogue {
  private cache: { at: number; models: DeviceModelRow[] } | null = null;

  constructor(
    private readonly models: DeviceModelRepository,
    private readonly clock: Clock,
  ) {}

  private async all(): Promise<DeviceModelRow[]> {
    const now = this.clock.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      this.cache = { at: now, models: await this.models.list() };
    }
    return this.cache.models;
  }

  /** A function naming the model of a device: its own, else its protocol's default. */
  async resolver(): Promise<(model: string | null, protocol: string) => ResolvedModel> {
    const models = await this.all();
    const byName = new Map(models.map((row) => [row.name.toLowerCase(), row]));
    const byProtocol = new Map(
      models.filter((row) => row.defaultForProtocol === 1).map((row) => [row.protocol, row]),
    );
    return (model, protocol) => {
      const row = (model && byName.get(model.toLowerCase())) || byProtocol.get(protocol);
      if (!row) {
        return {
          id: null,
          name: model ?? protocol,
          category: 'wired',
          family: null,
          iconType: 0,
          terminalTypeExtend: CATEGORY_FEATURES.wired,
        };
      }
      return {
        id: row.id,
        name: model ?? row.name,
        category: row.category,
        family: row.family,
        iconType: row.iconType,
        terminalTypeExtend: parseFeatures(row.features, row.category),
      };
    };
  }

  invalidate(): void {
    this.cache = null;
  }
}

function parseFeatures(json: string, category: string): FeatureFlags {
  const base =
    CATEGORY_FEATURES[category as keyof typeof CATEGORY_FEATURES] ?? CATEGORY_FEATURES.wired;
  try {
    return { ...base, ...(JSON.parse(json) as Partial<FeatureFlags>) };
  } catch {
    return base;
  }
}
