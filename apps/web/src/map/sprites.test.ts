import { BADGE_COLORS } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { angleBucket, isRotated, spriteKey } from './sprites';

describe('marker sprites', () => {
  it('are cached per icon, colour, size and pixel ratio', () => {
    expect(spriteKey(0, BADGE_COLORS.moving, false, 2)).toBe('car|#1fb356|normal|2|0');
    expect(spriteKey(6, BADGE_COLORS.offline, true, 3)).toBe('pet|#8c8c8c|selected|3|0');
    const keys = new Set([
      spriteKey(0, '#1fb356', false, 2),
      spriteKey(1, '#1fb356', false, 2),
      spriteKey(0, '#1677ff', false, 2),
      spriteKey(0, '#1fb356', true, 2),
      spriteKey(0, '#1fb356', false, 1),
    ]);
    expect(keys.size).toBe(5);
  });

  it('share the "other" icon for unknown icon types', () => {
    expect(spriteKey(42, '#d9d9d9', false, 1)).toBe(spriteKey(7, '#d9d9d9', false, 1));
    expect(spriteKey(-1, '#d9d9d9', false, 1)).toBe('other|#d9d9d9|normal|1|0');
  });

  it('turn vehicles with their heading and keep people and pets upright', () => {
    expect([0, 1, 2].map(isRotated)).toEqual([true, true, true]);
    expect([3, 4, 5, 6, 7, 99].map(isRotated)).toEqual([false, false, false, false, false, false]);
  });
});

describe('vehicle headings', () => {
  it('are drawn in 10° steps, none being north', () => {
    expect([0, 4, 5, 14, 355, 359, 360, 724, -10].map(angleBucket)).toEqual([
      0, 0, 10, 10, 0, 0, 0, 0, 350,
    ]);
    expect(angleBucket(null)).toBe(0);
    expect(angleBucket(Number.NaN)).toBe(0);
  });

  it('give vehicles one sprite per step and upright icons one in all', () => {
    expect(spriteKey(0, '#1fb356', false, 2, 90)).toBe('car|#1fb356|normal|2|90');
    expect(spriteKey(0, '#1fb356', false, 2, 90)).not.toBe(spriteKey(0, '#1fb356', false, 2, 100));
    expect(spriteKey(3, '#1fb356', false, 2, 90)).toBe(spriteKey(3, '#1fb356', false, 2, 0));
  });
});
