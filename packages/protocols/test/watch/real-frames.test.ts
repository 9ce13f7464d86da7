import { describe, expect, it } from 'vitest';
import { bytesText, textBytes } from '../../src/common/bytes.js';
import { inspect } from '../../src/inspect.js';
import { DecodeError, newSession } from '../../src/types.js';
import type { DecodedMessage, Position } from '../../src/types.js';
import { watch } from '../../src/watch/index.js';
import { HOLDOUT_FRAMES } from './holdout-frames.js';
import { REAL_FRAMES, type RealFrame } from './real-frames.js';
import { TRACCAR_WATCH_FRAMES } from './traccar-frames.js';

/**
 * Every collected frame: this file's sources, the hold-out set from other sources
 * (holdout-frames.ts) and the older Traccar test (traccar-frames.ts).
 */
const CORPUS: RealFrame[] = [
  ...Object.values(REAL_FRAMES).flat(),
  ...Object.values(HOLDOUT_FRAMES).flat(),
  ...TRACCAR_WATCH_FRAMES.map((frame) => ({ frame, fix: /,[AV],[^,]*\d[^,]*,/.test(frame) })),
];

const decode = (frame: string) => watch.decode(textBytes(frame), newSession());
const find = (prefix: string): string => {
  const found = CORPUS.find((f) => f.frame.startsWith(prefix));
  if (!found) throw new Error(`no frame ${prefix}`);
  return found.frame;
};
const messagesOf = (prefix: string) => decode(find(prefix)).messages;

function positionIn(messages: DecodedMessage[]): Position | undefined {
  for (const m of messages) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  return undefined;
}
function positionOf(prefix: string): Position {
  const position = positionIn(messagesOf(prefix));
  if (!position) throw new Error(`no position in ${prefix}`);
  return position;
}
const alarmsOf = (messages: DecodedMessage[]) =>
  messages.flatMap((m) => (m.type === 'alarm' ? m.alarms : []));
const networkFixOf = (messages: DecodedMessage[]) => {
  const fix = messages.find((m) => m.type === 'networkFix');
  if (fix?.type !== 'networkFix') throw new Error('no networkFix');
  return fix;
};

