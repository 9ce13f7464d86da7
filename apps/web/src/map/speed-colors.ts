/** The track's colours by speed, slowest first; `from` in km/h. Shared by the line and its legend. */
export const SPEED_BANDS = [
  { from: 0, color: '#1677ff' },
  { from: 20, color: '#00b578' },
  { from: 40, color: '#ffc300' },
  { from: 60, color: '#ff8f1f' },
  { from: 90, color: '#ff3141' },
] as const;

/** The index of the band a speed falls in. */
export function speedBand(kmh: number): number {
  for (let band = SPEED_BANDS.length - 1; band > 0; band--)
    if (kmh >= SPEED_BANDS[band]!.from) return band;
  return 0;
}
