import { mergeLiveUpdate, type LiveDeviceUpdate, type LiveServerMessage } from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayEvent, GatewayEvents } from '../gateway/gateway-events.js';
import { rememberEvent, toLiveMessage, toLiveUpdate, type KnownDevice } from './live-update.js';

/** Where a subscription's messages go: an open WebSocket. */
export interface LiveSink {
  readonly open: boolean;
  /** Bytes queued and not yet written to the network. */
  readonly bufferedAmount: number;
  send(text: string): void;
}

export interface LiveHubOptions {
  /** A socket gets at most one flush per interval; an event waits at most this long. */
  flushMs: number;
  /** Above this many queued bytes a socket is skipped: its updates keep coalescing. */
  maxBufferedBytes: number;
  /** Alarms, commands and recordings waiting for a slow socket beyond this are dropped, oldest
   * first. */
  maxQueuedMessages: number;
}

/**
 * A fix or alarm of a time before the user's binding (a blind-area upload arriving late) belongs
 * to the device's earlier tenure: not this socket's to see.
 */
const beforeBinding = (
  subscription: LiveSubscription,
  deviceId: number,
  time: number | null | undefined,
) => time != null && time < (subscription.devices.get(deviceId) ?? 0);

/** What one socket waits for: the latest update per device, and the other messages in order. */
export class LiveSubscription {
  /** The devices watched, each with the instant its data is this user's from (tenure). */
  devices: ReadonlyMap<number, number> = new Map();
  readonly pending = new Map<number, LiveDeviceUpdate>();
  readonly messages: LiveServerMessage[] = [];

  constructor(readonly sink: LiveSink) {}

  /** Sends what waits: one `devices` message, then each alarm, command and recording. */
  flush(): void {
    if (this.pending.size > 0) {
      const message: LiveServerMessage = { type: 'devices', updates: [...this.pending.values()] };
      this.pending.clear();
      this.sink.send(JSON.stringify(message));
    }
    for (const message of this.messages.splice(0)) this.sink.send(JSON.stringify(message));
  }
}

/**
 * The one subscriber to the gateway's events for the whole server, fanning them out to the
 * sockets watching each device through an index deviceId → subscriptions. An event's update is
 * computed once and merged into each watcher's pending map (latest values per device); one timer
 * flushes the sockets that have something, at most once every `flushMs`.
 *
 * It listens only while a socket is attached, so that with nobody watching the pipeline does not
 * even build its events.
 */
export class LiveHub {
  private readonly watchers = new Map<number, Set<LiveSubscription>>();
  private readonly subscriptions = new Set<LiveSubscription>();
  private readonly known = new Map<number, KnownDevice>();
  private readonly dirty = new Set<LiveSubscription>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly events: GatewayEvents,
    private readonly logger: FastifyBaseLogger,
    private readonly options: LiveHubOptions,
  ) {}

  get size(): number {
    return this.subscriptions.size;
  }

  attach(sink: LiveSink): LiveSubscription {
    const subscription = new LiveSubscription(sink);
    this.subscriptions.add(subscription);
    this.unsubscribe ??= this.events.subscribe((event) => this.onEvent(event));
    return subscription;
  }

  /** Replaces the devices a subscription watches; updates waiting for dropped devices go. */
  watch(subscription: LiveSubscription, devices: ReadonlyMap<number, number>): void {
    const next = new Map(devices);
    for (const id of subscription.devices.keys()) {
      if (next.has(id)) continue;
      const set = this.watchers.get(id);
      set?.delete(subscription);
      if (set?.size === 0) this.watchers.delete(id);
      subscription.pending.delete(id);
    }
    for (const id of next.keys()) {
      if (subscription.devices.has(id)) continue;
      let set = this.watchers.get(id);
      if (!set) this.watchers.set(id, (set = new Set()));
      set.add(subscription);
    }
    subscription.devices = next;
  }

  detach(subscription: LiveSubscription): void {
    if (!this.subscriptions.delete(subscription)) return;
    this.watch(subscription, new Map());
    this.dirty.delete(subscription);
    if (this.subscriptions.size === 0) this.stopListening();
  }

  /** Flushes now the sockets that have something and room for it. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const subscription of this.dirty) {
      const { sink } = subscription;
      if (!sink.open) {
        this.dirty.delete(subscription);
        continue;
      }
      // Backpressure: a slow socket keeps only the latest per device until it drains.
      if (sink.bufferedAmount > this.options.maxBufferedBytes) continue;
      this.dirty.delete(subscription);
      try {
        subscription.flush();
      } catch (error) {
        this.logger.debug({ err: error }, 'live socket send failed');
      }
    }
    if (this.dirty.size > 0) this.schedule();
  }

  close(): void {
    for (const subscription of [...this.subscriptions]) this.detach(subscription);
    this.stopListening();
  }

  private stopListening(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.known.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private onEvent(event: GatewayEvent): void {
    try {
      this.handle(event);
    } catch (error) {
      this.logger.debug({ err: error, deviceId: event.deviceId }, 'live event not delivered');
    }
  }

  private handle(event: GatewayEvent): void {
    const watching = this.watchers.get(event.deviceId);
    if (event.type === 'position' || event.type === 'status') {
      const known = this.known.get(event.deviceId);
      this.known.set(event.deviceId, rememberEvent(event, known));
      if (!watching) return;
      const update = toLiveUpdate(event, known);
      if (!update) return;
      for (const subscription of watching) {
        if (beforeBinding(subscription, event.deviceId, update.lbsInfo?.locateTime)) continue;
        const { pending } = subscription;
        pending.set(update.id, mergeLiveUpdate(pending.get(update.id), update));
        this.markDirty(subscription);
      }
    } else if (watching) {
      const message = toLiveMessage(event);
      if (!message) return;
      const time = message.type === 'alarm' ? message.time : undefined;
      for (const subscription of watching) {
        if (beforeBinding(subscription, event.deviceId, time)) continue;
        subscription.messages.push(message);
        const excess = subscription.messages.length - this.options.maxQueuedMessages;
        if (excess > 0) {
          subscription.messages.splice(0, excess);
          this.logger.debug({ dropped: excess }, 'live messages dropped for a slow socket');
        }
        this.markDirty(subscription);
      }
    }
  }

  private markDirty(subscription: LiveSubscription): void {
    this.dirty.add(subscription);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    // Trailing: the first event waits flushMs for the burst it may start (worst case ≈ flushMs).
    this.timer = setTimeout(() => this.flush(), this.options.flushMs);
    this.timer.unref();
  }
}
