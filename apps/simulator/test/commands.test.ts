import { findProtocol, type Command, type DecodedMessage } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { createCodec } from '../src/fleet.js';
import { jt808Frame } from '../src/devices/jt808-frame.js';
import type { DeviceCodec } from '../src/devices/codec.js';
import { sampleFix, serverDecoder, type ServerDecoder } from './helpers.js';

type Protocol = 'gt06' | 'jt808' | 'watch' | 'h02';
const IDS: Record<Protocol, string> = {
  gt06: '860000000000001',
  jt808: '860000000002',
  watch: '8600000003',
  h02: '8600000004',
};

/** A device and a server session that has seen its login. */
function connected(protocol: Protocol) {
  const device = createCodec(protocol, IDS[protocol]);
  const server = serverDecoder(protocol);
  const login = server.decode(device.login().bytes);
  const next = login.ack && device.continueLogin(device.parse(login.ack));
  if (next) server.decode(next.bytes);
  return { device, server };
}

type Result = Extract<DecodedMessage, { type: 'commandResult' }>;

/** Bytes from the server, through the device and its reply back into the server decoder. */
function exchange(
  device: DeviceCodec,
  server: ServerDecoder,
  bytes: Uint8Array,
  speedKmh = 0,
): { kinds: string[]; results: Result[] } {
  const kinds: string[] = [];
  const results: Result[] = [];
  for (const frame of device.createFramer().push(bytes)) {
    const message = device.parse(frame);
    if (message.type !== 'command') throw new Error(`got ${message.type}`);
    kinds.push(message.command.kind);
    const fix = sampleFix({ speedKmh });
    const refused = message.command.kind === 'cutOil' && speedKmh > 20;
    for (const reply of message.reply(fix, refused).frames)
      for (const m of server.decode(reply).messages)
        if (m.type === 'commandResult') results.push(m);
  }
  return { kinds, results };
}

function send(protocol: Protocol, command: Command, speedKmh = 0) {
  const { device, server } = connected(protocol);
  const encoded = findProtocol(protocol)!.encodeCommand(command, server.session);
  if (!encoded.ok) throw new Error(`${protocol} cannot encode ${command.type}`);
  return { ...exchange(device, server, encoded.bytes, speedKmh), reference: encoded.reference };
}

const done: [Protocol, Command][] = [
  ['gt06', { type: 'locateNow' }],
  ['gt06', { type: 'uploadInterval', seconds: 30 }],
  ['gt06', { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 600 } }],
  ['gt06', { type: 'restart' }],
  ['gt06', { type: 'factoryReset' }],
  ['gt06', { type: 'cutOil' }],
  ['gt06', { type: 'restoreOil' }],
  ['gt06', { type: 'sosNumbers', numbers: ['13800138000'] }],
  ['gt06', { type: 'overspeed', kmh: 100 }],
  ['gt06', { type: 'overspeed', kmh: null }],
  ['jt808', { type: 'locateNow' }],
  ['jt808', { type: 'uploadInterval', seconds: 30 }],
  ['jt808', { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 600 } }],
  ['jt808', { type: 'overspeed', kmh: 100 }],
  ['jt808', { type: 'overspeed', kmh: null }],
  ['jt808', { type: 'restart' }],
  ['jt808', { type: 'factoryReset' }],
  ['jt808', { type: 'powerOff' }],
  ['jt808', { type: 'cutOil' }],
  ['jt808', { type: 'restoreOil' }],
  ['jt808', { type: 'voiceRecord', seconds: 10 }],
  ['jt808', { type: 'alwaysRecord', on: true }],
  ['jt808', { type: 'alwaysRecord', on: false }],
  ['jt808', { type: 'custom', text: 'STATUS#' }],
  ['watch', { type: 'locateNow' }],
  ['watch', { type: 'uploadInterval', seconds: 300 }],
  ['watch', { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 600 } }],
  ['watch', { type: 'locateMode', setting: { mode: 'intelligent' } }],
  ['watch', { type: 'locateMode', setting: { mode: 'powerSaving' } }],
  ['watch', { type: 'locateMode', setting: { mode: 'trace' } }],
  ['watch', { type: 'restart' }],
  ['watch', { type: 'factoryReset' }],
  ['watch', { type: 'powerOff' }],
  ['watch', { type: 'sosNumbers', numbers: ['13800138000'] }],
  ['watch', { type: 'whiteList', numbers: ['13800000001', '13800000002', '13800000003'] }],
  ['watch', { type: 'whiteList', numbers: Array.from({ length: 10 }, (_, k) => `1380000000${k}`) }],
  ['watch', { type: 'voiceRecord', seconds: 10 }],
  ['watch', { type: 'custom', text: 'VERNO' }],
  ['h02', { type: 'cutOil' }],
  ['h02', { type: 'restoreOil' }],
  ['h02', { type: 'uploadInterval', seconds: 30 }],
  ['h02', { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 600 } }],
  ['h02', { type: 'garrison', armed: true }],
  ['h02', { type: 'garrison', armed: false }],
];

describe('every virtual device answers every command its protocol can send', () => {
  it.each(done)('%s carries out %j and says so, once, with the reference', (protocol, command) => {
    const { kinds, results, reference } = send(protocol, command);
    expect(kinds.every((kind) => kind !== 'unsupported' && kind !== 'invalid')).toBe(true);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ reference, success: true });
    expect(results[0]!.outcome).toBeUndefined();
  });
});

describe('refusals', () => {
  it.each<Protocol>(['gt06', 'jt808', 'h02'])(
    '%s refuses to cut the oil above 20 km/h and says why',
    (protocol) => {
      const { kinds, results, reference } = send(protocol, { type: 'cutOil' }, 45);
      expect(kinds).toEqual(['cutOil']);
      expect(results).toEqual([
        expect.objectContaining({ reference, success: false, outcome: 'fail' }),
      ]);
      if (protocol === 'gt06') expect(results[0]!.text).toMatch(/Fail!.*45km\/h/);
    },
  );

  it.each<[Protocol, Command, string]>([
    ['gt06', { type: 'custom', text: 'SELFDESTRUCT#' }, 'unsupported'],
    ['gt06', { type: 'custom', text: 'TIMER,1#' }, 'paramError'],
    ['gt06', { type: 'custom', text: 'SPEED,ON,20,300,0#' }, 'paramError'],
    ['h02', { type: 'custom', text: 'ZZ9,1' }, 'fail'],
  ])('%s answers %j with the outcome %s', (protocol, command, outcome) => {
    const { results, reference } = send(protocol, command);
    expect(results).toEqual([expect.objectContaining({ reference, success: false, outcome })]);
  });

  it.each([
    ['an unknown message (0x8107) with result 3', 0x8107, [], 'unsupported'],
    [
      'a report interval of 0 with result 2',
      0x8103,
      [1, 0, 0, 0, 0x29, 4, 0, 0, 0, 0],
      'paramError',
    ],
  ])('the JT/T 808 terminal answers %s', (_, messageId, body, outcome) => {
    const { device, server } = connected('jt808');
    const frame = jt808Frame(messageId, IDS.jt808, 0x77, body);
    const { results } = exchange(device, server, frame);
    expect(results).toEqual([
      expect.objectContaining({ reference: '119', success: false, outcome }),
    ]);
  });

  it.each(['SELFDESTRUCT', 'UPLOAD,5', 'RECORD,0', 'MODE,7'])(
    'the watch ignores %s (no echo, as the watch does)',
    (text) => {
      expect(send('watch', { type: 'custom', text }).results).toEqual([]);
    },
  );
});
