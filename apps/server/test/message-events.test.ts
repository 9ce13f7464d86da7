import type { Position } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { publishEvents, type MessageOutcome } from '../src/gateway/message-events.js';
import type { PositionInsert } from '../src/repositories/ingest/ingest-batch.js';

const fix = (fixTime: number, facts: Partial<Position> = {}): Position => ({
  fixTime,
  valid: true,
  latitude: 31,
  longitude: 121,
  speedKmh: 0,
  course: 0,
  lbsMode: 'gps',
  ...facts,
});

/** The events a committed message publishes, as a list. */
function eventsOf(outcome: MessageOutcome): GatewayEvent[] {
  const events: GatewayEvent[] = [];
  publishEvents(outcome, { publish: (event) => events.push(event) });
  return events;
}

/** An outcome that stored `rows[i]` for `reported[i]`. */
const storing = (stored: [Position, PositionInsert][]) => ({
  reported: stored.map(([position]) => position),
  positions: stored.map(([, row]) => row),
});

describe('events of a committed message', () => {
  it('names the span of the fix times it stored', () => {
    const stored = new Map(
      [5000, 1000, 9000].map((fixTime): [Position, PositionInsert] => [
        fix(fixTime),
        { fixTime } as PositionInsert,
      ]),
    );
    const messages = [...stored.keys()].map((position) => ({
      type: 'position' as const,
      position,
    }));
    const events = eventsOf({
      deviceId: 7,
      messages,
      ...storing([...stored]),
      lateFrom: 1000,
      at: 9500,
    });
    expect(events.filter((event) => event.type === 'stored')).toEqual([
      { type: 'stored', deviceId: 7, from: 1000, to: 9000, lateFrom: 1000 },
    ]);
  });

  it('reports the relay and garrison of heartbeats and the newest position, not of late ones', () => {
    const newest = fix(9000, { cut: true });
    const late = fix(1000, { cut: false });
    const reuploaded = fix(500, { cut: false, reupload: true, armed: false });
    const stored = new Map<Position, PositionInsert>([
      [newest, { fixTime: 9000 } as PositionInsert],
      [late, { fixTime: 1000 } as PositionInsert],
    ]);
    const switches = (messages: MessageOutcome['messages']) =>
      eventsOf({
        deviceId: 7,
        messages,
        ...storing([...stored]),
        newest: stored.get(newest)!,
        at: 9500,
      }).filter((event) => event.type === 'switches');
    expect(
      switches([
        { type: 'heartbeat', status: { armed: true, cut: false } },
        { type: 'position', position: newest },
        { type: 'position', position: late },
        { type: 'position', position: reuploaded },
      ]),
    ).toEqual([{ type: 'switches', deviceId: 7, cut: true, armed: true }]);
    expect(switches([{ type: 'status', status: { armed: false } }])).toEqual([
      { type: 'switches', deviceId: 7, armed: false },
    ]);
    expect(switches([{ type: 'heartbeat', status: { batteryPercent: 50 } }])).toEqual([]);
  });
});
