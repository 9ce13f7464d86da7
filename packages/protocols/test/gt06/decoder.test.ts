import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { buildFrame } from '../../src/gt06/frame.js';
import { EXTRA_CLASSIC_OFFSET } from '../../src/gt06/decoder.js';
import { GSM_CELLS, GSM_CELLS_WIFI, parseCellList } from '../../src/gt06/network.js';
import { createGt06, gt06 } from '../../src/gt06/index.js';
import type { DecodedMessage, Position } from '../../src/types.js';
import { DecodeError, newSession } from '../../src/types.js';

const decode = (hex: string, session = newSession()) => gt06.decode(hexToBytes(hex), session);

function positionOf(message: DecodedMessage | undefined): Position {
  if (message?.type === 'position' || (message?.type === 'alarm' && message.position))
    return message.position!;
  throw new Error(`no position in ${JSON.stringify(message)}`);
}

function expectCoords(p: Position, lat: number, lon: number): void {
  expect(p.latitude).toBeCloseTo(lat, 6);
  expect(p.longitude).toBeCloseTo(lon, 6);
}

describe('gt06 decoder: login 0x01', () => {
  it('decodes the GT06 v1.8.1 example and acks it byte-exact', () => {
    const session = newSession();
    const result = decode('78780D01012345678901234500018CDD0D0A', session);
    expect(result.messages).toEqual([{ type: 'login', deviceId: '123456789012345' }]);
    expect(session.deviceId).toBe('123456789012345');
    expect(bytesToHex(result.ack!)).toBe('787805010001d9dc0d0a');
  });

  it('acks the VL03 serial 5 login byte-exact', () => {
    const login = buildFrame(0x01, hexToBytes('0123456789012345'), 5);
    expect(bytesToHex(gt06.decode(login, newSession()).ack!)).toBe('7878050100059ff80d0a');
  });

  it('decodes a Traccar login frame', () => {
    const result = decode('78780D01086471700328358100093F040D0A');
    expect(result.messages[0]).toEqual({ type: 'login', deviceId: '864717003283581' });
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x01, new Uint8Array(0), 9)));
  });

  it('reads the type id and time-zone word of the extended login (Traccar frame)', () => {
    const session = newSession();
    const result = decode('787811010863586038760942a0010000010aa4000d0a', session);
    expect(result.messages[0]).toEqual({
      type: 'login',
      deviceId: '863586038760942',
      details: { typeId: 'a001', timezoneOffsetMinutes: 0 },
    });
    expect(session.extra[EXTRA_CLASSIC_OFFSET]).toBe(0);
  });

  it('takes the zone word: 0x3200 = +8:00, 0x3208 = -8:00', () => {
    const east = newSession();
    gt06.decode(buildFrame(0x01, hexToBytes('0123456789012345 0000 3200'), 1), east);
    expect(east.extra[EXTRA_CLASSIC_OFFSET]).toBe(480);
    const west = newSession();
    gt06.decode(buildFrame(0x01, hexToBytes('0123456789012345 0000 3208'), 1), west);
    expect(west.extra[EXTRA_CLASSIC_OFFSET]).toBe(-480);
  });
});

