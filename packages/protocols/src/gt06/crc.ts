/**
 * CRC-ITU as Concox calls it, i.e. CRC-16/X-25: poly 0x1021 reflected (0x8408), init 0xFFFF,
 * reflected in and out, xorout 0xFFFF. Check value of ASCII "123456789" is 0x906E.
 * In a GT06 frame it covers the bytes from the length field through the serial (protocols.md §2.2.1).
 */
const TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function crc16X25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) crc = (crc >>> 8) ^ TABLE[(crc ^ byte) & 0xff]!;
  return (crc ^ 0xffff) & 0xffff;
}
