import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { OauthIdentityRow } from '../repositories/oauth-identity.repository.js';
import type { SocialSettings } from '../social-settings.js';
import { AppleIdentityVerifier, AppleTokenInvalid } from '../providers/apple/apple-identity.js';
import { AppleTokens } from '../providers/apple/apple-revoke.js';
import type { VerifiedIdentity } from './oauth-identity.js';

/** What Sign in with Apple gave the app (or Apple's form_post gave the server). */
export interface AppleProof {
  identityToken: string;
  authorizationCode?: string | undefined;
  nonce?: string | undefined;
}

/**
 * Sign in with Apple, on when client ids are configured: identity tokens checked against
 * Apple's keys; with the team's key, the authorization code's refresh token kept to revoke.
 */
export class AppleAccounts {
  private readonly verifier: AppleIdentityVerifier | undefined;
  private readonly tokens: AppleTokens | undefined;

  constructor(
    settings: SocialSettings['apple'],
    clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {
    if (!settings) return;
    this.verifier = new AppleIdentityVerifier(settings.jwksUrl, settings.clientIds, clock);
    if (settings.signer)
      this.tokens = new AppleTokens(settings.apiUrl, settings.signer, settings.redirectUri, clock);
  }

  get configured(): boolean {
    return this.verifier !== undefined;
  }

  /** OAUTH_TOKEN_INVALID unless Apple signed the token for one of our client ids, unexpired. */
  async identify(proof: AppleProof): Promise<VerifiedIdentity> {
    if (!this.verifier) throw new AppError('OAUTH_NOT_CONFIGURED');
    const identity = await this.verifier.verify(proof.identityToken, proof.nonce).catch((error) => {
      if (error instanceof AppleTokenInvalid) throw new AppError('OAUTH_TOKEN_INVALID');
      throw error;
    });
    const refreshToken =
      this.tokens && proof.authorizationCode
        ? await this.tokens.refreshToken(identity.clientId, proof.authorizationCode).catch(() => {
            throw new AppError('OAUTH_TOKEN_INVALID');
          })
        : null;
    return {
      provider: 'apple',
      subject: identity.subject,
      details: { clientId: identity.clientId, refreshToken },
    };
  }

  /**
   * Revokes the authorisation at Apple (unbinding, account cancellation). Best effort: the
   * account's own change does not wait on Apple being reachable; a failure is logged.
   */
  async revoke(identity: Pick<OauthIdentityRow, 'clientId' | 'refreshToken'>): Promise<void> {
    if (!this.tokens || !identity.clientId || !identity.refreshToken) return;
    await this.tokens.revoke(identity.clientId, identity.refreshToken).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'Apple did not revoke the authorisation');
    });
  }
}