describe('gt06 decoder: heartbeat 0x13', () => {
  it('decodes the corrected 3-byte v1.8.1 example (len 8)', () => {
    // terminal info 0x4B = GPS on, alarm 001 (vibration), ACC high, armed; voltage 4; GSM 3.
    const result = decode('787808134B04030011061F0D0A');
    expect(result.messages).toEqual([
      {
        type: 'heartbeat',
        status: {
          cut: false,
          charging: false,
          acc: true,
          armed: true,
          batteryPercent: 67,
          signal: 75,
        },
      },
      { type: 'alarm', alarms: ['vibration'] },
    ]);
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x13, new Uint8Array(0), 0x11)));
  });

  it('decodes the 5-byte form with alarm/language and no alarm bits', () => {
    // 0x86 = cut, charging, ACC high; voltage 6 (100 %), GSM 4 (100).
    const frame = buildFrame(0x13, hexToBytes('8606040002'), 0x0100);
    const result = gt06.decode(frame, newSession());
    expect(result.messages).toEqual([
      {
        type: 'heartbeat',
        status: {
          cut: true,
          charging: true,
          acc: true,
          armed: false,
          batteryPercent: 100,
          signal: 100,
        },
      },
    ]);
    // The doc's heartbeat reply example, serial 0x0100.
    expect(bytesToHex(result.ack!)).toBe('787805130100e1a00d0a');
  });

  it('maps every voltage level to a percent', () => {
    const percents = [0, 1, 2, 3, 4, 5, 6].map((level) => {
      const result = gt06.decode(buildFrame(0x13, new Uint8Array([0, level, 0]), 1), newSession());
      const message = result.messages[0];
      return message?.type === 'heartbeat' ? message.status?.batteryPercent : undefined;
    });
    expect(percents).toEqual([0, 17, 33, 50, 67, 83, 100]);
  });
});

describe('gt06 decoder: locations 0x12 / 0x22 / 0xA0', () => {
  it('decodes the VL03 0x22 example', () => {
    const result = decode(
      '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A',
    );
    expect(result.ack).toBeUndefined();
    const p = positionOf(result.messages[0]);
    expect(p.fixTime).toBe(Date.UTC(2015, 11, 29, 2, 51, 5));
    expect(p.satellites).toBe(9);
    expectCoords(p, 23.111693, 114.409298);
    expect(p).toMatchObject({
      valid: true,
      speedKmh: 0,
      course: 0,
      lbsMode: 'gps',
      acc: false,
      reupload: true,
      cells: [{ mcc: 460, mnc: 0, lac: 10365, cellId: 8049 }],
    });
    expect(p.mileageKm).toBeUndefined();
  });

  it('decodes the corrected GT06 v1.8.1 0x12 example (byte 10 = 0xCF)', () => {
    const p = positionOf(
      decode('78781F120B081D112E10CF027AC7EB0C46584900148F01CC00287D001FB8000380810D0A')
        .messages[0],
    );
    expect(p.fixTime).toBe(Date.UTC(2011, 7, 29, 17, 46, 16));
    expect(p.satellites).toBe(15);
    expectCoords(p, 23.111668, 114.409285);
    expect(p).toMatchObject({ valid: true, speedKmh: 0, course: 143 });
    expect(p.cells).toEqual([{ mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1fb8 }]);
    expect(p.reupload).toBeUndefined();
  });

  it('accepts the v1.8.1 0x12 example as printed (typo 0xCC breaks the CRC), flagged', () => {
    const result = decode(
      '78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A',
    );
    expect(result.crcMismatch).toBe(true);
    expect(positionOf(result.messages[0]).satellites).toBe(12);
  });

  it('shifts classic 0x12 time by the device zone from the session', () => {
    const session = newSession();
    session.extra[EXTRA_CLASSIC_OFFSET] = 480;
    const p = positionOf(
      decode('78781F120B081D112E10CF027AC7EB0C46584900148F01CC00287D001FB8000380810D0A', session)
        .messages[0],
    );
    expect(p.fixTime).toBe(Date.UTC(2011, 7, 29, 9, 46, 16));
  });

  it('decodes a Traccar 0x12 frame with the ACC bits of the course word', () => {
    const p = positionOf(
      decode('787821121303120b2524c70138e363085b549003d43301940057d200cd52c000006aa1ca0d0a')
        .messages[0],
    );
    expect(p.fixTime).toBe(Date.UTC(2019, 2, 18, 11, 37, 36));
    expect(p.satellites).toBe(7);
    expectCoords(p, 11.391913, 77.89064);
    // course word 0xD433: ACC (bit 15) with ACC-valid (bit 14), fixed, north, east, course 0x033.
    expect(p).toMatchObject({ valid: true, speedKmh: 3, course: 51, acc: true });
  });

  it('decodes south/west coordinates (Traccar 0x12 frame from Brazil)', () => {
    const p = positionOf(
      decode('7878241216040e102c22cf00915ffb04c6016300195a02d402283b00753f400571040001dda4880d0a')
        .messages[0],
    );
    expect(p.fixTime).toBe(Date.UTC(2022, 3, 14, 16, 44, 34));
    expect(p.satellites).toBe(15);
    expectCoords(p, -5.292939, -44.491859);
    expect(p).toMatchObject({ valid: true, speedKmh: 0, course: 346 });
    expect(p.cells).toEqual([{ mcc: 724, mnc: 2, lac: 0x283b, cellId: 0x753f }]);
  });

  it('decodes a Traccar 0x22 frame (course 292)', () => {
    const p = positionOf(
      decode('78782222120616083817c5050cc8c801a819d600152400e8011dbf003332000000004862500d0a')
        .messages[0],
    );
    expect(p.fixTime).toBe(Date.UTC(2018, 5, 22, 8, 56, 23));
    expect(p.satellites).toBe(5);
    expectCoords(p, 47.06884, 15.441043);
    expect(p).toMatchObject({ valid: true, speedKmh: 0, course: 292, acc: false, reupload: false });
    expect(p.cells).toEqual([{ mcc: 232, mnc: 1, lac: 0x1dbf, cellId: 0x3332 }]);
  });

  it('marks a fix without the positioned bit invalid (Traccar 0x22 frame)', () => {
    const p = positionOf(
      decode('787822221106160a1016c60278019407c7783800040001940504700046fc01030100065f570d0a')
        .messages[0],
    );
    expect(p.fixTime).toBe(Date.UTC(2017, 5, 22, 10, 16, 22));
    expectCoords(p, 23.010642, 72.507196);
    expect(p).toMatchObject({ valid: false, satellites: 6, acc: true, reupload: true, course: 0 });
    expect(p.cells).toEqual([{ mcc: 404, mnc: 5, lac: 0x0470, cellId: 0x46fc }]);
  });

  it('decodes a 0xA0 (4G) record built from the documented layout, with mileage', () => {
    // Synthetic: GPS block of the VL03 example, MCC 460 with bit 15 (2-byte MNC 11),
    // LAC 4 bytes, cell id 8 bytes, ACC 1, mode 0, real-time, mileage 12345 m.
    const content = hexToBytes(
      '0F0C1D023305C9027AC8180C4658600014' +
        '00' +
        '81CC000B 00001234 000000000ABCDEF1 01 00 00 00003039',
    );
    const p = positionOf(gt06.decode(buildFrame(0xa0, content, 7), newSession()).messages[0]);
    expectCoords(p, 23.111693, 114.409298);
    expect(p).toMatchObject({
      valid: true,
      acc: true,
      reupload: false,
      mileageKm: 12.345,
      cells: [{ mcc: 460, mnc: 11, lac: 0x1234, cellId: 0xabcdef1 }],
    });
  });
});

