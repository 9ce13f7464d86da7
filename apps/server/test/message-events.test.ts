import type { Position } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { eventsOf } from '../src/gateway/message-events.js';
import type { PositionInsert } from '../src/repositories/ingest/ingest-batch.js';

describe('events of a committed message', () => {
  it('names the span of the fix times it stored', () => {
    const stored = new Map(
      [5000, 1000, 9000].map((fixTime): [Position, PositionInsert] => [
        {
          fixTime,
          valid: true,
          latitude: 31,
          longitude: 121,
          speedKmh: 0,
          course: 0,
          lbsMode: 'gps',
        },
        { fixTime } as PositionInsert,
      ]),
    );
    const messages = [...stored.keys()].map((position) => ({
      type: 'position' as const,
      position,
    }));
    const events = eventsOf({ deviceId: 7, messages, stored, lateFrom: 1000, at: 9500 });
    expect(events.filter((event) => event.type === 'stored')).toEqual([
      { type: 'stored', deviceId: 7, from: 1000, to: 9000, lateFrom: 1000 },
    ]);
  });
});
