import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkServer,
  followBrowserNetwork,
  serverAnswered,
  serverUnreachable,
  useServerReach,
} from './connectivity';

const fetchMock = vi.fn<typeof fetch>();
const reachable = () => useServerReach.getState().reachable;
const healthy = () => new Response('{"status":"ok"}', { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  serverAnswered();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('whether the server can be reached', () => {
  it('is unreachable from a failure until something reaches it again', () => {
    expect(reachable()).toBe(true);
    serverUnreachable();
    expect(reachable()).toBe(false);
    serverAnswered();
    expect(reachable()).toBe(true);
  });

  it('asks for the server health every 5 s while unreachable, and clears on its answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    serverUnreachable();
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/health');
    expect(reachable()).toBe(false);

    fetchMock.mockResolvedValue(healthy());
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(reachable()).toBe(true);
    // Reachable: no more asking.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('one probe at a time however many failures are reported', async () => {
    fetchMock.mockResolvedValue(healthy());
    serverUnreachable();
    serverUnreachable();
    serverUnreachable();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a proxy answering for a server that is down is not the server', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    expect(await checkServer()).toBe(false);
    expect(reachable()).toBe(false);
  });

  it("follows the browser: offline at once, online once the server's health answers", async () => {
    const stop = followBrowserNetwork();
    window.dispatchEvent(new Event('offline'));
    expect(reachable()).toBe(false);
    fetchMock.mockResolvedValue(healthy());
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(true);
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(reachable()).toBe(true);
  });
});
