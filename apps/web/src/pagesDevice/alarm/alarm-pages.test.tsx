import type { AlarmSetting, AppConfig } from '@xunji/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { navigateTo } from '../../router/navigation';
import { useAppStore } from '../../stores/app';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import {
  ALARM_CHANNEL_FLAGS,
  appConfig,
  featureFlags,
  terminalTypeInfo,
} from '../../test/fixtures';
import {
  buttonNamed,
  click,
  pageHarness,
  pageText,
  settleUi,
  typeInto,
} from '../../test/page-harness';
import AlarmSettingsPage from './index';
import AlarmMessagesPage from './messages';
import AlarmPhonePage from './phone';
import WechatAlarmPage from './wx';
import WechatOfficialAccountPage from './wx-mp';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');

const TERMINAL = 7;
const SETTING = 70;

const page = pageHarness();
let handlers: CallHandlers;

function setting(patch: Partial<AlarmSetting> = {}): AlarmSetting {
  const none = (prefix: string) =>
    Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`${prefix}${n}`, null]));
  return {
    id: SETTING,
    terminalId: TERMINAL,
    pushAlarm: 0,
    smsAlarm: 0,
    telAlarm: 0,
    wechatAlarm: 0,
    fenceAlarm: 0,
    vibrationAlarm: 0,
    sosAlarm: 0,
    tearAlarm: 0,
    lowPowerAlarm: 0,
    speedAlarm: 0,
    powerOffAlarm: 0,
    voiceAlarm: 0,
    restAlarm: 0,
    offlineAlarm: 0,
    speedLimit: null,
    ...(none('telPhoneNo') as Pick<AlarmSetting, `telPhoneNo${1 | 2 | 3 | 4 | 5 | 6}`>),
    ...(none('smsPhoneNo') as Pick<AlarmSetting, `smsPhoneNo${1 | 2 | 3 | 4 | 5 | 6}`>),
    wechatNickname: null,
    wechatHeadimgurl: null,
    wechatOpenUnionid: null,
    ...patch,
  };
}

/** Serves the device's setting and model flags, and the app configuration. */
function serve(
  current: AlarmSetting,
  model = ALARM_CHANNEL_FLAGS,
  config: AppConfig = appConfig(),
) {
  handlers.terminalAlarmSetting = () => current;
  handlers.terminalFuncs = () => ({ terminalTypeInfo: terminalTypeInfo(model) });
  handlers.appConfiguration = () => config;
}

/** Answers every switch call with the setting it asked for. */
function answerSwitches(names: readonly string[], field: (name: string) => keyof AlarmSetting) {
  for (const name of names)
    handlers[name] = (input) => {
      const body = input?.body as { status: 0 | 1; speed?: number };
      return setting({
        [field(name)]: body.status,
        ...(body.speed === undefined ? {} : { speedLimit: body.speed }),
      });
    };
}

const switchNamed = (label: string) => {
  const found = document.body.querySelector(`[role="switch"][aria-label="${label}"]`);
  if (!found) throw new Error(`no switch "${label}"`);
  return found;
};
const isOn = (label: string) => switchNamed(label).getAttribute('aria-checked') === 'true';
const input = (label: string) => {
  const found = document.body.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!found) throw new Error(`no input "${label}"`);
  return found;
};

