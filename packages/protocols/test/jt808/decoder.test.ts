import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { jt808 } from '../../src/jt808/index.js';
import {
  DecodeError,
  newSession,
  type DecodedMessage,
  type Position,
  type ProtocolSession,
} from '../../src/types.js';
import { frames } from './frames.js';

const decode = (hex: string, session: ProtocolSession = newSession()) =>
  jt808.decode(hexToBytes(hex), session);

/** Session that already logged in, so no implicit login is prepended. */
const loggedIn = (): ProtocolSession => ({ ...newSession(), deviceId: 'x' });
const mp3Chunk = (index: number, hex: string) => ({
  type: 'mediaChunk',
  mediaId: 'serial-96',
  index,
  total: 3,
  format: 'mp3',
  data: hexToBytes(hex),
});

const positionsOf = (messages: DecodedMessage[]): Position[] =>
  messages.flatMap((m) => (m.type === 'position' ? [m.position] : []));

const onlyPosition = (hex: string): Position => {
  const positions = positionsOf(decode(hex, loggedIn()).messages);
  expect(positions).toHaveLength(1);
  return positions[0]!;
};

const utc = (iso: string) => Date.parse(iso);

describe('jt808 decoder: 0x0200 location', () => {
  it('decodes the protocols.md §2.1.7 worked example', () => {
    const session = newSession();
    const { messages, ack } = decode(frames.docLocation, session);
    expect(messages[0]).toEqual({
      type: 'login',
      deviceId: '51160004464',
      details: { implicit: 1 },
    });
    const p = positionsOf(messages)[0]!;
    // 2020-08-07 18:07:22 GMT+8
    expect(p.fixTime).toBe(utc('2020-08-07T10:07:22Z'));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(22.64483, 6);
    expect(p.longitude).toBeCloseTo(114.02938, 6);
    expect(p.speedKmh).toBe(0);
    expect(p.course).toBe(0);
    expect(p.altitude).toBe(0);
    expect(p.mileageKm).toBeCloseTo(0.1, 6);
    expect(p.satellites).toBe(9);
    expect(p.signal).toBe(90); // CSQ 28 of 31
    expect(p.acc).toBe(false);
    expect(p.cut).toBe(false);
    expect(p.alarms).toBeUndefined();
    expect(p.reupload).toBeUndefined();
    expect(p.lbsMode).toBe('gps');
    expect(session.deviceId).toBe('51160004464');
    // 0x8001: reply serial 13, reply id 0x0200, result 0, platform serial 0.
    expect(bytesToHex(ack!)).toBe('7e800100050511600044640000000d020000df7e');
    expect(session.serial).toBe(1);
  });

  it('applies south and west from status bits 2 and 3', () => {
    const p = onlyPosition(frames.traccarSouthWest);
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(-19.591535, 6);
    expect(p.longitude).toBeCloseTo(-46.912186, 6);
    expect(p.fixTime).toBe(utc('2015-01-01T11:42:57Z'));
    expect(p.mileageKm).toBeCloseTo(11.9, 6);
  });

  it('keeps an invalid fix as valid: false with the coordinates sent', () => {
    const p = onlyPosition(frames.traccarNoFix);
    expect(p.valid).toBe(false);
    expect(p.acc).toBe(true);
    expect(p.latitude).toBeCloseTo(6.152695, 6);
    expect(p.longitude).toBeCloseTo(106.720495, 6);
    expect(p.fixTime).toBe(utc('2017-01-17T02:04:42Z'));
    expect(p.mileageKm).toBeCloseTo(4326.4, 6);
    expect(p.satellites).toBe(3);
    expect(p.signal).toBe(87); // CSQ 27
  });

  it('maps alarm bit 0 to sos', () => {
    const p = onlyPosition(frames.traccarSos);
    expect(p.alarms).toEqual(['sos']);
    expect(p.latitude).toBeCloseTo(50.871735, 6);
    expect(p.longitude).toBeCloseTo(-1.255923, 6);
    expect(p.speedKmh).toBeCloseTo(2, 6);
    expect(p.fixTime).toBe(utc('2013-04-12T08:49:52Z'));
    expect(p.mileageKm).toBeCloseTo(1.8, 6);
  });

  it('maps alarm bit 7 to lowBattery (and the GPS51 0x00EB/0x0089 removal bit to tearOff)', () => {
    const p = onlyPosition(frames.traccarLowVoltage);
    expect(p.alarms).toEqual(['lowBattery', 'tearOff']);
    expect(p.acc).toBe(true);
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(22.641605, 6);
    expect(p.longitude).toBeCloseTo(114.032486, 6);
    expect(p.altitude).toBe(235);
    expect(p.course).toBe(341);
    expect(p.fixTime).toBe(utc('2021-07-26T12:35:31Z'));
  });

  it('maps vendor alarm bit 17 to tearOff', () => {
    const p = onlyPosition(frames.traccarTamper);
    expect(p.alarms).toEqual(['tearOff']);
    expect(p.speedKmh).toBeCloseTo(24.1, 6);
    expect(p.course).toBe(252);
    expect(p.altitude).toBe(12);
    expect(p.fixTime).toBe(utc('2021-01-18T01:58:53Z'));
  });

  it('reads overspeed, area exit (item 0x12) and the oil-cut status bit', () => {
    const p = onlyPosition(frames.madeAreaExit);
    expect(p.alarms).toEqual(['overspeed', 'geofenceExit']);
    expect(p.cut).toBe(true);
    expect(p.acc).toBe(true);
    expect(p.speedKmh).toBe(100);
    expect(p.course).toBe(90);
    expect(p.altitude).toBe(16);
    expect(p.satellites).toBe(30);
  });

  it('reads vendor battery volts (item 0x69)', () => {
    const p = onlyPosition(frames.traccarBatteryVolts);
    expect(p.voltage).toBeCloseTo(3.95, 6);
    expect(p.latitude).toBeCloseTo(-6.107478, 6);
    expect(p.longitude).toBeCloseTo(106.918184, 6);
    expect(p.fixTime).toBe(utc('2023-05-11T08:59:56Z'));
  });

  it('answers 0x0201 with the command reference and the position', () => {
    const { messages, ack } = decode(frames.madeLocationReply, loggedIn());
    expect(messages[0]).toEqual({ type: 'commandResult', reference: '5', success: true });
    const p = positionsOf(messages)[0]!;
    expect(p.latitude).toBeCloseTo(22.64483, 6);
    expect(p.fixTime).toBe(utc('2020-08-07T10:07:22Z'));
    expect(bytesToHex(ack!).slice(0, 6)).toBe('7e8001');
  });
});

