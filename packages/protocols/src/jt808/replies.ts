import { concatBytes, textBytes } from '../common/bytes.js';
import type { LoginVerdict } from '../types.js';
import { buildFrame, type Jt808Address } from './header.js';

const word = (value: number): Uint8Array => Uint8Array.of((value >> 8) & 0xff, value & 0xff);
const dword = (value: number): Uint8Array =>
  Uint8Array.of((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);

/** The 0x8001 body being built (buildFrame copies it): an ack per position, no array each. */
const ACK_BODY = new Uint8Array(5);

/** 0x8001 platform general response: reply serial, reply message id, result (0 = success). */
export function platformResponse(
  address: Jt808Address,
  serial: number,
  replySerial: number,
  replyId: number,
  result = 0,
): Uint8Array {
  const body = ACK_BODY;
  body[0] = (replySerial >> 8) & 0xff;
  body[1] = replySerial & 0xff;
  body[2] = (replyId >> 8) & 0xff;
  body[3] = replyId & 0xff;
  body[4] = result;
  return buildFrame(0x8001, address, serial, body);
}

/** 0x8100 result byte: refused because the terminal already holds a code (it authenticates). */
const ALREADY_REGISTERED = 3;

/**
 * 0x8100 register response: reply serial, then result 0 and the auth code (ASCII) when the
 * registration is accepted, or result 3 (terminal already registered) without a code.
 */
export function registerResponse(
  address: Jt808Address,
  serial: number,
  replySerial: number,
  verdict: LoginVerdict,
): Uint8Array {
  const result = verdict.accepted
    ? concatBytes(Uint8Array.of(0), textBytes(verdict.authCode ?? ''))
    : Uint8Array.of(ALREADY_REGISTERED);
  return buildFrame(0x8100, address, serial, concatBytes(word(replySerial), result));
}

/** 0x8800 multimedia upload response: media id, no packets to resend. */
export function mediaResponse(address: Jt808Address, serial: number, mediaId: number): Uint8Array {
  return buildFrame(0x8800, address, serial, concatBytes(dword(mediaId), Uint8Array.of(0)));
}

/** 0x8109 time (vendor answer to 0x0109): year WORD, month … second BYTEs (UTC), result 0. */
export function timeResponse(address: Jt808Address, serial: number, now: number): Uint8Array {
  const d = new Date(now);
  return buildFrame(
    0x8109,
    address,
    serial,
    concatBytes(
      word(d.getUTCFullYear()),
      Uint8Array.of(
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        0,
      ),
    ),
  );
}

export { dword, word };
