import { describe, expect, it } from 'vitest';
import { compassDirection, gcj02ToWgs84, inChina, wgs84ToGcj02 } from '../src/geo.js';

/** Published vectors of the GCJ-02 formula (eviltransform and coordtransform test suites). */
const VECTORS = [
  { wgs: [31.1774276, 121.5272106], gcj: [31.17530398364597, 121.531541859215] },
  { wgs: [22.543847, 113.912316], gcj: [22.540796131694766, 113.9171764808363] },
  { wgs: [39.911954, 116.377817], gcj: [39.91334545536069, 116.38404722455657] },
  { wgs: [39.915, 116.404], gcj: [39.91640428150164, 116.41024449916938] },
] as const;

describe('GCJ-02', () => {
  it.each(VECTORS)('offsets $wgs inside China as the published formula does', ({ wgs, gcj }) => {
    const shifted = wgs84ToGcj02({ latitude: wgs[0], longitude: wgs[1] });
    expect(shifted.latitude).toBeCloseTo(gcj[0], 9);
    expect(shifted.longitude).toBeCloseTo(gcj[1], 9);
    const back = gcj02ToWgs84(shifted);
    expect(back.latitude).toBeCloseTo(wgs[0], 7);
    expect(back.longitude).toBeCloseTo(wgs[1], 7);
  });

  it('leaves points outside China as they are', () => {
    const tokyo = { latitude: 35.6812, longitude: 139.7671 };
    const sydney = { latitude: -33.8688, longitude: 151.2093 };
    expect(inChina(tokyo)).toBe(false);
    expect(wgs84ToGcj02(tokyo)).toEqual(tokyo);
    expect(gcj02ToWgs84(sydney)).toEqual(sydney);
  });
});

describe('compass direction (§4)', () => {
  it.each([
    [0, 'north'],
    [22.5, 'north'],
    [22.6, 'northeast'],
    [67.5, 'northeast'],
    [67.6, 'east'],
    [112.5, 'east'],
    [112.6, 'southeast'],
    [157.5, 'southeast'],
    [157.6, 'south'],
    [202.5, 'south'],
    [202.6, 'southwest'],
    [247.5, 'southwest'],
    [247.6, 'west'],
    [292.5, 'west'],
    [292.6, 'northwest'],
    [337.5, 'northwest'],
    [337.6, 'north'],
    [360, 'north'],
    [-10, 'north'],
  ] as const)('%s° is %s', (bearing, direction) => {
    expect(compassDirection(bearing)).toBe(direction);
  });

  it('is north without a bearing', () => {
    expect(compassDirection(undefined)).toBe('north');
    expect(compassDirection(null)).toBe('north');
    expect(compassDirection(Number.NaN)).toBe('north');
  });
});
