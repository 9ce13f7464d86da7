import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from '../api/overlays';
import { speakEnglish } from '../test/english';
import { completeSignIn, gateToLogin, isPublicPath, launchRedirect } from './guard';
import { reLaunch, redirectTo } from './navigation';

vi.mock('../api/overlays', () => ({ Toast: { show: vi.fn(), clear: vi.fn() } }));
vi.mock('./navigation', () => ({ reLaunch: vi.fn(), redirectTo: vi.fn() }));

beforeAll(speakEnglish);

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('allow-list (spec §2)', () => {
  it('lets the three pages the spec names skip the login check', () => {
    expect(isPublicPath('/pagesMore/distribute/location')).toBe(true);
    expect(isPublicPath('/pagesFunc/authorize')).toBe(true);
    expect(isPublicPath('/pages/app-updateVersions/pages/upgrade-popup')).toBe(true);
  });

  it('keeps home, sign-in, recovery and information pages public', () => {
    for (const path of [
      '/',
      '/pages/in/main',
      '/pages/login/index',
      '/pagesUser/account/register',
      '/pagesUser/account/retrieve-password',
      '/pagesUser/account/bind-number',
      '/pagesUser/mi/privacy_notice',
      '/pagesUser/mi/service_terms',
      '/pagesUser/mi/as',
      '/pagesMore/my/support',
      '/pagesMore/notice/index',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
  });

  it('protects everything else, trailing slash or not', () => {
    expect(isPublicPath('/pages/mi/index')).toBe(false);
    expect(isPublicPath('/pages/mi/index/')).toBe(false);
    expect(isPublicPath('/pages/message/msg')).toBe(false);
    expect(isPublicPath('/pagesUser/account/amend-pwd')).toBe(false);
    expect(isPublicPath('/pagesFunc/authorize/')).toBe(true);
  });
});

describe('launch (spec §2)', () => {
  it('relaunches an unauthenticated launch outside the allow-list to home', () => {
    expect(launchRedirect('/pages/mi/index', false)).toBe('/');
    expect(launchRedirect('/no/such/page', false)).toBe('/');
  });

  it('stays on an allow-listed page, or anywhere when signed in', () => {
    expect(launchRedirect('/pagesMore/distribute/location?code=ab12', false)).toBeNull();
    expect(launchRedirect('/pages/login/index', false)).toBeNull();
    expect(launchRedirect('/pages/mi/index', true)).toBeNull();
  });

  it('returns to a guest’s deep link, path and query, after a sign-in with back=true', () => {
    expect(launchRedirect('/pagesDevice/fenc/table?id=3', false)).toBe('/');
    completeSignIn(true);
    expect(redirectTo).toHaveBeenCalledExactlyOnceWith('/pagesDevice/fenc/table?id=3');
  });

  it('remembers no deep link when it stays', () => {
    launchRedirect('/pagesMore/notice/index?id=2', false);
    launchRedirect('/pagesMore/message/table', true);
    completeSignIn(true);
    expect(redirectTo).not.toHaveBeenCalled();
    expect(reLaunch).toHaveBeenCalledExactlyOnceWith('/');
  });
});

describe('gating (spec §2)', () => {
  it('toasts "please sign in first", then after 500 ms goes to the login page with back=true', async () => {
    gateToLogin('/pages/mi/index');
    await vi.advanceTimersByTimeAsync(100);
    expect(vi.mocked(Toast.show).mock.calls).toEqual([[{ content: 'Please sign in first' }]]);
    await vi.advanceTimersByTimeAsync(399);
    expect(redirectTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirectTo).toHaveBeenCalledExactlyOnceWith('/pages/login/index?back=true');
  });

  it('goes nowhere when cancelled before 500 ms', async () => {
    const cancel = gateToLogin('/pages/mi/index');
    await vi.advanceTimersByTimeAsync(300);
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('returns to the page that sent the user after a sign-in with back=true', async () => {
    gateToLogin('/pagesUser/account/amend-pwd?from=mine');
    await vi.advanceTimersByTimeAsync(500);
    vi.mocked(redirectTo).mockClear();

    completeSignIn(true);
    expect(redirectTo).toHaveBeenCalledExactlyOnceWith('/pagesUser/account/amend-pwd?from=mine');
    expect(reLaunch).not.toHaveBeenCalled();

    completeSignIn(true);
    expect(reLaunch).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('goes home after a sign-in without back=true, forgetting any remembered page', async () => {
    gateToLogin('/pages/mi/index');
    await vi.advanceTimersByTimeAsync(500);
    vi.mocked(redirectTo).mockClear();

    completeSignIn(false);
    expect(reLaunch).toHaveBeenCalledExactlyOnceWith('/');
    completeSignIn(true);
    expect(redirectTo).not.toHaveBeenCalled();
  });
});
