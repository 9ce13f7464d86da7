import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import type { SegmentRepository } from '../repositories/segment.repository.js';
import { detectSegments, type DetectedStop, type MotionPoint } from './segment-detector.js';
import type { SegmentRules } from './segment-rules.js';
import { toDetectedStop, toSegmentRow } from './segment-rows.js';

/** Fixes read per step when a device has a long backlog (a first run over months of data). */
const READ_BATCH = 50_000;

/**
 * Keeps each device's stops and trips up to date, incrementally: a run reads only the fixes
 * after the device's latest lasting stop, or — when late fixes arrived — after the last stop
 * before the earliest of them, and replaces the segments from that stop on. Runs of one device
 * never overlap; reports call `update` first, so they never miss a fix already stored.
 */
export class SegmentUpdater {
  /** Devices with fixes stored since their last run, and their earliest late fix if any. */
  private readonly waiting = new Map<number, number | undefined>();
  private readonly runs = new Map<number, Promise<void>>();
  /** Late marks being written: a run waits for them, so it never leaves one behind. */
  private readonly marking = new Map<number, Promise<void>>();
  /** When each device was last brought up to date. */
  private readonly ranAt = new Map<number, number>();
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly positions: PositionRepository,
    private readonly segments: SegmentRepository,
    private readonly rules: SegmentRules,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
    /**
     * A device with nothing stored since a run this recent is up to date (only a silent
     * device's provisional stop waits that long; positions stored by another process too).
     */
    private readonly freshMs = 60_000,
  ) {}

  /**
   * Positions of a device were stored; `lateFrom` is the earliest of them when some were older
   * than the device's newest fix (re-uploads). A late mark is kept in the database, so a restart
   * before the next run still redoes that span. Answers the mark's write, if there is one: most
   * positions are not late, and cost no promise (the gateway calls this for each of them).
   */
  stored(deviceId: number, lateFrom?: number): Promise<void> | undefined {
    const earlier = this.waiting.get(deviceId);
    const late =
      lateFrom === undefined
        ? earlier
        : earlier === undefined
          ? lateFrom
          : Math.min(earlier, lateFrom);
    this.waiting.set(deviceId, late);
    return lateFrom === undefined ? undefined : this.markLate(deviceId, lateFrom);
  }

  private async markLate(deviceId: number, lateFrom: number): Promise<void> {
    const marked = this.segments.mark(deviceId, lateFrom);
    this.marking.set(deviceId, marked);
    try {
      await marked;
    } finally {
      if (this.marking.get(deviceId) === marked) this.marking.delete(deviceId);
    }
  }

  /** At start: the devices with late fixes marked before it are swept again. */
  async watchMarked(): Promise<void> {
    for (const deviceId of await this.segments.markedDevices())
      this.waiting.set(deviceId, this.waiting.get(deviceId));
  }

  /**
   * Detection for every device with new fixes, one device after the other. Each device starts in
   * a turn of its own: on SQLite every query is synchronous, and a fleet's sweep would otherwise
   * hold the gateway's reads and acknowledgements for seconds. A sweep still running when the
   * next is due is not started twice (the schedule: jobs/periodic-work). Once `signal` aborts (the
   * server stops) it ends after the device under way: a fleet's sweep under load can take a
   * minute, and the devices left are swept by their next fix's run (reports update first anyway).
   */
  sweep(signal?: AbortSignal): Promise<void> {
    this.sweeping ??= this.sweepWaiting(signal).finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepWaiting(signal: AbortSignal | undefined): Promise<void> {
    const devices = [...this.waiting.keys()];
    for (const deviceId of devices) {
      await nextTurn();
      if (signal?.aborted) return;
      try {
        await this.update(deviceId);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Brings one device's segments up to date (waits for a run already under way). */
  update(deviceId: number): Promise<void> {
    const previous = this.runs.get(deviceId) ?? Promise.resolve();
    if (this.fresh(deviceId)) return previous;
    const run = previous
      .catch(() => undefined)
      .then(() => this.run(deviceId))
      .finally(() => {
        if (this.runs.get(deviceId) === run) this.runs.delete(deviceId);
      });
    this.runs.set(deviceId, run);
    return run;
  }

  /** Nothing stored since a run this recent. */
  private fresh(deviceId: number): boolean {
    const ranAt = this.ranAt.get(deviceId);
    return (
      !this.waiting.has(deviceId) && ranAt !== undefined && this.clock.now() - ranAt < this.freshMs
    );
  }

  private async run(deviceId: number): Promise<void> {
    await this.marking.get(deviceId)?.catch(() => undefined);
    const lateInMemory = this.waiting.get(deviceId);
    this.waiting.delete(deviceId);
    const started = this.clock.now();
    const mark = await this.segments.markOf(deviceId);
    const late = [lateInMemory, mark].filter((time) => time !== undefined);
    const stored = await this.segments.resumeStop(
      deviceId,
      late.length > 0 ? Math.min(...late) : undefined,
    );
    let resume: DetectedStop | undefined = stored && toDetectedStop(stored);
    let pending: MotionPoint[] = [];
    let readAfter = resume?.last.time;
    for (;;) {
      const rows = await this.positions.motionFixes(deviceId, readAfter, READ_BATCH);
      for (const row of rows)
        pending.push({
          time: row.fixTime,
          latitude: row.latitude,
          longitude: row.longitude,
          speed: row.speed,
          acc: row.acc === null ? null : row.acc === 1,
        });
      const complete = rows.length < READ_BATCH;
      if (rows.length > 0) readAfter = rows[rows.length - 1]!.fixTime;
      const now = complete ? this.clock.now() : (readAfter ?? 0);
      const detected = detectSegments(pending, this.rules, now, resume && { ...resume });
      await this.segments.replaceFrom(
        deviceId,
        resume ? resume.start.time : null,
        detected.map((segment) => toSegmentRow(deviceId, segment)),
      );
      if (complete) break;
      // A long backlog: go on from the latest lasting stop found so far.
      const lasting = detected.findLast(
        (s): s is DetectedStop => s.kind === 'stop' && !s.provisional,
      );
      if (lasting) {
        resume = lasting;
        pending = pending.filter((p) => p.time > lasting.last.time);
      }
    }
    if (mark !== undefined) await this.segments.clearMark(deviceId, mark);
    this.ranAt.set(deviceId, started);
  }
}
