import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleSweep } from '../src/gateway/idle-sweep.js';

describe('IdleSweep', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('closes a connection silent for the idle time, within a tenth of it', () => {
    const sweep = new IdleSweep(1000);
    const close = vi.fn();
    sweep.watch({ close });
    vi.advanceTimersByTime(1000);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(close).toHaveBeenCalledTimes(1);
    // Once: it is no longer watched.
    vi.advanceTimersByTime(5000);
    expect(close).toHaveBeenCalledTimes(1);
    sweep.stop();
  });

  it('keeps a connection that is heard from, and forgets one that ended', () => {
    const sweep = new IdleSweep(1000);
    const talking = vi.fn();
    const ended = vi.fn();
    const watch = sweep.watch({ close: talking });
    sweep.watch({ close: ended }).end();
    for (let i = 0; i < 30; i++) {
      vi.advanceTimersByTime(500);
      watch.heard();
    }
    expect(talking).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1100);
    expect(talking).toHaveBeenCalledTimes(1);
    sweep.stop();
  });

  it('closes nothing once stopped', () => {
    const sweep = new IdleSweep(1000);
    const close = vi.fn();
    sweep.watch({ close });
    sweep.stop();
    vi.advanceTimersByTime(5000);
    expect(close).not.toHaveBeenCalled();
  });
});
