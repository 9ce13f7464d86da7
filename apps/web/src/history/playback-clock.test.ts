import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaybackClock } from './playback-clock';
import { BASE_RATE, type Timeline } from './playback';

const timeline: Timeline = {
  indices: Uint32Array.from([0, 1, 2, 3]),
  at: Float64Array.from([0, 100, 200, 300]),
  duration: 300,
};

describe('PlaybackClock', () => {
  let now = 0;
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    now = 0;
    frames = [];
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Runs the pending frame `ms` later. */
  const advance = (ms: number) => {
    now += ms;
    const pending = frames;
    frames = [];
    for (const frame of pending) frame(now);
  };

  it('advances at the base rate times the speed, and stops at the end', () => {
    const clock = new PlaybackClock(timeline);
    clock.setSpeed(8);
    clock.play();
    advance(500);
    expect(clock.getState().time).toBeCloseTo(0.5 * BASE_RATE * 8);
    expect(clock.getState().step).toBe(0);
    advance(500);
    expect(clock.getState()).toMatchObject({ step: 1, playing: true });
    advance(10_000);
    expect(clock.getState()).toMatchObject({ time: 300, step: 3, playing: false });
    expect(frames).toHaveLength(0);
  });

  it('tells the marker every frame and seeks where it is told', () => {
    const clock = new PlaybackClock(timeline);
    const seen: number[] = [];
    clock.onFrame((position) => seen.push(position.step + position.fraction));
    clock.seek(150);
    expect(seen.at(-1)).toBeCloseTo(1.5);
    expect(clock.getState().step).toBe(1);
    clock.seek(9999);
    expect(clock.getState().time).toBe(300);
    clock.play();
    expect(clock.getState().time).toBe(0);
  });
});
