/**
 * How the server's processes tell each other what happened (gateway events today; access changes
 * and cache invalidations later). `LocalEventBus` serves one process (`ROLE=all` without
 * `REDIS_URL`); `RedisEventBus` serves several processes sharing one Redis.
 *
 * Delivery is at most once. Redis pub/sub keeps nothing for a subscriber that is away, so after a
 * gap the bus emits a resync notice: whoever holds state built from events (a live socket's devices)
 * reads it again from the database, and caches fed by events must also expire on their own.
 * Every subscriber receives every event: work that must run once in the cluster cannot be driven
 * by a subscription alone.
 */
export interface EventBus<E extends { type: string }> {
  /** False only when nothing could receive an event, so that a publisher may skip building it. */
  readonly active: boolean;
  /** This process's listeners receive the event at once, before `publish` returns. */
  publish(event: E): void;
  /** Every event, this process's and the others'. Answers the function that unsubscribes. */
  subscribe(listener: (event: E) => void): () => void;
  /**
   * Only the events this process publishes, at once: for work that must happen once per event,
   * where it arises (the alarm stage of a device's events). In one process the same as `subscribe`.
   */
  subscribeOwn(listener: (event: E) => void): () => void;
  /** Called after events may have been lost (the bus was cut off from the others and is back). */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** A view of a bus whose subscribers hear only this process's own events (`subscribeOwn`). */
export function ownEventsOf<E extends { type: string }>(bus: EventBus<E>): EventBus<E> {
  return {
    get active() {
      return bus.active;
    },
    publish: (event) => bus.publish(event),
    subscribe: (listener) => bus.subscribeOwn(listener),
    subscribeOwn: (listener) => bus.subscribeOwn(listener),
    // Nothing of this process's own is ever lost.
    onResync: () => () => undefined,
    close: () => bus.close(),
  };
}
