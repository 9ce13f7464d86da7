import { describe, expect, it } from 'vitest';
import { FAILURES_IN_A_ROW, TILE_TIMEOUT_MS, TileHealth } from './tile-health';

describe('tile health', () => {
  it('is loading until a tile loads, then loaded', () => {
    const health = new TileHealth();
    health.tileRequested(1000);
    expect(health.status(1500)).toBe('loading');
    health.tileLoaded();
    expect(health.status(1000 + TILE_TIMEOUT_MS * 10)).toBe('loaded');
  });

  it('fails after several failures in a row, not after one', () => {
    const health = new TileHealth();
    health.tileFailed();
    expect(health.status(10)).toBe('loading');
    for (let i = 1; i < FAILURES_IN_A_ROW; i++) health.tileFailed();
    expect(health.status(10)).toBe('failed');
  });

  it('recovers when tiles load again, and a loaded tile resets the count', () => {
    const health = new TileHealth();
    for (let i = 0; i < FAILURES_IN_A_ROW; i++) health.tileFailed();
    health.tileLoaded();
    expect(health.status(10)).toBe('loaded');
    for (let i = 1; i < FAILURES_IN_A_ROW; i++) health.tileFailed();
    expect(health.status(10)).toBe('loaded');
    health.tileFailed();
    expect(health.status(10)).toBe('failed');
  });

  it('fails when nothing at all has come back for a while after the first request', () => {
    const health = new TileHealth();
    expect(health.status(TILE_TIMEOUT_MS * 2)).toBe('loading');
    health.tileRequested(5000);
    health.tileRequested(6000);
    expect(health.status(5000 + TILE_TIMEOUT_MS - 1)).toBe('loading');
    expect(health.status(5000 + TILE_TIMEOUT_MS)).toBe('failed');
  });
});
