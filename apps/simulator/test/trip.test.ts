import { describe, expect, it } from 'vitest';
import type { Fix } from '../src/fix.js';
import { distanceMetres } from '@xunji/shared';
import { CITIES, Route } from '../src/route.js';
import { MAX_CITY_KMH, Trip } from '../src/trip.js';

const START = Date.UTC(2026, 10, 22, 0, 0, 0);

/** A simulated day of fixes every 10 s. */
function drive(cityIndex: number, seed: number, fixes = 8640): Fix[] {
  const trip = new Trip({ city: CITIES[cityIndex]!, seed, start: START });
  return Array.from({ length: fixes }, () => {
    trip.advance(10);
    return trip.fix();
  });
}

describe('routes', () => {
  it.each(CITIES.map((c) => [c.name, c] as const))(
    '%s: the loop lies inside the city',
    (_, city) => {
      for (const p of city.waypoints) {
        expect(p.latitude).toBeGreaterThan(city.bounds.south);
        expect(p.latitude).toBeLessThan(city.bounds.north);
        expect(p.longitude).toBeGreaterThan(city.bounds.west);
        expect(p.longitude).toBeLessThan(city.bounds.east);
      }
      const length = new Route(city).length;
      expect(length).toBeGreaterThan(3_000);
      expect(length).toBeLessThan(30_000);
    },
  );
});

describe('trips', () => {
  it.each(CITIES.map((c, i) => [c.name, i] as const))(
    '%s: a day stays in the city at realistic speeds, with lights, parking and battery drain',
    (_, index) => {
      const city = CITIES[index]!;
      const fixes = drive(index, 7 + index);
      for (const f of fixes) {
        expect(f.latitude).toBeGreaterThan(city.bounds.south);
        expect(f.latitude).toBeLessThan(city.bounds.north);
        expect(f.longitude).toBeGreaterThan(city.bounds.west);
        expect(f.longitude).toBeLessThan(city.bounds.east);
        expect(f.speedKmh).toBeGreaterThanOrEqual(0);
        expect(f.speedKmh).toBeLessThanOrEqual(MAX_CITY_KMH);
        expect(f.time % 1000).toBe(0);
      }
      const moving = fixes.filter((f) => f.speedKmh > 0);
      const average = moving.reduce((sum, f) => sum + f.speedKmh, 0) / moving.length;
      expect(average).toBeGreaterThan(20);
      expect(average).toBeLessThan(50);
      // Stops at lights and parking: a good share of the day at 0 km/h.
      expect(fixes.length - moving.length).toBeGreaterThan(fixes.length * 0.1);
      expect(fixes.some((f) => !f.acc)).toBe(true);
      expect(fixes.at(-1)!.batteryPercent).toBeLessThan(fixes[0]!.batteryPercent);
      expect(fixes.at(-1)!.mileageKm).toBeGreaterThan(50);
      const times = fixes.map((f) => f.time);
      expect(new Set(times).size).toBe(times.length);
    },
  );

  it('drifts only a few metres while parked', () => {
    const fixes = drive(0, 3);
    let longestParkDrift = 0;
    let parkedRun: Fix[] = [];
    for (const f of fixes) {
      if (!f.acc) parkedRun.push(f);
      else if (parkedRun.length > 0) {
        const first = parkedRun[0]!;
        for (const p of parkedRun)
          longestParkDrift = Math.max(longestParkDrift, distanceMetres(first, p));
        parkedRun = [];
      }
    }
    expect(longestParkDrift).toBeGreaterThan(0);
    expect(longestParkDrift).toBeLessThan(15);
  });

  it('consecutive moving fixes are a plausible distance apart', () => {
    const fixes = drive(2, 11, 2000);
    for (let i = 1; i < fixes.length; i++) {
      const metres = distanceMetres(fixes[i - 1]!, fixes[i]!);
      expect(metres).toBeLessThan((MAX_CITY_KMH / 3.6) * 10 + 15);
    }
  });

  it('stays parked at 0 km/h while the oil is cut', () => {
    const trip = new Trip({ city: CITIES[1]!, seed: 5, start: START });
    trip.advance(120);
    trip.setCut(true);
    for (let i = 0; i < 100; i++) {
      trip.advance(10);
      expect(trip.fix()).toMatchObject({ speedKmh: 0, acc: false, cut: true });
    }
    trip.setCut(false);
    const speeds = Array.from({ length: 12 }, () => {
      trip.advance(10);
      return trip.fix().speedKmh;
    });
    expect(Math.max(...speeds)).toBeGreaterThan(0);
  });

  it('cruises within a speed range without lights or parking, and still stops when cut', () => {
    const trip = new Trip({
      city: CITIES[0]!,
      seed: 9,
      start: START,
      cruiseKmh: { min: 8, max: 15 },
    });
    const hour = Array.from({ length: 3600 }, () => {
      trip.advance(1);
      return trip.fix();
    });
    // From standstill at 8 km/h per second, the range is reached after the first second.
    for (const f of hour.slice(1)) {
      expect(f.speedKmh).toBeGreaterThanOrEqual(8);
      expect(f.speedKmh).toBeLessThanOrEqual(15);
      expect(f.acc).toBe(true);
    }
    expect(new Set(hour.map((f) => f.speedKmh)).size).toBeGreaterThan(3);
    // An hour at 8-15 km/h: 8-15 km.
    expect(hour.at(-1)!.mileageKm).toBeGreaterThan(8);
    expect(hour.at(-1)!.mileageKm).toBeLessThan(15);
    trip.setCut(true);
    const cut = Array.from({ length: 60 }, () => {
      trip.advance(1);
      return trip.fix();
    });
    expect(cut.every((f) => f.speedKmh === 0 && !f.acc && f.cut)).toBe(true);
    const stopped = cut[0]!;
    for (const f of cut) expect(distanceMetres(stopped, f)).toBeLessThan(15);
  });

  it('raises alarms now and then over a day, and on demand', () => {
    const alarms = CITIES.flatMap((_, i) => drive(i, 100 + i)).filter((f) => f.alarm);
    expect(alarms.length).toBeGreaterThan(0);
    const trip = new Trip({ city: CITIES[0]!, seed: 1, start: START });
    trip.raise('sos');
    expect(trip.fix().alarm).toBe('sos');
    expect(trip.fix().alarm).toBeUndefined();
  });
});
