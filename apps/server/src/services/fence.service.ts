import {
  FENCE_MAX_PER_DEVICE,
  gcj02ToWgs84,
  type api,
  type CallParsed,
  type Fence,
  type FencePage,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { FenceRow, NewFence } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { DistrictIndex } from '../geo/districts.js';
import { fieldError } from '../http/validation.js';
import { parsePoints } from '../alarms/fence-shape.js';
import type { FenceRepository } from '../repositories/fence.repository.js';
import type { DeviceAccess } from './device-access.service.js';

type FenceBody = CallParsed<typeof api.createFence>['body'];

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** §3: points arrive in GCJ-02 and are kept in WGS-84. */
function storedPoints(body: FenceBody): string {
  if (body.type === 'district') return '[]';
  return JSON.stringify(
    body.fenceData.map(({ lng, lat }) => {
      const wgs = gcj02ToWgs84({ latitude: lat, longitude: lng });
      return [round6(wgs.longitude), round6(wgs.latitude)];
    }),
  );
}

/** Fences of a device (spec §7 "Fences"): anyone who sees the device reads, its manager changes. */
export class FenceService {
  constructor(
    private readonly fences: FenceRepository,
    private readonly access: DeviceAccess,
    private readonly districts: () => Promise<DistrictIndex>,
    private readonly clock: Clock,
    /** Tells the alarm engine a device's fences changed. */
    private readonly changed: (deviceId: number) => void,
  ) {}

  async page(
    userId: number,
    query: { terminalId: number; page: number; limit: number },
  ): Promise<FencePage> {
    await this.access.require(userId, query.terminalId);
    const { list, count } = await this.fences.page(query.terminalId, query.page, query.limit);
    return { list: await Promise.all(list.map((row) => this.view(row))), count };
  }

  async one(userId: number, id: number): Promise<Fence> {
    return this.view(await this.readable(userId, id));
  }

  async create(userId: number, body: FenceBody): Promise<Fence> {
    await this.access.requireManager(userId, body.terminalId);
    if ((await this.fences.countOf(body.terminalId)) >= FENCE_MAX_PER_DEVICE)
      throw new AppError('FENCE_LIMIT', { max: FENCE_MAX_PER_DEVICE });
    const now = this.clock.now();
    const row = await this.fences.create({
      ...(await this.columns(body)),
      deviceId: body.terminalId,
      createdAt: now,
      updatedAt: now,
    });
    this.changed(row.deviceId);
    return this.view(row);
  }

  async update(userId: number, body: FenceBody & { id: number }): Promise<Fence> {
    const old = await this.managed(userId, body.id);
    if (old.deviceId !== body.terminalId) throw new AppError('FENCE_NOT_FOUND');
    const columns = await this.columns(body);
    const reshaped =
      old.type !== columns.type ||
      old.points !== columns.points ||
      old.radius !== columns.radius ||
      old.regionCode !== columns.regionCode;
    const row = await this.fences.update(
      old.id,
      { ...columns, updatedAt: this.clock.now() },
      reshaped,
    );
    this.changed(row.deviceId);
    return this.view(row);
  }

  async setStatus(userId: number, id: number, status: 0 | 1): Promise<Fence> {
    const old = await this.managed(userId, id);
    // Disabled, a fence forgets the side: enabled again, it starts from where the device is.
    const row = await this.fences.update(id, { status, updatedAt: this.clock.now() }, true);
    this.changed(old.deviceId);
    return this.view(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    const old = await this.managed(userId, id);
    await this.fences.delete(id);
    this.changed(old.deviceId);
  }

  /** A fence of a device the caller may not see answers exactly like a missing one. */
  private async readable(userId: number, id: number): Promise<FenceRow> {
    const row = await this.fences.byId(id);
    if (!row) throw new AppError('FENCE_NOT_FOUND');
    await this.access.require(userId, row.deviceId).catch(() => {
      throw new AppError('FENCE_NOT_FOUND');
    });
    return row;
  }

  private async managed(userId: number, id: number): Promise<FenceRow> {
    const row = await this.readable(userId, id);
    await this.access.requireManager(userId, row.deviceId);
    return row;
  }

  private async columns(body: FenceBody) {
    let regionCode: string | null = null;
    if (body.type === 'district') {
      regionCode = body.regionCode ?? null;
      if (!regionCode || !(await this.districts()).unit(regionCode))
        throw fieldError('regionCode', 'fenceRegion');
    }
    return {
      name: body.name,
      type: body.type,
      alarmOn: body.alarmType,
      radius: body.type === 'round' ? (body.radius ?? null) : null,
      points: storedPoints(body),
      regionCode,
      status: body.status,
    } satisfies Partial<NewFence>;
  }

  private async view(row: FenceRow): Promise<Fence> {
    const regionName = row.regionCode
      ? ((await this.districts()).unit(row.regionCode)?.name ?? null)
      : null;
    return {
      id: row.id,
      terminalId: row.deviceId,
      name: row.name,
      type: row.type,
      alarmType: row.alarmOn,
      radius: row.radius,
      fenceData: parsePoints(row.points).map(([lng, lat]) => ({ lng, lat })),
      regionCode: row.regionCode,
      regionName,
      status: row.status === 1 ? 1 : 0,
      createTime: row.createdAt,
    };
  }
}
