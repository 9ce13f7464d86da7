/**
 * One vehicle driving a city loop: city speeds of 20-60 km/h, stops at lights, parking stops of a
 * few minutes with metres of GPS drift, battery drain and now and then an alarm.
 */
import type { DeviceAlarm, Fix } from './fix.js';
import { between, seededRandom, type Random } from './random.js';
import { offset, type LatLon } from '@xunji/shared';
import { Route, type City } from './route.js';

export const MIN_CITY_KMH = 20;
export const MAX_CITY_KMH = 60;
const LIGHT_EVERY_M = [300, 900] as const;
const LIGHT_SECONDS = [20, 90] as const;
const PARK_EVERY_M = [3_000, 9_000] as const;
const PARK_SECONDS = [180, 600] as const;
const DRIFT_M = 4;
const ACCELERATION_KMH_PER_S = 8;
const DRAIN_PERCENT_PER_HOUR = 4;
const LOW_BATTERY_PERCENT = 20;
/** Chance per simulated hour of a spontaneous alarm. */
const ALARMS_PER_HOUR = 0.5;

type Mode =
  | { kind: 'driving'; targetKmh: number }
  | { kind: 'light'; until: number }
  | { kind: 'parked'; until: number; at: LatLon };

export interface TripOptions {
  city: City;
  seed: number;
  /** Start time, epoch ms. */
  start: number;
  /**
   * Drive only at speeds in this range (km/h), never stopping at lights or parking: a vehicle
   * crawling in a jam, or cruising on an expressway. Default: city driving with its stops.
   */
  cruiseKmh?: { min: number; max: number };
}

export class Trip {
  private readonly route: Route;
  private readonly random: Random;
  private distance: number;
  private readonly startDistance: number;
  private speedKmh = 0;
  private elapsed = 0;
  private mode: Mode;
  private nextLightAt: number;
  private nextParkAt: number;
  private battery: number;
  private pendingAlarm: DeviceAlarm | undefined;
  /** Oil cut: the vehicle stops and stays parked until restored. */
  private cut = false;
  private time: number;
  private readonly cruiseKmh: TripOptions['cruiseKmh'];

  constructor(options: TripOptions) {
    this.cruiseKmh = options.cruiseKmh;
    this.route = new Route(options.city);
    this.random = seededRandom(options.seed);
    this.distance = this.random() * this.route.length;
    this.startDistance = this.distance;
    this.mode = { kind: 'driving', targetKmh: this.pickSpeed() };
    this.nextLightAt = this.distance + between(this.random, ...LIGHT_EVERY_M);
    this.nextParkAt = this.distance + between(this.random, ...PARK_EVERY_M);
    this.battery = between(this.random, 60, 100);
    this.time = Math.floor(options.start / 1000) * 1000;
  }

  get city(): City {
    return this.route.city;
  }

  private pickSpeed(): number {
    if (this.cruiseKmh) return between(this.random, this.cruiseKmh.min, this.cruiseKmh.max);
    return between(this.random, MIN_CITY_KMH + 5, MAX_CITY_KMH);
  }

  setCut(cut: boolean): void {
    this.cut = cut;
    // Restored: the driver sets off again instead of waiting out the (endless) cut parking.
    if (!cut && this.mode.kind === 'parked') this.mode.until = this.elapsed;
  }

  /** Raises an alarm on the next fix (e.g. an SOS button press). */
  raise(alarm: DeviceAlarm): void {
    this.pendingAlarm = alarm;
  }

  /** Simulated time of the last step, epoch ms (whole seconds). */
  get now(): number {
    return this.time;
  }

  /** Advances the simulation by `seconds`, in steps of about one second. */
  advance(seconds: number): void {
    const steps = Math.max(1, Math.round(seconds));
    for (let k = 0; k < steps; k++) this.step(seconds / steps);
    this.time += Math.round(seconds * 1000);
  }

  private step(dt: number): void {
    this.elapsed += dt;
    this.drainBattery(dt);
    if (this.random() < (ALARMS_PER_HOUR * dt) / 3600)
      this.pendingAlarm ??= this.mode.kind === 'parked' ? 'vibration' : 'sos';
    if (this.cut && this.mode.kind !== 'parked')
      this.mode = { kind: 'parked', until: Infinity, at: this.route.at(this.distance) };
    switch (this.mode.kind) {
      case 'driving':
        return this.drive(dt, this.mode.targetKmh);
      case 'light':
        this.speedKmh = 0;
        if (this.elapsed >= this.mode.until) this.resume();
        return;
      case 'parked':
        this.speedKmh = 0;
        if (!this.cut && this.elapsed >= this.mode.until) this.resume();
    }
  }

  private resume(): void {
    this.mode = { kind: 'driving', targetKmh: this.pickSpeed() };
  }

  private drive(dt: number, targetKmh: number): void {
    const delta = Math.max(
      -ACCELERATION_KMH_PER_S * dt,
      Math.min(ACCELERATION_KMH_PER_S * dt, targetKmh - this.speedKmh),
    );
    this.speedKmh = Math.max(0, this.speedKmh + delta);
    this.distance += (this.speedKmh / 3.6) * dt;
    if (this.random() < dt / 30) this.mode = { kind: 'driving', targetKmh: this.pickSpeed() };
    if (this.cruiseKmh) return;
    if (this.distance >= this.nextParkAt) {
      this.nextParkAt = this.distance + between(this.random, ...PARK_EVERY_M);
      this.speedKmh = 0;
      const until = this.elapsed + between(this.random, ...PARK_SECONDS);
      this.mode = { kind: 'parked', until, at: this.route.at(this.distance) };
    } else if (this.distance >= this.nextLightAt) {
      this.nextLightAt = this.distance + between(this.random, ...LIGHT_EVERY_M);
      this.speedKmh = 0;
      this.mode = { kind: 'light', until: this.elapsed + between(this.random, ...LIGHT_SECONDS) };
    }
  }

  private drainBattery(dt: number): void {
    const before = this.battery;
    this.battery = Math.max(5, this.battery - (DRAIN_PERCENT_PER_HOUR * dt) / 3600);
    if (before >= LOW_BATTERY_PERCENT && this.battery < LOW_BATTERY_PERCENT)
      this.pendingAlarm ??= 'lowBattery';
  }

  /** The fix at the current time; a pending alarm is attached once. */
  fix(): Fix {
    const onRoad = this.route.at(this.distance);
    const parked = this.mode.kind === 'parked';
    const place = parked
      ? offset(
          this.mode.kind === 'parked' ? this.mode.at : onRoad,
          between(this.random, -DRIFT_M, DRIFT_M),
          between(this.random, -DRIFT_M, DRIFT_M),
        )
      : onRoad;
    const fix: Fix = {
      time: this.time,
      latitude: Math.round(place.latitude * 1e6) / 1e6,
      longitude: Math.round(place.longitude * 1e6) / 1e6,
      altitude: 12,
      speedKmh: Math.round(this.speedKmh),
      course: onRoad.course,
      satellites: 6 + Math.floor(this.random() * 7),
      batteryPercent: Math.round(this.battery),
      acc: !parked,
      cut: this.cut,
      mileageKm: Math.round(this.distance - this.startDistance) / 1000,
    };
    if (this.pendingAlarm) {
      fix.alarm = this.pendingAlarm;
      this.pendingAlarm = undefined;
    }
    return fix;
  }
}
