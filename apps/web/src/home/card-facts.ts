import { DeviceState, type CompassDirection, type Terminal } from '@xunji/shared';
import { freshnessOf, type FixFreshness } from '../devices/fix-age';

/** One fact of the card, in its unit: km/h, km, volts, percent. */
export type CardFact =
  | { key: 'speed'; value: number }
  | { key: 'acc'; value: boolean }
  | { key: 'todayMileage'; value: number }
  | { key: 'odometer'; value: number }
  | { key: 'voltage'; value: number }
  | { key: 'battery'; value: number }
  | { key: 'signal'; value: number }
  | { key: 'satellites'; value: number }
  | { key: 'mode'; value: string }
  | { key: 'direction'; value: CompassDirection };
export type CardFactKey = CardFact['key'];

/** Two rows of four: the card must leave the map room. */
export const MAX_FACTS = 8;

/** A car owner looks at ignition and distance first; a watch family at how it is located. */
const ORDER: Record<'vehicle' | 'watch', CardFactKey[]> = {
  vehicle: [
    'speed',
    'acc',
    'todayMileage',
    'odometer',
    'voltage',
    'battery',
    'signal',
    'satellites',
    'mode',
    'direction',
  ],
  watch: ['mode', 'signal', 'satellites', 'speed'],
};

/** A watch (the model's category): the call button and the battery in the card's head. */
export const isWatch = (terminal: Terminal): boolean =>
  terminal.terminalTypeInfo.category === 'watch';

export interface CardView {
  watch: boolean;
  /** Online: the facts it reports (heartbeats too) are now's, even while its fix is old. */
  reporting: boolean;
  freshness: FixFreshness;
  /** Only what the device reports, most wanted first. */
  facts: CardFact[];
  /** A watch's battery (percent), shown large in the head. */
  battery: { percent: number; charging: boolean } | null;
  /** The speed of a last fix that no longer speaks for now (offline, or old): km/h, above 0. */
  lastSpeed: number | null;
}

/**
 * What the card shows of a device at `now`. `dayStartOdometer` is its mileage when the user's day
 * began (GET /v2/terminal/day-mileage), null while unknown.
 */
export function cardView(
  terminal: Terminal,
  now: number,
  dayStartOdometer: number | null,
): CardView {
  const info = terminal.lbsInfo;
  const watch = isWatch(terminal);
  const freshness = freshnessOf(terminal, now);
  const reported: { [K in CardFactKey]?: Extract<CardFact, { key: K }>['value'] | null } = {
    speed: freshness.current ? info.speed : null,
    acc: info.acc === null ? null : info.acc === 1,
    // A watch's distance is a walk's: its mileage is left to the history.
    todayMileage:
      watch || info.mileage === null || dayStartOdometer === null
        ? null
        : Math.max(0, info.mileage - dayStartOdometer),
    odometer: watch ? null : info.mileage,
    voltage: info.voltage,
    battery: watch ? null : info.battery,
    signal: info.wlSignal,
    satellites: info.gnssCount,
    mode: info.lbsMode,
    direction: freshness.current && terminal.motion ? terminal.dir : null,
  };
  const facts = ORDER[watch ? 'watch' : 'vehicle']
    .flatMap((key) => {
      const value = reported[key];
      return value === null || value === undefined ? [] : [{ key, value } as CardFact];
    })
    .slice(0, MAX_FACTS);
  return {
    watch,
    reporting: terminal.deviceState === DeviceState.ONLINE,
    freshness,
    facts,
    battery:
      watch && info.battery !== null
        ? { percent: info.battery, charging: info.batteryState === 1 }
        : null,
    lastSpeed:
      !freshness.current && terminal.locateTime !== null && (info.speed ?? 0) > 0
        ? info.speed
        : null,
  };
}
