import { describe, expect, it } from 'vitest';
import { hexToBytes, textBytes } from '../../src/common/bytes.js';
import { crc16X25 } from '../../src/gt06/crc.js';

describe('gt06 crc16X25', () => {
  it('has the CRC-16/X-25 check value for "123456789"', () => {
    expect(crc16X25(textBytes('123456789'))).toBe(0x906e);
  });

  it('matches the CRC of the GT06 v1.8.1 login example (len..serial)', () => {
    // 78 78 | 0D 01 0123456789012345 0001 | 8CDD | 0D0A
    expect(crc16X25(hexToBytes('0D01012345678901234500 01'))).toBe(0x8cdd);
  });

  it('is 0x0000 for the empty input (init 0xFFFF, xorout 0xFFFF)', () => {
    expect(crc16X25(new Uint8Array(0))).toBe(0x0000);
  });
});
