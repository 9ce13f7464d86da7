import { REFRESH_INTERVAL_MS, type LiveDeviceUpdate, type LiveServerMessage } from '@xunji/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverAnswered, useServerReach } from '../api/connectivity';
import { useAccountStore } from '../stores/account';
import { signOut } from '../stores/session';
import {
  bindLiveSocketToSession,
  liveSocketUrl,
  LiveSocket,
  useLiveFallbackInterval,
  useLiveStore,
} from './socket';

/** Stands in for the browser's WebSocket; tests drive its events. */
class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  receive(message: LiveServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeWebSocket.instances.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  useAccountStore.setState(useAccountStore.getInitialState(), true);
  useLiveStore.setState({ connected: false, deviceIds: null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const newSocket = (token: () => string | null = () => 'tok', onRenewedToken = vi.fn()) =>
  new LiveSocket({ url: () => 'ws://host/api/socket', token, applicationId: 1, onRenewedToken });

describe('liveSocketUrl', () => {
  it('follows the page: ws: for http, wss: for https; an absolute API root keeps its host', () => {
    expect(liveSocketUrl('/api', new URL('http://localhost:5173/pages/in/main') as never)).toBe(
      'ws://localhost:5173/api/socket',
    );
    expect(liveSocketUrl('/api/', new URL('https://xunji.example/x') as never)).toBe(
      'wss://xunji.example/api/socket',
    );
    expect(
      liveSocketUrl('https://api.example/v1', new URL('http://localhost:5173/') as never),
    ).toBe('wss://api.example/v1/socket');
  });
});

describe('LiveSocket', () => {
  it('sends auth with the token and applicationId once open; ready means connected', () => {
    const socket = newSocket();
    socket.start();
    expect(latest().url).toBe('ws://host/api/socket');
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 'tok', applicationId: 1 }]);
    expect(useLiveStore.getState().connected).toBe(false);
    latest().receive({ type: 'ready', deviceIds: [3, 4] });
    expect(useLiveStore.getState()).toEqual({ connected: true, deviceIds: [3, 4] });
    socket.stop();
  });

  it('reconnects after 1 s, doubling up to 30 s, and from 1 s again after a success', () => {
    const socket = newSocket();
    socket.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const count = FakeWebSocket.instances.length;
      latest().drop();
      let waited = 0;
      while (FakeWebSocket.instances.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);

    latest().open();
    latest().receive({ type: 'ready', deviceIds: [] });
    latest().drop();
    expect(useLiveStore.getState().connected).toBe(false);
    vi.advanceTimersByTime(999);
    const count = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances.length).toBe(count + 1);
    socket.stop();
  });

  it('merges bursts: listeners get the latest values per device at most every 250 ms', () => {
    const socket = newSocket();
    const deliveries: { at: number; updates: LiveDeviceUpdate[] }[] = [];
    const start = Date.now();
    socket.onDevices((updates) => deliveries.push({ at: Date.now() - start, updates }));
    socket.start();
    latest().open();
    latest().receive({ type: 'ready', deviceIds: [1, 2] });

    latest().receive({
      type: 'devices',
      updates: [
        { id: 1, status: 'moving', lbsInfo: { speed: 10, battery: 90 } },
        { id: 2, status: 'static' },
      ],
    });
    latest().receive({ type: 'devices', updates: [{ id: 1, lbsInfo: { speed: 20 } }] });
    vi.advanceTimersByTime(0);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.updates).toEqual([
      { id: 1, status: 'moving', lbsInfo: { speed: 20, battery: 90 } },
      { id: 2, status: 'static' },
    ]);

    // A burst right after: held until 250 ms after the last delivery, merged.
    for (let i = 1; i <= 20; i++) {
      vi.advanceTimersByTime(10);
      latest().receive({ type: 'devices', updates: [{ id: 1, lbsInfo: { speed: 100 + i } }] });
    }
    vi.advanceTimersByTime(49);
    expect(deliveries).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]).toEqual({ at: 250, updates: [{ id: 1, lbsInfo: { speed: 120 } }] });
    vi.advanceTimersByTime(1000);
    expect(deliveries).toHaveLength(2);
    socket.stop();
  });

  it('stores a token the server renewed and re-authenticates with a token renewed elsewhere', () => {
    let token = 'tok';
    const renewed = vi.fn();
    const socket = newSocket(() => token, renewed);
    socket.start();
    latest().open();
    latest().receive({ type: 'token', token: 'tok2' });
    expect(renewed).toHaveBeenCalledWith('tok2');
    token = 'tok2';
    socket.tokenChanged();
    expect(latest().sent).toHaveLength(1);
    token = 'tok3';
    socket.tokenChanged();
    expect(latest().sent.at(-1)).toEqual({ type: 'auth', token: 'tok3', applicationId: 1 });
    socket.stop();
  });

  it('does not retry a refused token until there is another', () => {
    let token = 'old';
    const socket = newSocket(() => token);
    socket.start();
    latest().open();
    latest().receive({ type: 'error', code: 401, message: 'sign in again' });
    latest().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    token = 'new';
    socket.tokenChanged();
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.stop();
  });

  it('follows the session: starts on sign-in, stops on sign-out and stays down', () => {
    const socket = newSocket(() => useAccountStore.getState().access_token);
    const unbind = bindLiveSocketToSession(socket);
    expect(FakeWebSocket.instances).toHaveLength(0);
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    expect(FakeWebSocket.instances).toHaveLength(1);
    latest().open();
    latest().receive({ type: 'ready', deviceIds: [] });
    useAccountStore.setState({ access_token: 'tok2' });
    expect(latest().sent.at(-1)).toMatchObject({ type: 'auth', token: 'tok2' });

    signOut();
    expect(latest().closedWith).toBe(1000);
    expect(useLiveStore.getState().connected).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    unbind();
  });
});

