import { describe, expect, it } from 'vitest';
import { bytesText, concatBytes, hexToBytes, textBytes } from '../../src/common/bytes.js';
import { h02 } from '../../src/h02/index.js';
import { newSession } from '../../src/types.js';
import { checkFramerProperties } from '../support/framer-properties.js';

const binary = hexToBytes('2441060116601245431311165035313006004318210e000000fffffbffff0024');
const validFrames = [
  textBytes(
    '*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF,460,11,d18e105,7752,6#',
  ),
  binary,
  textBytes('*HQ,1600068860,LINK,112137,20,8,67,0,0,081116,FFFFFBFF#'),
  hexToBytes('24270517030820321418041423307879000463213792000056fffff9ffff0000'),
  textBytes('*HQ,356327080425330,XT,1,100#'),
];
const oversized = textBytes(`*HQ,4970105243,V1,${'0'.repeat(1100)}#`);

describe('h02 framer', () => {
  it('has the common framer properties', () => {
    expect(h02.maxFrameBytes).toBe(1024);
    expect(oversized.length).toBeGreaterThan(h02.maxFrameBytes);
    checkFramerProperties(h02, validFrames, oversized);
  });

  it('skips CR/LF between frames without counting garbage', () => {
    const framer = h02.createFramer();
    const out = framer.push(
      concatBytes(textBytes('*HQ,1,XT#\r\n'), binary, textBytes('\r\n*HQ,1,XT#')),
    );
    expect(out.map((f) => Buffer.from(f).toString('hex'))).toEqual(
      [textBytes('*HQ,1,XT#'), binary, textBytes('*HQ,1,XT#')].map((f) =>
        Buffer.from(f).toString('hex'),
      ),
    );
    expect(framer.stats.garbageBytes).toBe(0);
  });

  it('ends a text frame without # at the next start or line end; skips a $ with non-BCD bytes', () => {
    const framer = h02.createFramer();
    const out = framer.push(textBytes('junk*HQ,1,V1,12*HQ,1,XT#$ZZZZ*HQ,2,XT\r\n*HQ,3,XT#'));
    // The decoder judges the cut frame (and refuses it); the framer only delimits.
    expect(out.map(bytesText)).toEqual(['*HQ,1,V1,12', '*HQ,1,XT#', '*HQ,2,XT', '*HQ,3,XT#']);
    expect(framer.stats.garbageBytes).toBe(4 + 5);
  });

  it('counts a text frame broken by a non-text byte as garbage', () => {
    const framer = h02.createFramer();
    expect(framer.push(textBytes('*HQ,1,V1\u0001*HQ,1,XT#')).map(bytesText)).toEqual(['*HQ,1,XT#']);
    expect(framer.stats.garbageBytes).toBe(9);
  });

  it('gives a long binary frame whole at a chunk end, and its report when split after byte 32', () => {
    const long = hexToBytes(
      '2442091341332059572807175137358006000183640e000000fffffbfdff001f080000000000ea1e0000000021',
    );
    expect(h02.createFramer().push(long)).toEqual([long]);
    const whole = h02.decode(long, newSession()).messages;
    for (let cut = 32; cut < long.length; cut++) {
      const framer = h02.createFramer();
      const [first] = framer.push(long.subarray(0, cut));
      framer.push(long.subarray(cut));
      expect(h02.decode(first!, newSession()).messages, String(cut)).toEqual(whole);
    }
  });
});
