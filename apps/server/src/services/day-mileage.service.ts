import { dayBounds, localDate, type DayMileage } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { OdometerRepository } from '../repositories/odometer.repository.js';
import type { DeviceAccess } from './device-access.service.js';

/** Today's mileage of a device: its odometer when the caller's day (or binding) began. */
export class DayMileageService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly odometers: OdometerRepository,
    private readonly clock: Clock,
  ) {}

  async startOfToday(userId: number, deviceId: number, timeZone: string): Promise<DayMileage> {
    const row = await this.access.require(userId, deviceId);
    const date = localDate(this.clock.now(), timeZone);
    const visibleFrom = Number(row.visibleFrom);
    const from = Math.max(dayBounds(date, timeZone).start, visibleFrom);
    const odometer = await this.odometers.readingAt(deviceId, from, visibleFrom);
    return { date, from, odometer: odometer ?? null };
  }
}
