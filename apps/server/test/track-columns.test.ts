import { describe, expect, it } from 'vitest';
import { inTimeOrder } from '../src/repositories/track-columns.js';

describe('stored track columns', () => {
  const columns = (order: number[]) => ({
    fixTime: order.map((i) => 1000 * i),
    latitude: order.map((i) => 31 + i / 100),
    longitude: order.map((i) => 121 + i / 100),
    speed: order.map((i) => i),
    course: order.map((i) => i * 10),
    lbsMode: order.map((i) => (i === 2 ? 'lbs' : 'gps')),
    valid: order.map((i) => (i === 2 ? 0 : 1)),
    acc: order.map((i) => (i === 1 ? null : i % 2)),
    reupload: order.map((i) => (i > 3 ? 1 : 0)),
  });

  it('puts rows that came in another order in fix-time order, every column alike', () => {
    expect(inTimeOrder(columns([3, 0, 4, 2, 1]))).toEqual(columns([0, 1, 2, 3, 4]));
  });

  it('leaves ordered columns as they are', () => {
    const ordered = columns([0, 1, 2]);
    expect(inTimeOrder(ordered)).toBe(ordered);
  });
});
