import type { FeatureFlags } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { showsEntry } from '../router/entry-rule';
import { appConfig, featureFlags } from '../test/fixtures';
import { functionEntries } from './functions';

/** The grid of device 7 under the entry rule, with the launch configuration of application 1. */
const keys = (flags: FeatureFlags) =>
  functionEntries(7, (path) =>
    showsEntry(path, { flags, config: appConfig(), auditMode: false }),
  ).map((entry) => entry.key);
const ALWAYS = ['fences', 'remoteSettings', 'reports', 'selfInspection', 'deviceInfo', 'settings'];

describe('more functions grid', () => {
  it('shows only the entries without a flag when every flag is off', () => {
    expect(keys(featureFlags(false))).toEqual(ALWAYS);
  });

  it('shows every entry that has a page, in order, when every flag is on', () => {
    expect(keys(featureFlags(true))).toEqual([
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
    ['enablePushAlarm', 'alarm'],
    ['enableSmsAlarm', 'alarm'],
    ['enablePositionShare', 'shareLocation'],
  ] as const)('%s alone adds %s', (flag, key) => {
    expect(keys(featureFlags(false, { [flag]: true })).filter((k) => !ALWAYS.includes(k))).toEqual([
      key,
    ]);
  });

  it('offers the package top-up for a device with a SIM card, and not under audit', () => {
    const grid = (auditMode: boolean, simCard: boolean) =>
      functionEntries(7, (path) =>
        showsEntry(path, { flags: featureFlags(true), config: appConfig(), auditMode, simCard }),
      ).map((entry) => entry.key);
    expect(grid(false, true)).toContain('topUp');
    expect(grid(false, false)).not.toContain('topUp');
    expect(grid(true, true)).not.toContain('topUp');
    const topUp = functionEntries(42, () => true).find((entry) => entry.key === 'topUp');
    expect(topUp?.path).toBe('/pagesDevice/sim-card?id=42');
  });

  it('offers everything the rule lets through, and nothing else', () => {
    const all = functionEntries(7, () => true).map((entry) => entry.key);
    expect(all).toContain('valueAdded');
    expect(all).toContain('shareLocation');
    expect(functionEntries(7, () => false)).toEqual([]);
  });

  it('offers sharing the location only to those who may manage the device', () => {
    const keysFor = (manager: boolean) =>
      functionEntries(7, () => true, manager).map((entry) => entry.key);
    expect(keysFor(true)).toContain('shareLocation');
    expect(keysFor(false)).not.toContain('shareLocation');
    expect(keysFor(false)).toContain('track');
  });

  it('links each entry to its §2 route with the device id', () => {
    const entries = functionEntries(42, () => true);
    const path = (key: string) => entries.find((entry) => entry.key === key)?.path;
    expect(path('track')).toBe('/pagesDevice/track/index?id=42');
    expect(path('fences')).toBe('/pagesDevice/fenc/table?id=42');
    expect(path('remoteSettings')).toBe('/pagesDevice/remote-set?id=42');
    expect(path('shareLocation')).toBe('/pagesMore/distribute/location?id=42');
    expect(path('valueAdded')).toBe('/pagesBuy/service/index?id=42');
    expect(path('activation')).toBe('/pagesBuy/appreciation/index?id=42');
    expect(path('reports')).toBe('/pagesDevice/report/table?id=42');
    expect(path('selfInspection')).toBe('/pagesDevice/self-inspection?id=42');
    expect(path('deviceInfo')).toBe('/pagesDevice/info/device?id=42');
    expect(path('settings')).toBe('/pagesDevice/info/set?id=42');
  });
});
