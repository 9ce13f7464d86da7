import type { Position } from '@xunji/protocols';
import { distanceMetres } from '@xunji/shared';

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

/** Faster than anything a tracker rides in (airliners cruise at about 900 km/h). */
export const MAX_PLAUSIBLE_KMH = 1000;
/** Shorter jumps are GPS or cell-fix noise, whatever the speed they imply over a second. */
const MIN_JUMP_METRES = 10_000;

export interface FixPoint {
  latitude: number;
  longitude: number;
  fixTime: number;
}

/**
 * Whether a valid GPS fix implies an impossible speed from the device's previous one (another
 * device using its number, or a broken receiver). It is stored all the same, flagged: a device
 * moved while off is plausible over a long gap, and which of two fixes is wrong is not known.
 */
export function implausibleJump(position: Position, from: FixPoint | undefined): boolean {
  if (!from || !position.valid || position.lbsMode !== 'gps') return false;
  const metres = distanceMetres(from, position);
  const hours = Math.abs(position.fixTime - from.fixTime) / 3_600_000;
  return metres >= MIN_JUMP_METRES && metres / 1000 > MAX_PLAUSIBLE_KMH * hours;
}
