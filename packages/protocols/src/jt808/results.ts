import { bcdToString, bytesToHex } from '../common/bytes.js';
import type { CommandOutcome, DecodedMessage } from '../types.js';
import { decodeGbk } from './gbk.js';
import { ByteReader } from './reader.js';

/** Device answers and reports that carry no fix → commandResult (the inspector shows the text). */

export const hexId = (id: number): string => `0x${id.toString(16).padStart(4, '0')}`;
export const ascii = (bytes: Uint8Array): string =>
  String.fromCharCode(...bytes.filter((byte) => byte !== 0)).trim();

const RESULT_TEXT = ['success', 'failure', 'message error', 'unsupported'];
/** 0x0001 result byte → why the terminal refused (4, alarm confirmation, is not a refusal). */
const RESULT_OUTCOME: Partial<Record<number, CommandOutcome>> = {
  1: 'fail',
  2: 'paramError',
  3: 'unsupported',
};

/** 0x0001 terminal general response: reply serial, reply id, result. */
export function generalResponse(body: Uint8Array): DecodedMessage {
  const reader = new ByteReader(body);
  const replySerial = reader.u16('reply serial');
  const replyId = reader.u16('reply id');
  const result = reader.u8('result');
  return {
    type: 'commandResult',
    reference: String(replySerial),
    success: result === 0,
    ...(RESULT_OUTCOME[result] ? { outcome: RESULT_OUTCOME[result] } : {}),
    text: `${hexId(replyId)}: ${RESULT_TEXT[result] ?? `result ${result}`}`,
  };
}

const isText = (bytes: Uint8Array): boolean =>
  bytes.length > 0 && bytes.every((byte) => byte >= 0x20 && byte < 0x7f);

/** A parameter value: a number for 1/2/4 bytes, text when printable, hex otherwise. */
function parameterValue(value: Uint8Array): string {
  if (value.length === 1 || value.length === 2 || value.length === 4) {
    return String(value.reduce((sum, byte) => sum * 256 + byte, 0));
  }
  return isText(value) ? ascii(value) : bytesToHex(value);
}

/** 0x0104 query-parameters reply: reply serial, count, then id DWORD, length BYTE, value. */
export function parametersReply(body: Uint8Array): DecodedMessage {
  const reader = new ByteReader(body);
  const reference = String(reader.u16('reply serial'));
  reader.u8('parameter count');
  const parts: string[] = [];
  while (reader.remaining >= 5) {
    const id = reader.u32();
    const length = reader.u8();
    if (length > reader.remaining) break;
    parts.push(`0x${id.toString(16).padStart(4, '0')}=${parameterValue(reader.take(length))}`);
  }
  return { type: 'commandResult', reference, success: true, text: parts.join(', ') };
}

/**
 * 0x0107 terminal attributes: type WORD, maker BYTE[5], model BYTE[20], terminal id BYTE[7],
 * ICCID BCD[10], then hardware and firmware versions (length BYTE + text).
 */
export function attributesReply(body: Uint8Array): DecodedMessage {
  const reader = new ByteReader(body);
  reader.u16('terminal type');
  const parts = [
    `maker ${ascii(reader.take(5, 'maker'))}`,
    `model ${ascii(reader.take(20, 'model'))}`,
    `terminal ${ascii(reader.take(7, 'terminal id'))}`,
    `ICCID ${bcdToString(reader.take(10, 'ICCID'))}`,
  ];
  for (const name of ['hardware', 'firmware']) {
    if (reader.remaining < 1) break;
    const length = reader.u8();
    if (length > reader.remaining) break;
    parts.push(`${name} ${ascii(reader.take(length))}`);
  }
  return { type: 'commandResult', success: true, text: parts.join(', ') };
}

/**
 * Vendor text answers (Traccar): 0x0701 length DWORD + ASCII; 0x1300 reply serial + UTF-16BE;
 * 0x6006 encoding BYTE + GBK.
 */
export function textReply(id: number, body: Uint8Array): DecodedMessage {
  const reader = new ByteReader(body);
  let text: string;
  let reference: string | undefined;
  if (id === 0x0701) {
    const length = reader.u32('text length');
    text = ascii(reader.take(Math.min(length, reader.remaining)));
  } else if (id === 0x1300) {
    reference = String(reader.u16('reply serial'));
    const bytes = reader.rest();
    text = '';
    for (let i = 0; i + 1 < bytes.length; i += 2)
      text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    text = text.replace(/\0/g, '').trim();
  } else {
    reader.u8('encoding');
    text = decodeGbk(reader.rest()).trim();
  }
  return { type: 'commandResult', ...(reference ? { reference } : {}), success: true, text };
}
