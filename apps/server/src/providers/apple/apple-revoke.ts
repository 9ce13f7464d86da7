import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { Clock } from '../../clock.js';
import { DELIVERY_TIMEOUT_MS } from '../delivery-outcome.js';
import { readKeyText } from '../pem.js';
import { APPLE_ISSUER } from './apple-identity.js';

export interface AppleSigner {
  teamId: string;
  keyId: string;
  /** The .p8 key: inline PEM or a file path. */
  privateKey: string;
}

/** A client secret is valid for 5 minutes: long enough for one call. */
const SECRET_LIFETIME_S = 300;

/**
 * Apple's token endpoints with a client secret signed by the team's key (ES256): the
 * authorization code's exchange for a refresh token (`/auth/token`), kept to revoke the
 * authorisation (`/auth/revoke`) when the account is cancelled or Apple is unbound.
 */
export class AppleTokens {
  private key: Promise<CryptoKey> | undefined;

  constructor(
    private readonly apiUrl: string,
    private readonly signer: AppleSigner,
    private readonly redirectUri: string | undefined,
    private readonly clock: Clock,
  ) {}

  /** The refresh token of an authorization code; throws when Apple refuses it. */
  async refreshToken(clientId: string, code: string): Promise<string> {
    const answer = await this.post('auth/token', clientId, {
      code,
      grant_type: 'authorization_code',
      ...(this.redirectUri ? { redirect_uri: this.redirectUri } : {}),
    });
    const { refresh_token: token } = (await answer.json()) as { refresh_token?: unknown };
    if (!answer.ok || typeof token !== 'string')
      throw new Error(`Apple refused the authorization code: HTTP ${answer.status}`);
    return token;
  }

  async revoke(clientId: string, refreshToken: string): Promise<void> {
    const answer = await this.post('auth/revoke', clientId, {
      token: refreshToken,
      token_type_hint: 'refresh_token',
    });
    if (!answer.ok) throw new Error(`Apple refused the revocation: HTTP ${answer.status}`);
  }

  private async post(path: string, clientId: string, fields: Record<string, string>) {
    const base = this.apiUrl.endsWith('/') ? this.apiUrl : `${this.apiUrl}/`;
    return fetch(new URL(path, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clientId,
        client_secret: await this.clientSecret(clientId),
        ...fields,
      }),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
  }

  private async clientSecret(clientId: string): Promise<string> {
    this.key ??= importPKCS8(readKeyText(this.signer.privateKey), 'ES256');
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.signer.keyId })
      .setIssuer(this.signer.teamId)
      .setSubject(clientId)
      .setAudience(APPLE_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + SECRET_LIFETIME_S)
      .sign(await this.key);
  }
}
