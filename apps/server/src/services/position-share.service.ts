import { createHash, randomBytes } from 'node:crypto';
import {
  deviceStateOf,
  type CreatedShare,
  type Language,
  type ShareInfo,
  type ShareLbs,
  type ShareRecord,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';
import type {
  PositionShareRepository,
  SharedDevice,
} from '../repositories/position-share.repository.js';
import { addressKey } from './address-key.js';
import type { AttemptCounters } from './attempt-counters.js';
import type { DeviceAccess } from './device-access.service.js';
import type { ModelCatalogue } from './model-catalogue.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** 192 random bits: no rate of guessing finds a live code. */
const CODE_BYTES = 24;
/**
 * Public reads per address and minute: a share page polls every 10 s, so this leaves room for
 * several viewers behind one address while keeping the lookups an address can make small.
 */
export const SHARE_READS_PER_MINUTE = 60;

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/**
 * Links to one device's live position (spec §7). Its managers make, list and end them; anyone
 * holding a live code sees the device's name and latest fix within the sharer's tenure, nothing
 * else. Unknown, expired and revoked codes answer alike: there is nothing to enumerate.
 */
export class PositionShareService {
  constructor(
    private readonly shares: PositionShareRepository,
    private readonly access: DeviceAccess,
    private readonly models: ModelCatalogue,
    private readonly counters: AttemptCounters,
    private readonly addresses: ReverseGeocoder,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, deviceId: number, durationH: number): Promise<CreatedShare> {
    const row = await this.access.requireManager(userId, deviceId);
    const model = (await this.models.resolver())(row.model, row.protocol);
    if (!model.terminalTypeExtend.enablePositionShare) throw new AppError('COMMAND_UNSUPPORTED');
    const code = randomBytes(CODE_BYTES).toString('base64url');
    const createdAt = this.clock.now();
    const expireTime = createdAt + durationH * HOUR_MS;
    const id = await this.shares.create({
      codeHash: hashOf(code),
      deviceId,
      userId,
      durationH,
      createdAt,
      expiresAt: expireTime,
    });
    return { id, code, expireTime };
  }

  async info(code: string, ip: string): Promise<ShareInfo> {
    const shared = await this.sharedDevice(code, ip);
    const model = (await this.models.resolver())(shared.model, shared.protocol);
    return {
      terminalName: shared.name ?? model.name,
      iconType: shared.iconType ?? model.iconType,
      expireTime: shared.expiresAt,
    };
  }

  async lbs(code: string, ip: string, language: Language): Promise<ShareLbs> {
    const shared = await this.sharedDevice(code, ip);
    const fix = ownFix(shared);
    const address = fix && (await this.addresses.reverse(fix, language))?.formattedAddress;
    return {
      lon: fix?.longitude ?? null,
      lat: fix?.latitude ?? null,
      speed: fix ? shared.speed : null,
      direction: fix ? shared.course : null,
      locateTime: fix ? shared.locateTime : null,
      deviceState: deviceStateOf(shared.status),
      address: address ?? null,
      expireTime: shared.expiresAt,
    };
  }

  async list(userId: number, deviceId: number): Promise<ShareRecord[]> {
    await this.access.requireManager(userId, deviceId);
    const rows = await this.shares.listLive(deviceId, this.clock.now());
    return rows.map(({ deviceId: terminalId, createdAt, expiresAt, ...row }) => ({
      ...row,
      terminalId,
      createTime: createdAt,
      expireTime: expiresAt,
    }));
  }

  /** A share of a device the caller may not manage answers as one that does not exist. */
  async revoke(userId: number, id: number): Promise<void> {
    const now = this.clock.now();
    const deviceId = await this.shares.liveDeviceOf(id, now);
    if (deviceId === undefined) throw new AppError('SHARE_NOT_FOUND');
    await this.access.requireManager(userId, deviceId).catch((error: unknown) => {
      throw error instanceof AppError ? new AppError('SHARE_NOT_FOUND') : error;
    });
    await this.shares.revoke(id, now);
  }

  private async sharedDevice(code: string, ip: string): Promise<SharedDevice> {
    const [reads, shared] = await Promise.all([
      this.counters.hit(`share:${addressKey(ip)}`, MINUTE_MS),
      this.shares.sharedDevice(hashOf(code), this.clock.now()),
    ]);
    if (reads.hits > SHARE_READS_PER_MINUTE) throw new AppError('SHARE_TOO_FREQUENT');
    if (!shared) throw new AppError('SHARE_ENDED');
    return shared;
  }
}

/** The latest fix if it was taken within the sharer's tenure. */
function ownFix(shared: SharedDevice): { latitude: number; longitude: number } | null {
  const { latitude, longitude, locateTime } = shared;
  if (latitude === null || longitude === null || locateTime === null) return null;
  return locateTime >= shared.visibleFrom ? { latitude, longitude } : null;
}