describe('gt06 decoder: alarms 0x16 / 0x26 / 0x27', () => {
  const ALARM_26 =
    '7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A';

  it('decodes a Traccar 0x26 vibration alarm and acks it', () => {
    const result = decode(ALARM_26);
    const message = result.messages[0];
    expect(message?.type).toBe('alarm');
    if (message?.type !== 'alarm') return;
    expect(message.alarms).toEqual(['vibration']);
    const p = positionOf(message);
    expect(p.fixTime).toBe(Date.UTC(2018, 2, 12, 6, 56, 22));
    expectCoords(p, 22.575833, 113.915653);
    expect(p).toMatchObject({
      valid: false, // course word 0x4403: positioned bit clear
      satellites: 3,
      speedKmh: 1,
      course: 3,
      acc: false,
      charging: true,
      cut: false,
      armed: false,
      batteryPercent: 100,
      signal: 100,
      alarms: ['vibration'],
      cells: [{ mcc: 460, mnc: 0, lac: 0x2866, cellId: 0xeee }],
    });
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x26, new Uint8Array(0), 0x0d)));
  });

  it('answers a 0x26 with the doc reply example for serial 0x001C', () => {
    const frame = hexToBytes(ALARM_26);
    const content = frame.subarray(4, frame.length - 6);
    const result = gt06.decode(buildFrame(0x26, content, 0x1c), newSession());
    expect(bytesToHex(result.ack!)).toBe('78780526001c9d860d0a');
  });

  it('decodes a Traccar 0x16 alarm whose terminal bits say "removed"', () => {
    const result = decode(
      '7878251613020C12141AC5027951430C2A16F60014000900000000001A00007C550300020002F1E70D0A',
    );
    const message = result.messages[0];
    expect(message).toMatchObject({ type: 'alarm', alarms: ['tearOff'] });
    const p = positionOf(message);
    expect(p.fixTime).toBe(Date.UTC(2019, 1, 12, 18, 20, 26));
    expectCoords(p, 23.058384, 113.380546);
    expect(p).toMatchObject({ valid: true, satellites: 5, charging: true, acc: false, signal: 75 });
    expect(p.cells).toBeUndefined(); // MCC 0: no cell
    expect(p.batteryPercent).toBe(85); // 0x55: above the 0-6 levels, a percent (Traccar)
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x16, new Uint8Array(0), 2)));
  });

  const gpsBlock = '0F0C1D023305C9027AC8180C46586000140009 01CC00287D001F71';
  const alarmWith = (proto: number, terminal: string, code: string, extra = '') =>
    gt06.decode(
      buildFrame(proto, hexToBytes(gpsBlock + terminal + code + '01' + extra), 3),
      newSession(),
    );

  it.each([
    ['01', ['sos']],
    ['02', ['powerCut']],
    ['04', ['geofenceEnter']],
    ['05', ['geofenceExit']],
    ['06', ['overspeed']],
    ['09', ['displacement']],
    ['0E', ['lowBattery']],
    ['11', ['powerOff']],
    ['16', ['sound']],
    ['23', ['fall']],
    ['2C', ['other']],
  ])('maps alarm byte %s', (code, alarms) => {
    expect(alarmWith(0x16, '000604', code).messages[0]).toMatchObject({ type: 'alarm', alarms });
  });

  it('merges terminal-info alarm bits with the alarm byte', () => {
    // terminal 0x20 = bits 5-3 100 (SOS) with alarm byte 02 (power cut)
    expect(alarmWith(0x26, '200604', '02').messages[0]).toMatchObject({
      alarms: ['powerCut', 'sos'],
    });
  });

  it('turns ACC on/off alarm codes into a plain position with acc', () => {
    const on = alarmWith(0x16, '000604', 'FE').messages[0];
    expect(on?.type).toBe('position');
    expect(positionOf(on).acc).toBe(true);
    expect(positionOf(alarmWith(0x16, '020604', 'FF').messages[0]).acc).toBe(false);
  });

  it('decodes a 0x27 multi-fence alarm (fence number ignored) and acks it', () => {
    const result = alarmWith(0x27, '000604', '05', '02');
    expect(result.messages[0]).toMatchObject({ type: 'alarm', alarms: ['geofenceExit'] });
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x27, new Uint8Array(0), 3)));
  });

  it('shifts 0x16 time by the session zone but keeps 0x26 in UTC', () => {
    const session = newSession();
    session.extra[EXTRA_CLASSIC_OFFSET] = 480;
    const content = hexToBytes(gpsBlock + '00060401' + '01');
    const classic = gt06.decode(buildFrame(0x16, content, 1), session).messages[0];
    const utc = gt06.decode(buildFrame(0x26, content, 2), session).messages[0];
    expect(positionOf(classic).fixTime).toBe(Date.UTC(2015, 11, 28, 18, 51, 5));
    expect(positionOf(utc).fixTime).toBe(Date.UTC(2015, 11, 29, 2, 51, 5));
  });

  it('reads the optional 0x26 mileage', () => {
    const p = positionOf(alarmWith(0x26, '000604', '01', '000003E8').messages[0]);
    expect(p.mileageKm).toBe(1);
  });
});

