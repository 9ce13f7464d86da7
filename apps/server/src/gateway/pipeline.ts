import type { DecodedMessage, Position } from '@xunji/protocols';
import type { Clock } from '../clock.js';
import type { DeviceStatus, NewPosition } from '../db/schema.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import type { BatchWriter } from './batch-writer.js';
import { rejectPosition, type Rejection } from './position-filter.js';
import { toPositionRow } from './position-row.js';

function positionsOf(messages: DecodedMessage[]): Position[] {
  return messages.flatMap((m) => {
    if (m.type === 'position') return [m.position];
    if (m.type === 'alarm' && m.position) return [m.position];
    return [];
  });
}

const reportsPowerOff = (messages: DecodedMessage[]) =>
  messages.some(
    (m) => (m.type === 'alarm' || m.type === 'status') && m.alarms?.includes('powerOff'),
  );

/**
 * Per device, in order: filter → state → batch write. Resolves once everything is committed; the
 * connection then sends the device its ack.
 */
export class Pipeline {
  private readonly lastFixTimes = new Map<number, number>();
  readonly rejected: Record<Rejection, number> = { invalidFix: 0, future: 0, duplicate: 0 };

  constructor(
    private readonly positions: PositionRepository,
    private readonly writer: BatchWriter,
    private readonly clock: Clock,
  ) {}

  /** `raw` is the frame as received, kept among the device's latest frames for support. */
  async handle(deviceId: number, messages: DecodedMessage[], raw?: Uint8Array): Promise<void> {
    const now = this.clock.now();
    let lastFixTime = await this.lastFixTime(deviceId);
    const rows: NewPosition[] = [];
    for (const position of positionsOf(messages)) {
      const rejection = rejectPosition(position, lastFixTime, now);
      if (rejection) {
        this.rejected[rejection]++;
        continue;
      }
      rows.push(toPositionRow(deviceId, position, now));
      lastFixTime = Math.max(lastFixTime ?? 0, position.fixTime);
    }
    const status: DeviceStatus = reportsPowerOff(messages) ? 'shutdown' : 'online';
    const newest = rows.reduce<NewPosition | undefined>(
      (a, b) => (!a || b.fixTime > a.fixTime ? b : a),
      undefined,
    );
    await this.writer.write(
      rows,
      { deviceId, status, lastAlive: now, ...(newest ? { position: newest } : {}) },
      raw ? [{ deviceId, receivedAt: now, data: Buffer.from(raw).toString('hex') }] : [],
    );
    // Learnt only once stored: after a failed commit the device re-sends, and that is no duplicate.
    if (lastFixTime !== undefined) this.lastFixTimes.set(deviceId, lastFixTime);
  }

  private readonly background = new Set<Promise<void>>();

  /** The device's connection ended: it is offline (written in the background). */
  deviceGone(deviceId: number): void {
    this.track(this.positions.setStatus(deviceId, 'offline', this.clock.now()));
  }

  /** Runs a write in the background; `idle` waits for it, and a failure only loses that write. */
  track(write: Promise<void>): void {
    const settled: Promise<void> = write
      .catch(() => undefined)
      .finally(() => this.background.delete(settled));
    this.background.add(settled);
  }

  /** Resolves when every background write has finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.background]);
  }

  private async lastFixTime(deviceId: number): Promise<number | undefined> {
    if (!this.lastFixTimes.has(deviceId)) {
      const stored = await this.positions.latestFixTime(deviceId);
      if (stored) this.lastFixTimes.set(deviceId, stored.fixTime);
    }
    return this.lastFixTimes.get(deviceId);
  }
}