describe('watch, real frames from public sources', () => {
  it('decodes every frame (no DecodeError) and gives the position of every frame with one', () => {
    let positions = 0;
    for (const { frame, fix } of CORPUS) {
      const { messages } = decode(frame);
      expect(positionIn(messages) !== undefined, frame).toBe(fix);
      if (fix) positions++;
    }
    expect(CORPUS.length).toBe(102);
    expect(positions).toBe(56);
  });

  it('frames the whole corpus from one stream, and the inspector reads each frame', () => {
    const framer = watch.createFramer();
    const frames = framer.push(textBytes(CORPUS.map((f) => f.frame).join('\r\n')));
    expect(frames.map(bytesText)).toEqual(CORPUS.map((f) => f.frame));
    for (const { frame } of CORPUS) {
      if (frame.includes('\n')) continue;
      expect(inspect(watch, frame).frames).toBe(1);
      expect(inspect(watch, Buffer.from(frame).toString('hex').toUpperCase()).frames).toBe(1);
    }
  });

  it('AL_LTE without a fix: SOS alarm, its 0,0 kept invalid, AL ack', () => {
    const result = decode(find('[3G*6907919734*003e*AL_LTE'));
    expect(alarmsOf(result.messages)).toEqual(['sos']);
    const p = positionIn(result.messages)!;
    expect(p).toMatchObject({ valid: false, latitude: 0, longitude: 0, batteryPercent: 22 });
    expect(p.fixTime).toBe(Date.UTC(2025, 4, 17, 21, 41, 18));
    expect(bytesText(result.ack!)).toBe('[3G*6907919734*0002*AL]');
  });

  it('UD_LTE with empty hemispheres; cells and SSID-less Wi-Fi as a networkFix', () => {
    const messages = messagesOf('[3G*9705141740*00C2*UD_LTE');
    const p = positionIn(messages)!;
    expect(p.valid).toBe(false);
    expect(p.fixTime).toBe(Date.UTC(2023, 6, 26, 18, 51, 5));
    expect(p.batteryPercent).toBe(67);
    const fix = networkFixOf(messages);
    expect(fix.fixTime).toBe(p.fixTime);
    expect(fix.cells).toEqual([
      { mcc: 605, mnc: 1, lac: 10006, cellId: 65799, rssi: 14 },
      { mcc: 605, mnc: 1, lac: 10020, cellId: 4104, rssi: 4 },
    ]);
    expect(fix.wifi).toEqual([
      { mac: '34:60:f9:ec:19:f8', rssi: -82 },
      { mac: '98:48:27:55:18:20', rssi: -96 },
      { mac: '34:e8:94:e4:06:18', rssi: -104 },
    ]);
  });

  it('SG AL with hex LAC/CI: western longitude, no alarm bit → "other"', () => {
    const result = decode(find('[SG*9059011020*0067*AL'));
    const p = positionIn(result.messages)!;
    expect(p.latitude).toBeCloseTo(54.427538, 6);
    expect(p.longitude).toBeCloseTo(-6.409275, 6);
    expect(p.fixTime).toBe(Date.UTC(2023, 0, 24, 18, 16, 28));
    expect(alarmsOf(result.messages)).toEqual(['other']);
    expect(networkFixOf(result.messages).cells).toEqual([
      { mcc: 234, mnc: 10, lac: 0x55c0, cellId: 0x3b882a2, rssi: 132 },
    ]);
  });

  it('UD2 with MCC FFFF: the fix kept, the unreadable cell left out', () => {
    const p = positionOf('[SG*9059011020*006b*UD2');
    expect(p).toMatchObject({ valid: true, reupload: true, satellites: 8, batteryPercent: 88 });
    expect(p.latitude).toBeCloseTo(54.427621, 6);
    expect(p.longitude).toBeCloseTo(-6.40919, 6);
    expect(p.cells).toBeUndefined();
  });

  it('indexed ZJ AL: removed-from-wrist alarm, six Wi-Fi points, ack with the index', () => {
    const result = decode(find('[ZJ*689466020014198*0003*0113*AL'));
    expect(alarmsOf(result.messages)).toEqual(['tearOff']);
    expect(networkFixOf(result.messages).wifi).toHaveLength(6);
    expect(bytesText(result.ack!)).toBe('[ZJ*689466020014198*0003*0002*AL]');
  });

  it('WT and UD3 words carry the record', () => {
    const wt = positionOf('[3G*6005412902*011F*WT');
    expect(wt.latitude).toBeCloseTo(18.5122, 6);
    expect(wt.longitude).toBeCloseTo(73.7750283, 6);
    expect(wt.steps).toBe(4262);
    expect(wt.fixTime).toBe(Date.UTC(2017, 4, 17, 13, 38, 11));
    const ud3 = positionOf('[3G*8308406279*00CC*UD3');
    expect(ud3).toMatchObject({ course: 323.53, altitude: 175.1, satellites: 6, signal: 51 });
    expect(ud3.latitude).toBeCloseTo(54.739618, 6);
    expect(ud3.longitude).toBeCloseTo(25.273213, 6);
  });

  it('SG AL with only the low-battery state bit: lowBattery alarm', () => {
    expect(alarmsOf(messagesOf('[SG*8800000015*0087*AL'))).toEqual(['lowBattery']);
  });

  it('a Wi-Fi list announced longer than sent keeps what came', () => {
    const messages = messagesOf('[3G*9519378879*01D2*UD_LTE');
    const p = positionIn(messages)!;
    expect(p.latitude).toBeCloseTo(22.683546, 6);
    expect(p.longitude).toBeCloseTo(113.990738, 6);
    expect(p.fixTime).toBe(Date.UTC(2026, 0, 19, 3, 37, 47));
    expect(networkFixOf(messages).wifi).toEqual([{ mac: '82:68:f9:ed:03:a0', rssi: -39 }]);
  });

  it('BEE UD with a space in a cell field; AL with removed and static bits', () => {
    const ud = positionOf('[3G*8800000015*00CD*UD,180916');
    expect(ud.cells).toHaveLength(7);
    expect(ud.cells![2]).toEqual({ mcc: 460, mnc: 1, lac: 9529, cellId: 63554, rssi: 129 });
    const messages = messagesOf('[3G*8800000015*00CD*AL');
    expect(alarmsOf(messages)).toEqual(['tearOff']);
    const p = positionIn(messages)!;
    expect(p.fixTime).toBe(Date.UTC(2016, 8, 18, 6, 41, 53));
    expect(p.latitude).toBeCloseTo(22.570512, 6);
    expect(p.longitude).toBeCloseTo(113.8623267, 6);
    expect(p.satellites).toBe(11);
  });

  it('AL_LTE fall alarm with five Wi-Fi points (one wrapped in the document)', () => {
    const messages = messagesOf('[3G*4504816162*010A*AL_LTE');
    expect(alarmsOf(messages)).toEqual(['fall']);
    const fix = networkFixOf(messages);
    expect(fix.cells).toEqual([{ mcc: 460, mnc: 11, lac: 30602, cellId: 125639728, rssi: 100 }]);
    expect(fix.wifi![4]).toEqual({ mac: '50:bd:5f:80:27:4e', rssi: -63 });
  });

  it('PP (touch to add a friend): the record after the watch time', () => {
    const p = positionOf('[3G*8800000015*00D4*PP');
    expect(p.fixTime).toBe(Date.UTC(2016, 8, 18, 8, 50, 33));
    expect(p.latitude).toBeCloseTo(22.570193, 6);
    expect(p.longitude).toBeCloseTo(113.862195, 6);
    expect(p.speedKmh).toBe(0.48);
    expect(p.course).toBe(60.3);
  });

  it('UK UD_LTE: western longitude, speed, course', () => {
    const p = positionOf('[3G*7703762021*00ab*UD_LTE');
    expect(p).toMatchObject({ valid: true, speedKmh: 0.77, course: 311.415, altitude: 45.7 });
    expect(p.latitude).toBeCloseTo(51.498258, 6);
    expect(p.longitude).toBeCloseTo(-0.40505, 6);
    expect(p.wifi).toEqual([{ mac: 'da:10:68:3d:11:ca', rssi: -77 }]);
  });

  it('negative numbers with S/W stay negative once; a malformed network tail is dropped', () => {
    const p = positionOf('[3G*3707806493*00E7*UD_LTE');
    expect(p.latitude).toBeCloseTo(-33.438529, 6);
    expect(p.longitude).toBeCloseTo(-70.6465013, 6);
    expect(p.valid).toBe(false);
  });

  it('health words and replies decode without a position', () => {
    expect(messagesOf('[3G*9705141740*000B*oxygen')[1]).toEqual({
      type: 'unknown',
      kind: 'oxygen',
    });
    expect(messagesOf('[ZJ*5678901234*0001*0009*TEMP')[1]).toEqual({
      type: 'unknown',
      kind: 'TEMP',
    });
    expect(messagesOf('[3G*5678901234*0008* POWEROFF')[1]).toEqual({
      type: 'commandResult',
      reference: 'POWEROFF',
      success: true,
    });
    expect(messagesOf('[3G*0304187109*0009*LK')[1]).toEqual({
      type: 'heartbeat',
      status: { steps: 0, batteryPercent: 21 },
    });
  });

  it('refuses what does not parse, with a reason', () => {
    const refused = (frame: string) => {
      try {
        decode(frame);
      } catch (error) {
        expect(error).toBeInstanceOf(DecodeError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${frame}`);
    };
    expect(refused('[3G*1234567890*0010*UD,320116,120000,A,1,N,2,E,0,0,0,0,0,0,0,0,0]')).toMatch(
      /date/,
    );
    expect(refused('[3G*1234567890*0010*UD,010116,120000,A,x,N,2,E,0,0,0,0,0,0,0,0,0]')).toMatch(
      /coordinate/,
    );
  });
});
