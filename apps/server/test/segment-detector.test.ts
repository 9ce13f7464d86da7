import { offset } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import {
  detectSegments,
  type DetectedSegment,
  type DetectedStop,
  type MotionPoint,
} from '../src/history/segment-detector.js';
import { DEFAULT_SEGMENT_RULES as RULES } from '../src/history/segment-rules.js';
import { TrackBuilder } from './support/track-builder.js';

const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const kinds = (segments: DetectedSegment[]) => segments.map((s) => s.kind);
const at = (segments: DetectedSegment[], index: number) => segments[index]!;
const detect = (points: MotionPoint[], now = points.at(-1)!.time) =>
  detectSegments(points, RULES, now);

/** Detection resumed after each chunk from the latest lasting stop, as the server runs it. */
function detectInChunks(points: MotionPoint[], chunk: number, now: number): DetectedSegment[] {
  let stored: DetectedSegment[] = [];
  for (let end = chunk; end < points.length + chunk; end += chunk) {
    const seen = points.slice(0, Math.min(end, points.length));
    const chunkNow = Math.min(now, seen.at(-1)!.time);
    const resumeIndex = stored.findLastIndex((s) => s.kind === 'stop' && !s.provisional);
    const resume = resumeIndex >= 0 ? (stored[resumeIndex] as DetectedStop) : undefined;
    const after = resume ? seen.filter((p) => p.time > resume.last.time) : seen;
    const fresh = detectSegments(after, RULES, chunkNow, resume && structuredClone(resume));
    stored = [...stored.slice(0, Math.max(0, resumeIndex)), ...fresh];
  }
  return stored;
}

