/**
 * Real GT06-family frames (sources in `real-frames.data.ts`): every frame decodes, every frame with
 * coordinates gives a position, and the values of one frame per variant, as the source states
 * them (Traccar's asserted values, an issue's log line or breakdown, the Concox document) or as
 * read from the bytes by hand.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { buildFrame } from '../../src/gt06/frame.js';
import { gt06 } from '../../src/gt06/index.js';
import type { DecodeResult, DecodedMessage, Position } from '../../src/types.js';
import { DecodeError, newSession } from '../../src/types.js';
import { CORPUS, REFUSED } from './real-frames.data.js';

const decode = (hex: string): DecodeResult => gt06.decode(hexToBytes(hex), newSession());

const positionIn = (messages: DecodedMessage[]): Position | undefined => {
  for (const m of messages) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  return undefined;
};

function positionOf(hex: string): Position {
  const position = positionIn(decode(hex).messages);
  if (!position) throw new Error(`no position in ${hex}`);
  return position;
}

function expectFix(p: Position, fixTime: string, lat: number, lon: number): void {
  expect(new Date(p.fixTime).toISOString()).toBe(fixTime);
  expect(p.latitude).toBeCloseTo(lat, 6);
  expect(p.longitude).toBeCloseTo(lon, 6);
}

describe('gt06 real frames: corpus', () => {
  it('decodes every frame, and gives a position for every frame with coordinates', () => {
    const failures: string[] = [];
    for (const [hex, , fix] of CORPUS) {
      try {
        const hasPosition = positionIn(decode(hex).messages) !== undefined;
        if (hasPosition !== fix) failures.push(`${hex}: position ${hasPosition}, expected ${fix}`);
      } catch (error) {
        failures.push(`${hex}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(CORPUS.filter(([, , fix]) => fix).length).toBeGreaterThanOrEqual(80);
  });

  it('frames the corpus as one stream, whatever the layout', () => {
    const stream = hexToBytes(CORPUS.map(([hex]) => hex).join(''));
    const framer = gt06.createFramer();
    const frames = framer.push(stream);
    // The frame that lost its final 0x0A cannot be cut from a stream: it joins the next one.
    expect(frames.length).toBe(CORPUS.length - 1);
    expect(frames.map(bytesToHex)).toContain(bytesToHex(hexToBytes(CORPUS[0]![0])));
  });

  it.each(REFUSED)('refuses %s (%s)', (hex, _source, reason) => {
    expect(() => decode(hex)).toThrow(DecodeError);
    expect(() => decode(hex)).toThrow(reason);
  });
});

describe('gt06 real frames: check codes', () => {
  it('accepts and flags a wrong CRC (Concox v1.8 example with its 0xCC typo)', () => {
    const result = decode(
      '78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A',
    );
    expect(result.crcMismatch).toBe(true);
    expectFix(positionIn(result.messages)!, '2011-08-29T17:46:16.000Z', 23.111668, 114.409285);
  });

  it('does not flag a right CRC', () => {
    expect(decode('78780D01012345678901234500018CDD0D0A').crcMismatch).toBeUndefined();
  });
});

describe('gt06 real frames: locations', () => {
  it('0x12 (Traccar: 2015-10-20 14:21:11, valid, 54.94535, 24.01762)', () => {
    const p = positionOf(
      '78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a',
    );
    expectFix(p, '2015-10-20T14:21:11.000Z', 54.945347, 24.017622);
    expect(p.valid).toBe(true);
  });

  it('0x12 west (issue 171 log: 02:47:52 UTC, 33.918188, -6.89339, course 171)', () => {
    const p = positionOf(
      '78781f120d0312022f34c003a3974300bd5526031cab025c02000b0050a2000218e50d0a',
    );
    expectFix(p, '2013-03-18T02:47:52.000Z', 33.918188, -6.89339);
    expect(p).toMatchObject({ valid: true, speedKmh: 3, course: 171 });
  });

  it('0x12 with ACC bits (issue 5734 breakdown)', () => {
    const p = positionOf(
      '78781f12190c1a04392dc502b1d88008238f42215561019446039f003b30068a5ffd0d0a',
    );
    expectFix(p, '2025-12-26T04:57:45.000Z', 25.116516, 75.86009);
    expect(p).toMatchObject({ valid: true, speedKmh: 33, course: 353, satellites: 5, acc: false });
    expect(p.cells).toEqual([{ mcc: 404, mnc: 70, lac: 927, cellId: 15152 }]);
  });

  it('0x12 without a fix: zero coordinates stay invalid (issue 3915)', () => {
    const p = positionOf(
      '78781f12120606120011c0000000000000000000000000000000000000000003cf760d0a',
    );
    expect(p).toMatchObject({ valid: false, latitude: 0, longitude: 0 });
  });

  it('0x10 whose length leaves out the protocol number, without serial and CRC (Traccar)', () => {
    const result = decode('7878121011091c0b1b2999058508040097a89e0034520d0a');
    expect(result.ack).toBeUndefined();
    const p = positionIn(result.messages)!;
    expectFix(p, '2017-09-28T11:27:41.000Z', 51.4469, 5.521723);
    expect(p).toMatchObject({ valid: true, course: 82, satellites: 9 });
  });

  it('0x11 with the same layout (Traccar)', () => {
    const p = positionOf('78781511170103100e1f9904efe30400a97f88003410ffdd000d0a');
    expectFix(p, '2023-01-03T16:14:31.000Z', 46.016713, 6.17124);
    expect(p.course).toBe(16);
  });

  it('0xA0 4G location (Traccar: ignition false)', () => {
    const p = positionOf(
      '787829a01707150f2d0ecd01635100041e96d000087c02d4020000912e000000000718798d000e0006ed3ce50d0a',
    );
    expectFix(p, '2023-07-21T15:45:14.000Z', -12.936676, -38.396418);
    expect(p).toMatchObject({ acc: false, valid: false, reupload: false });
    expect(p.cells).toEqual([{ mcc: 724, mnc: 2, lac: 0x912e, cellId: 0x718798d }]);
  });

  it('0x22 from an NT20 (len 0x3C: IMEI and time before the GPS block)', () => {
    const p = positionOf(
      '78783c22010357789648774484180c06142038180c06142038cb03313ee4061fe98300185e090000000000000000460984284c000200000000017101d6f35d0d0a',
    );
    expectFix(p, '2024-12-06T20:32:56.000Z', -29.755007, -57.085939);
    expect(p).toMatchObject({ valid: true, course: 94, voltage: 24.36, batteryPercent: 67 });
  });

  it('0x17 with GPS (Traccar TR05: 2025-12-17 00:40:07, valid, -3.120399, -59.989322)', () => {
    const p = positionOf(
      '78782717190c11002807cd0055b44e066fa7eb00180002d40b0a84003d964406640e02000000001911130d0a',
    );
    expectFix(p, '2025-12-17T00:40:07.000Z', -3.120399, -59.989322);
    expect(p.valid).toBe(true);
  });

  it('0x70 modules with a GPS module (Traccar)', () => {
    const p = positionOf(
      '797900a87000000001020035000100003300125d62bf3a0800e804b5994308814a87001d5d00340006115d62bf29000011000a012e02620000000000000001000803537601000129800002000803102608593397620003000a8901260852293397626600180002017d002b000116002c00045d6278ea0009000108000a00010b002800010b002e00040000f0c1002a00010000290004000000be0030000a000100b4000a00b402d00006c5490d0a',
    );
    expectFix(p, '2019-08-25T17:02:50.000Z', 43.894508, -79.272751);
    expect(p).toMatchObject({ valid: true, satellites: 8, altitude: 232, course: 349 });
    expect(p.voltage).toBe(3.81);
  });

  it('0x32 in a 0x7979 frame (AZ735) with a GPS block', () => {
    const p = positionOf(
      '7979004a321106170c1b180cc900a875580b7ab4f00010350901fe0a007c0009112424007c000912240081004efe2100c500100f1200000000000000000000000000000000000000000000bc7c900d0a',
    );
    expectFix(p, '2017-06-23T12:27:24.000Z', -6.133382, 106.995049);
    expect(p).toMatchObject({ valid: true, satellites: 9, course: 53 });
  });

  it('0x1A GPS with an address request (Concox v1.8)', () => {
    const p = positionOf(
      '78 78 2E 1A 0B 0B 0F 0E 21 17 CF 02 7A C8 87 0C 46 57 E3 00 14 02 36 36 33 36 36 00 03 00 04 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 34 AD E9 0D 0A',
    );
    expect(new Date(p.fixTime).toISOString()).toBe('2011-11-15T14:33:23.000Z');
    expect(p.valid).toBe(true);
  });

  it('0x2A address request: a position, answered with "no address" (Traccar)', () => {
    const result = decode(
      '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A',
    );
    expect(positionIn(result.messages)?.valid).toBe(true);
    expect(new TextDecoder().decode(result.ack!.subarray(10, 21))).toBe('NA&&NA&&0##');
  });
});

describe('gt06 real frames: alarms with their position', () => {
  it('0x16 SOS (Concox v1.8: "Emergency Call … 11-11-15 14:36:29")', () => {
    const result = decode(
      '78 78 25 16 0B 0B 0F 0E 24 1D CF 02 7A C8 87 0C 46 57 E6 00 14 02 09 01 CC 00 28 7D 00 1F 72 65 06 04 01 01 00 36 56 A4 0D 0A',
    );
    expect(result.messages[0]).toMatchObject({ type: 'alarm', alarms: ['sos'] });
    const p = positionIn(result.messages)!;
    expectFix(p, '2011-11-15T14:36:29.000Z', 23.111755, 114.40923);
    expect(p).toMatchObject({ batteryPercent: 100, signal: 100, acc: false });
    expect(bytesToHex(result.ack!)).toBe('78780516003695700d0a'); // the document's reply
  });

  it('0x16 VXT01 (len 0x24, no LBS length byte: Traccar SOS)', () => {
    expect(
      decode('7878241617070a150e24ca01fba0040780e177005c0001720253360027db6204e40400004bf1e90d0a')
        .messages[0],
    ).toMatchObject({ type: 'alarm', alarms: ['sos'] });
  });

  it('0x16 Seeworld (len 0x26, 4-byte cell id: Traccar battery 93, tamper)', () => {
    const p = positionOf(
      '78782616170A080C0E24C0027C58AD0C2B8B0100454E0901CC0025030328E7A0005D4B13021EC373170D0A',
    );
    expect(p).toMatchObject({ batteryPercent: 93, alarms: ['tearOff'] });
    expect(p.cells).toEqual([{ mcc: 460, mnc: 0, lac: 0x2503, cellId: 0x0328e7a0 }]);
  });

  it('0x26 whose LBS length byte miscounts (8 for 9 bytes)', () => {
    const p = positionOf(
      '78782526160913063918c002780fab0c44750f00040008027f14084c0038420600030c020007398e0d0a',
    );
    expect(p.cells).toEqual([{ mcc: 639, mnc: 20, lac: 0x084c, cellId: 0x3842 }]);
    expect(p.alarms).toEqual(['other']);
  });

  it('0x27 low battery (Traccar)', () => {
    expect(
      decode(
        '78782627100419092D07C5027AC91C0C4658000005370900000000000000008002001900FF00004DF60D0A',
      ).messages[0],
    ).toMatchObject({ type: 'alarm', alarms: ['lowBattery'], position: { cut: true } });
  });

  it('0xA4 4G fence alarm with a 4G cell (Traccar)', () => {
    const result = decode(
      '78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A',
    );
    // Alarm byte 0x11 power off; terminal info 0x2C, bits 5-3 = 5: an unnamed alarm.
    expect(result.messages[0]).toMatchObject({ type: 'alarm', alarms: ['powerOff', 'other'] });
    expect(positionIn(result.messages)!.cells).toEqual([
      { mcc: 460, mnc: 1, lac: 0x260e, cellId: 0x0615f801 },
    ]);
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0xa4, new Uint8Array(0), 0x10)));
  });

  it('0x95 JC400 dashcam event with its position (Traccar)', () => {
    const p = positionOf(
      '78789795ffff01180b0d031406da04b5ab0d08813df01ca9002c008a9200004556454e545f3836323739383035323432393038375f30303030303030305f323032345f31315f31325f32325f32305f30365f495f35362e6d70342c4556454e545f3836323739383035323432393038375f30303030303030305f323032345f31315f31325f32325f32305f30365f465f35352e6d70340037d45b0d0a',
    );
    expectFix(p, '2024-11-13T03:20:06.000Z', 43.897038, -79.27096);
    expect(p).toMatchObject({ speedKmh: 44, course: 169, satellites: 10, voltage: 13.8 });
  });

  it('0xA2 from an LW4G (len 0x40): position, power, battery, mileage', () => {
    const p = positionOf(
      '787840a218061b0e0f05cf021d22430aa2660b005c00014e140000026500000000024d4e02114504df06031c010007d00000000000086973105524576500c802a86fda0d0a',
    );
    expectFix(p, '2024-06-27T14:15:05.000Z', 19.702082, -99.119508);
    expect(p).toMatchObject({ voltage: 12.47, batteryPercent: 100, mileageKm: 512 });
  });
});

describe('gt06 real frames: positions sent as text', () => {
  it('0x15 DWXX reply (Concox v1.8 appendix B)', () => {
    const messages = decode(
      '78 78 64 15 5C 00 01 A9 67 44 57 58 58 3D 4C 61 74 3A 4E 32 33 2E 31 31 31 36 38 32 2C 4C 6F 6E 3A 45 31 31 34 2E 34 30 39 32 31 37 2C 43 6F 75 72 73 65 3A 30 2E 30 30 2C 53 70 65 65 64 3A 30 2E 33 35 31 38 2C 44 61 74 65 54 69 6D 65 3A 31 31 2D 31 31 2D 31 35 20 20 31 31 3A 35 33 3A 34 33 00 02 00 23 07 AE 0D 0A',
    ).messages;
    expect(messages[0]).toMatchObject({ type: 'commandResult', reference: '0001a967' });
    const p = positionIn(messages)!;
    expectFix(p, '2011-11-15T11:53:43.000Z', 23.111682, 114.409217);
    expect(p).toMatchObject({ valid: true, speedKmh: 0.3518, course: 0 });
  });

  it('0x21 "Current position!" reply (Traccar)', () => {
    const p = positionOf(
      '7979007121000000000143757272656e7420706f736974696f6e214c61743a4e35342e3733393333322c4c6f6e3a4532352e3237333237302c436f757273653a3132362e35332c53706565643a302e303030302c4461746554696d653a323031372d30352d3236202031303a32373a3437000bbee30d0a',
    );
    expectFix(p, '2017-05-26T10:27:47.000Z', 54.739332, 25.27327);
    expect(p.course).toBe(126.53);
  });

  it('a degree-minute DWXX text and a map link (Concox v1.8 §6.3 text, framed here)', () => {
    const frame = (text: string) =>
      buildFrame(
        0x15,
        new Uint8Array([4 + text.length, 0, 0, 0, 1, ...Buffer.from(text), 0, 2]),
        1,
      );
    const dm = positionIn(
      gt06.decode(
        frame(
          'DWXX=Lat:N23d5.1708m,Lon: E114d23.6212m,Course:120,Speed:53.02;DateTime:08-09-12 14:52:36',
        ),
        newSession(),
      ).messages,
    )!;
    expectFix(dm, '2008-09-12T14:52:36.000Z', 23 + 5.1708 / 60, 114 + 23.6212 / 60);
    expect(dm).toMatchObject({ course: 120, speedKmh: 53.02 });
    const link = positionIn(
      gt06.decode(frame('http://maps.google.com/maps?q=N22.57705,E113.91664'), newSession())
        .messages,
    )!;
    expect(link).toMatchObject({ latitude: 22.57705, longitude: 113.91664 });
    expect(
      positionIn(
        gt06.decode(frame('DWXX=Lat:,Lon:, Course:,Speed:,DateTime:-:'), newSession()).messages,
      ),
    ).toBeUndefined();
  });

  it('0x15 whose length byte is 0, padded with NULs (Traccar)', () => {
    expect(
      decode(
        '7878661500000000004459443d537563636573732100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010009e82b0d0a',
      ).messages,
    ).toEqual([
      { type: 'commandResult', reference: '00000000', success: true, text: 'DYD=Success!' },
    ]);
  });
});

describe('gt06 real frames: cells and Wi-Fi without coordinates', () => {
  it('0x69 whose length byte counts access points, without serial and CRC (Traccar)', () => {
    const result = decode(
      '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A',
    );
    expect(result.ack).toBeUndefined();
    const [fix] = result.messages;
    expect(fix).toMatchObject({ type: 'networkFix', fixTime: Date.UTC(2016, 3, 13, 3, 18, 49) });
    if (fix?.type !== 'networkFix') return;
    expect(fix.wifi).toHaveLength(3);
    expect(fix.wifi![0]).toEqual({ mac: '14:75:90:5b:d3:0e', rssi: 0x25 });
    expect(fix.cells).toHaveLength(5);
    expect(fix.cells[0]).toEqual({ mcc: 460, mnc: 0, lac: 0x2866, cellId: 0x0f21, rssi: 0x32 });
  });

  it('0xA1 4G cells (Traccar)', () => {
    const [fix] = decode(
      '78786CA1110B0413093801CC01000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201FF0002000541D70D0A',
    ).messages;
    expect(fix).toMatchObject({ type: 'networkFix', fixTime: Date.UTC(2017, 10, 4, 19, 9, 56) });
    expect(fix?.type === 'networkFix' && fix.cells[0]).toEqual({
      mcc: 460,
      mnc: 1,
      lac: 0x25fc,
      cellId: 0x0618c102,
      rssi: 1,
    });
  });

  it('0x11 LBS with a zeroed clock: the cell, at the time it is received (issue 554)', () => {
    const protocol = gt06;
    const [fix] = protocol.decode(
      hexToBytes('7878151100000000000002e003433a002fed0002000372710d0a'),
      newSession(),
    ).messages;
    expect(fix).toMatchObject({
      type: 'networkFix',
      cells: [{ mcc: 736, mnc: 3, lac: 0x433a, cellId: 0x2fed }],
    });
  });
});

describe('gt06 real frames: status', () => {
  it('0x36 Jimi 4G heartbeat with modules (Traccar: battery 4.02 V)', () => {
    expect(decode('787817360005040002003201010018020192006a015f0324aeaf0d0a').messages).toEqual([
      {
        type: 'heartbeat',
        status: {
          cut: false,
          charging: false,
          acc: false,
          armed: false,
          batteryPercent: 95,
          signal: 100,
          voltage: 4.02,
        },
      },
    ]);
  });

  it('0x13 long form (Traccar: power 3.67 V)', () => {
    expect(decode('7878131302801900002e42016f000000003a0177ef180d0a').messages[0]).toMatchObject({
      type: 'heartbeat',
      status: { acc: true, batteryPercent: 46, voltage: 3.67 },
    });
  });

  it('0x23 GK310 heartbeat with battery voltage (Traccar)', () => {
    const result = decode('78780B23C00122040001000818720D0A');
    expect(result.messages[0]).toMatchObject({
      type: 'heartbeat',
      status: { cut: true, voltage: 2.9, signal: 100 },
    });
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x23, new Uint8Array(0), 8)));
  });

  it('0x94 voltages: 0x7979 subtypes 00 and 0B, 0x7878 with a driver id (Traccar, issue)', () => {
    expect(decode('79790008940b02e3048614200d0a').messages).toEqual([
      { type: 'status', status: { voltage: 7.39 } },
    ]);
    expect(decode('797900089400048f00d248150d0a').messages).toEqual([
      { type: 'status', status: { voltage: 11.67 } },
    ]);
    expect(decode('78780d9431323334353604d2000186100d0a').messages).toEqual([
      { type: 'status', status: { voltage: 12.34 } },
    ]);
  });

  it('logins with and without the type id and time zone (issue 554, Traccar)', () => {
    expect(decode('787811010864717003664467100f190a0002c6d20d0a').messages).toEqual([
      {
        type: 'login',
        deviceId: '864717003664467',
        details: { typeId: '100f', timezoneOffsetMinutes: -240 },
      },
    ]);
    expect(decode('78780d010351608084820344000003f60d0a').messages).toEqual([
      { type: 'login', deviceId: '351608084820344' },
    ]);
  });
});

describe('gt06 real frames: hold-out set (other projects, forum and issue captures)', () => {
  it('0x12 (issue 5427 log: lat 30.38824, lon 30.38260, 18.9 kn, course 122)', () => {
    const p = positionOf(
      '78781f12180a040f382ccf0342a34c03427ba823d47a025a0256b900e375047595260d0a',
    );
    expectFix(p, '2024-10-04T15:56:44.000Z', 30.388238, 30.3826);
    expect(p).toMatchObject({ valid: true, speedKmh: 35, course: 122, acc: true });
  });

  it('0x12 south-west (issue 2876 log: 16:39:49 at UTC-5, -2.27535, -79.88932)', () => {
    const p = positionOf(
      '78781f12110206152731cc003e7e88089239c500380002e4003bf700cbad00451e050d0a',
    );
    expectFix(p, '2017-02-06T21:39:49.000Z', -2.275347, -79.889318);
    expect(p.cells).toEqual([{ mcc: 740, mnc: 0, lac: 15351, cellId: 52141 }]);
  });

  it('0x12 (vondraussen/gt06 test: 2017-07-20T03:54:42Z, 49.076382, 9.305803, course 329)', () => {
    const p = positionOf(
      '78781f1211071403362aca0543ec4f00ff976e021549010603e6b500e7590074763d0d0a',
    );
    expectFix(p, '2017-07-20T03:54:42.000Z', 49.076382, 9.305803);
    expect(p).toMatchObject({ speedKmh: 2, course: 329, satellites: 10 });
    expect(p.cells).toEqual([{ mcc: 262, mnc: 3, lac: 59061, cellId: 59225 }]);
  });

  it('0x10 from an A80 (Intugine test data: 28.365404, 77.088231, 18 km/h)', () => {
    const p = positionOf('78781910130615082111ca030b144008454aa01214970002056aec380d0a');
    expectFix(p, '2019-06-21T08:33:17.000Z', 28.365404, 77.088231);
    expect(p).toMatchObject({ valid: true, speedKmh: 18, satellites: 10 });
  });

  it('0x22 south-west from a CRX1 (navtrack test), re-uploaded', () => {
    const p = positionOf(
      '78782222150b120d241fc60045716a04bc5f1800580402d40b2006003bbd00000100011f390d0a',
    );
    expectFix(p, '2021-11-18T13:36:31.000Z', -2.528343, -44.141098);
    expect(p).toMatchObject({ valid: true, course: 4, acc: false, reupload: true });
  });

  it('0x26 alarm keeps its position (Concox document sample, TheKitoInc test data)', () => {
    const result = decode(
      '787825260F0C1D030B26C9027AC8180C4658600004000901CC00287D001F718004041302000C472A0D0A',
    );
    expect(result.messages[0]).toMatchObject({ type: 'alarm', alarms: ['tearOff'] });
    expectFix(positionIn(result.messages)!, '2015-12-29T03:11:38.000Z', 23.111693, 114.409298);
  });

  it('0x13 whose length byte leaves out the CRC (navtrack test): answered, CRC flagged', () => {
    const result = decode('787808134b040300010011061f0d0a');
    expect(result.crcMismatch).toBe(true);
    expect(result.messages[0]).toMatchObject({ type: 'heartbeat', status: { acc: true } });
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x13, new Uint8Array(0), 0x11)));
  });

  it('a short login (len 13, no serial or CRC) is a login, answered at once', () => {
    const result = decode('78780d010359339075005244340d0a');
    expect(result.messages).toEqual([{ type: 'login', deviceId: '359339075005244' }]);
    expect(bytesToHex(result.ack!)).toBe(bytesToHex(buildFrame(0x01, new Uint8Array(0), 0)));
    const framer = gt06.createFramer();
    expect(framer.push(hexToBytes('78780d010861971080061526090d0a')).length).toBe(1);
  });

  it('0x17 address text sent by a server (Concox document sample) is not a report', () => {
    const result = decode(
      '78786e1768000000014144445245535326264f4d7f6e003a5e7f4e1c7701002e60e05dde5e02002e60e057ce533a002e4e915c71897f8def002e79bb60e05dde5e025b665927655980b27ea6003200357c73002e262638363133343231363332363939000000000000000023230016c1ec0d0a',
    );
    expect(result.messages).toEqual([{ type: 'unknown', kind: 'addressText' }]);
  });
});
