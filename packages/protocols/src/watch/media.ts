/**
 * Binary content words (escaped bytes, frame.ts): `TK` voice, `JXTK` chunked voice, `img`
 * snapshots. Each answers its message and the reply the watch waits for, if any.
 */
import { bytesText } from '../common/bytes.js';
import type { DecodedMessage } from '../types.js';
import { DecodeError } from '../types.js';
import { unescapeBinary } from './frame.js';

export interface Decoded {
  messages: DecodedMessage[];
  reply?: string;
}

const COMMA = 0x2c;

/** FNV-1a 32-bit, hex: a stable id for a one-piece voice message. */
function fnv1a(data: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const b of data) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** Offset just past the `n`th comma of `content`. */
function afterCommas(content: Uint8Array, n: number, word: string): number {
  let at = 0;
  for (let commas = 0; commas < n; commas++) {
    at = content.indexOf(COMMA, at) + 1;
    if (at === 0) throw new DecodeError(`watch: short ${word}`);
  }
  return at;
}

/** `TK,<AMR>`; `TK`, `TK,1` / `TK,0`: the watch's answer to a voice message the server pushed. */
export function decodeTk(deviceId: string, content: Uint8Array): Decoded {
  const body = content.subarray(3);
  if (body.length <= 1) {
    const success = body.length === 0 || body[0] === 0x31;
    return { messages: [{ type: 'commandResult', reference: 'TK', success }] };
  }
  const data = unescapeBinary(body);
  const mediaId = `${deviceId}-tk-${fnv1a(data)}-${data.length}`;
  return {
    messages: [{ type: 'mediaChunk', mediaId, index: 0, total: 1, format: 'amr', data }],
    reply: 'TK,1',
  };
}

/** `JXTK,<?>,<media name>,<current 1-based>,<total>,<escaped AMR>` (TRC WatchProtocolDecoder). */
export function decodeJxtk(content: Uint8Array): Decoded {
  const at = afterCommas(content, 5, 'JXTK');
  const [, , name, currentText, totalText] = bytesText(content.subarray(0, at - 1)).split(',');
  const current = Number(currentText);
  const total = Number(totalText);
  if (!name || !Number.isInteger(current) || !Number.isInteger(total) || current < 1)
    throw new DecodeError('watch: bad JXTK numbering');
  if (current > total) throw new DecodeError('watch: bad JXTK numbering');
  const data = unescapeBinary(content.subarray(at));
  return {
    messages: [
      { type: 'mediaChunk', mediaId: name, index: current - 1, total, format: 'amr', data },
    ],
    reply: 'JXTKR,1',
  };
}

/** `img,<kind: 5 remote snapshot>,<YYMMDDhhmmss>,<escaped JPEG>` (BEE §IV). */
export function decodeImg(deviceId: string, content: Uint8Array): Decoded {
  const at = afterCommas(content, 3, 'img');
  const [, kind, time] = bytesText(content.subarray(0, at - 1)).split(',');
  const data = unescapeBinary(content.subarray(at));
  const mediaId = `${deviceId}-img-${kind ?? ''}-${time ?? ''}-${fnv1a(data)}`;
  return {
    messages: [{ type: 'mediaChunk', mediaId, index: 0, total: 1, format: 'jpeg', data }],
  };
}