describe('stops and trips', () => {
  it('a parked device with GPS drift makes one stop and never a trip', () => {
    const track = new TrackBuilder(T0).park(3 * 3600, { driftM: 60 });
    // Multipath jumps of 300 m now and then, one fix each, reported at walking speed.
    for (let k = 0; k < 5; k++) track.jump(300, 3).park(600, { driftM: 60 });
    const segments = detect(track.points);
    expect(kinds(segments)).toEqual(['stop']);
    expect(at(segments, 0)).toMatchObject({
      start: { time: T0 },
      endTime: track.points.at(-1)!.time,
    });
  });

  it('a drive between two parkings is a trip with its distance and top speed', () => {
    const track = new TrackBuilder(T0).park(600).drive(5000, 40).park(600);
    const segments = detect(track.points);
    expect(kinds(segments)).toEqual(['stop', 'trip', 'stop']);
    const trip = at(segments, 1);
    expect(trip.kind === 'trip' && trip.distance).toBeGreaterThan(4950);
    expect(trip.kind === 'trip' && trip.distance).toBeLessThan(5100);
    expect(trip.kind === 'trip' && trip.maxSpeed).toBe(40);
    expect(trip.kind === 'trip' && trip.start.time).toBe(
      at(segments, 0).kind === 'stop' && (at(segments, 0) as DetectedStop).endTime,
    );
    expect(trip.kind === 'trip' && trip.end.time).toBe(
      (at(segments, 2) as DetectedStop).start.time,
    );
  });

  it('a short hop under the minimum distance is no trip: the stays merge', () => {
    const track = new TrackBuilder(T0).park(600).drive(250, 15).park(600);
    const segments = detect(track.points);
    expect(kinds(segments)).toEqual(['stop']);
    expect((at(segments, 0) as DetectedStop).start.time).toBe(T0);
  });

  it('a pause just under the minimum time is no stop; just over it is', () => {
    const under = new TrackBuilder(T0).drive(3000, 40).park(170).drive(3000, 40).park(600);
    expect(kinds(detect(under.points))).toEqual(['trip', 'stop']);
    const over = new TrackBuilder(T0).drive(3000, 40).park(200).drive(3000, 40).park(600);
    expect(kinds(detect(over.points))).toEqual(['trip', 'stop', 'trip', 'stop']);
  });

  it('ACC off ends a trip at once, and drift while ACC is off never starts one', () => {
    const track = new TrackBuilder(T0)
      .drive(3000, 40, { acc: true })
      .park(60, { acc: false })
      .jump(400)
      .park(3600, { acc: false, driftM: 50 });
    const segments = detect(track.points);
    expect(kinds(segments)).toEqual(['trip', 'stop']);
    expect((at(segments, 1) as DetectedStop).accOff).toBe(true);
    expect(at(segments, 1)).toMatchObject({ endTime: track.points.at(-1)!.time });
  });

  it('an hour without data and a fix elsewhere is a stop, then a trip', () => {
    const track = new TrackBuilder(T0)
      .drive(3000, 40)
      .park(30)
      .silence(2 * 3600);
    const firstAfterGap = track.now;
    track
      .moveTo(offset(track.here, 0, 800))
      .drive(3000, 40)
      .park(600);
    const segments = detect(track.points);
    expect(kinds(segments)).toEqual(['trip', 'stop', 'trip', 'stop']);
    const stop = at(segments, 1) as DetectedStop;
    expect(stop.endTime).toBe(firstAfterGap);
    const trip = at(segments, 2);
    expect(trip.kind === 'trip' && trip.start.time).toBe(firstAfterGap);
  });

  it('an hour without data in the same place is one long stop', () => {
    const track = new TrackBuilder(T0)
      .drive(3000, 40)
      .park(60)
      .silence(8 * 3600)
      .park(600);
    const segments = detect(track.points);
    expect(kinds(segments)).toEqual(['trip', 'stop']);
    expect(
      (at(segments, 1) as DetectedStop).endTime - (at(segments, 1) as DetectedStop).start.time,
    ).toBeGreaterThan(8 * 3600_000);
  });

  it('a device silent for an hour after arriving has stopped, provisionally', () => {
    const track = new TrackBuilder(T0).drive(3000, 40).park(20);
    const last = track.points.at(-1)!.time;
    expect(kinds(detect(track.points, last + 10 * 60_000))).toEqual([]);
    const later = detect(track.points, last + 2 * 3600_000);
    expect(kinds(later)).toEqual(['trip', 'stop']);
    expect((at(later, 1) as DetectedStop).provisional).toBe(true);
  });

  it('a trip crossing midnight keeps its whole span', () => {
    const start = Date.UTC(2026, 10, 22, 15, 50, 0); // 23:50 in Shanghai
    const track = new TrackBuilder(start).park(300).drive(15_000, 45).park(600);
    const trip = detect(track.points)[1]!;
    expect(trip.kind).toBe('trip');
    expect(trip.kind === 'trip' && trip.start.time).toBeLessThan(Date.UTC(2026, 10, 22, 16));
    expect(trip.kind === 'trip' && trip.end.time).toBeGreaterThan(Date.UTC(2026, 10, 22, 16));
  });

  it('a device that reports no speed still makes trips by how far it went', () => {
    const track = new TrackBuilder(T0).park(600).drive(2000, 30).park(600);
    const noSpeed = track.points.map((p) => ({ ...p, speed: 0 }));
    expect(kinds(detect(noSpeed))).toEqual(['stop', 'trip', 'stop']);
  });

  const day = new TrackBuilder(T0)
    .park(900)
    .drive(4000, 40, { acc: true })
    .park(300, { acc: false })
    .drive(200, 10)
    .park(400)
    .drive(6000, 50)
    .park(170)
    .drive(2500, 35)
    .park(1200, { driftM: 40 })
    .jump(350)
    .park(900)
    .drive(1500, 20)
    .silence(7200)
    .moveTo({ latitude: 31.25, longitude: 121.5 })
    .drive(3000, 30)
    .park(700);
  const now = day.now + 60_000;
  const whole = detectSegments(day.points, RULES, now);

  it('gives the same answer resumed chunk by chunk as over the whole day', () => {
    expect(kinds(whole)).toEqual([
      'stop',
      'trip',
      'stop',
      'trip',
      'stop',
      'trip',
      'stop',
      'trip',
      'stop',
    ]);
    for (const chunk of [1, 7, 60, 500])
      expect(detectInChunks(day.points, chunk, now)).toEqual(whole);
  });

  it('gives the same answer when re-uploaded fixes arrive late and out of order', () => {
    // The device was out of signal for the middle of the day and sent those fixes afterwards,
    // newest batch first: each arrival is detected again from the last stop before it.
    const missing = day.points.slice(200, 420);
    const onTime = [...day.points.slice(0, 200), ...day.points.slice(420)];
    let stored = detectSegments(onTime, RULES, now);
    const batches = [missing.slice(150), missing.slice(60, 150), missing.slice(0, 60)];
    let known = onTime;
    for (const batch of batches) {
      known = [...known, ...batch].sort((a, b) => a.time - b.time);
      const earliest = batch[0]!.time;
      const index = stored.findLastIndex(
        (s) => s.kind === 'stop' && !s.provisional && s.last.time < earliest,
      );
      const resume = index >= 0 ? (stored[index] as DetectedStop) : undefined;
      const after = resume ? known.filter((p) => p.time > resume.last.time) : known;
      stored = [
        ...stored.slice(0, Math.max(0, index)),
        ...detectSegments(after, RULES, now, resume && structuredClone(resume)),
      ];
    }
    expect(stored).toEqual(whole);
  });
});
