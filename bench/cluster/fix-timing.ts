import type { LiveDeviceUpdate } from '@xunji/shared';

/**
 * When each fix left its device (its frame written) and, while measuring, how long until a live
 * socket showed it: the gateway's commit, Redis pub/sub and the API process's socket on the way.
 * The socket coalesces a burst (the latest fix of a device per message): only the fixes shown count.
 */
export class FixTiming {
  private readonly sentAt = new Map<string, number>();
  readonly latenciesMs: number[] = [];
  measuring = false;

  sent(deviceId: number, fixTime: number, at: number): void {
    if (this.measuring) this.sentAt.set(`${deviceId} ${fixTime}`, at);
  }

  shown(update: LiveDeviceUpdate, at: number): void {
    if (update.locateTime === undefined) return;
    const key = `${update.id} ${update.locateTime}`;
    const sent = this.sentAt.get(key);
    if (sent === undefined) return;
    this.sentAt.delete(key);
    this.latenciesMs.push(at - sent);
  }
}
