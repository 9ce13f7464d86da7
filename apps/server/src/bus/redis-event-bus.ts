import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  busMessagePrefix,
  decodeBusMessage,
  encodeBusMessage,
  type BusBody,
  type Unreadable,
} from './bus-message.js';
import type { EventBus } from './event-bus.js';
import { Fanout } from './fanout.js';

export interface RedisEventBusOptions<E> {
  url: string;
  /** The processes that hear each other publish and subscribe on one channel. */
  channel: string;
  /** Events for this process's listeners only, never sent (bytes, work done where they arise). */
  staysLocal?: (event: E) => boolean;
  onListenerError: (error: unknown) => void;
  /** Lost connections, dropped events, unreadable messages: reported, and the bus carries on. */
  onError: (error: unknown) => void;
  /** At most this many events in one message (default 1000). */
  maxBatch?: number;
}

/** Events as counted by this process (for metrics and tests). */
export interface BusCounts {
  published: number;
  received: number;
  /** Not sent because Redis could not be reached. */
  dropped: number;
}

/**
 * The bus of several processes on Redis pub/sub. This process's listeners receive its own events
 * at once, as `LocalEventBus` does; the others receive them from one channel, every event
 * published in one event-loop turn in one message (10,000 positions a second are a few messages,
 * not 10,000 commands), in the order published.
 *
 * Two connections: the subscriber's is in subscribe mode. ioredis re-subscribes it after a
 * reconnection; the bus then emits a resync notice. The publisher does not queue while Redis is
 * away (a long outage would fill memory): its events are dropped, and once it is back it asks the
 * others to resync.
 */
export class RedisEventBus<E extends { type: string }> implements EventBus<E> {
  readonly counts: BusCounts = { published: 0, received: 0, dropped: 0 };
  /** Every process may be listening: the publisher cannot know, so it always builds its events. */
  readonly active = true;
  private readonly origin = randomUUID();
  /** This process's own messages come back from Redis: skipped unparsed (its listeners had them). */
  private readonly ownPrefix = busMessagePrefix(this.origin);
  private readonly listeners: Fanout<E>;
  private readonly ownListeners: Fanout<E>;
  private readonly resyncListeners: Fanout<void>;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly maxBatch: number;
  private queue: E[] = [];
  private pending: NodeJS.Immediate | undefined;
  /** Events were dropped since the others were last told. */
  private lost = false;
  private readonly versionsSeen = new Set<unknown>();
  private closing: Promise<void> | undefined;

  /** Answers once both connections are up and the channel is subscribed; fails at once otherwise. */
  static async connect<E extends { type: string }>(
    options: RedisEventBusOptions<E>,
  ): Promise<RedisEventBus<E>> {
    const bus = new RedisEventBus(options);
    try {
      await bus.start();
    } catch (error) {
      await bus.close();
      throw new Error('event bus: Redis could not be reached', { cause: error });
    }
    return bus;
  }

  private constructor(private readonly options: RedisEventBusOptions<E>) {
    this.listeners = new Fanout(options.onListenerError);
    this.ownListeners = new Fanout(options.onListenerError);
    this.resyncListeners = new Fanout(options.onListenerError);
    this.maxBatch = options.maxBatch ?? 1000;
    this.publisher = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      connectionName: 'xunji-bus-publisher',
    });
    this.subscriber = new Redis(options.url, {
      lazyConnect: true,
      connectionName: 'xunji-bus-subscriber',
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', options.onError);
    }
  }

  private async start(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    await this.subscriber.subscribe(this.options.channel);
    // Registered after the first connection: each 'ready' from now on is a reconnection.
    this.subscriber.on('ready', () => this.resubscribed());
    this.publisher.on('ready', () => this.announceLoss());
  }

  /** Both connections are up (readiness). */
  get connected(): boolean {
    return this.publisher.status === 'ready' && this.subscriber.status === 'ready';
  }

  publish(event: E): void {
    this.ownListeners.emit(event);
    this.listeners.emit(event);
    if (this.closing || this.options.staysLocal?.(event)) return;
    this.queue.push(event);
    this.pending ??= setImmediate(() => this.flush());
  }

  subscribe(listener: (event: E) => void): () => void {
    return this.listeners.add(listener);
  }

  subscribeOwn(listener: (event: E) => void): () => void {
    return this.ownListeners.add(listener);
  }

  onResync(listener: () => void): () => void {
    return this.resyncListeners.add(listener);
  }

  /** Sends what is waiting, then closes both connections (once, however often called). */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    if (this.pending) {
      clearImmediate(this.pending);
      this.flush();
    }
    await Promise.all([quit(this.publisher), quit(this.subscriber)]);
  }

  private flush(): void {
    this.pending = undefined;
    const events = this.queue;
    this.queue = [];
    if (this.publisher.status !== 'ready') {
      this.drop(events.length);
      return;
    }
    for (let start = 0; start < events.length; start += this.maxBatch) {
      const batch = events.slice(start, start + this.maxBatch);
      this.send({ events: batch }, batch.length);
    }
  }

  private send(body: BusBody<E>, count: number): void {
    this.publisher.publish(this.options.channel, encodeBusMessage(this.origin, body)).then(
      () => {
        this.counts.published += count;
      },
      (error: unknown) => this.drop(count, error),
    );
  }

  private drop(count: number, cause?: unknown): void {
    this.counts.dropped += count;
    if (this.lost) return;
    this.lost = true;
    this.options.onError(new Error('event bus: events dropped, Redis unreachable', { cause }));
  }

  private announceLoss(): void {
    if (!this.lost) return;
    this.lost = false;
    this.send({ resync: true }, 0);
  }

  private resubscribed(): void {
    // ioredis wrote its SUBSCRIBE before emitting 'ready'; the PING's answer comes after Redis
    // applied it, so that nothing published after the notice is missed.
    this.subscriber.ping().then(
      () => this.resyncListeners.emit(),
      (error: unknown) => this.options.onError(error),
    );
  }

  private receive(text: string): void {
    if (text.startsWith(this.ownPrefix)) return;
    const decoded = decodeBusMessage<E>(text);
    if (!decoded.ok) {
      this.reportUnreadable(decoded);
      return;
    }
    const { message } = decoded;
    if ('resync' in message) {
      this.resyncListeners.emit();
      return;
    }
    this.counts.received += message.events.length;
    for (const event of message.events) this.listeners.emit(event);
  }

  private reportUnreadable(decoded: Unreadable): void {
    if (decoded.reason === 'version') {
      // Once per version: a process of another release publishes all the time.
      if (this.versionsSeen.has(decoded.version)) return;
      this.versionsSeen.add(decoded.version);
    }
    this.options.onError(new Error(`event bus: message ignored (${decoded.reason})`));
  }
}

async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') await connection.quit();
  else connection.disconnect();
}
