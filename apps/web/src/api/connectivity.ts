import { create } from 'zustand';
import { API_ROOT } from '../config';

/**
 * Whether the server can be reached, as the app last found out: false from a call that could not
 * reach it (or the live socket failing to reconnect) until something reaches it again. While it is
 * false, the server's health is asked for every few seconds, so the state clears on its own.
 */
export const useServerReach = create<{ reachable: boolean }>()(() => ({ reachable: true }));

const PROBE_INTERVAL_MS = 5000;
const PROBE_TIMEOUT_MS = 5000;

let probeTimer: ReturnType<typeof setTimeout> | undefined;

export function serverAnswered(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!useServerReach.getState().reachable) useServerReach.setState({ reachable: true });
}

export function serverUnreachable(): void {
  if (useServerReach.getState().reachable) useServerReach.setState({ reachable: false });
  probeTimer ??= setTimeout(() => {
    probeTimer = undefined;
    void checkServer();
  }, PROBE_INTERVAL_MS);
}

/** Asks the server's health now; answers (and records) whether it could be reached. */
export async function checkServer(): Promise<boolean> {
  try {
    const response = await fetch(`${API_ROOT}/health`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (response.ok) {
      serverAnswered();
      return true;
    }
  } catch {
    // Not reached: recorded below.
  }
  serverUnreachable();
  return false;
}

/** The browser's own word on the network: losing it is news at once, regaining it is checked. */
export function followBrowserNetwork(): () => void {
  const online = () => void checkServer();
  window.addEventListener('offline', serverUnreachable);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', serverUnreachable);
    window.removeEventListener('online', online);
  };
}
