import { X509Certificate, type KeyObject } from 'node:crypto';
import type { Clock } from '../../../clock.js';
import type { WechatPayTransport } from './wechat-pay-client.js';
import { decryptResource, type EncryptedResource } from './wechat-pay-resource.js';
import { signatureProblem, type PlatformKeys } from './wechat-pay-signature.js';

/** Platform public-key mode (every merchant since 2024): one key, named by its id (PUB_KEY_ID_…). */
export class PlatformPublicKey implements PlatformKeys {
  constructor(
    private readonly id: string,
    private readonly key: KeyObject,
  ) {}

  find(serial: string): Promise<KeyObject | undefined> {
    return Promise.resolve(serial === this.id ? this.key : undefined);
  }
}

interface CertificateList {
  data: { serial_no: string; encrypt_certificate: EncryptedResource }[];
}

/** Certificates are fetched again after this long; WeChat rotates them with overlap. */
const REFRESH_MS = 12 * 3600_000;
/** An unknown serial or a failed download tries again at most this often. */
const RETRY_MS = 60_000;

/**
 * Platform-certificate mode (older merchants): `GET /v3/certificates`, each certificate decrypted
 * with the APIv3 key, kept by serial and fetched again every 12 hours or when an unknown serial
 * signs. The list's own answer must be signed by one of the certificates it carries. A failed
 * download throws (the caller refuses what it was checking) and is tried again after a minute.
 */
export class PlatformCertificates implements PlatformKeys {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = -Infinity;
  private attemptedAt = -Infinity;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly transport: WechatPayTransport,
    private readonly apiV3Key: string,
    private readonly clock: Clock,
  ) {}

  async find(serial: string): Promise<KeyObject | undefined> {
    const now = this.clock.now();
    const wanted = now - this.fetchedAt > REFRESH_MS || !this.keys.has(serial);
    if (wanted && (this.pending || now - this.attemptedAt > RETRY_MS)) await this.refresh();
    return this.keys.get(serial);
  }

  private refresh(): Promise<void> {
    if (!this.pending) this.attemptedAt = this.clock.now();
    this.pending ??= this.download().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async download(): Promise<void> {
    const answer = await this.transport.send('GET', '/v3/certificates');
    if (answer.status !== 200) throw new Error(`/v3/certificates answered ${answer.status}`);
    const list = JSON.parse(answer.text) as CertificateList;
    const keys = new Map<string, KeyObject>();
    for (const item of list.data) {
      const pem = decryptResource(item.encrypt_certificate, this.apiV3Key);
      keys.set(item.serial_no, new X509Certificate(pem).publicKey);
    }
    const fresh = { find: (serial: string) => Promise.resolve(keys.get(serial)) };
    const problem = await signatureProblem(answer.headers, answer.text, fresh, this.clock.now());
    if (problem) throw new Error(`/v3/certificates: ${problem}`);
    this.keys = keys;
    this.fetchedAt = this.clock.now();
  }
}
