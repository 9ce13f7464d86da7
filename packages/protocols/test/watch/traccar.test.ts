import { describe, expect, it } from 'vitest';
import { bytesText, hexToBytes, textBytes } from '../../src/common/bytes.js';
import { newSession } from '../../src/types.js';
import type { DecodedMessage, Position } from '../../src/types.js';
import { watch } from '../../src/watch/index.js';
import { TRACCAR_WATCH_FRAMES } from './traccar-frames.js';
import { TRACCAR_JXTK_CHUNK_1 } from './traccar-jxtk.js';

const frameStarting = (prefix: string) => {
  const found = TRACCAR_WATCH_FRAMES.find((f) => f.startsWith(prefix));
  if (!found) throw new Error(`no frame ${prefix}`);
  return found;
};
const decode = (prefix: string) => watch.decode(textBytes(frameStarting(prefix)), newSession());
function positionOf(messages: DecodedMessage[]): Position {
  for (const m of messages) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  throw new Error('no position');
}
const alarmsOf = (messages: DecodedMessage[]) =>
  messages.flatMap((m) => (m.type === 'alarm' ? m.alarms : []));
const networkFixOf = (messages: DecodedMessage[]) => messages.find((m) => m.type === 'networkFix');

describe('watch, Traccar test frames', () => {
  it('frames every one of them whole, in one stream', () => {
    const framer = watch.createFramer();
    const out = framer.push(textBytes(TRACCAR_WATCH_FRAMES.join('')));
    expect(out.map(bytesText)).toEqual(TRACCAR_WATCH_FRAMES);
    expect(framer.stats).toEqual({ garbageBytes: 0, oversizedFrames: 0 });
  });

  it('decodes every one of them without error, login first', () => {
    for (const frame of TRACCAR_WATCH_FRAMES) {
      const result = watch.decode(textBytes(frame), newSession());
      expect(result.messages[0]!.type, frame).toBe('login');
      expect(result.messages.length, frame).toBeGreaterThanOrEqual(2);
    }
  });

  it('UD2 (re-upload, no cells)', () => {
    const p = positionOf(decode('[3G*9031853319*004E*UD2').messages);
    expect(p).toMatchObject({
      fixTime: Date.UTC(2022, 2, 22, 5, 51, 5),
      valid: true,
      speedKmh: 0,
      course: 0,
      altitude: 47,
      satellites: 14,
      signal: 100,
      batteryPercent: 64,
      steps: 0,
      reupload: true,
      lbsMode: 'gps',
    });
    expect(p.latitude).toBeCloseTo(22.761162, 6);
    expect(p.longitude).toBeCloseTo(114.360192, 6);
    expect(p.cells).toBeUndefined();
    expect(p.alarms).toBeUndefined();
  });

  it('SG frame with a short LEN, a cell without RSSI and a "00" Wi-Fi count', () => {
    const p = positionOf(decode('[SG*9159059735*0066*UD2').messages);
    expect(p.fixTime).toBe(Date.UTC(2022, 2, 23, 8, 21, 38));
    expect(p.latitude).toBeCloseTo(59.55285, 6);
    expect(p.longitude).toBeCloseTo(16.66185, 6);
    expect(p.cells).toEqual([{ mcc: 240, mnc: 7, lac: 34505, cellId: 80806406 }]);
    expect(p.wifi).toBeUndefined();
  });

  it('western longitude', () => {
    const p = positionOf(decode('[SG*9059056143*0053*UD').messages);
    expect(p.fixTime).toBe(Date.UTC(2021, 9, 25, 22, 34, 8));
    expect(p.latitude).toBeCloseTo(41.465, 6);
    expect(p.longitude).toBeCloseTo(-81.53128, 6);
    expect(p.speedKmh).toBe(0.926);
  });

  it('UD_LTE with a cell, three Wi-Fi points and an accuracy tail', () => {
    const p = positionOf(decode('[3G*2104326058*00E9*UD_LTE').messages);
    expect(p).toMatchObject({
      fixTime: Date.UTC(2021, 5, 30, 13, 51, 1),
      valid: true,
      speedKmh: 30.84,
      course: 265.158,
      altitude: 65.621,
      satellites: 18,
      signal: 100,
      batteryPercent: 83,
    });
    expect(p.latitude).toBeCloseTo(32.162652, 6);
    expect(p.longitude).toBeCloseTo(34.888748, 6);
    expect(p.cells).toEqual([{ mcc: 425, mnc: 1, lac: 10223, cellId: 8012811, rssi: 100 }]);
    expect(p.wifi).toEqual([
      { mac: '22:74:1d:39:64:ff', rssi: -46 },
      { mac: 'a8:3f:a1:e0:66:ba', rssi: -89 },
      { mac: '00:0c:42:51:cf:cd', rssi: -81 },
    ]);
  });

  it('ALCUSTOMER1: removed-from-wrist alarm, invalid fix kept, AL ack', () => {
    const result = decode('[3G*358839237678820*0122*ALCUSTOMER1');
    const p = positionOf(result.messages);
    expect(p.valid).toBe(false);
    expect(p.fixTime).toBe(Date.UTC(2020, 10, 25, 8, 18, 21));
    expect(alarmsOf(result.messages)).toEqual(['tearOff']);
    expect(p.batteryPercent).toBe(2);
    expect(p.steps).toBe(11089);
    expect(p.lbsMode).toBe('gps');
    const fix = networkFixOf(result.messages);
    if (fix?.type !== 'networkFix') throw new Error('no networkFix');
    expect(fix.cells).toEqual([{ mcc: 460, mnc: 1, lac: 42308, cellId: 101992452, rssi: 100 }]);
    expect(fix.wifi).toHaveLength(5);
    expect(fix.wifi![4]).toEqual({ mac: '30:45:96:10:14:5d', rssi: -79 });
    expect(bytesText(result.ack!)).toBe('[3G*358839237678820*0002*AL]');
  });

  it('AL with SOS and seven cells, no fix', () => {
    const result = decode('[3G*8809008845*00C0*AL');
    const p = positionOf(result.messages);
    expect(alarmsOf(result.messages)).toEqual(['sos']);
    expect(p.valid).toBe(false);
    const fix = networkFixOf(result.messages);
    if (fix?.type !== 'networkFix') throw new Error('no networkFix');
    expect(fix.cells).toHaveLength(7);
    expect(fix.cells[6]).toEqual({ mcc: 460, mnc: 0, lac: 9336, cellId: 4353, rssi: 132 });
    expect(bytesText(result.ack!)).toBe('[3G*8809008845*0002*AL]');
  });

  it('indexed header: the AL ack carries the index', () => {
    const result = decode('[ZJ*014111001332708*0075*0064*AL');
    expect(result.messages[0]).toEqual({ type: 'login', deviceId: '014111001332708' });
    expect(alarmsOf(result.messages)).toEqual(['tearOff']);
    expect(positionOf(result.messages).fixTime).toBe(Date.UTC(2018, 3, 4, 5, 21, 56));
    expect(bytesText(result.ack!)).toBe('[ZJ*014111001332708*0075*0002*AL]');
  });

  it('fall alarm', () => {
    const { messages } = decode('[3G*8308373902*0080*AL');
    const p = positionOf(messages);
    expect(p.fixTime).toBe(Date.UTC(2017, 7, 23, 9, 53, 46));
    expect(p.latitude).toBeCloseTo(47.08395, 6);
    expect(p.longitude).toBeCloseTo(15.482185, 6);
    expect(p.speedKmh).toBe(7.6);
    expect(alarmsOf(messages)).toEqual(['fall']);
  });

  it('signed coordinates: the sign in the number wins over N/E, W/S force negative', () => {
    const chile = positionOf(decode('[3G*6105117105*008D*UD2').messages);
    expect(chile.fixTime).toBe(Date.UTC(2016, 6, 21, 23, 16, 1));
    expect(chile.latitude).toBeCloseTo(-33.480366, 6);
    expect(chile.longitude).toBeCloseTo(-70.7630692, 6);
    const costaRica = positionOf(decode('[3G*6430073509*00E7*UD2').messages);
    expect(costaRica.longitude).toBeCloseTo(-84.1422119, 6);
    const emptyHemisphere = positionOf(decode('[SG*9051000884*009B*UD').messages);
    expect(emptyHemisphere.longitude).toBeCloseTo(0.369512, 6);
  });

  it('skips a Wi-Fi point whose MAC is a placeholder', () => {
    const p = positionOf(decode('[3G*8800000015*00DD*UD').messages);
    expect(p.wifi).toHaveLength(4);
    expect(p.valid).toBe(false);
  });

  it('LK variants and health words', () => {
    expect(decode('[3G*4700186508*000B*LK').messages[1]).toEqual({
      type: 'heartbeat',
      status: { steps: 0, batteryPercent: 100 },
    });
    expect(decode('[SG*9081000548*0009*LK').messages[1]).toEqual({ type: 'heartbeat' });
    expect(decode('[3G*2104326058*000E*btemp2').messages[1]).toEqual({
      type: 'unknown',
      kind: 'btemp2',
    });
    expect(decode('[ZJ*357653059860416*0007*000c*BLOOD').messages[1]).toEqual({
      type: 'unknown',
      kind: 'BLOOD',
    });
  });

  it('TK voice frame from the TRC voice test (escaped bytes unescaped)', () => {
    const bytes = Buffer.concat([
      Buffer.from('[CS*1234567890*000e*TK,#!AMR'),
      Buffer.from('7d5b5d2c2aff', 'hex'),
      Buffer.from(']'),
    ]);
    // Raw '[', ']', ',' and '*' inside: only LEN can end this frame.
    const framer = watch.createFramer();
    const framed = framer.push(
      new Uint8Array(Buffer.concat([bytes, Buffer.from('[CS*1234567890*0002*LK]')])),
    );
    expect(framed.map((f) => Buffer.from(f).toString('hex'))).toEqual([
      bytes.toString('hex'),
      Buffer.from('[CS*1234567890*0002*LK]').toString('hex'),
    ]);
    const session = newSession();
    const result = watch.decode(new Uint8Array(bytes), session);
    expect(session.extra.watchIndexed).toBe(false);
    const chunk = result.messages[1]!;
    if (chunk.type !== 'mediaChunk') throw new Error('not media');
    expect(Buffer.from(chunk.data).toString('latin1')).toBe('#!AMR}[],*\xff');
  });

  it('JXTK chunked voice: framed by LEN, one chunk, escapes undone, JXTKR ack', () => {
    const bytes = hexToBytes(TRACCAR_JXTK_CHUNK_1);
    const framer = watch.createFramer();
    expect(framer.push(bytes.subarray(0, 500))).toEqual([]);
    const frames = framer.push(bytes.subarray(500));
    expect(frames).toHaveLength(1);
    expect(frames[0]!.length).toBe(1112);

    const result = watch.decode(frames[0]!, newSession());
    const chunk = result.messages[1]!;
    if (chunk.type !== 'mediaChunk') throw new Error('not media');
    expect(chunk.mediaId).toBe('watch_7_20220526093954');
    expect(chunk.index).toBe(0);
    expect(chunk.total).toBe(6);
    expect(chunk.format).toBe('amr');
    expect(bytesText(chunk.data.subarray(0, 6))).toBe('#!AMR\n');
    // 1081 content bytes minus the 34-byte text prefix, minus one byte per 7D escape pair:
    // exactly 1024 AMR bytes, which also shows that LEN counts escaped bytes.
    const escaped = bytes.subarray(64, 1111);
    let pairs = 0;
    for (let i = 0; i < escaped.length; i++) {
      if (escaped[i] === 0x7d) {
        pairs++;
        i++;
      }
    }
    expect(chunk.data.length).toBe(escaped.length - pairs);
    expect(chunk.data.length).toBe(1024);
    expect(chunk.data.includes(0x7d)).toBe(true);
    expect(bytesText(result.ack!)).toBe('[ZJ*789468050042692*0034*0007*JXTKR,1]');
  });
});
