import { SPEED_BANDS, speedBand } from './speed-colors';

type LatLngs = [number, number][][];

/**
 * Running sums of distance and of speed × distance along the points, so the mean speed over the
 * points a simplified segment stands for costs four reads. Weighted by distance: the fixes of a
 * stop (many, at speed 0, going nowhere) must not turn the drive that follows them slow.
 */
export function speedSums(speed: Float32Array, x: Float64Array, y: Float64Array) {
  const metres = new Float64Array(speed.length + 1);
  const weighted = new Float64Array(speed.length + 1);
  for (let i = 1; i < speed.length; i++) {
    const dx = x[i]! - x[i - 1]!;
    const dy = y[i]! - y[i - 1]!;
    const d = Math.sqrt(dx * dx + dy * dy);
    metres[i + 1] = metres[i]! + d;
    weighted[i + 1] = weighted[i]! + d * speed[i]!;
  }
  return { metres, weighted, speed };
}

export type SpeedSums = ReturnType<typeof speedSums>;

function meanSpeed(sums: SpeedSums, a: number, b: number): number {
  const metres = sums.metres[b + 1]! - sums.metres[a + 1]!;
  return metres > 0 ? (sums.weighted[b + 1]! - sums.weighted[a + 1]!) / metres : sums.speed[b]!;
}

/**
 * The simplified points cut into runs of one speed band each, as Leaflet lines per band. A
 * simplified segment stands for every point between its ends: it gets the band of their mean speed.
 */
export function bandLines(
  kept: Uint32Array,
  sums: SpeedSums,
  lat: Float64Array,
  lon: Float64Array,
) {
  const lines: LatLngs[] = SPEED_BANDS.map(() => []);
  let band = -1;
  let run: [number, number][] = [];
  for (let k = 1; k < kept.length; k++) {
    const a = kept[k - 1]!;
    const b = kept[k]!;
    const next = speedBand(meanSpeed(sums, a, b));
    if (next !== band) {
      if (run.length > 1) lines[band]!.push(run);
      run = [[lat[a]!, lon[a]!]];
      band = next;
    }
    run.push([lat[b]!, lon[b]!]);
  }
  if (run.length > 1 && band >= 0) lines[band]!.push(run);
  return lines;
}