describe('the live socket and whether the server can be reached', () => {
  const reachable = () => useServerReach.getState().reachable;
  const connectedSocket = () => {
    const socket = newSocket(() => useAccountStore.getState().access_token);
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    const unbind = bindLiveSocketToSession(socket);
    latest().open();
    latest().receive({ type: 'ready', deviceIds: [] });
    return () => {
      unbind();
      socket.stop();
    };
  };

  beforeEach(() => {
    // The health probe of an unreachable server: never answers here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
  });
  afterEach(() => serverAnswered());

  it('a reconnect that cannot open, after being ready, says no; the next ready says yes', () => {
    const stop = connectedSocket();
    latest().drop();
    // The drop alone may be a restart: nothing is said yet.
    expect(reachable()).toBe(true);
    vi.advanceTimersByTime(1000);
    latest().drop();
    expect(reachable()).toBe(false);
    vi.advanceTimersByTime(2000);
    latest().open();
    latest().receive({ type: 'ready', deviceIds: [] });
    expect(reachable()).toBe(true);
    stop();
  });

  it('a socket that was never ready says nothing (a proxy may not carry sockets at all)', () => {
    const socket = newSocket();
    socket.start();
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().drop();
    expect(reachable()).toBe(true);
    socket.stop();
  });

  it('reconnects at once when the server is found again, instead of at the end of the backoff', () => {
    const stop = connectedSocket();
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().drop();
    vi.advanceTimersByTime(2000);
    latest().drop();
    const count = FakeWebSocket.instances.length;
    serverAnswered();
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
    stop();
  });
});

describe('useLiveFallbackInterval', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    container = document.createElement('div');
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    act(() => signOut());
  });

  function Probe() {
    return <p>{String(useLiveFallbackInterval())}</p>;
  }

  it("is the spec's 10-s refresh while the socket is down, and off while it is up", () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    act(() => root.render(<Probe />));
    expect(container.textContent).toBe(String(REFRESH_INTERVAL_MS));
    // The hook started the app's socket for the signed-in user.
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => {
      latest().open();
      latest().receive({ type: 'ready', deviceIds: [] });
    });
    expect(container.textContent).toBe('false');
    act(() => latest().drop());
    expect(container.textContent).toBe(String(REFRESH_INTERVAL_MS));
  });
});
