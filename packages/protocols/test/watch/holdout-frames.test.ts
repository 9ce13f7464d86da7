import { describe, expect, it } from 'vitest';
import { textBytes } from '../../src/common/bytes.js';
import { newSession } from '../../src/types.js';
import type { DecodedMessage, Position } from '../../src/types.js';
import { watch } from '../../src/watch/index.js';

/** Sources: holdout-frames.ts. */
const decode = (frame: string): DecodedMessage[] =>
  watch.decode(textBytes(frame), newSession()).messages.slice(1);

function positionOf(frame: string): Position {
  for (const m of decode(frame)) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  throw new Error('no position');
}

describe('watch, hold-out frames from other sources', () => {
  it('UD2 of a G72 watch: fix, facts and seven cells (Java parser test)', () => {
    const p = positionOf(
      '[3G*1208014868*00D3*UD2,110320,071854,A,54.900538,N,52.2780167,E,0.00,28.2,0.0,8,100,95,0,0,00000000,7,255,250,1,16205,13561,154,16205,29103,146,16205,13563,142,16205,29102,140,16205,13562,139,16205,11163,138,16205,10453,134,0,19.7]',
    );
    expect(p.fixTime).toBe(Date.UTC(2020, 2, 11, 7, 18, 54));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(54.900538, 6);
    expect(p.longitude).toBeCloseTo(52.2780167, 6);
    expect(p.course).toBe(28.2);
    expect([p.satellites, p.batteryPercent]).toEqual([8, 95]);
    expect(p.cells).toHaveLength(7);
    expect(p.cells![0]).toEqual({ mcc: 250, mnc: 1, lac: 16205, cellId: 13561, rssi: 154 });
  });

  it('Wi-Fi MACs printed with unpadded octets are read and padded (Java server comment)', () => {
    const p = positionOf(
      '[3G*3916377609*016B*UD,150716,020644,V,31.200925,N,121.4601900,E,2.16,184.9,0.0,5,100,91,0,0,00000010,7,255,460,0,6243,53825,165, 6243,53363,155,6243,53826,154,6243,53827,153,6243,53361,149,6243,55377,148,6243,53362,148,5,jamestplink,c0:61:18:b:95:ce,-37,abcd,1a:ee:65:30:0:53,-68,TP-LINK_F6702A,8c:21:a:f6:70:2a,-73,VANS_PRIVATE,c0:3f:e:b:46:35,-78,EUFOTON,78:44:76:94:50:24,-80,35.6]',
    );
    expect(p.valid).toBe(false);
    expect(p.fixTime).toBe(Date.UTC(2016, 6, 15, 2, 6, 44));
    expect(p.latitude).toBeCloseTo(31.200925, 6);
    expect(p.longitude).toBeCloseTo(121.46019, 6);
    expect(p.wifi).toEqual([
      { mac: 'c0:61:18:0b:95:ce', rssi: -37 },
      { mac: '1a:ee:65:30:00:53', rssi: -68 },
      { mac: '8c:21:0a:f6:70:2a', rssi: -73 },
      { mac: 'c0:3f:0e:0b:46:35', rssi: -78 },
      { mac: '78:44:76:94:50:24', rssi: -80 },
    ]);
  });

  it('UD_LTE with a signed longitude and W, ten access points with empty SSIDs (Node parser test)', () => {
    const p = positionOf(
      '[3G*6677006956*0161*UD_LTE,050226,224740,V,6.156588,N,-75.5202830,W,0.00,0.0,0.0,0,67,67,120473,0,00000000,1,0,732,103,3127,46146413,153,10,,F4:F2:6D:E4:24:CF,-68,,F6:F2:6D:E4:24:CC,-68,,8C:90:2D:35:10:CD,-77,,58:CB:52:B1:E8:DC,-84,,00:00:00:00:00:00,-87,,F0:99:BF:0D:CB:FC,-87,,B4:61:8C:2D:BE:A1,-88,,3C:28:6D:C7:4A:EE,-89,,E4:F0:42:EE:58:24,-90,,B4:61:8C:2D:BE:A4,-92,0.0]',
    );
    expect(p.fixTime).toBe(Date.UTC(2026, 1, 5, 22, 47, 40));
    expect(p.latitude).toBeCloseTo(6.156588, 6);
    expect(p.longitude).toBeCloseTo(-75.520283, 6);
    expect(p.steps).toBe(120473);
    expect(p.cells).toEqual([{ mcc: 732, mnc: 103, lac: 3127, cellId: 46146413, rssi: 153 }]);
    expect(p.wifi![0]).toEqual({ mac: 'f4:f2:6d:e4:24:cf', rssi: -68 });
  });

  it('an AL_LTE record cut after the course keeps its SOS bit and nothing invented', () => {
    const [m] = decode(
      '[3G*9705314117*002D*AL_LTE,241122,062109,A,22.653729,N,114.014600,E,0,0,00010000]',
    );
    expect(m).toEqual({
      type: 'alarm',
      alarms: ['sos'],
      position: {
        fixTime: Date.UTC(2022, 10, 24, 6, 21, 9),
        valid: true,
        latitude: 22.653729,
        longitude: 114.0146,
        speedKmh: 0,
        course: 0,
        lbsMode: 'gps',
      },
    });
  });

  it('a no-fix UD at 0,0 is an invalid position with its cells (Go gateway fixture)', () => {
    const p = positionOf(
      '[3G*4700222306*0077*UD,120316,140610,V,0.000000,N,0.000000,E,0.00,0.0,0.0,0,25,83,0,0,00000000,2,255,262,1,21041,9067,121,21041,5981,116]',
    );
    expect(p.valid).toBe(false);
    expect([p.latitude, p.longitude]).toEqual([0, 0]);
    expect(p.cells).toHaveLength(2);
  });

  it('a frame without its LEN field is refused by the framer (no frame)', () => {
    expect(watch.createFramer().push(textBytes('[CS*123456789012345*LK,8,100]'))).toEqual([]);
  });
});