describe('gt06 decoder: LBS 0x28 and Wi-Fi 0x2C', () => {
  const LBS =
    '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A';
  const WIFI =
    '7878412c11030b011c1f013604cb8a00b17754cb8a00bef357cb8a00b73f5fcb8900b0e25fcb8900b6655fcb8a00b74960cb8a00b178620701001801eb40393800bbbde10d0a';

  it('decodes 0x28 to a network fix, with no invented position and no ack', () => {
    const result = decode(LBS);
    expect(result.ack).toBeUndefined();
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({
      type: 'networkFix',
      fixTime: Date.UTC(2016, 0, 13, 2, 2, 2),
      cells: [{ mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1f71, rssi: 0x3e }, {}, {}, {}],
    });
  });

  it('parses the 0x28 cells (Traccar frame)', () => {
    const frame = hexToBytes(LBS);
    const { time, cells } = parseCellList(frame.subarray(4, frame.length - 6), GSM_CELLS, Date.now);
    expect(time).toBe(Date.UTC(2016, 0, 13, 2, 2, 2));
    expect(cells).toEqual([
      { mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1f71, rssi: 0x3e },
      { mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1f72, rssi: 0x31 },
      { mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1e23, rssi: 0x2d },
      { mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1f40, rssi: 0x18 },
    ]);
  });

  it('parses the 0x2C cells and access point (Traccar frame)', () => {
    expect(decode(WIFI).messages).toEqual([
      expect.objectContaining({
        type: 'networkFix',
        wifi: [{ mac: '00:18:01:eb:40:39', rssi: 0x38 }],
      }),
    ]);
    const frame = hexToBytes(WIFI);
    const { time, cells, wifi } = parseCellList(
      frame.subarray(4, frame.length - 6),
      GSM_CELLS_WIFI,
      Date.now,
    );
    expect(time).toBe(Date.UTC(2017, 2, 11, 1, 28, 31));
    expect(cells).toHaveLength(7);
    expect(cells[0]).toEqual({ mcc: 310, mnc: 4, lac: 0xcb8a, cellId: 0xb177, rssi: 0x54 });
    expect(wifi).toEqual([{ mac: '00:18:01:eb:40:39', rssi: 0x38 }]);
  });
});

