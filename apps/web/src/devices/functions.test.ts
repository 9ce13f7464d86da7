import { FEATURE_FLAGS, type FeatureFlags } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { functionEntries } from './functions';

const flags = (on: Partial<FeatureFlags> = {}): FeatureFlags => ({
  ...(Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags),
  ...on,
});
const keys = (f: FeatureFlags) => functionEntries(f, 7).map((entry) => entry.key);
const ALWAYS = ['fences', 'remoteSettings', 'reports', 'selfInspection', 'deviceInfo', 'settings'];

describe('feature flags → more functions grid', () => {
  it('shows only the entries without a flag when every flag is off', () => {
    expect(keys(flags())).toEqual(ALWAYS);
  });

  it('shows every entry, in order, when every flag is on', () => {
    const all = flags(Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])));
    expect(keys(all)).toEqual([
      'track',
      'fences',
      'alarm',
      'remoteSettings',
      'locateMode',
      'voice',
      'shareLocation',
      'valueAdded',
      'activation',
      'reports',
      'selfInspection',
      'deviceInfo',
      'settings',
    ]);
  });

  it.each([
    ['enableTrack', 'track'],
    ['enablePositionMode', 'locateMode'],
    ['enableRecord', 'voice'],
    ['enablePositionShare', 'shareLocation'],
    ['enableValueAdded', 'valueAdded'],
    ['enableActivation', 'activation'],
  ] as const)('%s alone adds %s', (flag, key) => {
    expect(keys(flags({ [flag]: true })).filter((k) => !ALWAYS.includes(k))).toEqual([key]);
  });

  it.each(['enablePushAlarm', 'enableTelAlarm', 'enableSmsAlarm', 'enableWechatAlarm'] as const)(
    'alarm settings show when %s is on',
    (flag) => {
      expect(keys(flags({ [flag]: true }))).toContain('alarm');
    },
  );

  it('links each entry to its §2 route with the device id', () => {
    const entries = functionEntries(flags({ enableTrack: true, enableValueAdded: true }), 42);
    const path = (key: string) => entries.find((entry) => entry.key === key)?.path;
    expect(path('track')).toBe('/pagesDevice/track/index?id=42');
    expect(path('fences')).toBe('/pagesDevice/fenc/table?id=42');
    expect(path('remoteSettings')).toBe('/pagesDevice/remote-set?id=42');
    expect(path('valueAdded')).toBe('/pagesBuy/service/index?id=42');
    expect(path('reports')).toBe('/pagesDevice/report/table?id=42');
    expect(path('selfInspection')).toBe('/pagesDevice/self-inspection?id=42');
    expect(path('deviceInfo')).toBe('/pagesDevice/info/device?id=42');
    expect(path('settings')).toBe('/pagesDevice/info/set?id=42');
  });
});
