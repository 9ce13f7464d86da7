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
