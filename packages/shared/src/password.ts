import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Spec §5: passwords travel hashed and upper-cased. Xunji uses SHA-256 over the UTF-8 password,
 * as 64 upper-case hex characters, for every password field (account, device, bind-phone).
 * This only keeps the plain text off the wire and out of proxies; the server then stores a slow
 * salted hash (scrypt) of what arrives.
 */
export function hashPasswordForTransport(plain: string): string {
  return bytesToHex(sha256(utf8ToBytes(plain))).toUpperCase();
}

export const TRANSPORT_HASH = /^[0-9A-F]{64}$/;
