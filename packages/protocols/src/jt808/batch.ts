import type { DecodedMessage } from '../types.js';
import { bcdTimeToUtc, parseLocation } from './location.js';
import { ByteReader } from './reader.js';

/**
 * 0x0704 batch upload: count WORD, type BYTE (0 normal, 1 blind-area re-upload), then items of a
 * length WORD and a 0x0200 body. The items are read while they fit: the count is not trusted
 * (Traccar reads to the end too), a trailing fragment too short for its length is dropped.
 */
export function locationBatch(body: Uint8Array): DecodedMessage[] {
  const reader = new ByteReader(body);
  reader.u16('item count');
  const reupload = reader.u8('batch type') === 1;
  return items(reader, 2, reupload);
}

/**
 * Vendor 0x0210 (Traccar MSG_LOCATION_BATCH_2): items of a length BYTE and a 0x0200 body; a
 * 7-byte body is a battery level and a time instead (no coordinates).
 */
export function vendorBatch(body: Uint8Array): DecodedMessage[] {
  const reader = new ByteReader(body);
  if (body.length === 7) {
    const batteryPercent = Math.min(100, reader.u8());
    bcdTimeToUtc(reader.take(6));
    return [{ type: 'status', status: { batteryPercent } }];
  }
  return items(reader, 1, false);
}

function items(reader: ByteReader, lengthBytes: 1 | 2, reupload: boolean): DecodedMessage[] {
  const messages: DecodedMessage[] = [];
  while (reader.remaining > lengthBytes) {
    const length = lengthBytes === 2 ? reader.u16() : reader.u8();
    if (length > reader.remaining) break;
    const position = parseLocation(reader.take(length, 'location item'));
    if (reupload) position.reupload = true;
    messages.push({ type: 'position', position });
  }
  return messages;
}
