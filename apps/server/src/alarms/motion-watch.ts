/** The device-side rules the engine keeps per device, from fixes in order. */
export interface MotionRules {
  /** Overspeed must hold this long (§ issue: "held for a few seconds"). */
  overspeedHoldMs: number;
  /** Continuous driving before a rest reminder, and the pause that counts as a rest. */
  restDriveMs: number;
  restBreakMs: number;
  /** A reported battery level at or below this raises a low-power alarm once per drop. */
  lowBatteryPercent: number;
}

/** Moving means faster than this (km/h): parked GPS drift stays below it. */
const MOVING_KMH = 5;

/**
 * One device's overspeed, rest and battery episodes. Each method answers whether the fix raises
 * the alarm: once per episode (over the limit, a drive without a break, a drop below the level).
 */
export class MotionWatch {
  private overSince: number | undefined;
  private overRaised = false;
  private drivingSince: number | undefined;
  private lastMovingAt: number | undefined;
  private restRaised = false;
  private battery: number | undefined;

  constructor(private readonly rules: MotionRules) {}

  overspeed(time: number, speedKmh: number, limitKmh: number | null): boolean {
    if (limitKmh === null || speedKmh <= limitKmh) {
      this.overSince = undefined;
      this.overRaised = false;
      return false;
    }
    this.overSince ??= time;
    if (this.overRaised || time - this.overSince < this.rules.overspeedHoldMs) return false;
    this.overRaised = true;
    return true;
  }

  rest(time: number, speedKmh: number): boolean {
    if (speedKmh < MOVING_KMH) return false;
    const rested =
      this.lastMovingAt === undefined || time - this.lastMovingAt >= this.rules.restBreakMs;
    if (rested) {
      this.drivingSince = time;
      this.restRaised = false;
    }
    this.lastMovingAt = time;
    if (this.restRaised || time - this.drivingSince! < this.rules.restDriveMs) return false;
    this.restRaised = true;
    return true;
  }

  lowBattery(percent: number | null): boolean {
    if (percent === null) return false;
    const before = this.battery;
    this.battery = percent;
    const low = this.rules.lowBatteryPercent;
    return percent <= low && (before === undefined || before > low);
  }
}
