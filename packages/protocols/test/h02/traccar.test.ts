import { describe, expect, it } from 'vitest';
import { bytesText, concatBytes, hexToBytes, textBytes } from '../../src/common/bytes.js';
import { h02 } from '../../src/h02/index.js';
import { newSession } from '../../src/types.js';
import {
  TRACCAR_H02_BINARY_32,
  TRACCAR_H02_BINARY_45,
  TRACCAR_H02_TEXT_FRAMES,
} from './traccar-frames.js';

describe('h02, Traccar test frames', () => {
  it('frames the whole set in one stream (text with CR/LF, binary)', () => {
    const frames = [
      ...TRACCAR_H02_TEXT_FRAMES.map((f) => textBytes(f)),
      ...TRACCAR_H02_BINARY_32.map((f) => hexToBytes(f)),
    ];
    const framer = h02.createFramer();
    const out = framer.push(concatBytes(...frames.flatMap((f) => [f, textBytes('\r\n')])));
    expect(out.map((f) => Buffer.from(f).toString('hex'))).toEqual(
      frames.map((f) => Buffer.from(f).toString('hex')),
    );
    expect(framer.stats).toEqual({ garbageBytes: 0, oversizedFrames: 0 });
  });

  it('decodes every text frame without error, login first', () => {
    for (const frame of TRACCAR_H02_TEXT_FRAMES) {
      const result = h02.decode(textBytes(frame), newSession());
      expect(result.messages[0]!.type, frame).toBe('login');
      expect(result.messages.length, frame).toBeGreaterThanOrEqual(2);
    }
  });

  it('decodes every 32-byte binary frame as a position', () => {
    for (const frame of TRACCAR_H02_BINARY_32) {
      const result = h02.decode(hexToBytes(frame), newSession());
      expect(
        result.messages.map((m) => m.type),
        frame,
      ).toEqual(['login', 'position']);
    }
  });

  it('gives only the status for a V1 dated 000000 (no fix yet)', () => {
    const frame = TRACCAR_H02_TEXT_FRAMES.find((f) => f.includes(',000000,ffffffff'))!;
    expect(h02.decode(textBytes(frame), newSession()).messages[1]).toEqual({
      type: 'status',
      status: { acc: true },
    });
  });

  it('an empty *HQ,ID,# is a heartbeat', () => {
    expect(h02.decode(textBytes('*HQ,4109198974,#'), newSession()).messages).toEqual([
      { type: 'login', deviceId: '4109198974' },
      { type: 'heartbeat' },
    ]);
  });

  it('a 45-byte binary frame is framed whole (ended by the next frame) and decoded', () => {
    const framer = h02.createFramer();
    const out = framer.push(
      concatBytes(hexToBytes(TRACCAR_H02_BINARY_45), textBytes('*HQ,4106000826,XT,1,100#')),
    );
    expect(out).toHaveLength(2);
    expect(bytesText(out[1]!)).toBe('*HQ,4106000826,XT,1,100#');
    expect(out[0]).toHaveLength(45);
    expect(framer.stats.garbageBytes).toBe(0);
    const result = h02.decode(out[0]!, newSession());
    const m = result.messages[1]!;
    if (m.type !== 'position') throw new Error('not a position');
    expect(m.position.fixTime).toBe(Date.UTC(2015, 7, 31, 21, 53, 21));
    expect(m.position.valid).toBe(true);
    expect(m.position.latitude).toBeCloseTo(4.698983, 6);
    expect(m.position.longitude).toBeCloseTo(-74.069717, 6);
  });
});
