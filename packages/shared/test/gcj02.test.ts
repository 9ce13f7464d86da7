import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02Columns } from '../src/gcj02.js';

/** The same points on every run (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

describe('GCJ-02 for many points', () => {
  it('gives bit for bit what gcoord gives, inside China, outside it and on its edges', () => {
    const random = seeded(42);
    const points: [number, number][] = [
      // gcoord's rectangle and just outside it
      [72.004, 0.8293],
      [137.8347, 55.8271],
      [72.0039, 30],
      [137.8348, 30],
      [100, 0.8292],
      [100, 55.8272],
      [121.4705, 31.2335],
      [103.8198, 1.3521],
      [-122.4194, 37.7749],
      [0, 0],
    ];
    for (let i = 0; i < 20_000; i++)
      points.push([random() * 360 - 180 + (i % 2) * 1e-7, random() * 180 - 90]);
    for (let i = 0; i < 20_000; i++) points.push([73 + random() * 62, 3 + random() * 50]);
    const { longitude, latitude } = wgs84ToGcj02Columns(
      points.map(([lon]) => lon),
      points.map(([, lat]) => lat),
    );
    const mismatches = points.filter(([lon, lat], i) => {
      const [gcjLon, gcjLat] = gcoord.transform([lon, lat], gcoord.WGS84, gcoord.GCJ02);
      return !Object.is(longitude[i], gcjLon) || !Object.is(latitude[i], gcjLat);
    });
    expect(mismatches).toEqual([]);
    // Not a copy of the input: points in China moved by hundreds of metres.
    expect(Math.abs(longitude[6]! - 121.4705)).toBeGreaterThan(0.003);
  });
});
