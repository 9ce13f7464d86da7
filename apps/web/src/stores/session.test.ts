import type { AlarmLog, LoginResult, StopoverItem, Terminal } from '@xunji/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAccountStore } from './account';
import { initialAlarmState, useAlarmStore } from './alarm';
import { useAppStore } from './app';
import { useDeviceStore } from './device';
import { useReportStore } from './report';
import { afterPasswordChange, renewToken, signIn, signOut } from './session';
import { useUserStore } from './user';

const login: LoginResult = {
  access_token: 'tok',
  token: 'tok',
  expiresAt: 0,
  user: {
    userId: 7,
    username: 'acme-ops',
    nickname: null,
    phoneNumber: '13812341234',
    userType: 1,
    enterprise: { id: 42, name: 'Acme' },
    openId: null,
    wxUser: false,
    wxUserName: null,
    developerMode: false,
    terminalNo: null,
  },
};

beforeEach(() => {
  useAccountStore.setState(useAccountStore.getInitialState(), true);
  useUserStore.setState(useUserStore.getInitialState(), true);
  useDeviceStore.setState(useDeviceStore.getInitialState(), true);
  useAlarmStore.setState(useAlarmStore.getInitialState(), true);
  useAppStore.setState(useAppStore.getInitialState(), true);
});

describe('session', () => {
  it('signIn stores the token, the user and the enterprise', () => {
    signIn(login);
    expect(useAccountStore.getState()).toMatchObject({
      isAuthenticated: true,
      access_token: 'tok',
      enterpriseInfo: { id: 42, name: 'Acme' },
      enterpriseId: 42,
    });
    expect(useUserStore.getState().user).toEqual(login.user);
  });

  it('signOut clears what spec §4 lists (the alarm log and search too) and the chosen report item, and keeps the remembered sign-in', () => {
    signIn(login);
    useAccountStore.setState({
      lastUsername: 'acme-ops',
      remPassword: true,
      rememberedPassword: 'H',
    });
    useDeviceStore.setState({
      devices: [{ id: 1 } as Terminal],
      selectedDevice: { id: 1 } as Terminal,
      bindState: { terminalNo: '123' },
      simState: { iccid: '89' },
      activationState: 1,
    });
    useAlarmStore.setState({
      alarmLog: [{ id: 9 } as AlarmLog],
      search: {
        alarmTypes: ['sos'],
        range: 'custom',
        beginTime: '2025-01-01',
        endTime: '2025-01-02',
      },
    });
    useReportStore.setState({
      selected: { terminalId: 1, type: 'stay', item: { id: 4 } as StopoverItem },
    });
    useAppStore.setState({ language: 'en', seenNoticeId: 3 });

    signOut();

    expect(useAccountStore.getState()).toEqual({
      isAuthenticated: false,
      access_token: null,
      enterpriseInfo: null,
      enterpriseId: null,
      lastUsername: 'acme-ops',
      remPassword: true,
      rememberedPassword: 'H',
    });
    expect(useUserStore.getState().user).toBeNull();
    expect(useDeviceStore.getState()).toEqual({
      devices: [],
      selectedDevice: null,
      bindState: null,
      simState: null,
      activationState: 0,
      listNeedsInit: false,
    });
    expect(useAlarmStore.getState()).toEqual(initialAlarmState);
    expect(useAlarmStore.getState().search.alarmTypes).toEqual([]);
    expect(useReportStore.getState().selected).toBeNull();
    expect(useAppStore.getState()).toMatchObject({ language: 'en', seenNoticeId: 3 });
  });

  it('a renewed token replaces the current one only while signed in', () => {
    renewToken('late');
    expect(useAccountStore.getState().access_token).toBeNull();
    signIn(login);
    renewToken('fresh');
    expect(useAccountStore.getState().access_token).toBe('fresh');
  });

  it('a changed password forgets the remembered hash and signs out its own account', () => {
    signIn(login);
    useAccountStore.setState({ remPassword: true, rememberedPassword: 'H' });
    afterPasswordChange(false);
    expect(useAccountStore.getState()).toMatchObject({
      isAuthenticated: true,
      rememberedPassword: null,
    });
    afterPasswordChange(true);
    expect(useAccountStore.getState().isAuthenticated).toBe(false);
  });
});
