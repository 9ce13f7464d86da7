import { describe, expect, it } from 'vitest';
import { bytesText, hexToBytes, textBytes } from '../../src/common/bytes.js';
import { decodeH02 } from '../../src/h02/decoder.js';
import { h02 } from '../../src/h02/index.js';
import { DecodeError, newSession } from '../../src/types.js';
import type { DecodedMessage, Position, ProtocolSession } from '../../src/types.js';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);
const decode = (frame: string | Uint8Array, session: ProtocolSession = newSession()) =>
  decodeH02(typeof frame === 'string' ? textBytes(frame) : frame, session, () => NOW);

function positionOf(messages: DecodedMessage[]): Position {
  const m = messages.find((x) => x.type === 'position');
  if (!m || m.type !== 'position') throw new Error('no position');
  return m.position;
}

describe('h02 decoder, text frames', () => {
  it('decodes the doc V1 example: login, position in km/h, V4,V1 ack with server time', () => {
    const session = newSession();
    const result = decode(
      '*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF,460,11,d18e105,7752,6#',
      session,
    );
    expect(result.messages[0]).toEqual({ type: 'login', deviceId: '4970105243' });
    expect(session.deviceId).toBe('4970105243');
    const p = positionOf(result.messages);
    expect(p.fixTime).toBe(Date.UTC(2021, 6, 13, 10, 40, 0));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(22 + 35.1777 / 60, 6);
    expect(p.latitude).toBeCloseTo(22.586295, 6);
    expect(p.longitude).toBeCloseTo(113.964855, 6);
    expect(p.speedKmh).toBeCloseTo(0.27 * 1.852, 9);
    expect(p.course).toBe(235);
    expect(p.acc).toBe(false); // FFFFFBFF: bit10 = 0, ignition off
    expect(p.alarms).toBeUndefined();
    expect(bytesText(result.ack!)).toBe('*HQ,4970105243,V4,V1,20240102030405#');

    // Same session: no second login.
    const again = decode(
      '*HQ,4970105243,V1,104010,A,2235.1777,N,11357.8913,E,000.00,235,130721,FFFFFFFF#',
      session,
    );
    expect(again.messages.map((m) => m.type)).toEqual(['position']);
    expect(positionOf(again.messages).acc).toBe(true);
  });

  it('decodes TRC frames: western hemisphere, time and coordinates', () => {
    const p = positionOf(
      decode(
        '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#',
      ).messages,
    );
    expect(p.fixTime).toBe(Date.UTC(2015, 11, 22, 16, 45, 49));
    expect(p.latitude).toBeCloseTo(9.939782, 6);
    expect(p.longitude).toBeCloseTo(-84.11178, 6);
    expect(p.speedKmh).toBe(0);
  });

  it('decodes the -DD-MM.MMMM coordinate variant (TRC frame)', () => {
    const p = positionOf(
      decode('*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#')
        .messages,
    );
    expect(p.fixTime).toBe(Date.UTC(2015, 2, 7, 3, 1, 49));
    expect(p.latitude).toBeCloseTo(-23.483492, 6);
    expect(p.longitude).toBeCloseTo(-46.859753, 6);
    expect(p.speedKmh).toBeCloseTo(2.4 * 1.852, 9);
    expect(p.course).toBe(65);
  });

  it('skips the battery field before the date and reads active-low alarms (TRC frame)', () => {
    const p = positionOf(
      decode(
        '*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#',
      ).messages,
    );
    expect(p.fixTime).toBe(Date.UTC(2018, 8, 8, 5, 40, 48));
    expect(p.latitude).toBeCloseTo(28.470495, 6);
    expect(p.longitude).toBeCloseTo(77.55722, 6);
    expect(p.course).toBe(47);
    // 0xEEE7FBDF: bit19 = 0 → power cut; bits 0-2 and 18 are 1 → no vibration/SOS/overspeed.
    expect(p.alarms).toEqual(['powerCut']);
  });

  it('maps each active-low alarm bit', () => {
    const alarmsOf = (status: string) =>
      positionOf(
        decode(`*HQ,1,V1,000000,A,0000.0000,N,00000.0000,E,0,0,010120,${status}#`).messages,
      ).alarms;
    expect(alarmsOf('FFFFFFFE')).toEqual(['vibration']);
    expect(alarmsOf('FFFFFFFD')).toEqual(['sos']);
    expect(alarmsOf('FFFBFFFF')).toEqual(['sos']);
    expect(alarmsOf('FFFFFFFB')).toEqual(['overspeed']);
    expect(alarmsOf('FFF7FFFF')).toEqual(['powerCut']);
    expect(alarmsOf('FFFFFFFF')).toBeUndefined();
  });

  it('keeps an invalid fix (V, or empty validity) invalid, as reported (TRC frames)', () => {
    const v = positionOf(
      decode('*HQ,3800008786,V1,062507,V,3048.2437,N,03058.5617,E,000.00,000,250413,FFFFFBFF#')
        .messages,
    );
    expect(v.valid).toBe(false);
    expect(v.latitude).toBeCloseTo(30.804062, 6);
    expect(v.longitude).toBeCloseTo(30.976028, 6);
    expect(v.fixTime).toBe(Date.UTC(2013, 3, 25, 6, 25, 7));

    const empty = positionOf(
      decode('*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#')
        .messages,
    );
    expect(empty.valid).toBe(false);
    expect(empty.fixTime).toBe(Date.UTC(2015, 9, 3, 5, 4, 18));
    expect(empty.latitude).toBeCloseTo(28.460205, 6);
    expect(empty.longitude).toBeCloseTo(77.064137, 6);
  });

  it('gives only the status for a V1 without time/position (TRC frame), never a made-up fix', () => {
    const result = decode('*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF,f0,a,11a0,c0c6#');
    expect(result.messages).toEqual([
      { type: 'login', deviceId: '353505510948929' },
      { type: 'status', status: { acc: true } },
    ]);
  });

  it('turns V4 into a commandResult plus the position (TRC frames)', () => {
    const done = decode(
      '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#',
    );
    expect(done.messages[1]).toEqual({
      type: 'commandResult',
      reference: 'S20',
      success: true,
      text: 'DONE',
    });
    const p = positionOf(done.messages);
    expect(p.fixTime).toBe(Date.UTC(2002, 8, 22, 5, 3, 16));
    expect(p.latitude).toBeCloseTo(22.214575, 6);
    expect(p.longitude).toBeCloseTo(113.777623, 6);
    expect(p.speedKmh).toBeCloseTo(14.28 * 1.852, 9);
    expect(p.course).toBe(28);
    expect(done.ack).toBeUndefined();

    const error = decode(
      '*TH,2020916012,V4,S20,ERROR,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#',
    );
    expect(error.messages[1]).toMatchObject({ reference: 'S20', success: false, text: 'ERROR' });

    const bare = decode(
      '*TH,2020916012,V4,S17,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#',
    );
    expect(bare.messages[1]).toEqual({ type: 'commandResult', reference: 'S17', success: true });
  });

  it('turns NBR into a networkFix of its cells and a status, with the V4,NBR ack (TRC frame)', () => {
    const result = decode(
      '*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#',
    );
    expect(result.messages.slice(1)).toEqual([
      {
        type: 'networkFix',
        fixTime: Date.UTC(2015, 11, 1, 11, 23, 15),
        cells: [
          { mcc: 724, mnc: 10, lac: 215, cellId: 2135, rssi: 123 },
          { mcc: 724, mnc: 10, lac: 215, cellId: 2131, rssi: 121 },
        ],
      },
      { type: 'status', status: { acc: true } },
    ]);
    expect(bytesText(result.ack!)).toBe('*HQ,1451316451,V4,NBR,20240102030405#');
  });

  it('turns LINK into a heartbeat (TRC frame)', () => {
    const result = decode('*HQ,1600068860,LINK,112137,20,8,67,0,0,081116,FFFFFBFF#');
    expect(result.messages[1]).toEqual({
      type: 'heartbeat',
      status: { satellites: 8, batteryPercent: 67, steps: 0, acc: false },
    });
    expect(result.ack).toBeUndefined();
  });

  it('reports other words as unknown (TRC frame)', () => {
    expect(decode('*HQ,8401016597,BASE,152609,0,0,0,0,211014,FFFFFFFF#').messages[1]).toEqual({
      type: 'unknown',
      kind: 'BASE',
    });
  });
});

