import type { CommandRecord } from '@xunji/shared';

/**
 * The log as shown: the loaded pages with the newest page read again (every 10 s) laid over them,
 * so commands sent since come first and the results that arrived replace the waiting rows.
 */
export function withNewest(loaded: readonly CommandRecord[], newest: readonly CommandRecord[]) {
  const byId = new Map(newest.map((record) => [record.id, record]));
  const known = new Set(loaded.map((record) => record.id));
  const added = newest.filter((record) => !known.has(record.id));
  return [...added, ...loaded.map((record) => byId.get(record.id) ?? record)];
}
