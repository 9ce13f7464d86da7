import type { LatLon } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { FenceRow } from '../db/schema.js';
import { BatchLoader } from '../gateway/batch-loader.js';
import { hitWithin, type DistrictHit, type DistrictIndex } from '../geo/districts.js';
import type { FenceRepository } from '../repositories/fence.repository.js';
import { sideAfter, signedDistance, type FenceShape } from './fence-geometry.js';
import { shapeOf } from './fence-shape.js';

export interface FenceRules {
  /** How far past a round or polygon boundary a device must be to cross it. */
  hysteresisM: number;
  /** How long a device's fences are trusted before they are read again (other processes). */
  cacheMs: number;
}

export interface FenceCrossing {
  fence: FenceRow;
  entered: boolean;
}

interface TrackedFence {
  row: FenceRow;
  shape: FenceShape;
  /** Districts cross on the second fix in a row on the new side (their distance is not cheap). */
  pending: boolean;
}

interface DeviceFences {
  loadedAt: number;
  fences: TrackedFence[];
  sides: Map<number, boolean>;
}

/**
 * Which fences a fix crosses, per device. Each device's enabled fences and their last sides are
 * read once (in batches across devices) and kept; a side is written only when it changes, so a
 * restart resumes without alarming again.
 */
export class FenceTracker {
  private readonly devices = new Map<number, DeviceFences>();
  private readonly loader: BatchLoader<number, DeviceFences>;

  constructor(
    private readonly repository: FenceRepository,
    private readonly districts: () => Promise<DistrictIndex>,
    private readonly rules: FenceRules,
    private readonly clock: Clock,
  ) {
    this.loader = new BatchLoader((ids) => this.loadMany(ids));
  }

  /** Forget what is known of a device's fences (they changed). */
  invalidate(deviceId: number): void {
    this.devices.delete(deviceId);
  }

  /** True when the device's fences were read recently enough to be trusted, and it has none. */
  knownWithoutFences(deviceId: number): boolean {
    const known = this.fresh(deviceId);
    return known !== undefined && known.fences.length === 0;
  }

  async crossings(deviceId: number, fix: LatLon, at: number): Promise<FenceCrossing[]> {
    const state = await this.stateOf(deviceId);
    if (state.fences.length === 0) return [];
    let hit: DistrictHit | null | undefined;
    const crossings: FenceCrossing[] = [];
    const changed: { fenceId: number; inside: boolean; at: number }[] = [];
    for (const fence of state.fences) {
      const previous = state.sides.get(fence.row.id);
      let inside: boolean;
      if (fence.shape.type === 'district') {
        hit ??= (await this.districts()).locateWgs84(fix);
        const seen = hitWithin(hit, fence.shape.regionCode);
        const confirmed = previous === undefined || seen === previous || fence.pending;
        fence.pending = !confirmed;
        inside = confirmed ? seen : previous;
      } else {
        inside = sideAfter(signedDistance(fence.shape, fix), previous, this.rules.hysteresisM);
      }
      if (inside === previous) continue;
      state.sides.set(fence.row.id, inside);
      changed.push({ fenceId: fence.row.id, inside, at });
      // The first fix only says where the device is: no crossing to report.
      if (previous !== undefined) crossings.push({ fence: fence.row, entered: inside });
    }
    await this.repository.saveStates(changed);
    return crossings;
  }

  private fresh(deviceId: number): DeviceFences | undefined {
    const known = this.devices.get(deviceId);
    return known && this.clock.now() - known.loadedAt < this.rules.cacheMs ? known : undefined;
  }

  private async stateOf(deviceId: number): Promise<DeviceFences> {
    const known = this.fresh(deviceId);
    if (known) return known;
    const loaded = (await this.loader.load(deviceId)) ?? {
      loadedAt: this.clock.now(),
      fences: [],
      sides: new Map(),
    };
    this.devices.set(deviceId, loaded);
    return loaded;
  }

  private async loadMany(deviceIds: number[]): Promise<Map<number, DeviceFences>> {
    const rows = await this.repository.enabledOf(deviceIds);
    const sides = await this.repository.states(rows.map((row) => row.id));
    const loadedAt = this.clock.now();
    const byDevice = new Map<number, DeviceFences>(
      deviceIds.map((id) => [id, { loadedAt, fences: [], sides: new Map() }]),
    );
    for (const row of rows) {
      const device = byDevice.get(row.deviceId)!;
      device.fences.push({ row, shape: shapeOf(row), pending: false });
      const side = sides.get(row.id);
      if (side !== undefined) device.sides.set(row.id, side);
    }
    return byDevice;
  }
}
