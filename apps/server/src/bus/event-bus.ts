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
  /** Answers the function that unsubscribes. */
  subscribe(listener: (event: E) => void): () => void;
  /** Called after events may have been lost (the bus was cut off from the others and is back). */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}
