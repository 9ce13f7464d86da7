import { describe, expect, it } from 'vitest';
import { bytesText, hexToBytes, textBytes } from '../../src/common/bytes.js';
import { decodeH02 } from '../../src/h02/decoder.js';
import { h02 } from '../../src/h02/index.js';
import { DecodeError, newSession } from '../../src/types.js';
import type { DecodedMessage, Position } from '../../src/types.js';
import { HOLDOUT_H02_FRAMES } from './holdout-frames.js';
import { REAL_H02_FRAMES, type RealFrame } from './real-frames.js';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);
const KNOT = 1.852;

/** Frames and decodes a capture as the gateway does (one session). */
function decodeCapture(capture: string | Uint8Array): DecodedMessage[] {
  const framer = h02.createFramer();
  const session = newSession();
  const bytes = typeof capture === 'string' ? textBytes(capture) : capture;
  return framer.push(bytes).flatMap((frame) => decodeH02(frame, session, () => NOW).messages);
}

/** A text frame quoted without its `#` (a decoder test's input) ends at a line end, as pasted. */
const bytesOf = (f: RealFrame) =>
  f.text === undefined
    ? hexToBytes(f.hex!)
    : textBytes(/[#\n]$/.test(f.text) ? f.text : `${f.text}\n`);

function positionOf(capture: string | Uint8Array): Position {
  const m = decodeCapture(capture).find((x) => x.type === 'position');
  if (!m || m.type !== 'position') throw new Error('no position');
  return m.position;
}

describe('h02, real frames from public captures', () => {
  it('decodes every frame (no DecodeError), and every frame with coordinates gives a position', () => {
    let positions = 0;
    const corpus = [...REAL_H02_FRAMES, ...HOLDOUT_H02_FRAMES];
    for (const f of corpus) {
      const label = `${f.source}: ${f.text ?? f.hex}`;
      const framer = h02.createFramer();
      const frames = framer.push(bytesOf(f));
      expect(frames.length, label).toBeGreaterThan(0);
      const session = newSession();
      const messages = frames.flatMap((frame) => {
        try {
          return h02.decode(frame, session).messages;
        } catch (error) {
          if (error instanceof DecodeError) throw new Error(`${label}: ${error.message}`);
          throw error;
        }
      });
      const hasPosition = messages.some(
        (m) => m.type === 'position' || (m.type === 'alarm' && m.position !== undefined),
      );
      if (f.fix) expect(hasPosition, label).toBe(true);
      if (hasPosition) positions++;
    }
    expect(corpus.length).toBeGreaterThanOrEqual(160);
    expect(positions).toBe(corpus.filter((f) => f.fix).length);
  });

  it('V6 with ICCID, a SIM field and an empty last field (TRC)', () => {
    const p = positionOf(
      '*HQ,3177718238,V6,002926,V,3514.4088,N,9733.2842,W,0.00,0.00,151222,FFF7FBFF,310,260,32936,13641,8944501311217563382F,#',
    );
    expect(p.fixTime).toBe(Date.UTC(2022, 11, 15, 0, 29, 26));
    expect(p.valid).toBe(false);
    expect(p.latitude).toBeCloseTo(35.240147, 6);
    expect(p.longitude).toBeCloseTo(-97.554737, 6);
    expect(p.alarms).toEqual(['powerCut']);
  });

  it('packed DDMMmmmm coordinates without a point (TRC)', () => {
    const p = positionOf(
      '*HQ,5905101893,V1,105759,A,37573392,S,145037022,E,000.00,173,280122,FF7FFBFF,,,9059e2c,8232,4#',
    );
    expect(p.fixTime).toBe(Date.UTC(2022, 0, 28, 10, 57, 59));
    expect(p.latitude).toBeCloseTo(-(37 + 57.3392 / 60), 6);
    expect(p.longitude).toBeCloseTo(145 + 3.7022 / 60, 6);
    expect(p.course).toBe(173);
  });

  it('V5 (SinoTrack) and the padded speed of another vendor (TRC)', () => {
    const v5 = positionOf(
      '*HQ,9180271064,V5,091233,V,2348.8912,N,09021.3302,E,000.00,000,051219,FFFFBBFF,470,01,21019,2033,2921283#',
    );
    expect(v5.fixTime).toBe(Date.UTC(2019, 11, 5, 9, 12, 33));
    expect(v5.latitude).toBeCloseTo(23.814853, 6);
    expect(v5.longitude).toBeCloseTo(90.355503, 6);
    const padded = positionOf(
      '*HQ,865205035331981,V1,132926,A,1935.3933,N,07920.4134,E,  3.34,342,280519,FFFFFFFF#',
    );
    expect(padded.speedKmh).toBeCloseTo(3.34 * KNOT, 9);
    expect(padded.course).toBe(342);
  });

  it('V2 / VI1 with a coding-scheme number for validity (TRC)', () => {
    const p = positionOf(
      '*HQ,353505221264507,VI1,075146,0,5238.25900,N,00507.33429,E,0.54,0,250917,FFFFFFFF,cc,28,  db,d75b#',
    );
    expect(p.fixTime).toBe(Date.UTC(2017, 8, 25, 7, 51, 46));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(52.63765, 6);
    expect(p.longitude).toBeCloseTo(5.122238, 6);
  });

  it('V19: the status word after IP and ICCID fields (TRC)', () => {
    const p = positionOf(
      '*HQ,4109179024,V19,181519,V,3853.2587,S,06205.9175,W,000.00,000,090217,,5492932630888,8954315265044716555?,FFFFFBFF#',
    );
    expect(p.fixTime).toBe(Date.UTC(2017, 1, 9, 18, 15, 19));
    expect(p.latitude).toBeCloseTo(-38.887645, 6);
    expect(p.longitude).toBeCloseTo(-62.098625, 6);
    expect(p.acc).toBe(false);
  });

  it('VP1: a fix without time (receive time) and a cell report (TRC)', () => {
    const p = positionOf('*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#');
    expect(p.fixTime).toBe(NOW);
    expect(p.latitude).toBeCloseTo(-27.045408, 6);
    expect(p.longitude).toBeCloseTo(152.865518, 6);
    expect(p.speedKmh).toBeCloseTo(0.48 * KNOT, 9);
    expect(
      decodeCapture('*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30Y92,1340,29#')[1],
    ).toEqual({
      type: 'networkFix',
      fixTime: NOW,
      cells: [
        { mcc: 470, mnc: 2, lac: 92, cellId: 3565, rssi: 0 },
        { mcc: 470, mnc: 2, lac: 92, cellId: 19433, rssi: 30 },
        { mcc: 470, mnc: 2, lac: 92, cellId: 1340, rssi: 29 },
      ],
    });
  });

  it('V3 cells with the combined MCC+MNC field (TRC)', () => {
    expect(
      decodeCapture(
        '*HQ,355488020882405,V3,095426,74001,04,010278,045142,128,-92,010278,026311,125,,010278,026582,125,,010278,028322,119,,02DD,0,X,090517,FFFFFBFF#',
      ).slice(1),
    ).toEqual([
      {
        type: 'networkFix',
        fixTime: Date.UTC(2017, 4, 9, 9, 54, 26),
        cells: [45142, 26311, 26582, 28322].map((cellId) => ({
          mcc: 740,
          mnc: 1,
          lac: 10278,
          cellId,
        })),
      },
      { type: 'status', status: { acc: false } },
    ]);
  });

  it('NBR whose seconds read 69 rolls them over (TRC)', () => {
    const [, fix] = decodeCapture(
      '*HQ,1400046168,NBR,160169,460,0,1,4,9338,3692,150,9338,3691,145,9338,3690,140,9338,3692,139,180813,FFFFFBFF#',
    );
    expect(fix).toMatchObject({ type: 'networkFix', fixTime: Date.UTC(2013, 7, 18, 16, 2, 9) });
  });

  it('HTBT with battery is a heartbeat answered with its head; XT is a heartbeat (TRC, #2131)', () => {
    const session = newSession();
    const r = decodeH02(textBytes('*HQ,135790246811220,HTBT,100#'), session, () => NOW);
    expect(r.messages[1]).toEqual({ type: 'heartbeat', status: { batteryPercent: 100 } });
    expect(bytesText(r.ack!)).toBe('*HQ,135790246811220,HTBT#');
    expect(
      decodeCapture(
        hexToBytes('2a48512c3335353438383032303739333937342c58542c562c302c30230d0a'),
      )[1],
    ).toEqual({
      type: 'heartbeat',
    });
  });

  it('V4 reply: params, the echoed command time, then the report (forum capture)', () => {
    const messages = decodeCapture(
      '*HQ,0000000000,V4,D1,60,65535,075244,075242,A,5224.7385,N,01233.2876,E,000.00,307,141020,FFFF7BFF,262,01,14082,51348#',
    );
    expect(messages[1]).toEqual({
      type: 'commandResult',
      reference: 'D1',
      success: true,
      text: '60,65535',
    });
    const m = messages[2];
    if (m?.type !== 'position') throw new Error('no position');
    expect(m.position.fixTime).toBe(Date.UTC(2020, 9, 14, 7, 52, 42));
    expect(m.position.latitude).toBeCloseTo(52.412308, 6);
    expect(m.position.longitude).toBeCloseTo(12.554793, 6);
    expect(m.position.course).toBe(307);
  });

  it('a V1 dated 000000 with coordinates: an invalid fix at the receive time (#586)', () => {
    const p = positionOf(
      hexToBytes(
        '2a48512c3335363832333033363737373630302c56312c3030303030302c562c323833332e313337362c4e2c30373731342e363031322c452c302e30302c302c3030303030302c46464642464646462c3139352c33322c313365642c6632643323200d0a',
      ),
    );
    expect(p.valid).toBe(false);
    expect(p.fixTime).toBe(NOW);
    expect(p.latitude).toBeCloseTo(28.552293, 6);
    expect(p.longitude).toBeCloseTo(77.243353, 6);
  });

  it('frames logged without their #, ended by the line end (old TRC test)', () => {
    const p = positionOf(
      '*HQ,354188045498669,V1,195200,A,701.8915,S,3450.3399,W,0.00,205.70,050213,ffffffff,000243,000000,000000\r\n',
    );
    expect(p.fixTime).toBe(Date.UTC(2013, 1, 5, 19, 52, 0));
    expect(p.latitude).toBeCloseTo(-7.031525, 6);
    expect(p.longitude).toBeCloseTo(-34.838998, 6);
    expect(p.course).toBe(205.7);
  });

  it('binary, 45 bytes: battery byte, SOS bit (TRC)', () => {
    const p = positionOf(
      hexToBytes(
        '2442091341332059572807175137358006000183640e000000fffffbfdff001f080000000000ea1e0000000021',
      ),
    );
    expect(p.fixTime).toBe(Date.UTC(2017, 6, 28, 20, 59, 57));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(51.622633, 6);
    expect(p.longitude).toBeCloseTo(0.306067, 6);
    expect(p.batteryPercent).toBe(100);
    expect(p.alarms).toEqual(['sos']);
  });

  it('binary, 42 bytes with an 8-byte id: the IMEI logs in (TRC)', () => {
    const messages = decodeCapture(
      hexToBytes(
        '2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC',
      ),
    );
    expect(messages[0]).toEqual({ type: 'login', deviceId: '352483084193293' });
    const m = messages[1];
    if (m?.type !== 'position') throw new Error('no position');
    expect(m.position.fixTime).toBe(Date.UTC(2017, 7, 18, 10, 47, 59));
    expect(m.position.latitude).toBeCloseTo(26.455598, 6);
    expect(m.position.longitude).toBeCloseTo(74.687157, 6);
    expect(m.position.speedKmh).toBeCloseTo(24 * KNOT, 9);
    expect(m.position.course).toBe(138);
  });

  it("binary, 37 bytes, agrees with the same device's V4 text a second later (forum capture)", () => {
    const p = positionOf(
      hexToBytes('2400000000000752341410205224734946012332841e002118ffff7bff0b00070000001799'),
    );
    expect(p.fixTime).toBe(Date.UTC(2020, 9, 14, 7, 52, 34));
    expect(p.latitude).toBeCloseTo(52.412248, 6);
    expect(p.longitude).toBeCloseTo(12.554735, 6);
    expect(p.speedKmh).toBeCloseTo(2 * KNOT, 9);
    expect(p.course).toBe(118);
    expect(p.batteryPercent).toBe(70);
  });

  it('a 45-byte binary frame and its X twin on one stream (TRC frame decoder test)', () => {
    const session = newSession();
    const framer = h02.createFramer();
    const frames = framer.push(
      hexToBytes(
        '2442061191301024031101175540227006012321670c000095fffffbffff001f00000001f800ee010000000032' +
          '5800009814991024031101175540227006012321670c000095fffffbffff0033',
      ),
    );
    expect(frames.map((f) => f.length)).toEqual([45, 32]);
    const [first, twin] = frames.map((f) => decodeH02(f, session, () => NOW).messages);
    expect(first![0]).toEqual({ type: 'login', deviceId: '4206119130' });
    expect(twin!.map((m) => m.type)).toEqual(['position']);
    expect(twin![0]).toEqual(first![1]);
  });
});
