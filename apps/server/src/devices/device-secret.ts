import crypto from 'node:crypto';

/** A new JT/T 808 authentication code: 16 characters of base64url (96 random bits). */
export const newAuthCode = (): string => crypto.randomBytes(12).toString('base64url');

const digest = (text: string): Buffer => crypto.createHash('sha256').update(text).digest();

/** Compares a secret a device sent with the stored one in constant time. */
export const sameSecret = (sent: string, stored: string): boolean =>
  crypto.timingSafeEqual(digest(sent), digest(stored));