describe('jt808 decoder: 0x0704 batch', () => {
  it('marks a blind-area batch (type 1) as reupload', () => {
    const { messages, ack } = decode(frames.traccarBatchReupload, loggedIn());
    const positions = positionsOf(messages);
    expect(positions).toHaveLength(1);
    const p = positions[0]!;
    expect(p.reupload).toBe(true);
    expect(p.alarms).toEqual(['powerCut', 'other']);
    expect(p.acc).toBe(true);
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(33.697808, 6);
    expect(p.longitude).toBeCloseTo(116.954088, 6);
    expect(p.altitude).toBe(29);
    expect(p.course).toBe(149);
    expect(p.fixTime).toBe(utc('2026-08-17T14:18:12Z'));
    expect(p.mileageKm).toBeCloseTo(1402.5, 6);
    expect(p.satellites).toBe(14);
    expect(p.signal).toBe(100);
    expect(bytesToHex(ack!)).toBe('7e8001000501445037620200000002070400c77e');
  });

  it('decodes a blind-area batch of 8 items', () => {
    const positions = positionsOf(decode(frames.traccarBatchNormal, loggedIn()).messages);
    expect(positions).toHaveLength(8);
    expect(positions.every((p) => p.reupload === true && p.valid && p.acc)).toBe(true);
    expect(positions[0]!.fixTime).toBe(utc('2016-05-27T01:06:24Z'));
    expect(positions[0]!.latitude).toBeCloseTo(22.639634, 6);
    expect(positions[0]!.longitude).toBeCloseTo(114.031952, 6);
    expect(positions[0]!.altitude).toBe(370);
    expect(positions[7]!.fixTime).toBe(utc('2016-05-27T01:10:02Z'));
    expect(positions[7]!.latitude).toBeCloseTo(22.64055, 6);
  });

  it('decodes a 2019-layout batch and answers in the 2019 layout', () => {
    const session = newSession();
    const { messages, ack } = decode(frames.traccarBatch2019, session);
    expect(messages[0]).toMatchObject({ type: 'login', deviceId: '866496077582164' });
    const p = positionsOf(messages)[0]!;
    expect(p.latitude).toBeCloseTo(-27.263378, 6);
    expect(p.longitude).toBeCloseTo(153.037383, 6);
    expect(p.fixTime).toBe(utc('2026-05-09T08:42:27Z'));
    expect(p.mileageKm).toBeCloseTo(960.2, 6);
    expect(p.reupload).toBeUndefined();
    // Check code 0x7e goes out escaped as 7d 02.
    expect(bytesToHex(ack!)).toBe('7e8001400501000008664960775821640000881d0704007d027e');
  });
});

