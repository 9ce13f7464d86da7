import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/call';
import { useAppStore } from '../stores/app';
import { answerCalls, type CallHandlers } from '../test/call-handlers';
import { base64UrlToBytes, disablePush, enablePush, pushPermission, PushDeniedError } from './push';

vi.mock('../api/call', () => ({ call: vi.fn() }));

let handlers: CallHandlers;
const calls = (name: string) =>
  vi
    .mocked(call)
    .mock.calls.filter(([route]) => route.name === name)
    .map(([, input]) => input);

const subscription = {
  toJSON: () => ({
    endpoint: 'https://push.example/send/abc',
    keys: { p256dh: 'BPk1', auth: 'au-2' },
  }),
  unsubscribe: vi.fn(async () => true),
};
const pushManager = {
  subscribe: vi.fn(async () => subscription),
  getSubscription: vi.fn(async () => subscription),
};
const notification = {
  permission: 'default' as NotificationPermission,
  requestPermission: vi.fn(async (): Promise<NotificationPermission> => 'granted'),
};

/** A browser with Web Push: a ready service worker, PushManager and Notification. */
function supportPush() {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
}

beforeEach(() => {
  useAppStore.setState({ pushClientId: null });
  notification.permission = 'default';
  handlers = {
    pushVapidKey: () => ({ publicKey: 'AQID_-8' }),
    registerPushClient: () => ({ pushClientId: 'pc-1' }),
    unregisterPushClient: () => null,
  };
  answerCalls(() => handlers);
});

afterEach(() => {
  // Delete the own property: the prototype's (happy-dom's) serviceWorker shows again.
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('push permission', () => {
  it('is unsupported without service workers or PushManager, else the notification permission', () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(globalThis, 'PushManager');
    expect(pushPermission()).toBe('unsupported');
    supportPush();
    notification.permission = 'denied';
    expect(pushPermission()).toBe('denied');
  });

  it('decodes the base64url VAPID key', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});

describe('enablePush', () => {
  beforeEach(supportPush);

  it('asks permission, subscribes with the server key, registers, and keeps the pushClientId', async () => {
    await expect(enablePush()).resolves.toBe('pc-1');
    expect(notification.requestPermission).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3, 255, 239]),
    });
    expect(calls('registerPushClient')).toEqual([
      {
        body: { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPk1', auth: 'au-2' } },
      },
    ]);
    expect(useAppStore.getState().pushClientId).toBe('pc-1');
  });

  it('stops when the user refuses', async () => {
    notification.requestPermission.mockResolvedValueOnce('denied');
    await expect(enablePush()).rejects.toBeInstanceOf(PushDeniedError);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
    expect(useAppStore.getState().pushClientId).toBeNull();
  });

  it('ends the subscription again when the server does not take it', async () => {
    handlers.registerPushClient = () => {
      throw new Error('refused');
    };
    await expect(enablePush()).rejects.toThrow('refused');
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(useAppStore.getState().pushClientId).toBeNull();
  });
});

describe('disablePush', () => {
  it('unsubscribes, tells the server, and forgets the pushClientId', async () => {
    supportPush();
    useAppStore.setState({ pushClientId: 'pc-9' });
    await disablePush();
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(calls('unregisterPushClient')).toEqual([{ params: { pushClientId: 'pc-9' } }]);
    expect(useAppStore.getState().pushClientId).toBeNull();
  });
});
