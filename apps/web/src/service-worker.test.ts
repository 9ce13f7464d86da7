import { describe, expect, it, vi } from 'vitest';
import source from '../public/sw.js?raw';

type Listener = (event: Record<string, unknown>) => void;

const ORIGIN = 'https://xunji.example';

/** Runs public/sw.js against a fake ServiceWorkerGlobalScope with the given open windows. */
function loadWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const registration = { showNotification: vi.fn(async () => undefined) };
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
    claim: vi.fn(),
  };
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration,
    clients,
    location: new URL(`${ORIGIN}/sw.js`),
    skipWaiting: vi.fn(),
  };
  new Function('self', 'caches', 'fetch', source)(scope, {}, vi.fn());

  /** Dispatches an event and waits for what it hands to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    await Promise.all(waits);
  };
  return { dispatch, registration, clients };
}

const pushData = (payload: unknown) => ({
  json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) as unknown,
  text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
});

/** An open app window. */
function appWindow() {
  const client = {
    url: `${ORIGIN}/pages/in/main`,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => client),
  };
  return client;
}

describe('service worker: alarm pushes', () => {
  it('shows a pushed alarm as a notification, one per alarm', async () => {
    const { dispatch, registration } = loadWorker();
    await dispatch('push', {
      data: pushData({
        alarmId: 42,
        terminalId: 7,
        title: 'SOS',
        body: 'Car 7 · 2025/03/10 08:05 · Futian, Shenzhen',
      }),
    });
    expect(registration.showNotification).toHaveBeenCalledWith('SOS', {
      body: 'Car 7 · 2025/03/10 08:05 · Futian, Shenzhen',
      tag: 'alarm-42',
      icon: '/icons/icon-192.png',
      data: { alarmId: 42, terminalId: 7 },
    });
  });

  it('shows a text push as its title and ignores an empty one', async () => {
    const { dispatch, registration } = loadWorker();
    await dispatch('push', { data: pushData('not json') });
    expect(registration.showNotification).toHaveBeenCalledWith(
      'not json',
      expect.objectContaining({ tag: 'alarm' }),
    );
    await dispatch('push', { data: null });
    expect(registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it("a click brings an open app window to the alarm's details", async () => {
    const open = appWindow();
    const { dispatch, clients } = loadWorker([{ url: 'https://elsewhere.example/' }, open]);
    const notification = { data: { alarmId: 42, terminalId: 7 }, close: vi.fn() };
    await dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/pagesMore/message/statement?id=42`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click opens a window when none is open (the message tab without an alarm id)', async () => {
    const { dispatch, clients } = loadWorker();
    await dispatch('notificationclick', { notification: { data: { alarmId: 9 }, close: vi.fn() } });
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/pagesMore/message/statement?id=9`);
    await dispatch('notificationclick', { notification: { data: null, close: vi.fn() } });
    expect(clients.openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/pages/message/msg`);
  });
});
