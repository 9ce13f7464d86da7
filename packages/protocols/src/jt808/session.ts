import { bytesToHex, hexToBytes, stringToBcd } from '../common/bytes.js';
import type { ProtocolSession } from '../types.js';
import type { Jt808Address, Jt808Header } from './header.js';

/** What the decoder remembers in `session.extra` so commands go out in the terminal's layout. */
const PHONE = 'jt808Phone';
const VERSION = 'jt808ProtocolVersion';

/** Remembers the terminal's phone (hex of the BCD bytes) and header layout. */
export function rememberAddress(session: ProtocolSession, header: Jt808Header): void {
  session.extra[PHONE] = bytesToHex(header.phone);
  session.extra[VERSION] = header.is2019 ? (header.protocolVersion ?? 1) : -1;
}

/**
 * The address for downlink frames: the phone last seen on this connection; failing that, the
 * session's numeric device id as a 2013 BCD[6] phone. Undefined when neither is known.
 */
export function addressOf(session: ProtocolSession): Jt808Address | undefined {
  const phone = session.extra[PHONE];
  const version = session.extra[VERSION];
  if (typeof phone === 'string' && /^(?:[0-9a-f]{12}|[0-9a-f]{20})$/.test(phone)) {
    const is2019 = typeof version === 'number' && version >= 0;
    return {
      phone: hexToBytes(phone),
      is2019,
      ...(is2019 ? { protocolVersion: version } : {}),
    };
  }
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
