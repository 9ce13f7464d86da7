import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';
import { localHttpServer, readBody } from './local-http.js';

const APPLE = 'https://appleid.apple.com';
const KID = 'stand-in-key';

export interface IdentityClaims {
  sub: string;
  aud: string;
  /** Seconds from now until it expires (negative: expired already). */
  expiresIn?: number;
  nonce?: string;
  /** Signs with a key Apple does not publish (same key id). */
  foreignKey?: boolean;
  iss?: string;
}

/**
 * Apple's Sign in with Apple endpoints on a local port, with keys made here: `GET /auth/keys`
 * (the JWKS identity tokens are signed with), `POST /auth/token` (an authorization code for a
 * refresh token) and `POST /auth/revoke`, both checking the client secret as Apple does: an ES256
 * JWT of the team's key (`kid`), issuer the team id, subject the client id, audience Apple.
 */
export async function startAppleStandIn(team: { teamId: string; keyId: string }) {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const teamKey = await generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { clientId: string }>();
  const refreshTokens = new Map<string, { clientId: string }>();
  const revoked: string[] = [];
  const refused: string[] = [];

  async function clientSecretProblem(form: URLSearchParams): Promise<string | undefined> {
    try {
      const { payload, protectedHeader } = await jwtVerify(
        form.get('client_secret') ?? '',
        teamKey.publicKey as CryptoKey,
        { algorithms: ['ES256'], issuer: team.teamId, audience: APPLE },
      );
      if (protectedHeader.kid !== team.keyId) return 'kid';
      if (payload.sub !== form.get('client_id')) return 'sub';
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  const server = localHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const form = new URLSearchParams((await readBody(request)).toString());
    response.setHeader('content-type', 'application/json');
    const refuse = (error: string) => {
      refused.push(error);
      response.writeHead(400).end(JSON.stringify({ error }));
    };
    if (request.method === 'GET' && url.pathname === '/auth/keys')
      return response.end(JSON.stringify({ keys: [jwk] }));
    if (request.method !== 'POST') return response.writeHead(404).end('{}');
    const problem = await clientSecretProblem(form);
    if (problem) return refuse(`invalid_client: ${problem}`);
    const clientId = form.get('client_id') ?? '';
    if (url.pathname === '/auth/token') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (form.get('grant_type') !== 'authorization_code') return refuse('unsupported_grant_type');
      if (!code || code.clientId !== clientId) return refuse('invalid_grant');
      const refreshToken = `r.${randomUUID()}`;
      refreshTokens.set(refreshToken, { clientId });
      return response.end(
        JSON.stringify({
          access_token: `a.${randomUUID()}`,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: refreshToken,
        }),
      );
    }
    if (url.pathname === '/auth/revoke') {
      const token = form.get('token') ?? '';
      if (refreshTokens.get(token)?.clientId === clientId) revoked.push(token);
      return response.end('');
    }
    response.writeHead(404).end('{}');
  });

  return {
    ...server,
    /** The team's key as the operator configures it (APPLE_PRIVATE_KEY). */
    privateKeyPem: await exportPKCS8(teamKey.privateKey),
    revoked,
    refused,
    /** The refresh tokens issued, for the tests to find the one a sign-in kept. */
    refreshTokens,
    authorizationCode(clientId: string): string {
      const code = `c.${randomUUID()}`;
      codes.set(code, { clientId });
      return code;
    },
    identityToken(claims: IdentityClaims): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        ...(claims.nonce ? { nonce: claims.nonce } : {}),
        email: `${claims.sub}@privaterelay.appleid.com`,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KID })
        .setIssuer(claims.iss ?? APPLE)
        .setAudience(claims.aud)
        .setSubject(claims.sub)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (claims.expiresIn ?? 600))
        .sign(claims.foreignKey ? foreign.privateKey : signing.privateKey);
    },
  };
}
