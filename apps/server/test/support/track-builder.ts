import { offset, type LatLon } from '@xunji/shared';
import type { MotionPoint } from '../../src/history/segment-detector.js';

/**
 * Crafted tracks for the stop/trip tests: park, drive, go silent — one fix every `everyS`
 * seconds. Deterministic drift (a fixed pattern) keeps the tests exact.
 */
export class TrackBuilder {
  readonly points: MotionPoint[] = [];
  private place: LatLon;
  private time: number;

  constructor(start: number, place: LatLon = { latitude: 31.2335, longitude: 121.4705 }) {
    this.time = start;
    this.place = place;
  }

  get now(): number {
    return this.time;
  }

  get here(): LatLon {
    return this.place;
  }

  /** Stays `seconds`, each fix up to `driftM` off, speed 0. */
  park(seconds: number, options: { everyS?: number; driftM?: number; acc?: boolean | null } = {}) {
    const { everyS = 10, driftM = 5, acc = null } = options;
    for (let t = 0; t < seconds; t += everyS) {
      const k = this.points.length;
      const drifted = offset(this.place, ((k * 37) % 11) - 5, ((k * 53) % 11) - 5);
      const scale = driftM / 5;
      this.push({
        latitude: this.place.latitude + (drifted.latitude - this.place.latitude) * scale,
        longitude: this.place.longitude + (drifted.longitude - this.place.longitude) * scale,
        speed: 0,
        acc,
      });
      this.time += everyS * 1000;
    }
    return this;
  }

  /** Drives `metres` east (north with a negative value: south) at `kmh`. */
  drive(
    metres: number,
    kmh: number,
    options: { everyS?: number; acc?: boolean | null; north?: boolean } = {},
  ) {
    const { everyS = 10, acc = null, north = false } = options;
    const step = (kmh / 3.6) * everyS;
    for (let done = 0; done < Math.abs(metres); done += step) {
      const move = Math.min(step, Math.abs(metres) - done) * Math.sign(metres);
      this.place = north ? offset(this.place, move, 0) : offset(this.place, 0, move);
      this.push({ ...this.place, speed: kmh, acc });
      this.time += everyS * 1000;
    }
    return this;
  }

  /** One fix `metres` away and back at once (a multipath jump), reported at `speed`. */
  jump(metres: number, speed = 0) {
    this.push({ ...offset(this.place, metres, 0), speed, acc: null });
    this.time += 10_000;
    return this;
  }

  /** No fix for `seconds`. */
  silence(seconds: number) {
    this.time += seconds * 1000;
    return this;
  }

  /** Teleports (a device that moved while it could not report). */
  moveTo(place: LatLon) {
    this.place = place;
    return this;
  }

  private push(point: Omit<MotionPoint, 'time'>): void {
    this.points.push({ ...point, time: this.time });
  }
}
