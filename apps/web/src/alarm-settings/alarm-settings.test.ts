import { describe, expect, it } from 'vitest';
import { ALARM_CHANNEL_FLAGS, appConfig, featureFlags } from '../test/fixtures';
import { availableChannels } from './channels';
import { phoneError, phoneFields, phoneSlots } from './phone-numbers';
import { parseSpeedLimit } from './speed-limit';

describe('phone numbers (§5)', () => {
  it('allows an empty slot and a mainland mobile', () => {
    expect(phoneError('', [])).toBeNull();
    expect(phoneError('  ', ['13800138000'])).toBeNull();
    expect(phoneError('13800138000', ['', '13900139000'])).toBeNull();
  });

  it('names the first rule broken: Chinese, then the pattern, then a repeat', () => {
    expect(phoneError('138一二', [])).toBe('noChinese');
    expect(phoneError('12800138000', [])).toBe('mobile');
    expect(phoneError('1380013800', [])).toBe('mobile');
    expect(phoneError(' 13800138000', ['13800138000 '])).toBe('phoneRepeated');
  });

  it('sends six slots per channel, trimmed, empty as null', () => {
    expect(phoneFields('sms')).toEqual([
      'smsPhoneNo1',
      'smsPhoneNo2',
      'smsPhoneNo3',
      'smsPhoneNo4',
      'smsPhoneNo5',
      'smsPhoneNo6',
    ]);
    expect(phoneSlots('tel', { telPhoneNo2: ' 13800138000 ', telPhoneNo4: '  ' })).toEqual({
      telPhoneNo1: null,
      telPhoneNo2: '13800138000',
      telPhoneNo3: null,
      telPhoneNo4: null,
      telPhoneNo5: null,
      telPhoneNo6: null,
    });
  });
});

describe('overspeed limit', () => {
  it('takes a number of 1-300 km/h', () => {
    expect(parseSpeedLimit('80')).toBe(80);
    expect(parseSpeedLimit(' 1 ')).toBe(1);
    expect(parseSpeedLimit('300')).toBe(300);
    expect(parseSpeedLimit('95.5')).toBe(95.5);
    for (const text of ['', '0', '301', '-5', 'abc', 'Infinity']) {
      expect(parseSpeedLimit(text), text).toBeNull();
    }
  });
});

describe('alarm channels', () => {
  it('needs both the model flag and the configuration flag', () => {
    expect([...availableChannels(ALARM_CHANNEL_FLAGS, appConfig())]).toEqual([
      'push',
      'sms',
      'tel',
      'wechat',
    ]);
    // §9 defaults: phone alarm off.
    expect([...availableChannels(ALARM_CHANNEL_FLAGS, appConfig({ phoneAlarm: false }))]).toEqual([
      'push',
      'sms',
      'wechat',
    ]);
    expect([
      ...availableChannels(featureFlags(false, { enableWechatAlarm: true }), appConfig()),
    ]).toEqual(['wechat']);
    expect([
      ...availableChannels(
        featureFlags(false, { enablePushAlarm: true }),
        appConfig({ pushAlarm: false }),
      ),
    ]).toEqual([]);
  });

  it('offers WeChat only with the official account configured (its OAuth names the follower)', () => {
    const noAccount = appConfig({ oauth: { ...appConfig().oauth, wechatMpAppId: null } });
    expect([...availableChannels(ALARM_CHANNEL_FLAGS, noAccount)]).toEqual(['push', 'sms', 'tel']);
  });

  it('follows the model alone while no configuration is known', () => {
    expect([...availableChannels(featureFlags(false, { enableTelAlarm: true }), null)]).toEqual([
      'tel',
    ]);
  });
});