describe('jt808 decoder: login, heartbeat, replies, media', () => {
  it('decodes a 2013 register and answers 0x8100 with the code the server issues', () => {
    const session = newSession();
    const { messages, ack, answerLogin } = decode(frames.traccarRegister2013, session);
    expect(messages).toEqual([
      {
        type: 'login',
        deviceId: '14130567872',
        details: {
          province: 44,
          city: 303,
          maker: '70111',
          model: 'BSJ-A6-BD',
          terminalId: '0567872',
          plateColor: 1,
          plate: '粤B88888',
        },
        credential: { kind: 'register' },
      },
    ]);
    expect(session.deviceId).toBe('14130567872');
    expect(ack).toBeUndefined();
    // Reply serial 0x0024, result 0, then the code "K7q9ZpXw".
    expect(bytesToHex(answerLogin!({ accepted: true, authCode: 'K7q9ZpXw' }))).toBe(
      '7e8100000b01413056787200000024004b3771395a705877b37e',
    );
  });

  it('answers a refused register with 0x8100 result 3 (already registered) and no code', () => {
    const { answerLogin } = decode(frames.traccarRegister2013);
    expect(bytesToHex(answerLogin!({ accepted: false }))).toBe(
      '7e810000030141305678720000002403897e',
    );
  });

  it('decodes a 2011 register (model BYTE[8])', () => {
    const { messages, answerLogin } = decode(frames.traccarRegister2011);
    expect(messages[0]).toMatchObject({
      type: 'login',
      deviceId: '13345678906',
      details: { model: 'BSJ-M7B', terminalId: '0000000', plate: '粤B88888' },
    });
    expect(bytesToHex(answerLogin!({ accepted: true, authCode: '13345678906' }))).toBe(
      '7e8100000e0133456789060000000f003133333435363738393036297e',
    );
  });

  it('decodes a 2019 register and answers 0x8100 in the 2019 layout', () => {
    const { messages, answerLogin } = decode(frames.traccarRegister2019);
    expect(messages[0]).toMatchObject({
      type: 'login',
      deviceId: '866496077582164',
      details: { model: 'MD300', terminalId: '866496077582164', plateColor: 4 },
    });
    expect(bytesToHex(answerLogin!({ accepted: true, authCode: '866496077582164' }))).toBe(
      '7e81004012010000086649607758216400005218003836363439363037373538323136348a7e',
    );
  });

  it('decodes 0x0102 authentication and answers 0x8001 success or failure', () => {
    const { messages, ack, answerLogin } = decode(frames.traccarAuth);
    expect(messages).toEqual([
      {
        type: 'login',
        deviceId: '13511221122',
        credential: { kind: 'authCode', code: 'authentication' },
      },
    ]);
    expect(ack).toBeUndefined();
    expect(bytesToHex(answerLogin!({ accepted: true }))).toBe(
      '7e8001000501351122112200000006010200b57e',
    );
    // Result 1: failure, for a code that is not the device's.
    expect(bytesToHex(decode(frames.traccarAuth).answerLogin!({ accepted: false }))).toBe(
      '7e8001000501351122112200000006010201b47e',
    );
  });

  it('gives non-BCD phone bytes as hex', () => {
    const { messages, answerLogin } = decode(frames.traccarAuthNonBcd);
    expect(messages[0]).toMatchObject({
      type: 'login',
      deviceId: '4f07788ef676',
      credential: { kind: 'authCode', code: 'ODY4OTM1MDYwMDA1MDIwbmV3U25SdWxl' },
    });
    expect(bytesToHex(answerLogin!({ accepted: true }))).toBe(
      '7e800100054f07788ef676000001820102003a7e',
    );
  });

  it('decodes a heartbeat and answers 0x8001', () => {
    const { messages, ack } = decode(frames.traccarHeartbeat, loggedIn());
    expect(messages).toEqual([{ type: 'heartbeat' }]);
    expect(bytesToHex(ack!)).toBe('7e80010005043048325465000000b70002004e7e');
  });

  it('decodes a 2019 heartbeat with an escaped serial', () => {
    const { messages, ack } = decode(frames.madeHeartbeat2019, loggedIn());
    expect(messages).toEqual([{ type: 'heartbeat' }]);
    expect(bytesToHex(ack!)).toBe('7e8001400501000008664960775821640000007d02000200947e');
  });

  it('turns 0x0001 into a commandResult referring to the replied serial, without ack', () => {
    const ok = decode(frames.madeGeneralOk, loggedIn());
    expect(ok.messages).toEqual([
      { type: 'commandResult', reference: '3', success: true, text: '0x8105: success' },
    ]);
    expect(ok.ack).toBeUndefined();
    const no = decode(frames.madeGeneralUnsupported, loggedIn());
    expect(no.messages).toEqual([
      {
        type: 'commandResult',
        reference: '4',
        success: false,
        outcome: 'unsupported',
        text: '0x8300: unsupported',
      },
    ]);
  });

  it('decodes a one-packet 0x0801 and answers 0x8800', () => {
    const { messages, ack } = decode(frames.madeMediaSingle, loggedIn());
    expect(messages).toHaveLength(1);
    const chunk = messages[0]!;
    expect(chunk.type).toBe('mediaChunk');
    if (chunk.type !== 'mediaChunk') return;
    expect(chunk.mediaId).toBe('serial-48');
    expect(chunk.index).toBe(0);
    expect(chunk.total).toBe(1);
    expect(chunk.format).toBe('wav');
    expect(bytesToHex(chunk.data)).toBe('0102037e7d');
    expect(bytesToHex(ack!)).toBe('7e8800000505116000446400000000000700de7e');
  });

  it('decodes a subpackaged 0x0801 (index/total from the header)', () => {
    const session = loggedIn();
    const first = decode(frames.madeMediaPart1, session);
    expect(first.messages[0]).toMatchObject({
      type: 'mediaChunk',
      mediaId: 'serial-64',
      index: 0,
      total: 2,
      format: 'wav',
    });
    // Intermediate packet: 0x8001 for serial 0x40.
    expect(bytesToHex(first.ack!)).toBe('7e8001000505116000446400000040080100997e');
    const second = decode(frames.madeMediaPart2, session);
    const chunk = second.messages[0]!;
    expect(chunk).toMatchObject({ type: 'mediaChunk', mediaId: 'serial-64', index: 1, total: 2 });
    if (chunk.type === 'mediaChunk') expect(bytesToHex(chunk.data)).toBe('ccdd');
    // Last packet: 0x8800 for media 7, platform serial 1.
    expect(bytesToHex(second.ack!)).toBe('7e8800000505116000446400010000000700df7e');
  });

  it('names a packet sent on a new connection after a reconnect as its upload', () => {
    const before = decode(frames.madeMediaPart1, loggedIn()).messages[0]!;
    const after = decode(frames.madeMediaPart2, loggedIn());
    expect(after.messages[0]).toMatchObject({ type: 'mediaChunk', index: 1, total: 2 });
    if (before.type === 'mediaChunk' && after.messages[0]!.type === 'mediaChunk')
      expect(after.messages[0]!.mediaId).toBe(before.mediaId);
    // The media id of the 0x8800 came with packet 1, on the old connection: a general ack instead.
    expect(bytesToHex(after.ack!).slice(2, 6)).toBe('8001');
  });

  it('reassembles an MP3 recording in three subpackages and answers 0x8800 after the last', () => {
    // Media 0x2a, audio, format 2 (MP3), event 0, channel 1; serials 0x60-0x62; the last packet
    // holds a 0x7e data byte (escaped 7d 02).
    const packets = [
      '7e080120280511600044640060000300010000002a0102000100000000000c00020159885e06cbf344000000000000200807180722fffb9064077e',
      '7e08012004051160004464006100030002112233445d7e',
      '7e080120020511600044640062000300037d0255367e',
    ];
    const session = loggedIn();
    const results = packets.map((hex) => decode(hex, session));
    expect(results.map(({ messages }) => messages)).toEqual([
      [mp3Chunk(0, 'fffb9064')],
      [mp3Chunk(1, '11223344')],
      [mp3Chunk(2, '7e55')],
    ]);
    expect(results.map(({ ack }) => bytesToHex(ack!))).toEqual([
      '7e8001000505116000446400000060080100b97e',
      '7e8001000505116000446400010061080100b97e',
      '7e8800000505116000446400020000002a00f17e',
    ]);
  });

  it('reports other ids as unknown and still answers 0x8001', () => {
    const { messages, ack } = decode(frames.madeLogout, loggedIn());
    expect(messages).toEqual([{ type: 'unknown', kind: '0x0003' }]);
    expect(bytesToHex(ack!)).toBe('7e8001000505116000446400000050000300837e');
  });

  it('wraps the platform serial after 0xffff', () => {
    const session: ProtocolSession = { ...loggedIn(), serial: 0xffff };
    const { ack } = decode(frames.traccarHeartbeat, session);
    expect(bytesToHex(ack!).slice(22, 26)).toBe('ffff');
    expect(session.serial).toBe(0);
  });
});

