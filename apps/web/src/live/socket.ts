import {
  LIVE_SOCKET_PATH,
  REFRESH_INTERVAL_MS,
  mergeLiveUpdate,
  type LiveAlarmMessage,
  type LiveCommandMessage,
  type LiveDeviceUpdate,
  type LiveRecordMessage,
  type LiveServerMessage,
} from '@xunji/shared';
import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';
import { serverAnswered, serverUnreachable, useServerReach } from '../api/connectivity';
import { API_ROOT, APPLICATION_ID } from '../config';
import { useAccountStore } from '../stores/account';
import { renewToken } from '../stores/session';

/**
 * The app's one live socket (docs/architecture.md: live updates over one WebSocket, the 10-second
 * refresh as the fallback while it is down).
 *
 * Pages: `useLiveDevices(listener)` to receive merged device patches (apply them with
 * `applyLiveUpdate` from @xunji/shared), `useLiveFallbackInterval()` as TanStack Query's
 * `refetchInterval`, `useLiveConnected()` for the state itself. Either hook starts the socket
 * for the signed-in user; signing out stops it.
 */

export interface LiveState {
  /** Authenticated and receiving (the server answered `ready`). */
  connected: boolean;
  /** The devices the server reports on; null until the first `ready`. */
  deviceIds: number[] | null;
}

export const useLiveStore = create<LiveState>()(() => ({ connected: false, deviceIds: null }));

