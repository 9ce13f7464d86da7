import type { Position } from '@xunji/protocols';

export const MAX_FUTURE_MS = 10 * 60_000;

export type Rejection = 'invalidFix' | 'future' | 'duplicate';

/**
 * The pipeline's filter: a GPS fix the device marks invalid, a fix more than 10 minutes in the
 * future, or a repeat of the fix time already stored is not kept (but still acknowledged, or the
 * device would send it forever). Cell and Wi-Fi fixes are kept and flagged by their lbsMode.
 */
export function rejectPosition(
  position: Position,
  lastFixTime: number | undefined,
  now: number,
): Rejection | null {
  if (!position.valid && position.lbsMode === 'gps') return 'invalidFix';
  if (position.fixTime > now + MAX_FUTURE_MS) return 'future';
  if (lastFixTime !== undefined && position.fixTime === lastFixTime) return 'duplicate';
  return null;
}