describe('gt06 decoder: command replies 0x15 / 0x21', () => {
  it('decodes a Traccar 0x15 ICCID reply', () => {
    expect(
      decode(
        '7878281520000000003c49434349443a38393838323339303030303039373330323635303e00020d446f260d0a',
      ),
    ).toEqual({
      messages: [
        {
          type: 'commandResult',
          reference: '00000000',
          success: true,
          text: '<ICCID:89882390000097302650>',
        },
      ],
    });
  });

  it('decodes a Traccar 0x21 UTF-16BE reply', () => {
    expect(
      decode(
        '797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a',
      ).messages,
    ).toEqual([
      {
        type: 'commandResult',
        reference: '00000000',
        success: false,
        outcome: 'fail',
        text: 'Command error!',
      },
    ]);
  });

  it('matches the reference of an encoded command', () => {
    const session = newSession();
    session.serial = 0x1234;
    const sent = gt06.encodeCommand({ type: 'locateNow' }, session);
    const reply = buildFrame(0x21, hexToBytes('00001234 01 4f4b21'), 9, true);
    const message = gt06.decode(reply, newSession()).messages[0];
    expect(sent.ok && sent.reference).toBe('00001234');
    expect(message).toEqual({
      type: 'commandResult',
      reference: '00001234',
      success: true,
      text: 'OK!',
    });
  });
});

