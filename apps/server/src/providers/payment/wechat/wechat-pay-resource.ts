import { createDecipheriv } from 'node:crypto';

/** An encrypted `resource` of a notification or a certificate of `/v3/certificates`. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

const TAG_BYTES = 16;

/**
 * AEAD_AES_256_GCM with the APIv3 key: the ciphertext is base64 with the 16-byte tag at its end.
 * Throws when the tag does not match (a forged or damaged resource, or another merchant's key).
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new Error(`unknown resource algorithm ${resource.algorithm}`);
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= TAG_BYTES) throw new Error('resource ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), resource.nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
