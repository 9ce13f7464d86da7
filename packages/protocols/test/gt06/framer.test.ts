import { describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes } from '../../src/common/bytes.js';
import { gt06 } from '../../src/gt06/index.js';
import { checkFramerProperties } from '../support/framer-properties.js';

const FRAMES = [
  '78780D01012345678901234500018CDD0D0A', // login (GT06 v1.8.1)
  '787808134B04030011061F0D0A', // heartbeat, corrected 3-byte form (§2.2.9)
  '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A', // VL03 0x22
  '797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a', // 0x21
  '7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A', // 0x26
].map(hexToBytes);

/** A 0x7979 header declaring 2000 bytes (> maxFrameBytes), followed by that many bytes. */
const OVERSIZED = concatBytes(
  hexToBytes('797907cb'),
  new Uint8Array(2000 - 6),
  hexToBytes('00010000'),
  hexToBytes('0d0a'),
);

describe('gt06 framer', () => {
  it('declares its maximum frame size', () => {
    expect(gt06.maxFrameBytes).toBe(1024);
  });

  it('has the shared framer properties', () => {
    checkFramerProperties(gt06, FRAMES, OVERSIZED);
  });

  it('cuts frames of both start markers from one chunk', () => {
    const framer = gt06.createFramer();
    const out = framer.push(concatBytes(...FRAMES));
    expect(out.map(bytesToHex)).toEqual(FRAMES.map(bytesToHex));
    expect(framer.stats).toEqual({ garbageBytes: 0, oversizedFrames: 0 });
  });

  it('skips garbage before a frame and counts it', () => {
    const framer = gt06.createFramer();
    const out = framer.push(concatBytes(hexToBytes('00ff7812'), FRAMES[0]!));
    expect(out.map(bytesToHex)).toEqual([bytesToHex(FRAMES[0]!)]);
    expect(framer.stats.garbageBytes).toBe(4);
  });

  it('resyncs when the stop bits are wrong', () => {
    const broken = hexToBytes('787805130100E1A00D0B');
    const framer = gt06.createFramer();
    const out = framer.push(concatBytes(broken, FRAMES[1]!));
    expect(out.map(bytesToHex)).toEqual([bytesToHex(FRAMES[1]!)]);
    expect(framer.stats.garbageBytes).toBe(broken.length);
  });

  it('counts an oversized frame and keeps going', () => {
    const framer = gt06.createFramer();
    const out = framer.push(concatBytes(OVERSIZED, FRAMES[2]!));
    expect(out.map(bytesToHex)).toEqual([bytesToHex(FRAMES[2]!)]);
    expect(framer.stats.oversizedFrames).toBe(1);
  });

  it('does not wait forever on a start marker with a large length in noise', () => {
    const framer = gt06.createFramer();
    expect(framer.push(hexToBytes('aa7878ff0102'))).toEqual([]);
    const out = framer.push(FRAMES[0]!);
    expect(out.map(bytesToHex)).toEqual([bytesToHex(FRAMES[0]!)]);
  });

  it('waits for the rest of a frame split anywhere, byte by byte', () => {
    const framer = gt06.createFramer();
    const out: Uint8Array[] = [];
    for (const byte of FRAMES[3]!) out.push(...framer.push(new Uint8Array([byte])));
    expect(out.map(bytesToHex)).toEqual([bytesToHex(FRAMES[3]!)]);
  });
});
