import { routes } from '@xunji/shared';
import { call } from '../api/call';
import { useAppStore } from '../stores/app';

/** What this browser allows: no Web Push at all, or the notification permission. */
export type PushPermission = 'unsupported' | NotificationPermission;

export function pushPermission(): PushPermission {
  const supported =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return supported ? Notification.permission : 'unsupported';
}

/** The user refused notifications (now or before). */
export class PushDeniedError extends Error {
  constructor() {
    super('notifications denied');
    this.name = 'PushDeniedError';
  }
}

/** The service worker is registered only by production builds: do not wait for it forever. */
const WORKER_WAIT_MS = 10_000;

function serviceWorker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS),
    ),
  ]);
}

/** A VAPID key as PushManager wants it: base64url → bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Turns alarm notifications on in this browser: permission, a push subscription with the
 * server's VAPID key, then the server registers it; its pushClientId is kept (and sent with every
 * sign-in). Rejects with PushDeniedError when the user refuses.
 */
export async function enablePush(): Promise<string> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushDeniedError();
  const registration = await serviceWorker();
  const { publicKey } = await call(routes.pushVapidKey, undefined, { loading: false });
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
  const { endpoint, keys } = subscription.toJSON();
  try {
    const { pushClientId } = await call(routes.registerPushClient, {
      body: {
        endpoint: endpoint ?? '',
        keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      },
    });
    useAppStore.setState({ pushClientId });
    return pushClientId;
  } catch (error) {
    // A subscription the server does not know would only waste pushes.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
}

/** Turns them off: the subscription ends here and the server forgets this client. */
export async function disablePush(): Promise<void> {
  const { pushClientId } = useAppStore.getState();
  useAppStore.setState({ pushClientId: null });
  if (pushPermission() !== 'unsupported') {
    const registration = await serviceWorker().catch(() => null);
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe().catch(() => undefined);
  }
  if (pushClientId)
    await call(
      routes.unregisterPushClient,
      { params: { pushClientId } },
      { loading: false, toastState: false },
    ).catch(() => undefined);
}