/** The socket's address: the API root's, over ws: or wss: like the page (or the root's own). */
export function liveSocketUrl(
  apiRoot: string = API_ROOT,
  page: Location = window.location,
): string {
  const base = new URL(apiRoot.replace(/\/+$/, '') + LIVE_SOCKET_PATH, page.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return base.toString();
}

export interface LiveSocketOptions {
  url?: () => string;
  /** Listeners get device updates at most this often (default 250 ms). */
  throttleMs?: number;
  /** Reconnect delays: from this, doubling, up to max (defaults 1 s and 30 s). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** The signed-in user's token, or null when signed out. */
  token?: () => string | null;
  applicationId?: number;
  /** Stores a token the server renewed. */
  onRenewedToken?: (token: string) => void;
}

type Listener<T> = (value: T) => void;

/** WebSocket.OPEN */
const OPEN = 1;

export class LiveSocket {
  private ws: WebSocket | undefined;
  private running = false;
  private backoffMs: number;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** The token the server knows this socket by. */
  private authToken: string | null = null;
  /** The server refused this token: wait for another before trying again. */
  private refusedToken: string | null = null;
  /** Ready at least once since `start`: a reconnect that cannot open then means the server is gone. */
  private wasReady = false;
  private readonly pending = new Map<number, LiveDeviceUpdate>();
  private deliverTimer: ReturnType<typeof setTimeout> | undefined;
  private lastDelivery = -Infinity;
  private readonly deviceListeners = new Set<Listener<LiveDeviceUpdate[]>>();
  private readonly readyListeners = new Set<Listener<number[]>>();
  private readonly alarmListeners = new Set<Listener<LiveAlarmMessage>>();
  private readonly commandListeners = new Set<Listener<LiveCommandMessage>>();
  private readonly recordListeners = new Set<Listener<LiveRecordMessage>>();
  private readonly url: () => string;
  private readonly throttleMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly token: () => string | null;
  private readonly applicationId: number;
  private readonly onRenewedToken: (token: string) => void;

  constructor(options: LiveSocketOptions = {}) {
    this.url = options.url ?? (() => liveSocketUrl());
    this.throttleMs = options.throttleMs ?? 250;
    this.minBackoffMs = options.minBackoffMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.token = options.token ?? (() => useAccountStore.getState().access_token);
    this.applicationId = options.applicationId ?? APPLICATION_ID;
    this.onRenewedToken = options.onRenewedToken ?? renewToken;
    this.backoffMs = this.minBackoffMs;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Connects (and keeps reconnecting) while there is a token; does nothing when running. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.backoffMs = this.minBackoffMs;
    this.connect();
  }

  /** Signed out: closes, forgets what waits, and stays down until `start`. */
  stop(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.deliverTimer);
    this.reconnectTimer = undefined;
    this.deliverTimer = undefined;
    this.pending.clear();
    this.refusedToken = null;
    this.authToken = null;
    this.wasReady = false;
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      ws.close(1000);
    }
    useLiveStore.setState({ connected: false, deviceIds: null });
  }

  /** The token changed (renewed, or another sign-in): tell the server, or retry a refused one. */
  tokenChanged(): void {
    if (!this.running) return;
    const token = this.token();
    if (!token) return this.stop();
    if (this.ws?.readyState === OPEN) {
      if (token !== this.authToken) this.sendAuth(this.ws, token);
    } else {
      this.retryNow();
    }
  }

  /** Waiting to reconnect (and not refused): connects now, backoff from the start. */
  retryNow(): void {
    if (!this.running || this.ws || this.token() === this.refusedToken) return;
    clearTimeout(this.reconnectTimer);
    this.backoffMs = this.minBackoffMs;
    this.connect();
  }

  /** Merged device patches, at most every `throttleMs`; answers the unsubscribe. */
  onDevices(listener: Listener<LiveDeviceUpdate[]>): () => void {
    this.deviceListeners.add(listener);
    return () => this.deviceListeners.delete(listener);
  }

  /** Each `ready`: after (re)connecting, updates may have been missed; refetch then. */
  onReady(listener: Listener<number[]>): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  onAlarm(listener: Listener<LiveAlarmMessage>): () => void {
    this.alarmListeners.add(listener);
    return () => this.alarmListeners.delete(listener);
  }

  /** A remote command that changed (sent, delivered, answered). */
  onCommand(listener: Listener<LiveCommandMessage>): () => void {
    this.commandListeners.add(listener);
    return () => this.commandListeners.delete(listener);
  }

  /** A recording that arrived and can be played. */
  onRecord(listener: Listener<LiveRecordMessage>): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    const token = this.token();
    if (!this.running || !token || token === this.refusedToken) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      const current = this.token();
      if (current) this.sendAuth(ws, current);
      else this.stop();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') this.receive(event.data);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.authToken = null;
      useLiveStore.setState({ connected: false });
      if (!opened && this.wasReady) serverUnreachable();
      this.scheduleReconnect();
    };
  }

  private sendAuth(ws: WebSocket, token: string): void {
    this.authToken = token;
    ws.send(JSON.stringify({ type: 'auth', token, applicationId: this.applicationId }));
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private receive(text: string): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(text) as LiveServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ready':
        this.backoffMs = this.minBackoffMs;
        this.refusedToken = null;
        this.wasReady = true;
        serverAnswered();
        useLiveStore.setState({ connected: true, deviceIds: message.deviceIds });
        this.emit(this.readyListeners, message.deviceIds);
        break;
      case 'devices':
        for (const update of message.updates) {
          this.pending.set(update.id, mergeLiveUpdate(this.pending.get(update.id), update));
        }
        this.scheduleDelivery();
        break;
      case 'alarm':
        this.emit(this.alarmListeners, message);
        break;
      case 'command':
        this.emit(this.commandListeners, message);
        break;
      case 'record':
        this.emit(this.recordListeners, message);
        break;
      case 'token':
        this.authToken = message.token;
        this.onRenewedToken(message.token);
        break;
      case 'error':
        // 401: the token is no longer good. The pages' requests meet the same 401 and sign out.
        if (message.code === 401) this.refusedToken = this.authToken;
        break;
    }
  }

  private scheduleDelivery(): void {
    if (this.deliverTimer) return;
    const wait = Math.max(0, this.lastDelivery + this.throttleMs - Date.now());
    this.deliverTimer = setTimeout(() => this.deliver(), wait);
  }

  private deliver(): void {
    this.deliverTimer = undefined;
    if (this.pending.size === 0) return;
    this.lastDelivery = Date.now();
    const updates = [...this.pending.values()];
    this.pending.clear();
    this.emit(this.deviceListeners, updates);
  }

  private emit<T>(listeners: Set<Listener<T>>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/** The app's socket. */
export const liveSocket = new LiveSocket();

let sessionBinding: (() => void) | undefined;

/** Runs `socket` while someone is signed in, follows token renewals; idempotent for liveSocket. */
export function bindLiveSocketToSession(socket: LiveSocket = liveSocket): () => void {
  const follow = () => {
    const { isAuthenticated, access_token } = useAccountStore.getState();
    if (!isAuthenticated || !access_token) socket.stop();
    else if (!socket.isRunning) socket.start();
    else socket.tokenChanged();
  };
  follow();
  const unfollowAccount = useAccountStore.subscribe((state, previous) => {
    if (
      state.isAuthenticated !== previous.isAuthenticated ||
      state.access_token !== previous.access_token
    )
      follow();
  });
  // The server is back: reconnect now rather than at the end of the backoff.
  const unfollowReach = useServerReach.subscribe((state, previous) => {
    if (state.reachable && !previous.reachable) socket.retryNow();
  });
  return () => {
    unfollowAccount();
    unfollowReach();
  };
}

function ensureLiveSession(): void {
  sessionBinding ??= bindLiveSocketToSession(liveSocket);
}

export const useLiveConnected = (): boolean => {
  useEffect(ensureLiveSession, []);
  return useLiveStore((state) => state.connected);
};

/** TanStack Query's refetchInterval: the spec's 10-s refresh while the socket is down. */
export const useLiveFallbackInterval = (): number | false =>
  useLiveConnected() ? false : REFRESH_INTERVAL_MS;

/** Calls `listener` each time the socket is (re)connected while mounted: refetch what it missed. */
export function useLiveReady(listener: () => void): void {
  const onReady = useEffectEvent(listener);
  useEffect(() => {
    ensureLiveSession();
    return liveSocket.onReady(() => onReady());
  }, []);
}

/** Calls `listener` with each alarm logged for a visible device while mounted. */
export function useLiveAlarms(listener: Listener<LiveAlarmMessage>): void {
  const onAlarm = useEffectEvent(listener);
  useEffect(() => {
    ensureLiveSession();
    return liveSocket.onAlarm((message) => onAlarm(message));
  }, []);
}

/** Calls `listener` with merged device patches (at most every 250 ms) while mounted. */
export function useLiveDevices(listener: Listener<LiveDeviceUpdate[]>): void {
  const onUpdates = useEffectEvent(listener);
  useEffect(() => {
    ensureLiveSession();
    return liveSocket.onDevices((updates) => onUpdates(updates));
  }, []);
}

/** Calls `listener` with each remote command that changed, of any visible device, while mounted. */
export function useLiveCommands(listener: Listener<LiveCommandMessage>): void {
  const onCommand = useEffectEvent(listener);
  useEffect(() => {
    ensureLiveSession();
    return liveSocket.onCommand((message) => onCommand(message));
  }, []);
}

/** Calls `listener` with each recording that arrived, of any visible device, while mounted. */
export function useLiveRecords(listener: Listener<LiveRecordMessage>): void {
  const onRecord = useEffectEvent(listener);
  useEffect(() => {
    ensureLiveSession();
    return liveSocket.onRecord((message) => onRecord(message));
  }, []);
}
