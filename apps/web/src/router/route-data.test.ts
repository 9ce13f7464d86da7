import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchTrack } from '../history/track-request';
import { useAccountStore } from '../stores/account';
import { prefetchRouteData } from './route-data';

vi.mock('../history/track-request', () => ({ prefetchTrack: vi.fn() }));

afterEach(() => {
  vi.clearAllMocks();
});

describe("a page's data at launch", () => {
  it('is sent for the track page of a signed-in user', () => {
    useAccountStore.setState({ isAuthenticated: true });
    prefetchRouteData('/pagesDevice/track/index/', '?id=7&date=2026-11-20');
    expect(prefetchTrack).toHaveBeenCalledWith(new URLSearchParams('id=7&date=2026-11-20'));
  });

  it('is not sent for a guest, nor for pages without such data', () => {
    useAccountStore.setState({ isAuthenticated: false });
    prefetchRouteData('/pagesDevice/track/index', '?id=7');
    useAccountStore.setState({ isAuthenticated: true });
    prefetchRouteData('/pagesDevice/info/device', '?id=7');
    expect(prefetchTrack).not.toHaveBeenCalled();
  });
});
