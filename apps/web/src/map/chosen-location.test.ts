import { wgs84ToGcj02 } from '@xunji/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPublicPath } from '../router/guard';
import { PATHS } from '../router/paths';
import {
  chooseLocationPath,
  clearChosenLocation,
  parseStartPoint,
  setChosenLocation,
  takeChosenLocation,
  useChosenLocation,
} from './chosen-location';

const SHENZHEN = { latitude: 22.543096, longitude: 114.057865 };

describe('chosen location store', () => {
  beforeEach(() => {
    clearChosenLocation();
  });

  it('is empty at first', () => {
    expect(useChosenLocation.getState().chosen).toBeNull();
    expect(takeChosenLocation()).toBeNull();
  });

  it('keeps WGS-84, GCJ-02 and the address of the confirmed point', () => {
    const stored = setChosenLocation(SHENZHEN, '  广东省深圳市福田区  ', 1_700_000_000_000);
    expect(stored).toEqual({
      wgs84: SHENZHEN,
      gcj02: wgs84ToGcj02(SHENZHEN),
      address: '广东省深圳市福田区',
      chosenAt: 1_700_000_000_000,
    });
    expect(useChosenLocation.getState().chosen).toEqual(stored);
  });

  it('hands the point over once: take returns it and clears it', () => {
    const stored = setChosenLocation(SHENZHEN, null);
    expect(stored.address).toBeNull();
    expect(takeChosenLocation()).toEqual(stored);
    expect(takeChosenLocation()).toBeNull();
    expect(useChosenLocation.getState().chosen).toBeNull();
  });

  it('a later choice replaces an unclaimed one', () => {
    setChosenLocation(SHENZHEN, 'first');
    setChosenLocation({ latitude: 39.9, longitude: 116.4 }, 'second');
    expect(takeChosenLocation()?.address).toBe('second');
  });

  it('outside China GCJ-02 is WGS-84', () => {
    const paris = { latitude: 48.858222, longitude: 2.2945 };
    expect(setChosenLocation(paris, '').gcj02).toEqual(paris);
  });

  it('notifies subscribers (a caller that is still mounted)', () => {
    const seen: (string | null | undefined)[] = [];
    const stop = useChosenLocation.subscribe((state) => seen.push(state.chosen?.address));
    setChosenLocation(SHENZHEN, 'here');
    takeChosenLocation();
    stop();
    expect(seen).toEqual(['here', undefined]);
  });
});

describe('the /choose-location address', () => {
  it('carries the start point, or none', () => {
    expect(chooseLocationPath()).toBe(PATHS.chooseLocation);
    expect(chooseLocationPath(null)).toBe(PATHS.chooseLocation);
    const path = chooseLocationPath(SHENZHEN);
    expect(path).toBe('/choose-location?latitude=22.543096&longitude=114.057865');
    expect(parseStartPoint(new URL(path, 'http://x').searchParams)).toEqual(SHENZHEN);
  });

  it('ignores a missing, malformed or out-of-range start', () => {
    for (const search of [
      '',
      'latitude=22.5',
      'latitude=&longitude=',
      'latitude=abc&longitude=114',
      'latitude=91&longitude=114',
      'latitude=22&longitude=-181',
    ])
      expect(parseStartPoint(new URLSearchParams(search)), search).toBeNull();
    expect(parseStartPoint(new URLSearchParams('latitude=-33.86&longitude=151.2'))).toEqual({
      latitude: -33.86,
      longitude: 151.2,
    });
  });

  it('both location pages need a session (not on the allow-list)', () => {
    expect(isPublicPath(PATHS.chooseLocation)).toBe(false);
    expect(isPublicPath(PATHS.openLocation)).toBe(false);
  });
});
