import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bindNavigate,
  navigateBack,
  navigateTo,
  reLaunch,
  redirectTo,
  switchTab,
} from './navigation';

const navigate = vi.fn();

/** Puts the test at entry `idx` of the history, on `path`, as react-router records it. */
function at(path: string, idx: number) {
  window.history.replaceState({ idx }, '', path);
}

beforeEach(() => {
  bindNavigate(navigate);
});

afterEach(() => {
  vi.restoreAllMocks();
  navigate.mockReset();
});

describe('navigation helpers (spec §2)', () => {
  it('navigateTo pushes and redirectTo replaces', () => {
    navigateTo('/pagesUser/mi/as');
    redirectTo('/pages/login/index');
    expect(navigate.mock.calls).toEqual([
      ['/pagesUser/mi/as', { replace: false }],
      ['/pages/login/index', { replace: true }],
    ]);
  });

  it('navigateBack goes back when there is history, home when there is none', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    at('/pagesUser/mi/as', 2);
    navigateBack();
    expect(back).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();

    at('/pagesUser/mi/as', 0);
    navigateBack();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/', { replace: true });
  });

  it('reLaunch rewinds the whole stack, then replaces the first entry', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    at('/pagesUser/account/amend-pwd', 3);
    reLaunch('/pages/login/index');
    expect(go).toHaveBeenCalledExactlyOnceWith(-3);
    expect(navigate).not.toHaveBeenCalled();

    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/pages/login/index', { replace: true });
  });

  it('reLaunch at the first entry just replaces it', () => {
    at('/pages/mi/index', 0);
    reLaunch('/');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/', { replace: true });
  });

  it('switchTab replaces between tabs and relaunches from other pages', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    at('/pages/in/main', 1);
    switchTab('/pages/mi/index');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/pages/mi/index', { replace: true });
    expect(go).not.toHaveBeenCalled();

    at('/pagesUser/mi/as', 2);
    switchTab('/pages/message/msg');
    expect(go).toHaveBeenCalledExactlyOnceWith(-2);
  });
});
