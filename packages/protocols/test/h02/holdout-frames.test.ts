import { describe, expect, it } from 'vitest';
import { hexToBytes, textBytes } from '../../src/common/bytes.js';
import { decodeH02 } from '../../src/h02/decoder.js';
import { h02 } from '../../src/h02/index.js';
import { newSession } from '../../src/types.js';
import type { DecodedMessage, Position } from '../../src/types.js';

/** Sources: holdout-frames.ts. */
const NOW = Date.UTC(2014, 7, 20, 12, 0, 0);
const KNOT = 1.852;

function decode(capture: string | Uint8Array): DecodedMessage[] {
  const frames = h02
    .createFramer()
    .push(typeof capture === 'string' ? textBytes(capture) : capture);
  const session = newSession();
  return frames.flatMap((frame) => decodeH02(frame, session, () => NOW).messages).slice(1);
}

function positionOf(capture: string | Uint8Array): Position {
  const m = decode(capture).find((x) => x.type === 'position');
  if (m?.type !== 'position') throw new Error('no position');
  return m.position;
}

describe('h02, hold-out frames from other sources', () => {
  it('a longitude under one degree written as minutes only (C# Traccar port, V8)', () => {
    const p = positionOf(
      '*HQ,9001000002,V8,213945,A,3542.2043,N,38.6508,W,0.00,170,221025,FBFFF9FF,0,0,0,0,22,31,126,0#',
    );
    expect(p.fixTime).toBe(Date.UTC(2025, 9, 22, 21, 39, 45));
    expect(p.latitude).toBeCloseTo(35.703405, 6);
    expect(p.longitude).toBeCloseTo(-0.64418, 6);
    expect(p.course).toBe(170);
  });

  it('BC, the blind-area batch: one re-uploaded position per segment, dated by day (HuaSunTek)', () => {
    const messages = decode(
      '*HQ,353505910449999,BC,052825,138,A,2239.4210,N,11400.8825,E,0.00,348,03182512,FFFFFFFF,1CC,0,25FC,F48;A,2239.4210,N,11400.8825,E,0.00,348, 03182612,FFFFFFFF,1CC,0,25FC,F48#',
    );
    expect(messages.map((m) => m.type)).toEqual(['position', 'position']);
    const [first, second] = messages.map((m) => (m.type === 'position' ? m.position : null));
    expect(first).toMatchObject({
      fixTime: Date.UTC(2014, 7, 3, 18, 25, 12),
      valid: true,
      reupload: true,
      course: 348,
    });
    expect(first!.latitude).toBeCloseTo(22.657017, 6);
    expect(first!.longitude).toBeCloseTo(114.014708, 6);
    expect(second!.fixTime).toBe(Date.UTC(2014, 7, 3, 18, 26, 12));
  });

  it('ALRM 1 is an SOS alarm with its position (HuaSunTek)', () => {
    const [m] = decode(
      '*HQ,353505910449999,ALRM,1,052825,0,2239.4210,N,11400.8825,E,0.00,348,180814,FFFFFFFF,1CC,0,25FC,F48,90,  5FC-F48-10|  25FC-F48-6| 25FC-F48-7#',
    );
    if (m?.type !== 'alarm') throw new Error('no alarm');
    expect(m.alarms).toEqual(['sos']);
    expect(m.position?.fixTime).toBe(Date.UTC(2014, 7, 18, 5, 28, 25));
    expect(m.position?.latitude).toBeCloseTo(22.657017, 6);
  });

  it('a V4 reply whose date is padded with a space; a VP1 cell list closed by Y (HuaSunTek)', () => {
    const p = positionOf(
      '*HQ,2020916012,V4,S20,00,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028, 220902,FFFFFBFF, 460,000,27A6,0F70#',
    );
    expect(p.fixTime).toBe(Date.UTC(2002, 8, 22, 5, 3, 16));
    expect(p.speedKmh).toBeCloseTo(14.28 * KNOT, 9);
    expect(decode('*HQ,353505910449999,VP1,V,460,0,9376,8532,99Y9876,4357,99Y0,0,99Y#')).toEqual([
      {
        type: 'networkFix',
        fixTime: NOW,
        cells: [
          { mcc: 460, mnc: 0, lac: 9376, cellId: 8532, rssi: 99 },
          { mcc: 460, mnc: 0, lac: 9876, cellId: 4357, rssi: 99 },
        ],
      },
    ]);
  });

  it('a V6 that is a settings dump, not a report, is unknown', () => {
    expect(
      decode(
        '*HQ,864811033098920,V6,MA2017110710,+00.00,,,5,4,3,120,010,1125,,020,040,000,000,2,011604120001,192.211.54.145,50001,1,1,1,255,010,0,120,4,8,05,030,#',
      ),
    ).toEqual([{ type: 'unknown', kind: 'V6' }]);
  });

  it('binary, 51 bytes: a fix (Micodus) and a unit with none yet, at +0,+0 invalid (MV730G)', () => {
    const p = positionOf(
      hexToBytes(
        '2478010105171322240906202928064400106282727E000000FFFFFBFFFF00140C0000000101CC0500000000007C0000000002',
      ),
    );
    expect(p.fixTime).toBe(Date.UTC(2020, 5, 9, 13, 22, 24));
    expect(p.latitude).toBeCloseTo(29.46774, 6);
    expect(p.longitude).toBeCloseTo(106.471212, 6);
    const none = positionOf(
      hexToBytes(
        '24734001983020381625092600000000000000000000000000f7e7fbffff04140b0000000001cc02ff00000000000000000000',
      ),
    );
    expect(none.valid).toBe(false);
    expect(Object.is(none.latitude, 0) && Object.is(none.longitude, 0)).toBe(true);
  });

  it('a V1 of a device without a fix: zeros west stay +0 (C++ gateway comment)', () => {
    const p = positionOf(
      '*HQ,6120108253,V1,235955,V,0000.0000,N,00000.0000,W,0.00,000,050180,FFFFFBFF#',
    );
    expect(p.valid).toBe(false);
    expect(Object.is(p.longitude, 0)).toBe(true);
  });
});
