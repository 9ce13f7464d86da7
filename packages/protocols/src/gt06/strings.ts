/**
 * String messages (protocols.md §2.2.7): command replies 0x15 (length, server flag 4, ASCII text,
 * language 2) and 0x21 (server flag 4, encoding 1 = ASCII / 2 = UTF-16BE, text). Command replies
 * have no success field: success is false only when the text says so (`common/refusal.ts`). A
 * reply that states a position (`text.ts`) gives that position too.
 */
import { bytesText, bytesToHex } from '../common/bytes.js';
import { resultOfText } from '../common/refusal.js';
import type { DecodedMessage } from '../types.js';
import { Reader } from './reader.js';
import { positionInText } from './text.js';

/** Firmwares pad the text with NULs up to a fixed size (Traccar `7878661500000000004459…`). */
const TRAILING_NULS = /\0+$/;

function decodeUtf16be(bytes: Uint8Array): string {
  let text = '';
  for (let k = 0; k + 1 < bytes.length; k += 2)
    text += String.fromCharCode((bytes[k]! << 8) | bytes[k + 1]!);
  return text;
}

function replyMessages(
  flag: Uint8Array,
  raw: string,
  offsetMinutes: number,
  now: () => number,
): DecodedMessage[] {
  const text = raw.replace(TRAILING_NULS, '');
  const reply: DecodedMessage = {
    type: 'commandResult',
    reference: bytesToHex(flag),
    ...resultOfText(text),
    text,
  };
  const position = positionInText(text, offsetMinutes, now);
  return position ? [reply, { type: 'position', position }] : [reply];
}

/**
 * 0x15. The length byte counts the flag and the text; some firmwares leave it 0, so a length that
 * does not fit is replaced by "everything but the language".
 */
export function decodeStringReply(
  content: Uint8Array,
  offsetMinutes: number,
  now: () => number,
): DecodedMessage[] {
  const r = new Reader(content);
  const declared = r.u8();
  const fits = declared >= 4 && declared <= r.remaining;
  const body = new Reader(r.take(fits ? declared : Math.max(r.remaining - 2, 4)));
  const flag = body.take(4);
  return replyMessages(flag, bytesText(body.rest()), offsetMinutes, now);
}

/** 0x21: the text's time, like every 0x7979 report, is UTC. */
export function decodeStringInfo(content: Uint8Array, now: () => number): DecodedMessage[] {
  const r = new Reader(content);
  const flag = r.take(4);
  const encoding = r.u8();
  const bytes = r.rest();
  return replyMessages(flag, encoding === 1 ? bytesText(bytes) : decodeUtf16be(bytes), 0, now);
}
