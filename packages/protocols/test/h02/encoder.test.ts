import { describe, expect, it } from 'vitest';
import { bytesText } from '../../src/common/bytes.js';
import { encodeH02Command } from '../../src/h02/encoder.js';
import { h02 } from '../../src/h02/index.js';
import { newSession } from '../../src/types.js';
import type { Command } from '../../src/types.js';

const NOW = Date.UTC(2024, 0, 2, 1, 2, 3);
const session = (id = '123456789012345') => {
  const s = newSession();
  s.deviceId = id;
  return s;
};
const encode = (command: Command) => {
  const r = encodeH02Command(command, session(), () => NOW);
  if (!r.ok) throw new Error(r.reason);
  return { text: bytesText(r.bytes), reference: r.reference };
};

describe('h02 encoder', () => {
  it('matches the TRC S20 cut-oil vector byte for byte', () => {
    expect(encode({ type: 'cutOil' })).toEqual({
      text: '*HQ,123456789012345,S20,010203,1,1#',
      reference: 'S20',
    });
    expect(encode({ type: 'restoreOil' }).text).toBe('*HQ,123456789012345,S20,010203,1,0#');
  });

  it('writes the report interval as S71,22,<s>', () => {
    expect(encode({ type: 'uploadInterval', seconds: 30 })).toEqual({
      text: '*HQ,123456789012345,S71,010203,22,30#',
      reference: 'S71',
    });
    expect(
      encode({ type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 60 } }).text,
    ).toBe('*HQ,123456789012345,S71,010203,22,60#');
    expect(encode({ type: 'custom', text: 'SCF,0,0' })).toEqual({
      text: '*HQ,123456789012345,SCF,010203,0,0#',
      reference: 'SCF',
    });
  });

  it('arms with SCF,0,0 and disarms with SCF,1,1', () => {
    expect(encode({ type: 'garrison', armed: true })).toEqual({
      text: '*HQ,123456789012345,SCF,010203,0,0#',
      reference: 'SCF',
    });
    expect(encode({ type: 'garrison', armed: false }).text).toBe(
      '*HQ,123456789012345,SCF,010203,1,1#',
    );
  });

  it('refuses undocumented commands and bad parameters', () => {
    const s = session();
    for (const command of [
      { type: 'locateNow' },
      { type: 'restart' },
      { type: 'factoryReset' },
      { type: 'powerOff' },
      { type: 'sosNumbers', numbers: ['1'] },
      { type: 'whiteList', numbers: ['1'] },
      { type: 'voiceRecord', seconds: 5 },
      { type: 'locateMode', setting: { mode: 'trace' } },
      { type: 'overspeed', kmh: 80 },
      { type: 'powerOn' },
      { type: 'alwaysRecord', on: true },
    ] as Command[])
      expect(h02.encodeCommand(command, s), command.type).toMatchObject({
        ok: false,
        reason: 'unsupported',
      });
    expect(h02.encodeCommand({ type: 'uploadInterval', seconds: 0 }, s)).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(h02.encodeCommand({ type: 'custom', text: 'S20#x' }, s)).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(h02.encodeCommand({ type: 'cutOil' }, newSession())).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
  });
});
