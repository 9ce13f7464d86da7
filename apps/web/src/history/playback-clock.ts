import {
  BASE_RATE,
  positionAt,
  type PlaybackPosition,
  type PlaybackSpeed,
  type Timeline,
} from './playback';

export interface PlaybackState {
  playing: boolean;
  speed: PlaybackSpeed;
  /** Playback seconds. */
  time: number;
  /** The shown point at or before the marker (index into the timeline). */
  step: number;
}

type Listener = () => void;
type FrameListener = (position: PlaybackPosition) => void;

/** Coarse state (controls, values at the marker) changes at most this often while playing. */
const STATE_EVERY_MS = 200;

/**
 * The playback of a track: advances with requestAnimationFrame, tells the marker every frame
 * and React (useSyncExternalStore) a few times a second, so the page does not re-render at 60 Hz.
 */
export class PlaybackClock {
  private state: PlaybackState = { playing: false, speed: 1, time: 0, step: 0 };
  private readonly listeners = new Set<Listener>();
  private readonly frameListeners = new Set<FrameListener>();
  private frame = 0;
  private lastTick = 0;
  private lastPublished = 0;

  constructor(private timeline: Timeline) {}

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): PlaybackState => this.state;

  onFrame(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    listener(positionAt(this.timeline, this.state.time));
    return () => this.frameListeners.delete(listener);
  }

  get duration(): number {
    return this.timeline.duration;
  }

  /** A new track (or other shown points): back to the start, paused. */
  setTimeline(timeline: Timeline): void {
    this.timeline = timeline;
    this.pause();
    this.seek(0);
  }

  play(): void {
    if (this.state.playing || this.timeline.indices.length < 2) return;
    // At the end, play starts again from the beginning.
    const time = this.state.time >= this.timeline.duration ? 0 : this.state.time;
    this.set({ playing: true, time });
    this.lastTick = performance.now();
    this.frame = requestAnimationFrame(this.tick);
  }

  pause(): void {
    cancelAnimationFrame(this.frame);
    if (this.state.playing) this.set({ playing: false });
  }

  setSpeed(speed: PlaybackSpeed): void {
    this.set({ speed });
  }

  seek(time: number): void {
    this.set({ time: Math.max(0, Math.min(time, this.timeline.duration)) });
    this.emitFrame();
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.listeners.clear();
    this.frameListeners.clear();
  }

  private readonly tick = (now: number): void => {
    const elapsed = (now - this.lastTick) / 1000;
    this.lastTick = now;
    const time = Math.min(
      this.timeline.duration,
      this.state.time + elapsed * BASE_RATE * this.state.speed,
    );
    const ended = time >= this.timeline.duration;
    const position = this.emitFrame(time);
    if (ended || now - this.lastPublished >= STATE_EVERY_MS) {
      this.lastPublished = now;
      this.set({ time, step: position.step, playing: !ended });
    } else this.state = { ...this.state, time };
    if (!ended) this.frame = requestAnimationFrame(this.tick);
  };

  private emitFrame(time = this.state.time): PlaybackPosition {
    const position = positionAt(this.timeline, time);
    for (const listener of this.frameListeners) listener(position);
    return position;
  }

  private set(patch: Partial<PlaybackState>): void {
    const next = { ...this.state, ...patch };
    if (patch.time !== undefined && patch.step === undefined)
      next.step = positionAt(this.timeline, next.time).step;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
