import { describe, expect, it } from 'vitest';
import { decodeRing } from '../src/map/outline';
import {
  decodeArcs,
  encodeRing,
  quantize,
  ringArea,
  simplifyLine,
  stitchRing,
  type Point,
} from './build-outline';

describe('outline simplification (Douglas–Peucker)', () => {
  it('drops points closer to the chord than the tolerance and keeps the corners', () => {
    // a straight run with 0.004° wiggles, a real corner at (3, 0), then a spike of 0.5°
    const line: Point[] = [
      [0, 0],
      [0.5, 0.004],
      [1, -0.003],
      [1.5, 0.002],
      [2, 0],
      [3, 0],
      [3, 1],
      [3.5, 1.5],
      [3, 2],
    ];
    expect(simplifyLine(line, 0.01)).toEqual([
      [0, 0],
      [3, 0],
      [3, 1],
      [3.5, 1.5],
      [3, 2],
    ]);
  });

  it('keeps the wiggles larger than the tolerance', () => {
    const line: Point[] = [
      [0, 0],
      [1, 0.02],
      [2, 0],
    ];
    expect(simplifyLine(line, 0.01)).toEqual(line);
    expect(simplifyLine(line, 0.05)).toEqual([
      [0, 0],
      [2, 0],
    ]);
  });

  it('keeps both ends of short and closed lines', () => {
    expect(simplifyLine([[1, 1]], 0.01)).toEqual([[1, 1]]);
    const closed: Point[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(simplifyLine(closed, 0.01)).toEqual(closed);
  });

  it('quantizes to 4 decimals without repeated points', () => {
    expect(
      quantize([
        [114.123449, 22.5],
        [114.12345, 22.500001],
        [114.1235, 22.5],
      ]),
    ).toEqual([
      [114.1234, 22.5],
      [114.1235, 22.5],
    ]);
  });

  it('measures ring areas (to drop specks of islands)', () => {
    expect(
      ringArea([
        [0, 0],
        [2, 0],
        [2, 1],
        [0, 1],
      ]),
    ).toBe(2);
  });
});

describe('TopoJSON arcs', () => {
  const topology = {
    transform: { scale: [0.5, 0.25] as [number, number], translate: [100, 20] as [number, number] },
    arcs: [
      [
        [0, 0],
        [2, 0],
        [0, 4],
      ],
      [
        [2, 4],
        [-2, 0],
        [0, -4],
      ],
    ] as [number, number][][],
  };

  it('undoes the delta encoding and the quantization', () => {
    expect(decodeArcs(topology)).toEqual([
      [
        [100, 20],
        [101, 20],
        [101, 21],
      ],
      [
        [101, 21],
        [100, 21],
        [100, 20],
      ],
    ]);
  });

  it('stitches arcs into rings, reversing negative references', () => {
    const arcs = decodeArcs(topology);
    expect(stitchRing([0, 1], arcs)).toEqual([
      [100, 20],
      [101, 20],
      [101, 21],
      [100, 21],
      [100, 20],
    ]);
    expect(stitchRing([~1, ~0], arcs)).toEqual([
      [100, 20],
      [100, 21],
      [101, 21],
      [101, 20],
      [100, 20],
    ]);
  });
});

describe('outline file rings', () => {
  it('are delta-encoded integers the app decodes back', () => {
    const ring: Point[] = [
      [114.0579, 22.5431],
      [114.1234, 22.5],
      [113.9, 22.6001],
    ];
    const encoded = encodeRing(ring);
    expect(encoded).toEqual([1140579, 225431, 655, -431, -2234, 1001]);
    expect(decodeRing(encoded, 10_000).map((p) => [p.longitude, p.latitude])).toEqual(ring);
  });
});
