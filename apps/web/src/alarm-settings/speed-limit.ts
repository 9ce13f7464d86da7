import { SPEED_LIMIT_MAX_KMH, SPEED_LIMIT_MIN_KMH } from '@xunji/shared';

/** The overspeed limit typed in, km/h; null unless a number within the allowed range (§5). */
export function parseSpeedLimit(text: string): number | null {
  const trimmed = text.trim();
  const speed = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(speed)) return null;
  return speed >= SPEED_LIMIT_MIN_KMH && speed <= SPEED_LIMIT_MAX_KMH ? speed : null;
}
