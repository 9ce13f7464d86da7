import { describe, expect, it } from 'vitest';
import { decodeRing } from '../src/map/outline';
import {
  buildBorders,
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

describe('borders', () => {
  // One square province (outside China: no GCJ-02 offset) of two cities split at x = 1; the
  // first city is two districts split at y = 1. Only which arcs a level uses counts here, so the
  // districts' rings are not drawn out in full.
  const geometry = (arcs: number[][], adcode: string) => ({
    type: 'Polygon' as const,
    arcs,
    properties: { adcode, name: adcode },
  });
  const topology = {
    transform: { scale: [1, 1] as [number, number], translate: [0, 0] as [number, number] },
    arcs: [
      // 0: the left half's outline, from (1, 2) round to (1, 0)
      [
        [1, 2],
        [-1, 0],
        [0, -2],
        [1, 0],
      ],
      // 1: the right half's, from (1, 0) round to (1, 2)
      [
        [1, 0],
        [1, 0],
        [0, 2],
        [-1, 0],
      ],
      // 2: between the cities, (1, 0) to (1, 2)
      [
        [1, 0],
        [0, 2],
      ],
      // 3: the left half's outline again, as two parts: (1, 2) to (0, 1) …
      [
        [1, 2],
        [-1, 0],
        [0, -1],
      ],
      // 4: … and (0, 1) to (1, 0)
      [
        [0, 1],
        [0, -1],
        [1, 0],
      ],
      // 5: between the districts, (0, 1) to (1, 1)
      [
        [0, 1],
        [1, 0],
      ],
    ] as [number, number][][],
    objects: {
      province: { geometries: [geometry([[0, 1]], '1')] },
      city: { geometries: [geometry([[0, 2]], '11'), geometry([[1, ~2]], '12')] },
      district: {
        geometries: [
          geometry([[3, ~5, 2]], '111'),
          geometry([[4, 5]], '112'),
          geometry([[1, ~2]], '121'),
        ],
      },
    },
  };
  const line = (...points: Point[]) => encodeRing(points);

  it('between cities are the arcs no province border uses, once each', () => {
    expect(buildBorders(topology, 'city', 0.01)).toEqual({
      crs: 'wgs84',
      scale: 10_000,
      lines: [line([1, 0], [1, 2])],
    });
  });

  it('between districts leave out the borders of their cities', () => {
    expect(buildBorders(topology, 'district', 0.01).lines).toEqual([
      line([1, 2], [0, 2], [0, 1]),
      line([0, 1], [1, 1]),
      line([0, 1], [0, 0], [1, 0]),
    ]);
  });
});
