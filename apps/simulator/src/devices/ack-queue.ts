/**
 * Text protocols (watch, H02) acknowledge without a serial: each ack answers the oldest frame
 * still waiting for one, so the device remembers those frames' serials in order.
 */
export class AckQueue {
  private waiting: number[] = [];

  reset(): void {
    this.waiting = [];
  }

  expect(serial: number): void {
    this.waiting.push(serial);
  }

  /** The serial the next ack answers; -1 when nothing waits (an ack nobody asked for). */
  take(): number {
    return this.waiting.shift() ?? -1;
  }
}
