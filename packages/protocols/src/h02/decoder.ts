/**
 * Decodes one H02 frame (protocols.md §2.4): text (text.ts) or binary (binary.ts).
 *
 * - The first frame of a session (session.deviceId unset) yields `{type:'login', deviceId}` first
 *   and sets session.deviceId, as for watches; a frame with another ID logs that ID in again.
 * - A frame whose device id is empty (`*HQ,,V1,…`, TRC test frame; an `X` binary frame) belongs
 *   to the session's device. Before any device identified itself it still decodes (the frame is
 *   unambiguous without the id) but yields no login: the gateway then has no device for the
 *   connection and closes it as an unknown device, the right outcome for a device that was never
 *   given an id.
 * - Answers: `V1` → `*HQ,ID,V4,V1,yyyyMMddHHmmss#` and `NBR` → `*HQ,ID,V4,NBR,…#` (server time
 *   UTC); `HTBT` / `V0` → their own head echoed (`*HQ,ID,HTBT#`), as Traccar does.
 */
import { textBytes } from '../common/bytes.js';
import type { DecodeResult, DecodedMessage, ProtocolSession } from '../types.js';
import { decodeBinary } from './binary.js';
import { decodeText, type Answer } from './text.js';

const STAR = 0x2a;

const pad = (n: number) => String(n).padStart(2, '0');
function serverTime(now: number): string {
  const d = new Date(now);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function answerText(answer: Answer, maker: string, id: string, now: () => number): string {
  return answer.kind === 'v4'
    ? `*HQ,${id},V4,${answer.word},${serverTime(now())}#`
    : `*${maker},${id},${answer.word}#`;
}

export function decodeH02(
  frame: Uint8Array,
  session: ProtocolSession,
  now: () => number = Date.now,
): DecodeResult {
  const decoded =
    frame[0] === STAR ? decodeText(frame, now) : { maker: '', ...decodeBinary(frame) };
  const id = decoded.id !== '' ? decoded.id : session.deviceId;
  const messages: DecodedMessage[] = [];
  if (id !== undefined && session.deviceId !== id) {
    messages.push({ type: 'login', deviceId: id });
    session.deviceId = id;
  }
  messages.push(...decoded.messages);
  const result: DecodeResult = { messages };
  if ('answer' in decoded && decoded.answer && id !== undefined)
    result.ack = textBytes(answerText(decoded.answer, decoded.maker, id, now));
  return result;
}
