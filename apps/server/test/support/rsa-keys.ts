import { generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A fresh RSA-2048 key pair, as both Chinese payment providers use. */
export const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** PKCS8 for a private key, SPKI for a public one. */
export const pemOf = (key: KeyObject): string =>
  key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();

/** As an operator puts a PEM in one environment variable: `\n` for its line breaks. */
export const inlinePem = (key: KeyObject): string => pemOf(key).replace(/\n/g, '\\n');

/** The body of a PEM on one line, as the Alipay console shows keys. */
export const bareKey = (key: KeyObject): string => pemOf(key).replace(/-----[A-Z ]+-----|\n/g, '');
