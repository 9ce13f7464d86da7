import { describe, expect, it } from 'vitest';
import { bandLines, speedSums } from './track-bands';

describe('track speed bands', () => {
  // 20 fixes parked at x=0 (speed 0), then a drive east at 45 km/h, 100 m a fix.
  const n = 30;
  const x = Float64Array.from({ length: n }, (_, i) => (i < 20 ? 0 : (i - 19) * 100));
  const y = new Float64Array(n);
  const speed = Float32Array.from({ length: n }, (_, i) => (i < 20 ? 0 : 45));
  const lat = Float64Array.from(y);
  const lon = Float64Array.from(x);
  const sums = speedSums(speed, x, y);

  it('colours a simplified segment by the speed it was driven at, not by the stop before it', () => {
    const lines = bandLines(Uint32Array.from([0, n - 1]), sums, lat, lon);
    expect(lines.map((band) => band.length)).toEqual([0, 0, 1, 0, 0]);
  });

  it('starts a new run where the band changes, sharing the point between them', () => {
    speed[25] = 95;
    const fast = speedSums(speed, x, y);
    const lines = bandLines(Uint32Array.from([19, 24, 25, 29]), fast, lat, lon);
    expect(lines[2]).toEqual([
      [
        [0, 0],
        [0, 500],
      ],
      [
        [0, 600],
        [0, 1000],
      ],
    ]);
    expect(lines[4]).toEqual([
      [
        [0, 500],
        [0, 600],
      ],
    ]);
  });
});