beforeEach(() => {
  handlers = {};
  answerCalls(() => handlers);
  useAppStore.setState({ config: null, pushClientId: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('alarm settings page', () => {
  const open = () => page.render(`/pagesDevice/alarm/index?id=${TERMINAL}`, <AlarmSettingsPage />);

  it('reads the setting of the device with the application id', async () => {
    serve(setting());
    await open();
    expect(callInputs('terminalAlarmSetting')).toEqual([
      { params: { terminalId: TERMINAL }, query: { appId: '1' } },
    ]);
  });

  it('each alarm switch sends its own call with {id, status} of the setting', async () => {
    const expected = {
      'Fence alarm': ['setFenceAlarm', 'fenceAlarm'],
      'Vibration alarm': ['setVibrationAlarm', 'vibrationAlarm'],
      'SOS alarm': ['setSosAlarm', 'sosAlarm'],
      'Tear-off alarm': ['setTearAlarm', 'tearAlarm'],
      'Low battery alarm': ['setLowPowerAlarm', 'lowPowerAlarm'],
      'Power-off alarm': ['setPowerOffAlarm', 'powerOffAlarm'],
      'Sound alarm': ['setVoiceAlarm', 'voiceAlarm'],
      'Rest reminder': ['setRestAlarm', 'restAlarm'],
      'Offline alarm': ['setOfflineAlarm', 'offlineAlarm'],
    } as const;
    const routeField = Object.fromEntries(Object.values(expected));
    serve(setting());
    answerSwitches(Object.keys(routeField), (name) => routeField[name] as keyof AlarmSetting);
    await open();
    for (const [label, [route]] of Object.entries(expected)) {
      expect(isOn(label), label).toBe(false);
      await click(switchNamed(label));
      expect(callInputs(route), label).toEqual([{ body: { id: SETTING, status: 1 } }]);
      expect(isOn(label), label).toBe(true);
    }
  });

  it('turning one off sends status 0', async () => {
    serve(setting({ sosAlarm: 1 }));
    answerSwitches(['setSosAlarm'], () => 'sosAlarm');
    await open();
    expect(isOn('SOS alarm')).toBe(true);
    await click(switchNamed('SOS alarm'));
    expect(callInputs('setSosAlarm')).toEqual([{ body: { id: SETTING, status: 0 } }]);
  });

  it('overspeed asks for the limit, refuses one out of range, then sends it', async () => {
    serve(setting());
    answerSwitches(['setSpeedAlarm'], () => 'speedAlarm');
    await open();
    await click(switchNamed('Overspeed alarm'));
    expect(callInputs('setSpeedAlarm')).toHaveLength(0);
    expect(pageText()).toContain('Alarm when faster than this (1-300 km/h)');

    await typeInto(input('Overspeed limit'), '500');
    await click(buttonNamed('OK'));
    expect(pageText()).toContain('Please enter the overspeed limit (1-300 km/h)');
    expect(callInputs('setSpeedAlarm')).toHaveLength(0);

    await typeInto(input('Overspeed limit'), '80');
    await click(buttonNamed('OK'));
    expect(callInputs('setSpeedAlarm')).toEqual([{ body: { id: SETTING, status: 1, speed: 80 } }]);
    expect(isOn('Overspeed alarm')).toBe(true);
    expect(pageText()).toContain('Limit 80 km/h');
  });

  it('cancelling the limit leaves overspeed off without a call', async () => {
    serve(setting());
    await open();
    await click(switchNamed('Overspeed alarm'));
    await click(buttonNamed('Cancel'));
    expect(callInputs('setSpeedAlarm')).toHaveLength(0);
    expect(isOn('Overspeed alarm')).toBe(false);
  });

  it('a switch moves at once and moves back when the call fails', async () => {
    serve(setting());
    let fail: (error: Error) => void = () => undefined;
    handlers.setVibrationAlarm = () => new Promise((_, reject) => (fail = reject));
    await open();
    await click(switchNamed('Vibration alarm'));
    expect(isOn('Vibration alarm')).toBe(true);
    fail(new Error('refused'));
    await settleUi();
    expect(isOn('Vibration alarm')).toBe(false);
  });

  it('push on passes the stored push client; without one it sends the status and explains', async () => {
    serve(setting());
    answerSwitches(['setPushAlarm'], () => 'pushAlarm');
    useAppStore.setState({ pushClientId: 'client-1' });
    await open();
    await click(switchNamed('App push'));
    expect(callInputs('setPushAlarm')).toEqual([
      { body: { id: SETTING, status: 1, pushClientId: 'client-1' } },
    ]);
    page.unmount();
    vi.mocked(call).mockClear();

    useAppStore.setState({ pushClientId: null });
    await open();
    await click(switchNamed('App push'));
    expect(callInputs('setPushAlarm')).toEqual([{ body: { id: SETTING, status: 1 } }]);
    expect(pageText()).toContain('turn on notifications under Mine');
  });

  it('SMS and phone rows show the saved numbers and open their pages', async () => {
    serve(setting({ smsAlarm: 1, smsPhoneNo1: '13800138000', smsPhoneNo4: '13900139000' }));
    await open();
    const row = (label: string) =>
      [...document.body.querySelectorAll('.adm-list-item')].find(
        (item) =>
          item.querySelector('.adm-list-item-content-main')?.firstChild?.textContent === label,
      )!;
    expect(row('SMS').textContent).toContain('Numbers saved: 2');
    expect(row('SMS').textContent).toContain('On');
    expect(row('Phone call').textContent).toContain('No number saved');
    await click(row('SMS'));
    expect(navigateTo).toHaveBeenCalledWith(`/pagesDevice/alarm/messages?id=${TERMINAL}`);
    await click(row('Phone call'));
    expect(navigateTo).toHaveBeenCalledWith(`/pagesDevice/alarm/phone?id=${TERMINAL}`);
    await click(row('WeChat'));
    expect(navigateTo).toHaveBeenCalledWith(`/pagesDevice/alarm/wx?id=${TERMINAL}`);
  });

  it('shows only the channels the model and the configuration allow', async () => {
    const channels = () =>
      [...document.body.querySelectorAll('.adm-list')]
        .find((list) => list.textContent?.includes('How to notify'))
        ?.querySelectorAll('.adm-list-item-content-main') ?? [];
    const names = () => [...channels()].map((main) => main.firstChild?.textContent);

    serve(setting(), ALARM_CHANNEL_FLAGS, appConfig({ phoneAlarm: false }));
    await open();
    expect(names()).toEqual(['App push', 'SMS', 'WeChat']);
    page.unmount();

    serve(setting(), featureFlags(false, { enableSmsAlarm: true, enableTelAlarm: true }));
    await open();
    expect(names()).toEqual(['SMS', 'Phone call']);
    page.unmount();

    serve(setting(), featureFlags(false, {}));
    await open();
    expect(pageText()).toContain('This device has no way of notifying alarms.');
    // The alarm switches stay: the device still raises alarms for the message list.
    expect(isOn('Fence alarm')).toBe(false);
  });

  it('re-reads the setting every 10 s while shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serve(setting());
    await open();
    expect(callInputs('terminalAlarmSetting')).toHaveLength(1);
    serve(setting({ fenceAlarm: 1 }));
    vi.advanceTimersByTime(10_000);
    await settleUi();
    expect(callInputs('terminalAlarmSetting')).toHaveLength(2);
    expect(isOn('Fence alarm')).toBe(true);
  });
});

describe('phone and SMS number pages', () => {
  const openPhone = () =>
    page.render(`/pagesDevice/alarm/phone?id=${TERMINAL}`, <AlarmPhonePage />);
  const errors = () =>
    [...document.body.querySelectorAll('.adm-form-item-feedback-error')].map((e) => e.textContent);

  it('checks each number as it is typed with the shared messages, and saves nothing invalid', async () => {
    serve(setting());
    await openPhone();
    await typeInto(input('Number 1'), '1380013800');
    expect(errors()).toEqual(['Please enter a valid mobile number']);
    await typeInto(input('Number 1'), '138一');
    expect(errors()).toEqual(['Chinese characters are not allowed here']);
    await typeInto(input('Number 1'), '13800138000');
    expect(errors()).toEqual([]);
    await typeInto(input('Number 3'), '13800138000');
    expect(errors()).toEqual(['The same number cannot be entered twice']);
    await click(buttonNamed('Save numbers'));
    expect(callInputs('setTelPhoneNumber')).toHaveLength(0);
    // Changing the earlier number clears the repeat of the later one.
    await typeInto(input('Number 1'), '13700137000');
    expect(errors()).toEqual([]);
  });

  it('saves all six numbers, the empty ones as null', async () => {
    serve(setting({ telPhoneNo2: '13600136000' }));
    handlers.setTelPhoneNumber = () =>
      setting({ telPhoneNo1: '13800138000', telPhoneNo3: '13900139000' });
    await openPhone();
    expect(input('Number 2').value).toBe('13600136000');
    await typeInto(input('Number 1'), '13800138000');
    await typeInto(input('Number 2'), '');
    await typeInto(input('Number 3'), '13900139000');
    await click(buttonNamed('Save numbers'));
    expect(callInputs('setTelPhoneNumber')).toEqual([
      {
        body: {
          id: SETTING,
          telPhoneNo1: '13800138000',
          telPhoneNo2: null,
          telPhoneNo3: '13900139000',
          telPhoneNo4: null,
          telPhoneNo5: null,
          telPhoneNo6: null,
        },
      },
    ]);
    expect(toast).toHaveBeenCalledWith('Numbers saved');
  });

  it('refuses to turn calls on with no saved number, without calling', async () => {
    serve(setting());
    await openPhone();
    // A number typed but not saved does not count.
    await typeInto(input('Number 1'), '13800138000');
    await click(switchNamed('Phone call'));
    expect(toast).toHaveBeenCalledWith('Please save at least one phone number');
    expect(callInputs('setTelAlarm')).toHaveLength(0);
    expect(isOn('Phone call')).toBe(false);
  });

  it('turns calls on once a number is saved', async () => {
    serve(setting({ telPhoneNo5: '13800138000' }));
    answerSwitches(['setTelAlarm'], () => 'telAlarm');
    await openPhone();
    await click(switchNamed('Phone call'));
    expect(callInputs('setTelAlarm')).toEqual([{ body: { id: SETTING, status: 1 } }]);
    expect(isOn('Phone call')).toBe(true);
  });

  it('will not clear every number while the channel is on', async () => {
    serve(setting({ telAlarm: 1, telPhoneNo1: '13800138000' }));
    await openPhone();
    await typeInto(input('Number 1'), '');
    await click(buttonNamed('Save numbers'));
    expect(toast).toHaveBeenCalledWith('Please save at least one phone number');
    expect(callInputs('setTelPhoneNumber')).toHaveLength(0);
  });

  it('explains the 3-minute rule', async () => {
    serve(setting());
    await openPhone();
    expect(pageText()).toContain('The same number is not called again within 3 minutes.');
  });

  it('the SMS page edits the SMS numbers and switch', async () => {
    serve(setting({ smsPhoneNo1: '13800138000' }));
    handlers.setSmsPhoneNumber = () =>
      setting({ smsPhoneNo1: '13800138000', smsPhoneNo2: '13900139000' });
    answerSwitches(['setSmsAlarm'], () => 'smsAlarm');
    await page.render(`/pagesDevice/alarm/messages?id=${TERMINAL}`, <AlarmMessagesPage />);
    expect(pageText()).toContain('SMS alarms');
    expect(pageText()).toContain('The same number is not texted again within 3 minutes.');
    await typeInto(input('Number 2'), '13900139000');
    await click(buttonNamed('Save numbers'));
    expect(callInputs('setSmsPhoneNumber')[0]).toEqual({
      body: {
        id: SETTING,
        smsPhoneNo1: '13800138000',
        smsPhoneNo2: '13900139000',
        smsPhoneNo3: null,
        smsPhoneNo4: null,
        smsPhoneNo5: null,
        smsPhoneNo6: null,
      },
    });
    await click(switchNamed('SMS'));
    expect(callInputs('setSmsAlarm')).toEqual([{ body: { id: SETTING, status: 1 } }]);
  });

  it('says so when the configuration turns phone alarms off', async () => {
    serve(setting(), ALARM_CHANNEL_FLAGS, appConfig({ phoneAlarm: false }));
    await openPhone();
    expect(pageText()).toContain('does not offer this way of notifying');
    expect(document.body.querySelector('input')).toBeNull();
  });
});

describe('WeChat pages', () => {
  const openWechat = () => page.render(`/pagesDevice/alarm/wx?id=${TERMINAL}`, <WechatAlarmPage />);

  it('without a bound follower (outside WeChat) explains how to bind and refuses to turn on', async () => {
    serve(setting());
    await openWechat();
    expect(pageText()).toContain('How to bind a WeChat user');
    expect(pageText()).toContain('Open in WeChat');
    await click(switchNamed('WeChat'));
    expect(toast).toHaveBeenCalledWith('Please follow the official account first');
    expect(callInputs('setWechatAlarm')).toHaveLength(0);
    const follow = [...document.body.querySelectorAll('.adm-list-item')].find((item) =>
      item.textContent?.includes('Follow the official account'),
    )!;
    await click(follow);
    expect(navigateTo).toHaveBeenCalledWith(`/pagesDevice/alarm/wx-mp?id=${TERMINAL}`);
  });

  it('with a bound follower shows them and turns on for them', async () => {
    const follower = {
      wechatNickname: 'Grandpa',
      wechatHeadimgurl: 'https://example.com/head.png',
      wechatOpenUnionid: 'union-1',
    };
    serve(setting(follower));
    answerSwitches(['setWechatAlarm'], () => 'wechatAlarm');
    await openWechat();
    expect(pageText()).toContain('Grandpa');
    expect(document.body.querySelector('img')?.getAttribute('src')).toBe(follower.wechatHeadimgurl);
    await click(switchNamed('WeChat'));
    expect(callInputs('setWechatAlarm')).toEqual([
      { body: { id: SETTING, status: 1, ...follower } },
    ]);
  });

  it('the official-account page gives the steps, or says WeChat alarms are not configured', async () => {
    handlers.appConfiguration = () => appConfig();
    await page.render('/pagesDevice/alarm/wx-mp', <WechatOfficialAccountPage />);
    expect(pageText()).toContain('Follow the official account');
    expect(pageText()).toContain('Turn WeChat alarms on');
    page.unmount();

    handlers.appConfiguration = () => appConfig({ wechatMpQrCodeUrl: 'https://mp.example/qr.png' });
    await page.render('/pagesDevice/alarm/wx-mp', <WechatOfficialAccountPage />);
    const qr = document.body.querySelector('img');
    expect(qr?.getAttribute('src')).toBe('https://mp.example/qr.png');
    expect(qr?.getAttribute('alt')).toBe("The official account's QR code");
    page.unmount();

    handlers.appConfiguration = () => appConfig({ wechatAlarm: false });
    await page.render('/pagesDevice/alarm/wx-mp', <WechatOfficialAccountPage />);
    expect(pageText()).toContain('WeChat alarms are not configured on this server');
    expect(pageText()).not.toContain('Follow the official account');
  });
});
