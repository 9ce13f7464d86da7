import { describe, expect, it } from 'vitest';
import { centreOffset, fitPadding, isWellInView, NO_PADDING } from './view-padding';

const phone = { width: 390, height: 794 };

describe('view padding', () => {
  it('moves the centre so a point shows in the middle of the part the card leaves free', () => {
    // A 300-px card at the bottom, a 56-px bar at the top: the free part's middle is 122 px
    // above the map's, so the map's centre is 122 px below the device.
    expect(centreOffset({ top: 56, right: 0, bottom: 300, left: 0 })).toEqual({ x: 0, y: 122 });
    expect(centreOffset({ top: 0, right: 60, bottom: 0, left: 20 })).toEqual({ x: 20, y: 0 });
    expect(centreOffset(NO_PADDING)).toEqual({ x: 0, y: 0 });
  });

  it('is kept as it is while it leaves enough of the map', () => {
    const padding = { top: 56, right: 0, bottom: 300, left: 0 };
    expect(fitPadding(padding, phone)).toEqual(padding);
  });

  it('shrinks in proportion when a card would cover nearly all of the map', () => {
    const fitted = fitPadding(
      { top: 60, right: 0, bottom: 540, left: 0 },
      { width: 320, height: 600 },
    );
    expect(fitted.top + fitted.bottom).toBeCloseTo(600 * 0.7, 6);
    expect(fitted.bottom / fitted.top).toBeCloseTo(9, 6);
  });

  it('tells whether a point is well inside the free part', () => {
    const padding = { top: 56, right: 0, bottom: 300, left: 0 };
    // Free part: y 56…494, x 0…390; 20 % margins: y 143.6…406.4, x 78…312.
    expect(isWellInView({ x: 195, y: 275 }, phone, padding)).toBe(true);
    expect(isWellInView({ x: 195, y: 450 }, phone, padding)).toBe(false);
    expect(isWellInView({ x: 195, y: 600 }, phone, padding)).toBe(false);
    expect(isWellInView({ x: 40, y: 275 }, phone, padding)).toBe(false);
    expect(isWellInView({ x: 195, y: 100 }, phone, padding)).toBe(false);
  });
});