describe('jt808 decoder: lenient where the frame stays unambiguous', () => {
  it('accepts a wrong check code and flags it', () => {
    const result = decode(frames.docLocation.replace(/1e7e$/, '1f7e'), loggedIn());
    expect(result.crcMismatch).toBe(true);
    expect(positionsOf(result.messages)[0]!.latitude).toBeCloseTo(22.64483, 6);
    expect(result.ack).toBeDefined();
  });

  it('decodes by the body actually sent when the length field disagrees', () => {
    const result = decode(frames.madeLengthMismatch, loggedIn());
    expect(result.crcMismatch).toBeUndefined();
    expect(positionsOf(result.messages)[0]!.fixTime).toBe(utc('2020-08-07T10:07:22Z'));
  });

  it('takes the items of a batch that are there when the count says more', () => {
    expect(positionsOf(decode(frames.madeBatchShortItem, loggedIn()).messages)).toHaveLength(1);
  });

  it('leaves no flag on a correct frame', () => {
    expect(decode(frames.docLocation, loggedIn()).crcMismatch).toBeUndefined();
  });
});

describe('jt808 decoder: malformed frames', () => {
  const malformed: Record<string, string> = {
    'short location body': frames.madeShortLocation,
    'impossible time': frames.madeBadTime,
    'bad escape with neither length nor check code agreeing': '7e0002000004304832546500b77d03ca7e',
    'shorter than a header': '7e000200007e',
  };
  for (const [name, hex] of Object.entries(malformed)) {
    it(`throws DecodeError: ${name}`, () => {
      expect(() => decode(hex)).toThrow(DecodeError);
    });
  }
});
