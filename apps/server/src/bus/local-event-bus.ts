import type { EventBus } from './event-bus.js';
import { Fanout } from './fanout.js';

/** The bus of a single process: a synchronous fan-out that never loses an event. */
export class LocalEventBus<E extends { type: string }> implements EventBus<E> {
  private readonly listeners: Fanout<E>;

  constructor(onListenerError: (error: unknown) => void) {
    this.listeners = new Fanout(onListenerError);
  }

  get active(): boolean {
    return this.listeners.size > 0;
  }

  publish(event: E): void {
    this.listeners.emit(event);
  }

  subscribe(listener: (event: E) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Every event is this process's own. */
  subscribeOwn(listener: (event: E) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Nothing is ever lost in one process: never called. */
  onResync(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}
