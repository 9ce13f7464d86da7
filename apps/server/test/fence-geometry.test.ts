import { offset } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { sideAfter, signedDistance, type FenceShape } from '../src/alarms/fence-geometry.js';

const CENTRE = { latitude: 31.2304, longitude: 121.4737 };
const MARGIN = 20;

/** The sides a device takes walking through `distances` (metres north of the centre). */
function walk(shape: Exclude<FenceShape, { type: 'district' }>, distances: number[]) {
  let side: boolean | undefined;
  return distances.map((north) => {
    side = sideAfter(signedDistance(shape, offset(CENTRE, north, 0)), side, MARGIN);
    return side;
  });
}

describe('fence geometry', () => {
  const round = { type: 'round', centre: CENTRE, radiusM: 200 } as const;
  const square = {
    type: 'polygon',
    ring: [
      offset(CENTRE, -200, -200),
      offset(CENTRE, -200, 200),
      offset(CENTRE, 200, 200),
      offset(CENTRE, 200, -200),
    ],
  } as const;

  it('measures metres from the boundary, negative inside', () => {
    expect(signedDistance(round, offset(CENTRE, 150, 0))).toBeCloseTo(-50, 0);
    expect(signedDistance(round, offset(CENTRE, 0, 260))).toBeCloseTo(60, 0);
    expect(signedDistance(square, offset(CENTRE, 150, 0))).toBeCloseTo(-50, 0);
    expect(signedDistance(square, offset(CENTRE, 0, -230))).toBeCloseTo(30, 0);
    expect(signedDistance(square, offset(CENTRE, 260, 260))).toBeCloseTo(Math.hypot(60, 60), 0);
  });

  it.each([
    ['round', round],
    ['polygon', square],
  ] as const)('a %s fence: enter and exit past the margin, no flapping on the line', (_, shape) => {
    // Outside, onto the line and wobbling across it within the margin, inside, then out.
    const sides = walk(shape, [300, 215, 195, 205, 185, 150, 190, 210, 219, 221, 400]);
    expect(sides).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('decides by the boundary alone without a previous side', () => {
    expect(sideAfter(-1, undefined, MARGIN)).toBe(true);
    expect(sideAfter(1, undefined, MARGIN)).toBe(false);
  });
});
