import { stringToBcd } from '../common/bytes.js';
import type { ProtocolSession } from '../types.js';
import type { Jt808Address, Jt808Header } from './header.js';

/** What the decoder remembers in `session.extra` so commands go out in the terminal's layout. */
const ADDRESS = 'jt808Address';

const samePhone = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Remembers the terminal's phone and header layout, and answers them as the address for replies
 * (kept as it is while the terminal keeps it, so a frame costs no conversion).
 */
export function rememberAddress(session: ProtocolSession, header: Jt808Header): Jt808Address {
  const known = session.extra[ADDRESS] as Jt808Address | undefined;
  if (
    known &&
    known.is2019 === header.is2019 &&
    known.protocolVersion === header.protocolVersion &&
    samePhone(known.phone, header.phone)
  ) {
    return known;
  }
  const address: Jt808Address = {
    phone: header.phone,
    is2019: header.is2019,
    ...(header.is2019 ? { protocolVersion: header.protocolVersion ?? 1 } : {}),
  };
  session.extra[ADDRESS] = address;
  return address;
}

/**
 * The address for downlink frames: the phone last seen on this connection; failing that, the
 * session's numeric device id as a 2013 BCD[6] phone. Undefined when neither is known.
 */
export function addressOf(session: ProtocolSession): Jt808Address | undefined {
  const known = session.extra[ADDRESS] as Jt808Address | undefined;
  if (known) return known;
  const id = session.deviceId;
  if (id !== undefined && /^[0-9]{1,12}$/.test(id)) {
    return { phone: stringToBcd(id, 6), is2019: false };
  }
  return undefined;
}

/** Takes the session's next outgoing serial and advances it (wraps after 0xffff). */
export function nextSerial(session: ProtocolSession): number {
  const serial = session.serial & 0xffff;
  session.serial = (serial + 1) & 0xffff;
  return serial;
}
