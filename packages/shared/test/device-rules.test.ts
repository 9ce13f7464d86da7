import { describe, expect, it } from 'vitest';
import {
  activationStateOf,
  ActivationState,
  BADGE_COLORS,
  badgeColor,
  deviceStateLabel,
  deviceStateOf,
  iconTypeName,
  motionOf,
} from '../src/device-rules.js';

const period = (startingTime: number, expirationTime: number, isTrial: boolean) => ({
  startingTime,
  expirationTime,
  isTrial,
});

describe('§4 activation state', () => {
  it.each([
    ['no vip and no user state', null, null, ActivationState.NONE],
    ['a user state without a record', null, 1, ActivationState.NOT_ACTIVATED],
    ['expiry equal to the start', period(1000, 1000, false), 1, ActivationState.NOT_ACTIVATED],
    ['expiry before the start', period(2000, 1000, false), 1, ActivationState.NOT_ACTIVATED],
    ['a trial running', period(1000, 2000, true), 2, ActivationState.TRIAL],
    ['a paid period', period(1000, 2000, false), 1, ActivationState.ACTIVE],
    ['a vip record with no user state', period(1000, 2000, false), null, ActivationState.ACTIVE],
  ])('%s', (_, vip, user, expected) => {
    expect(activationStateOf(vip, user)).toBe(expected);
  });
});

describe('§4 device state and badge colours', () => {
  it('maps the connection to deviceState', () => {
    expect(deviceStateOf(null)).toBe(0);
    expect(deviceStateOf('online')).toBe(1);
    expect(deviceStateOf('offline')).toBe(2);
    expect(deviceStateOf('shutdown')).toBe(3);
  });

  it('says online in the list and moving/static elsewhere', () => {
    expect(deviceStateLabel(1, true, 'list')).toBe('online');
    expect(deviceStateLabel(1, false, 'list')).toBe('online');
    expect(deviceStateLabel(1, true, 'map')).toBe('moving');
    expect(deviceStateLabel(1, false, 'map')).toBe('static');
    expect(deviceStateLabel(0, false, 'map')).toBe('unused');
    expect(deviceStateLabel(2, true, 'map')).toBe('offline');
    expect(deviceStateLabel(3, false, 'list')).toBe('shutdown');
    expect(deviceStateLabel(7, false, 'map')).toBe('unknown');
  });

  it('colours offline grey, online and moving green, static blue, unused light grey, others red', () => {
    expect(badgeColor('offline')).toBe(BADGE_COLORS.offline);
    expect(badgeColor('online')).toBe(badgeColor('moving'));
    expect(badgeColor('moving')).toBe('#1fb356');
    expect(badgeColor('static')).toBe('#1677ff');
    expect(badgeColor('unused')).toBe('#d9d9d9');
    expect(badgeColor('shutdown')).toBe(BADGE_COLORS.other);
    expect(badgeColor('unknown')).toBe(BADGE_COLORS.other);
    expect(new Set(Object.values(BADGE_COLORS)).size).toBe(5);
  });

  it('moves only when online and above the drift speed', () => {
    expect(motionOf(30, true)).toBe(true);
    expect(motionOf(3, true)).toBe(false);
    expect(motionOf(30, false)).toBe(false);
    expect(motionOf(null, true)).toBe(false);
  });

  it('names icons, unknown ones "other"', () => {
    expect(iconTypeName(0)).toBe('car');
    expect(iconTypeName(6)).toBe('pet');
    expect(iconTypeName(42)).toBe('other');
  });
});
