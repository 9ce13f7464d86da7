import type { Terminal, User } from '@xunji/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverAnswered, serverUnreachable } from '../api/connectivity';
import { ApiError } from '../api/errors';
import { reLaunch } from '../router/navigation';
import { useAccountStore } from '../stores/account';
import { useDeviceStore } from '../stores/device';
import { useUserStore } from '../stores/user';
import {
  SKIPPED_AFTER_TIMEOUT,
  TerminalFetchSkipped,
  resetTerminalFetch,
  skippedFetchesLeft,
  terminalFetch,
} from './terminal-fetch';

vi.mock('../router/navigation', () => ({ reLaunch: vi.fn() }));

const device = { id: 5 } as Terminal;
const user = (userType: User['userType']): User => ({
  userId: 1,
  username: 'u',
  nickname: null,
  phoneNumber: null,
  userType,
  enterprise: null,
  openId: null,
  wxUser: false,
  wxUserName: null,
  developerMode: false,
  terminalNo: userType === 3 ? '864768011234567' : null,
});
const failing = (code: number) => vi.fn(() => Promise.reject(new ApiError(code, `code ${code}`)));

beforeEach(() => {
  resetTerminalFetch();
  useDeviceStore.setState(
    { ...useDeviceStore.getInitialState(), devices: [device], selectedDevice: device },
    true,
  );
  useAccountStore.setState({ isAuthenticated: true, access_token: 't' });
  useUserStore.setState({ user: user(2) });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('terminal fetch rules (§8)', () => {
  it('passes the answer through, without the global loading indicator by default', async () => {
    const run = vi.fn(() => Promise.resolve('page'));
    await expect(terminalFetch(run)).resolves.toBe('page');
    expect(run).toHaveBeenCalledWith({ loading: false });
    await terminalFetch(run, { toastState: false, loading: true });
    expect(run).toHaveBeenLastCalledWith({ loading: true, toastState: false });
  });

  it('2002: the next three fetches are skipped, the fourth goes out again', async () => {
    await expect(terminalFetch(failing(2002))).rejects.toMatchObject({ code: 2002 });
    expect(skippedFetchesLeft()).toBe(SKIPPED_AFTER_TIMEOUT);

    const run = vi.fn(() => Promise.resolve('ok'));
    for (let i = 0; i < 3; i += 1) {
      await expect(terminalFetch(run)).rejects.toBeInstanceOf(TerminalFetchSkipped);
    }
    expect(run).not.toHaveBeenCalled();
    await expect(terminalFetch(run)).resolves.toBe('ok');
    expect(run).toHaveBeenCalledTimes(1);
    expect(skippedFetchesLeft()).toBe(0);
  });

  it('2002 while the server cannot be reached: nothing is skipped once it answers again', async () => {
    serverUnreachable();
    await terminalFetch(failing(2002)).catch(() => undefined);
    await expect(terminalFetch(failing(2002))).rejects.toBeInstanceOf(TerminalFetchSkipped);
    serverAnswered();
    const run = vi.fn(() => Promise.resolve('ok'));
    await expect(terminalFetch(run)).resolves.toBe('ok');
    expect(skippedFetchesLeft()).toBe(0);
  });

  it('a skipped fetch does not arm the skipping again', async () => {
    await terminalFetch(failing(2002)).catch(() => undefined);
    for (let i = 0; i < 3; i += 1) await terminalFetch(failing(2002)).catch(() => undefined);
    expect(skippedFetchesLeft()).toBe(0);
  });

  it.each([2501, 2303])(
    '%i: marks the list as needing init and clears devices and selection',
    async (code) => {
      await expect(terminalFetch(failing(code))).rejects.toMatchObject({ code });
      expect(useDeviceStore.getState()).toMatchObject({
        listNeedsInit: true,
        devices: [],
        selectedDevice: null,
      });
      // A personal account stays signed in.
      expect(useAccountStore.getState().isAuthenticated).toBe(true);
      expect(reLaunch).not.toHaveBeenCalled();
      expect(skippedFetchesLeft()).toBe(0);
    },
  );

  it.each([2501, 2303])('%i signs a device account (userType 3) out', async (code) => {
    useUserStore.setState({ user: user(3) });
    await terminalFetch(failing(code)).catch(() => undefined);
    expect(useAccountStore.getState()).toMatchObject({
      isAuthenticated: false,
      access_token: null,
    });
    expect(useUserStore.getState().user).toBeNull();
    expect(useDeviceStore.getState().selectedDevice).toBeNull();
    expect(reLaunch).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('other codes change nothing', async () => {
    await terminalFetch(failing(500)).catch(() => undefined);
    await terminalFetch(() => Promise.reject(new Error('bug'))).catch(() => undefined);
    expect(useDeviceStore.getState()).toMatchObject({
      listNeedsInit: false,
      devices: [device],
      selectedDevice: device,
    });
    expect(skippedFetchesLeft()).toBe(0);
  });
});