describe('gt06 decoder: time 0x8A and information 0x94', () => {
  it('answers a time request with UTC time (doc example)', () => {
    const protocol = createGt06({ now: () => Date.UTC(2015, 11, 29, 0, 0, 21) });
    const result = protocol.decode(buildFrame(0x8a, new Uint8Array(0), 6), newSession());
    expect(bytesToHex(result.ack!)).toBe('78780b8a0f0c1d0000150006f0860d0a');
    expect(result.messages).toEqual([{ type: 'unknown', kind: 'timeRequest' }]);
  });

  it('decodes 0x94 external voltage (Traccar frame)', () => {
    expect(decode('79790008940000ed0289d6860d0a')).toEqual({
      messages: [{ type: 'status', status: { voltage: 2.37 } }],
    });
  });

  it('reads the voltage of a 0x7878 0x94 (Traccar frame)', () => {
    expect(decode('7878079404eb001c705d0d0a').messages).toEqual([
      { type: 'status', status: { voltage: 12.59 } },
    ]);
  });

  it('leaves other 0x7979 0x94 subtypes as unknown (Traccar door frame)', () => {
    expect(decode('7979000794050000c9b63e0d0a').messages).toEqual([
      { type: 'unknown', kind: 'info:05' },
    ]);
  });

  it('returns unknown for an unknown protocol number, without throwing', () => {
    expect(gt06.decode(buildFrame(0x55, hexToBytes('0102'), 1), newSession())).toEqual({
      messages: [{ type: 'unknown', kind: '0x55' }],
    });
  });
});

describe('gt06 decoder: malformed frames', () => {
  // A real Traccar 0x21 frame whose CRC does not verify (0x6088 printed, 0x5F9B computed).
  const BAD_CRC =
    '7979006f210000000001426174746572793a352e3536562c4e4f524d414c3b20475052532a4c696e6b2055702047534d205369676e616c204c6576656c3a5374726f6e673b204750533a4f46463b2020204c4f434b3a4f46463b204254204d41433a4234413832383034343436323b007260880d0a';

  it('accepts a bad CRC and flags it', () => {
    const login = decode('78780D01012345678901234500018CDE0D0A');
    expect(login.crcMismatch).toBe(true);
    expect(login.messages).toEqual([{ type: 'login', deviceId: '123456789012345' }]);
    expect(decode('78780D01012345678901234500018CDD0D0A').crcMismatch).toBeUndefined();
  });

  it('decodes a real frame whose CRC is wrong', () => {
    const result = decode(BAD_CRC);
    expect(result.crcMismatch).toBe(true);
    const message = result.messages[0];
    expect(message).toMatchObject({ type: 'commandResult', reference: '00000000', success: true });
    expect(message?.type === 'commandResult' && message.text).toMatch(
      /^Battery:5\.56V,NORMAL; GPRS\*Link Up.*BT MAC:B4A828044462;/,
    );
  });

  it.each([
    ['wrong length', '78780E01012345678901234500018CDD0D0A'],
    ['bad stop bits', '78780D01012345678901234500018CDD0D0B'],
    ['bad marker', '78790D01012345678901234500018CDD0D0A'],
    ['too short', '7878050D0A'],
  ])('throws DecodeError on %s', (_name, hex) => {
    expect(() => decode(hex)).toThrow(DecodeError);
  });

  it('throws DecodeError on truncated content and on a bad date', () => {
    expect(() => gt06.decode(buildFrame(0x13, hexToBytes('00'), 1), newSession())).toThrow(
      DecodeError,
    );
    expect(() => gt06.decode(buildFrame(0x01, hexToBytes('0123'), 1), newSession())).toThrow(
      DecodeError,
    );
    const badDate = '0F0D1D023305C9027AC8180C4658600014' + '00' + '01CC00287D001F71000001';
    expect(() => gt06.decode(buildFrame(0x22, hexToBytes(badDate), 1), newSession())).toThrow(
      DecodeError,
    );
  });
});

describe('gt06 decoder: robustness', () => {
  it('answers or throws DecodeError for any content of any protocol number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 0, max: 0xffff }),
        (proto, content, serial) => {
          const frame = buildFrame(proto, content, serial);
          try {
            const result = gt06.decode(frame, newSession());
            expect(Array.isArray(result.messages)).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(DecodeError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('throws DecodeError (never anything else) for random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          gt06.decode(bytes, newSession());
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
        }
      }),
    );
  });
});
