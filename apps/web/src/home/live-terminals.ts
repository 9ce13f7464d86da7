import { applyLiveUpdate, type LiveDeviceUpdate, type Terminal } from '@xunji/shared';

/** The terminals with a batch of live patches applied; untouched ones stay the same objects. */
export function applyLiveUpdates(
  terminals: readonly Terminal[],
  updates: readonly LiveDeviceUpdate[],
): Terminal[] {
  if (updates.length === 0) return terminals as Terminal[];
  const byId = new Map(updates.map((update) => [update.id, update]));
  return terminals.map((terminal) => {
    const update = byId.get(terminal.id);
    return update ? applyLiveUpdate(terminal, update) : terminal;
  });
}

/** "3 min ago" style age of a time, in whole units, for the device card. */
export function ageOf(
  time: number | null,
  now: number,
): { unit: 'justNow' | 'minutes' | 'hours' | 'days'; count: number } | null {
  if (time === null) return null;
  const minutes = Math.floor(Math.max(0, now - time) / 60_000);
  if (minutes < 1) return { unit: 'justNow', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}
