import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Clock } from '../../clock.js';

export const APPLE_ISSUER = 'https://appleid.apple.com';

/** What a checked identity token says: Apple's user id and the client id it was issued to. */
export interface AppleIdentity {
  subject: string;
  clientId: string;
}

/** The token is not Apple's, not for us, expired or replayed (the nonce does not match). */
export class AppleTokenInvalid extends Error {}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Checks Sign in with Apple identity tokens against Apple's published keys (fetched and cached by
 * jose): signature, issuer, audience (the configured client ids only), expiry and nonce.
 */
export class AppleIdentityVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    jwksUrl: string,
    private readonly clientIds: string[],
    private readonly clock: Clock,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl));
  }

  /**
   * `nonce`: the one the app made; the token carries its SHA-256 (hex). A token that carries a
   * nonce needs it, so a token taken from one sign-in cannot start another.
   */
  async verify(identityToken: string, nonce: string | undefined): Promise<AppleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(identityToken, this.keys, {
        issuer: APPLE_ISSUER,
        audience: this.clientIds,
        algorithms: ['RS256'],
        currentDate: new Date(this.clock.now()),
        requiredClaims: ['sub', 'exp', 'aud'],
      }));
    } catch (error) {
      throw new AppleTokenInvalid(error instanceof Error ? error.message : String(error));
    }
    const expected = nonce === undefined ? undefined : sha256Hex(nonce);
    if (payload.nonce !== expected) throw new AppleTokenInvalid('nonce mismatch');
    const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    return { subject: payload.sub!, clientId: audience! };
  }
}
