import { describe, expect, it } from 'vitest';
import { bytesText, bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { buildFrame } from '../../src/jt808/header.js';
import { decodeJt808 } from '../../src/jt808/decoder.js';
import { jt808 } from '../../src/jt808/index.js';
import {
  DecodeError,
  newSession,
  type DecodeResult,
  type DecodedMessage,
  type Position,
  type ProtocolSession,
} from '../../src/types.js';
import { realFrames } from './real-frames.data.js';

/** Frames as a capture gives them, through the framer, on one session (as `npm run decode`). */
function replay(hex: string, session: ProtocolSession = newSession()): DecodeResult[] {
  const bytes = hex.startsWith('(') ? new TextEncoder().encode(hex) : hexToBytes(hex);
  const frames = jt808.createFramer().push(bytes);
  if (frames.length === 0) throw new DecodeError('no whole frame');
  return frames.map((frame) => jt808.decode(frame, session));
}

const fixesOf = (messages: DecodedMessage[]): Position[] =>
  messages.flatMap((m) =>
    m.type === 'position' ? [m.position] : m.type === 'alarm' && m.position ? [m.position] : [],
  );

const only = (hex: string): { result: DecodeResult; fixes: Position[] } => {
  const results = replay(hex);
  expect(results).toHaveLength(1);
  return { result: results[0]!, fixes: fixesOf(results[0]!.messages) };
};

/** A frame of the corpus by the start of its hex (unique). */
const frame = (start: string): string => {
  const found = realFrames.filter((f) => f.hex.toLowerCase().startsWith(start.toLowerCase()));
  expect(found).toHaveLength(1);
  return found[0]!.hex;
};

const utc = (iso: string) => Date.parse(iso);

describe('jt808 real frames: the corpus', () => {
  it(`decodes every one of the ${realFrames.length} frames, and gives every fix they carry`, () => {
    const refused: string[] = [];
    const missing: string[] = [];
    for (const { hex, fix } of realFrames) {
      try {
        const messages = replay(hex).flatMap((r) => r.messages);
        if (fix && fixesOf(messages).length === 0) missing.push(hex);
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        refused.push(`${hex.slice(0, 24)}: ${error.message}`);
      }
    }
    expect(refused).toEqual([]);
    expect(missing).toEqual([]);
    expect(realFrames.filter((f) => f.fix).length).toBeGreaterThanOrEqual(90);
  });

  it('cites a source for every frame', () => {
    for (const { source } of realFrames) expect(source).toMatch(/^[\w.-]+\/[\w.-]+ \S+/);
  });
});

describe('jt808 real frames: check code, length and escaping as devices send them', () => {
  it('accepts a wrong XOR check code with crcMismatch (Jimi C5L)', () => {
    const { result, fixes } = only(frame('7e0200007604546000474'));
    expect(result.crcMismatch).toBe(true);
    expect(result.ack).toBeDefined();
    const p = fixes[0]!;
    expect(p.fixTime).toBe(utc('2026-06-24T23:12:43Z'));
    expect(p.latitude).toBeCloseTo(51.375448, 6);
    expect(p.longitude).toBeCloseTo(7.14701, 6);
    expect(p.altitude).toBe(143);
    expect(p.mileageKm).toBeCloseTo(122.8, 6);
    expect(p.batteryPercent).toBe(99);
    expect(p.cells).toEqual([{ mcc: 262, mnc: 3, lac: 37316, cellId: 13521953, rssi: 0 }]);
    expect(p.wifi).toHaveLength(5);
    expect(p.wifi![0]).toEqual({ mac: 'b2:86:25:2f:68:fe', rssi: -51 });
  });

  it('decodes by the body sent when the length field says 50 and 40 bytes follow', () => {
    const { result, fixes } = only(frame('7E02000032013511221122'));
    expect(result.crcMismatch).toBe(true);
    const p = fixes[0]!;
    expect(p.fixTime).toBe(utc('2014-07-23T09:20:15Z'));
    expect(p.latitude).toBeCloseTo(22.51488, 6);
    expect(p.longitude).toBeCloseTo(113.916508, 6);
    expect(p.valid).toBe(true);
    expect(p.acc).toBe(true);
    expect(p.altitude).toBe(71);
    expect(p.satellites).toBe(11);
  });

  it('reads a capture logged unescaped: raw 0x7e bytes inside the frame', () => {
    const { result, fixes } = only(frame('7e020000700120400000'));
    expect(result.crcMismatch).toBeUndefined();
    const p = fixes[0]!;
    expect(p.fixTime).toBe(utc('2025-04-17T09:00:23Z'));
    expect(p.latitude).toBeCloseTo(22.601623, 6);
    expect(p.longitude).toBeCloseTo(113.860715, 6);
    expect(p.course).toBe(171);
    expect(p.cut).toBe(true);
    expect(p.mileageKm).toBeCloseTo(315.5, 6);
    expect(p.satellites).toBe(21);
    expect(p.voltage).toBeCloseTo(13.9, 6);
  });

  it('reads a capture logged unescaped: a raw 0x7d 0x01 that is data (Jimi JC371)', () => {
    const { result, fixes } = only(frame('7E020000344EB6FB4AD628'));
    expect(result.crcMismatch).toBeUndefined();
    const p = fixes[0]!;
    expect(p.fixTime).toBe(utc('2026-01-01T04:00:00Z'));
    expect(p.latitude).toBeCloseTo(22.576385, 6);
    expect(p.longitude).toBeCloseTo(114.032486, 6);
    expect(p.mileageKm).toBeCloseTo(12.3, 6);
  });

  it('still refuses a frame whose escapes are broken and that nothing else vouches for', () => {
    expect(() =>
      jt808.decode(hexToBytes('7e0002000004304832546500b77d03ca7e'), newSession()),
    ).toThrow(DecodeError);
  });
});

describe('jt808 real frames: 0x0200 vendor items', () => {
  it('reads battery and charging (0xE4), odometer, signal, satellites', () => {
    const p = only(frame('7e02000048051160004464')).fixes[0]!;
    expect(p.batteryPercent).toBe(99);
    expect(p.charging).toBe(true);
    expect(p.mileageKm).toBeCloseTo(0.1, 6);
    expect(p.satellites).toBe(9);
  });

  it('reads GPS51 0xEB extended items: power volts and the power-cut bit, at 0,0 without a fix', () => {
    const p = only(frame('7e0200006300000000000008f5')).fixes[0]!;
    expect(p.valid).toBe(false);
    expect(p.voltage).toBeCloseTo(11.7, 6);
    expect(p.alarms).toEqual(['powerCut']);
    expect(p.fixTime).toBe(utc('2026-06-15T02:01:15Z'));
  });

  it('reads cells (0xE1) and Wi-Fi (0xEC) beside an invalid fix', () => {
    const p = only(frame('7e02000072045460005635')).fixes[0]!;
    expect(p.valid).toBe(false);
    expect(p.latitude).toBeCloseTo(37.147932, 6);
    expect(p.longitude).toBeCloseTo(8.535833, 6);
    expect(p.cells).toEqual([{ mcc: 268, mnc: 6, lac: 48100, cellId: 1759765, rssi: 0 }]);
    expect(p.wifi).toHaveLength(5);
    expect(p.wifi![4]).toEqual({ mac: '7e:9c:d8:2c:ad:d5', rssi: -79 });
    expect(p.batteryPercent).toBe(100);
  });

  it('reads the 18-byte fixed tail some firmwares send instead of items', () => {
    const p = only(frame('7e0200002e202000129707')).fixes[0]!;
    expect(p.fixTime).toBe(utc('2020-11-02T19:17:33Z'));
    expect(p.longitude).toBeCloseTo(153.029616, 6);
    expect(p.mileageKm).toBe(0);
    expect(p.latitude).toBeCloseTo(-27.455656, 6);
    expect(p.voltage).toBeCloseTo(12, 6);
  });

  it('reads a 2019 header (version 1, 10-byte phone) with alarm flags', () => {
    const { result, fixes } = only(frame('7e02004026010000000001391234432900'));
    expect(result.messages[0]).toMatchObject({ type: 'login', deviceId: '13912344329' });
    const p = fixes[0]!;
    expect(p.fixTime).toBe(utc('2025-01-29T14:33:44Z'));
    expect(p.latitude).toBeCloseTo(-31.234567, 6);
    expect(p.longitude).toBeCloseTo(121.987654, 6);
    expect(p.speedKmh).toBeCloseTo(6.6, 6);
    expect(p.course).toBe(3);
    expect(p.altitude).toBe(123);
    expect(p.alarms).toEqual(['sos', 'overspeed', 'fatigue', 'other']);
    // Answered in the 2019 layout.
    expect(bytesToHex(result.ack!).slice(0, 10)).toBe('7e80014005');
  });
});

describe('jt808 real frames: batches, replies and vendor messages', () => {
  it('decodes a 2019 0x0704 batch of two', () => {
    const fixes = only(frame('7e0704403f0100000000')).fixes;
    expect(fixes.map((p) => p.fixTime)).toEqual([
      utc('2024-10-29T13:39:03Z'),
      utc('2024-10-29T13:39:03Z'),
    ]);
    expect(fixes[1]!.latitude).toBeCloseTo(31.000563, 6);
    expect(fixes[1]!.speedKmh).toBeCloseTo(6.7, 6);
  });

  it('decodes the vendor 0x0210 batch (one-byte item lengths) and its 7-byte battery form', () => {
    const fixes = only(frame('7E021001A2')).fixes;
    expect(fixes).toHaveLength(8);
    expect(fixes[0]!.fixTime).toBe(utc('2016-11-18T03:01:21Z'));
    expect(fixes[0]!.latitude).toBeCloseTo(22.607138, 6);
    const battery = only(frame('7e02100007045460')).result.messages;
    expect(battery.at(-1)).toEqual({ type: 'status', status: { batteryPercent: 79 } });
  });

  it('decodes the 0x0201 location reply', () => {
    const { result, fixes } = only(frame('7E0201001E'));
    expect(result.messages).toContainEqual({
      type: 'commandResult',
      reference: '1',
      success: true,
    });
    expect(fixes[0]!.fixTime).toBe(utc('2026-08-24T07:30:00Z'));
    expect(fixes[0]!.latitude).toBeCloseTo(22.5, 6);
    expect(fixes[0]!.longitude).toBeCloseTo(114, 6);
  });

  it('decodes Jointech 0x5501 (BCD degrees-minutes) and answers 0x4401', () => {
    const { result, fixes } = only(frame('7e55018c4185600900'));
    const p = fixes[0]!;
    expect(p.fixTime).toBe(utc('2021-02-01T06:24:21Z'));
    expect(p.latitude).toBeCloseTo(22.580793, 6);
    expect(p.longitude).toBeCloseTo(113.917483, 6);
    expect(p.batteryPercent).toBe(78);
    expect(p.satellites).toBe(6);
    expect(p.mileageKm).toBe(7);
    expect(bytesToHex(result.ack!)).toBe('7e4401000385600900101701550100f87e');
  });

  it('marks Jointech 0x5502 blind-area locations as re-uploads', () => {
    const p = only(frame('7e55028c3785')).fixes[0]!;
    expect(p.reupload).toBe(true);
    expect(p.charging).toBe(true);
    expect(p.altitude).toBe(20);
    expect(p.latitude).toBeCloseTo(22.581035, 6);
  });

  it('takes the fix of a 0x0900 OBD pass-through (0xF0)', () => {
    const p = only(frame('7E0900005A4E5DE66FBA22')).fixes[0]!;
    expect(p.fixTime).toBe(utc('2022-04-27T22:10:09Z'));
    expect(p.latitude).toBeCloseTo(23.111772, 6);
    expect(p.longitude).toBeCloseTo(114.409784, 6);
    const dtc = only(frame('7e090000344f07788ef87d')).fixes[0]!;
    expect(dtc.longitude).toBeCloseTo(-79.2726, 6);
    expect(dtc.reupload).toBe(true);
  });

  it('turns vendor text answers into command results', () => {
    const texts = [frame('7e13000012'), frame('7e070100150120'), frame('(740190311185')].map(
      (hex) => only(hex).result.messages.find((m) => m.type === 'commandResult'),
    );
    expect(texts.map((m) => (m?.type === 'commandResult' ? m.text : undefined))).toEqual([
      'Set OK!',
      'MD,SET CONFIG OK!',
      '(740190311185,1,001,ELOCK,3,529439)',
    ]);
    const attributes = only(frame('7e010700490454')).result.messages.at(-1);
    expect(attributes).toMatchObject({ type: 'commandResult', success: true });
    if (attributes?.type === 'commandResult')
      expect(attributes.text).toContain('ICCID 89883030000131882455');
  });

  it('answers the bracketed BASE,2 time request with the time filled in', () => {
    const session = newSession();
    const now = () => Date.parse('2024-03-05T06:07:08Z');
    const result = decodeJt808(new TextEncoder().encode(frame('(794104004140')), session, now);
    expect(result.messages[0]).toEqual({
      type: 'login',
      deviceId: '794104004140',
      details: { implicit: 1 },
    });
    expect(bytesText(result.ack!)).toBe('(794104004140,1,001,BASE,2,20240305060708)');
  });

  it('frames bracketed text between binary frames', () => {
    const heartbeat = frame('7e0002000004');
    const stream = new Uint8Array([
      ...hexToBytes(heartbeat),
      ...new TextEncoder().encode(frame('(740190311185')),
      ...hexToBytes(heartbeat),
    ]);
    const frames = jt808.createFramer().push(stream);
    expect(frames.map((f) => (f[0] === 0x28 ? bytesText(f) : bytesToHex(f)))).toEqual([
      heartbeat,
      frame('(740190311185'),
      heartbeat,
    ]);
  });

  it('acknowledges multimedia events (0x0800) it does not decode', () => {
    const session: ProtocolSession = { ...newSession(), deviceId: 'x' };
    const event = buildFrame(
      0x0800,
      { phone: hexToBytes('051160004464'), is2019: false },
      7,
      hexToBytes('0000002a0102000001'),
    );
    const result = jt808.decode(event, session);
    expect(result.messages).toEqual([{ type: 'unknown', kind: '0x0800' }]);
    expect(bytesToHex(result.ack!).slice(2, 6)).toBe('8001');
  });
});

describe('jt808 real frames: hold-out set (other projects, issues, forum)', () => {
  it('0x0200 of an electronic lock (vendor example: 22.591771, 113.995873 at 16:37:58 +8)', () => {
    const { fixes } = only(frame('7e0200005200200260432300a4'));
    expect(fixes[0]).toMatchObject({
      fixTime: utc('2021-09-22T08:37:58Z'),
      valid: true,
      altitude: 70,
      course: 89,
      mileageKm: 0.1,
      satellites: 16,
    });
    expect(fixes[0]!.latitude).toBeCloseTo(22.591771, 6);
    expect(fixes[0]!.longitude).toBeCloseTo(113.995873, 6);
  });

  it('0x0201 reply to the query of serial 0, from a BSJ KM02 (Traccar PR 5997 capture)', () => {
    const { result, fixes } = only(frame('7e0201003c0245'));
    expect(result.messages).toContainEqual({
      type: 'commandResult',
      reference: '0',
      success: true,
    });
    expect(fixes[0]!.latitude).toBeCloseTo(16.7812, 6);
    expect(fixes[0]!.longitude).toBeCloseTo(96.195632, 6);
  });

  it('0x0704 blind-area batch of five (issue 1610): every item, each re-uploaded', () => {
    const { fixes } = only(frame('7e0704012f'));
    expect(fixes).toHaveLength(5);
    expect(fixes.every((p) => p.reupload)).toBe(true);
    expect(fixes[0]!.latitude).toBeCloseTo(23.0331, 6);
    expect(fixes[0]!.longitude).toBeCloseTo(72.511664, 6);
  });

  it('0x0200 2019 header with Su-biao ADAS items 0x64-0x70 keeps the fixed fields (go-jt808)', () => {
    const { fixes } = only(
      frame(
        '7E0200407D0201000000000202326095590A4F00002000004C100301E0D7F2073E6EAC0064021400142411271542300104000000CC020201D425040000000030010831010914040000007F150400000001160400000001170200011803000709642F',
      ),
    );
    expect(fixes[0]).toMatchObject({
      fixTime: utc('2024-11-27T07:42:30Z'),
      valid: true,
      altitude: 100,
    });
    expect(fixes[0]!.latitude).toBeCloseTo(31.512562, 6);
    expect(fixes[0]!.longitude).toBeCloseTo(121.532076, 6);
  });

  it('0x0200 with items 0x16-0x18 a 1078 parser took for its own (JTTools issue 4)', () => {
    const { fixes } = only(frame('7e0200005700000000777762'));
    expect(fixes[0]!.latitude).toBeCloseTo(23.483303, 6);
    expect(fixes[0]!.longitude).toBeCloseTo(111.302136, 6);
    expect(fixes[0]).toMatchObject({ altitude: 158, signal: 10, satellites: 12 });
  });

  it('0x0003 logout with a 2019 header (wvp issue 2082) and 0x0107 attributes', () => {
    expect(only(frame('7e0003400001')).result.messages.at(-1)).toEqual({
      type: 'unknown',
      kind: '0x0003',
    });
    expect(only(frame('7E010740660100')).result.messages.at(-1)).toMatchObject({
      type: 'commandResult',
      success: true,
    });
  });
});
