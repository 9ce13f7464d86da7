import { gcj02ToWgs84, wgs84ToGcj02 } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { outlineRings } from './polyline';

const gcj = (latitude: number, longitude: number) => wgs84ToGcj02({ latitude, longitude });
const pair = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `${longitude},${latitude}`;

describe('AMap outline', () => {
  it('reads every ring, in WGS-84', () => {
    const first = [gcj(22.5, 113.9), gcj(22.5, 114), gcj(22.6, 114)];
    const second = [gcj(22.2, 113.5), gcj(22.2, 113.6), gcj(22.3, 113.6), gcj(22.3, 113.5)];
    const polyline = [first, second].map((ring) => ring.map(pair).join(';')).join('|');
    const rings = outlineRings(polyline);
    expect(rings.map((ring) => ring.length)).toEqual([3, 4]);
    expect(rings[0]![0]!.latitude).toBeCloseTo(22.5, 6);
    expect(rings[0]![0]!.longitude).toBeCloseTo(113.9, 6);
    expect(rings[1]![3]).toEqual(gcj02ToWgs84(second[3]!));
  });

  it('skips malformed pairs and rings too short to enclose anything', () => {
    expect(outlineRings('114,22;x,y;114.1,22;114.1,22.1|114,22;114.1,22')).toHaveLength(1);
    expect(outlineRings('114,22;x,y;114.1,22;114.1,22.1')[0]).toHaveLength(3);
    expect(outlineRings('')).toEqual([]);
    expect(outlineRings(undefined)).toEqual([]);
  });
});
