import { describe, expect, it } from 'vitest';
import { bytesText } from '../../src/common/bytes.js';
import { newSession } from '../../src/types.js';
import type { Command } from '../../src/types.js';
import { watch } from '../../src/watch/index.js';

const session = () => {
  const s = newSession();
  s.deviceId = '8800000015';
  return s;
};

const encode = (command: Command, s = session()) => {
  const result = watch.encodeCommand(command, s);
  if (!result.ok) throw new Error(`not ok: ${result.reason}`);
  return { text: bytesText(result.bytes), reference: result.reference };
};

describe('watch encoder', () => {
  it('encodes the documented commands byte-exact with LEN in hex', () => {
    expect(encode({ type: 'uploadInterval', seconds: 600 })).toEqual({
      text: '[3G*8800000015*000A*UPLOAD,600]',
      reference: 'UPLOAD',
    });
    expect(encode({ type: 'locateNow' })).toEqual({
      text: '[3G*8800000015*0002*CR]',
      reference: 'CR',
    });
    expect(encode({ type: 'restart' }).text).toBe('[3G*8800000015*0005*RESET]');
    expect(encode({ type: 'factoryReset' }).text).toBe('[3G*8800000015*0007*FACTORY]');
    expect(encode({ type: 'powerOff' }).text).toBe('[3G*8800000015*0008*POWEROFF]');
    expect(
      encode({ type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 300 } }),
    ).toEqual({ text: '[3G*8800000015*000A*UPLOAD,300]', reference: 'UPLOAD' });
  });

  it('matches the BEE MONITOR, IP and SOS example lengths (0x13, 0x14, 0x27)', () => {
    expect(encode({ type: 'custom', text: 'MONITOR,13100010002' })).toEqual({
      text: '[3G*8800000015*0013*MONITOR,13100010002]',
      reference: 'MONITOR',
    });
    expect(encode({ type: 'custom', text: 'IP,113.81.229.9,5900' }).text).toBe(
      '[3G*8800000015*0014*IP,113.81.229.9,5900]',
    );
    expect(
      encode({ type: 'sosNumbers', numbers: ['00000000000', '11111111111', '22222222222'] }),
    ).toEqual({
      text: '[3G*8800000015*0027*SOS,00000000000,11111111111,22222222222]',
      reference: 'SOS',
    });
  });

  it('pads SOS to three slots, writes WHITELIST1, uses the maker code the watch sent', () => {
    expect(encode({ type: 'sosNumbers', numbers: ['123'] }).text).toBe(
      '[3G*8800000015*0009*SOS,123,,]',
    );
    expect(encode({ type: 'whiteList', numbers: ['123', '456'] })).toEqual({
      text: '[3G*8800000015*0012*WHITELIST1,123,456]',
      reference: 'WHITELIST1',
    });
    const s = session();
    s.extra.watchManufacturer = 'SG';
    expect(encode({ type: 'locateNow' }, s).text).toBe('[SG*8800000015*0002*CR]');
    s.extra.watchManufacturer = 'ZJ';
    s.extra.watchIndexed = true;
    expect(encode({ type: 'restart' }, s).text).toBe('[ZJ*8800000015*0001*0005*RESET]');
  });

  it('refuses what the watch cannot do and bad parameters', () => {
    const s = session();
    expect(watch.encodeCommand({ type: 'cutOil' }, s)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
    expect(watch.encodeCommand({ type: 'restoreOil' }, s)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
    expect(watch.encodeCommand({ type: 'voiceRecord', seconds: 10 }, s)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
    expect(
      watch.encodeCommand({ type: 'locateMode', setting: { mode: 'trace' } }, s),
    ).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(watch.encodeCommand({ type: 'uploadInterval', seconds: 10 }, s)).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(
      watch.encodeCommand({ type: 'sosNumbers', numbers: ['1', '2', '3', '4'] }, s),
    ).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(watch.encodeCommand({ type: 'custom', text: 'X]' }, s)).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(watch.encodeCommand({ type: 'locateNow' }, newSession())).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
  });
});