describe('h02 decoder, binary frames', () => {
  it('decodes TRC binary frames (BCD, flags nibble, knots)', () => {
    const session = newSession();
    const r = decode(
      hexToBytes('2441060116601245431311165035313006004318210e000000fffffbffff0024'),
      session,
    );
    expect(r.messages[0]).toEqual({ type: 'login', deviceId: '4106011660' });
    const p = positionOf(r.messages);
    expect(p.fixTime).toBe(Date.UTC(2016, 10, 13, 12, 45, 43));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(50.58855, 6);
    expect(p.longitude).toBeCloseTo(4.53035, 6);
    expect(p.speedKmh).toBe(0);
    expect(p.acc).toBe(false);

    // Same device as the TRC text frame *HQ,2705171109,V1,213324,A,5002.5849,N,01433.7822,E,…
    const q = positionOf(
      decode(hexToBytes('2427051711092133391406135002584900014337822e000000ffffffffff0000'))
        .messages,
    );
    expect(q.fixTime).toBe(Date.UTC(2013, 5, 14, 21, 33, 39));
    expect(q.latitude).toBeCloseTo(50.043082, 6);
    expect(q.longitude).toBeCloseTo(14.563037, 6);
    expect(q.acc).toBe(true);
  });

  it('reads south/west and course from the binary flags (TRC frame)', () => {
    const p = positionOf(
      decode(hexToBytes('24270517030820321418041423307879000463213792000056fffff9ffff0000'))
        .messages,
    );
    expect(p.fixTime).toBe(Date.UTC(2014, 3, 18, 20, 32, 14));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(-23.513132, 6);
    expect(p.longitude).toBeCloseTo(-46.535632, 6);
    expect(p.course).toBe(56);
  });

  it('reads speed in knots and the validity bit (TRC frame)', () => {
    const p = positionOf(
      decode(hexToBytes('2410307310010503162209022212874500113466574C014028fffffbffff0000'))
        .messages,
    );
    expect(p.fixTime).toBe(Date.UTC(2002, 8, 22, 5, 3, 16));
    expect(p.valid).toBe(false); // flags 0xC: north, east, validity bit clear
    expect(p.latitude).toBeCloseTo(22.214575, 6);
    expect(p.longitude).toBeCloseTo(113.777623, 6);
    expect(p.speedKmh).toBeCloseTo(14 * 1.852, 9);
    expect(p.course).toBe(28);
  });
});

