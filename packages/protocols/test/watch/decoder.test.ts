import { describe, expect, it } from 'vitest';
import { bytesText, concatBytes, textBytes } from '../../src/common/bytes.js';
import { DecodeError, newSession } from '../../src/types.js';
import type { DecodedMessage, Position, ProtocolSession } from '../../src/types.js';
import { watch } from '../../src/watch/index.js';

const decode = (frame: string | Uint8Array, session: ProtocolSession = newSession()) =>
  watch.decode(typeof frame === 'string' ? textBytes(frame) : frame, session);

/** Builds a frame with LEN computed (for vectors composed here, not copied from a document). */
const frame = (content: string, id = '8800000015', mf = '3G') =>
  `[${mf}*${id}*${textBytes(content).length.toString(16).toUpperCase().padStart(4, '0')}*${content}]`;

function positionOf(messages: DecodedMessage[]): Position {
  for (const m of messages) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  throw new Error('no position');
}
const alarmsOf = (messages: DecodedMessage[]) =>
  messages.flatMap((m) => (m.type === 'alarm' ? m.alarms : []));

describe('watch decoder', () => {
  it('decodes the doc LK example: login first, heartbeat with steps and battery, LK ack', () => {
    const session = newSession();
    const result = decode('[3G*8800000015*000D*LK,50,100,100]', session);
    expect(result.messages).toEqual([
      { type: 'login', deviceId: '8800000015' },
      { type: 'heartbeat', status: { steps: 50, batteryPercent: 100 } },
    ]);
    expect(bytesText(result.ack!)).toBe('[3G*8800000015*0002*LK]');
    expect(session.deviceId).toBe('8800000015');

    // Second frame of the same session: no second login; bare LK; maker code echoed.
    const again = decode('[SG*8800000015*0002*LK]', session);
    expect(again.messages).toEqual([{ type: 'heartbeat' }]);
    expect(bytesText(again.ack!)).toBe('[SG*8800000015*0002*LK]');
  });

  it('answers an indexed-header LK in the same form', () => {
    const result = decode('[3G*1234567890*0001*0002*LK]');
    expect(result.messages[0]).toEqual({ type: 'login', deviceId: '1234567890' });
    expect(bytesText(result.ack!)).toBe('[3G*1234567890*0001*0002*LK]');
  });

  it('decodes the BEE UD example (time UTC, coordinates, cells, accuracy tail)', () => {
    const text =
      '[3G*8800000015*00CD*UD,180916,025723,A,22.570733,N,113.8626083,E,0.00,249.5,0.0,6,100,60,0,0,00000010,7,255,460,1,9529,21809,158,9529,63555,133,9529,63554,129,9529,21405,126,9529,21242,124,9529,21151,120,9529,63556,119,0,40.7]';
    const result = decode(text);
    expect(result.ack).toBeUndefined();
    const p = positionOf(result.messages);
    expect(p.fixTime).toBe(Date.UTC(2016, 8, 18, 2, 57, 23));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(22.570733, 6);
    expect(p.longitude).toBeCloseTo(113.8626083, 6);
    expect(p.speedKmh).toBe(0);
    expect(p.course).toBe(249.5);
    expect(p.altitude).toBe(0);
    expect(p.satellites).toBe(6);
    expect(p.signal).toBe(100);
    expect(p.batteryPercent).toBe(60);
    expect(p.steps).toBe(0);
    expect(p.alarms).toBeUndefined(); // 0x10 = static state bit, not an alarm
    expect(p.reupload).toBeUndefined();
    expect(p.lbsMode).toBe('gps');
    expect(p.cells).toHaveLength(7);
    expect(p.cells![0]).toEqual({ mcc: 460, mnc: 1, lac: 9529, cellId: 21809, rssi: 158 });
    expect(p.cells![6]).toEqual({ mcc: 460, mnc: 1, lac: 9529, cellId: 63556, rssi: 119 });
    expect(p.wifi).toBeUndefined();
  });

  it('decodes AL: alarms from the status word and the AL ack', () => {
    const result = decode(
      frame(
        'AL,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,00310001,4,1,460,0,9360,4082,131,9360,4092,148,9360,4091,143,9360,4153,141',
      ),
    );
    const p = positionOf(result.messages);
    expect(p.fixTime).toBe(Date.UTC(2014, 3, 22, 13, 46, 52));
    expect(p.latitude).toBeCloseTo(22.571707, 6);
    expect(p.longitude).toBeCloseTo(113.8613968, 6);
    expect(p.speedKmh).toBe(0.1);
    expect(p.altitude).toBe(100);
    expect(p.satellites).toBe(7);
    expect(p.signal).toBe(60);
    expect(p.batteryPercent).toBe(90);
    expect(p.steps).toBe(1000);
    // bits 16 (SOS), 20 (removed), 21 (fall); bit 0 is the low-battery *state*, not an alarm.
    expect(alarmsOf(result.messages)).toEqual(['sos', 'tearOff', 'fall']);
    expect(p.cells).toHaveLength(4);
    expect(p.cells![3]).toEqual({ mcc: 460, mnc: 0, lac: 9360, cellId: 4153, rssi: 141 });
    expect(bytesText(result.ack!)).toBe('[3G*8800000015*0002*AL]');
  });

  it('AL_LTE is acked with AL too', () => {
    const result = decode(
      frame('AL_LTE,010120,000000,V,0.000000,N,0.000000,E,0,0,0,0,40,80,0,0,00020000,0,0'),
    );
    expect(alarmsOf(result.messages)).toEqual(['lowBattery']);
    expect(bytesText(result.ack!)).toBe('[3G*8800000015*0002*AL]');
  });

  it('UD2 is a blind-area re-upload', () => {
    const p = positionOf(
      decode(frame('UD2,311223,235959,A,22.5,N,113.9,E,12.5,90.0,35.0,8,80,70,1234,0,00000000,0,0'))
        .messages,
    );
    expect(p.reupload).toBe(true);
    expect(p.fixTime).toBe(Date.UTC(2023, 11, 31, 23, 59, 59));
    expect(p.speedKmh).toBe(12.5);
    expect(p.course).toBe(90);
    expect(p.altitude).toBe(35);
    expect(p.steps).toBe(1234);
  });

  it('keeps an invalid fix invalid and as reported; southern/western hemispheres; Wi-Fi', () => {
    const { messages } = decode(
      frame(
        'UD_LTE,050321,081500,V,33.868820,S,151.209296,W,0.00,0.0,0.0,0,70,55,10,0,00000000,1,0,505,2,1a2b,ff01,-60,2,home,AA:BB:CC:DD:EE:FF,-45,cafe,112233445566,-70,25',
      ),
    );
    const p = positionOf(messages);
    expect(p.valid).toBe(false);
    expect(p.latitude).toBeCloseTo(-33.86882, 6);
    expect(p.longitude).toBeCloseTo(-151.209296, 6);
    expect(p.fixTime).toBe(Date.UTC(2021, 2, 5, 8, 15, 0));
    // Not a GPS fix: the cells and access points also go as a networkFix, for the server to resolve.
    expect(p.lbsMode).toBe('gps');
    expect(messages[2]).toEqual({
      type: 'networkFix',
      fixTime: p.fixTime,
      cells: p.cells,
      wifi: p.wifi,
    });
    expect(p.cells).toEqual([{ mcc: 505, mnc: 2, lac: 0x1a2b, cellId: 0xff01, rssi: -60 }]);
    expect(p.wifi).toEqual([
      { mac: 'aa:bb:cc:dd:ee:ff', rssi: -45 },
      { mac: '11:22:33:44:55:66', rssi: -70 },
    ]);
  });

  it('unescapes TK voice data (which holds ] and , once unescaped) and acks TK,1', () => {
    const escaped = Uint8Array.from([
      0x23, 0x21, 0x41, 0x4d, 0x52, 0x7d, 0x01, 0x7d, 0x02, 0x7d, 0x03, 0x7d, 0x04, 0x7d, 0x05,
      0x00,
    ]);
    const content = concatBytes(textBytes('TK,'), escaped);
    const bytes = concatBytes(
      textBytes(`[3G*8800000015*${content.length.toString(16).padStart(4, '0')}*`),
      content,
      textBytes(']'),
    );
    const result = decode(bytes);
    const chunk = result.messages[1]!;
    expect(chunk.type).toBe('mediaChunk');
    if (chunk.type !== 'mediaChunk') return;
    expect(chunk.format).toBe('amr');
    expect(chunk.index).toBe(0);
    expect(chunk.total).toBe(1);
    // Stable id: device, FNV-1a of the audio, length.
    expect(chunk.mediaId).toMatch(/^8800000015-tk-[0-9a-f]{8}-11$/);
    expect(decode(bytes).messages[1]).toMatchObject({ mediaId: chunk.mediaId });
    expect(Array.from(chunk.data)).toEqual([
      0x23, 0x21, 0x41, 0x4d, 0x52, 0x7d, 0x5b, 0x5d, 0x2c, 0x2a, 0x00,
    ]);
    expect(bytesText(result.ack!)).toBe('[3G*8800000015*0004*TK,1]');
  });

  it('reads TK,1 / TK,0 / TK from the watch as the result of a pushed voice message', () => {
    const session = newSession();
    session.deviceId = '8800000015';
    expect(decode('[3G*8800000015*0004*TK,1]', session)).toEqual({
      messages: [{ type: 'commandResult', reference: 'TK', success: true }],
    });
    expect(decode('[3G*8800000015*0004*TK,0]', session).messages).toEqual([
      { type: 'commandResult', reference: 'TK', success: false },
    ]);
    expect(decode('[3G*8800000015*0002*TK]', session).messages).toEqual([
      { type: 'commandResult', reference: 'TK', success: true },
    ]);
  });

  it('echoes TKQ and answers CONFIG', () => {
    const session = newSession();
    const tkq = decode('[3G*8800000015*0003*TKQ]', session);
    expect(tkq.messages[1]).toEqual({ type: 'unknown', kind: 'TKQ' });
    expect(bytesText(tkq.ack!)).toBe('[3G*8800000015*0003*TKQ]');
    const config = decode(frame('CONFIG,TY:g36,UL:300,SY:0,CM:0'), session);
    expect(config.messages).toEqual([{ type: 'unknown', kind: 'CONFIG' }]);
    expect(bytesText(config.ack!)).toBe('[3G*8800000015*0008*CONFIG,1]');
  });

  it('turns command echoes into commandResult with the command word as reference', () => {
    const session = newSession();
    session.deviceId = '8800000015';
    expect(decode('[3G*8800000015*0006*UPLOAD]', session)).toEqual({
      messages: [{ type: 'commandResult', reference: 'UPLOAD', success: true }],
    });
    expect(decode(frame('VERNO,G36_V1.2'), session).messages).toEqual([
      { type: 'commandResult', reference: 'VERNO', success: true, text: 'G36_V1.2' },
    ]);
  });

  it('reports unknown words as unknown, without ack; answers bphrt (BEE §III.3)', () => {
    const result = decode('[3G*0304187109*0009*FFZDPAYH5]');
    expect(result.messages[1]).toEqual({ type: 'unknown', kind: 'FFZDPAYH5' });
    expect(result.ack).toBeUndefined();
    const bphrt = decode(frame('bphrt,120,79,73,,,,'));
    expect(bphrt.messages[1]).toEqual({ type: 'unknown', kind: 'bphrt' });
    expect(bytesText(bphrt.ack!)).toBe('[3G*8800000015*0005*bphrt]');
  });

  it('throws DecodeError on malformed frames and leaves the session alone', () => {
    const session = newSession();
    // Binary words must end where LEN says; LEN must be hex.
    expect(() => decode('[3G*8800000015*0009*TK,ab]', session)).toThrow(DecodeError);
    expect(() => decode('[3G*8800000015*00ZZ*LK]', session)).toThrow(DecodeError);
    expect(() => decode('[3G*8800000015*0002*LK]]', session)).toThrow(DecodeError);
    expect(() => decode('3G*8800000015*0002*LK', session)).toThrow(DecodeError);
    expect(() => decode(frame('UD,180916,025723,A,22.5'), session)).toThrow(DecodeError);
    expect(() =>
      decode(frame('UD,180916,025723,X,22.5,N,113.9,E,0,0,0,0,0,0,0,0,00000000'), session),
    ).toThrow(DecodeError);
    expect(() =>
      decode(frame('UD,180916,025723,A,95.5,N,113.9,E,0,0,0,0,0,0,0,0,00000000'), session),
    ).toThrow(DecodeError);
    expect(session.deviceId).toBeUndefined();
  });
});