describe('h02 decoder, errors', () => {
  it('throws DecodeError on malformed frames and leaves the session alone', () => {
    const session = newSession();
    const bad = [
      '*HQ,4970105243,V1,104000,A,2235.1777,N#',
      '*HQ,4970105243,V1,104000,X,2235.1777,N,11357.8913,E,0,0,130721,FFFFFBFF#',
      '*HQ,4970105243,V1,104000,A,2235.1777,Q,11357.8913,E,0,0,130721,FFFFFBFF#',
      '*HQ,4970105243,V1,104000,A,2275.1777,N,11357.8913,E,0,0,130721,FFFFFBFF#',
      '*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,0,0,321321,FFFFFBFF#',
      '*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,0,0,130721,XYZ#',
      'HQ,4970105243,V1#',
    ];
    for (const frame of bad) expect(() => decode(frame, session), frame).toThrow(DecodeError);
    expect(() =>
      decode(
        hexToBytes('24AA060116601245431311165035313006004318210e000000fffffbffff0024'),
        session,
      ),
    ).toThrow(DecodeError);
    expect(() => decode(hexToBytes('244106011660'), session)).toThrow(DecodeError);
    expect(session.deviceId).toBeUndefined();
  });

  it('uses the session id when the frame leaves it empty (TRC frame)', () => {
    const session = newSession();
    session.deviceId = '4210051415';
    const r = h02.decode(
      textBytes('*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#'),
      session,
    );
    const p = positionOf(r.messages);
    expect(r.messages).toHaveLength(1);
    expect(p.latitude).toBeCloseTo(-22.429813, 6);
    expect(p.longitude).toBeCloseTo(28.486504, 6);
    expect(bytesText(r.ack!)).toMatch(/^\*HQ,4210051415,V4,V1,\d{14}#$/);
  });

  it('decodes an empty-id frame before any id without a login or an ack (the gateway closes it)', () => {
    const session = newSession();
    const r = decode(
      '*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#',
      session,
    );
    expect(r.messages.map((m) => m.type)).toEqual(['position']);
    expect(r.ack).toBeUndefined();
    expect(session.deviceId).toBeUndefined();
  });
});
