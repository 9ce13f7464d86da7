import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { SessionRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { SessionRepository } from '../repositories/session.repository.js';

interface TokenPayload {
  sid: string;
  uid: number;
  exp: number;
}

export interface Authenticated {
  session: SessionRow;
  /** A fresh token when the session passed half its life (sliding renewal), else undefined. */
  renewedToken: string | undefined;
}

/**
 * Access tokens: `base64url(payload).base64url(HMAC-SHA256)`, bound to a session row so that
 * sign-out, password change and account removal revoke them at once.
 */
export class TokenService {
  constructor(
    private readonly secret: string,
    private readonly ttlMs: number,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async issue(
    userId: number,
    applicationId: number,
    details: { pushClientId?: string | undefined; systemInfo?: unknown },
  ): Promise<{ token: string; expiresAt: number }> {
    const now = this.clock.now();
    const session = {
      id: randomBytes(18).toString('base64url'),
      userId,
      applicationId,
      pushClientId: details.pushClientId ?? null,
      systemInfo: details.systemInfo ? JSON.stringify(details.systemInfo) : null,
      createdAt: now,
      expiresAt: now + this.ttlMs,
      revokedAt: null,
    };
    await this.sessions.create(session);
    return {
      token: this.sign({ sid: session.id, uid: userId, exp: session.expiresAt }),
      expiresAt: session.expiresAt,
    };
  }

  async authenticate(token: string, applicationId: number): Promise<Authenticated> {
    const payload = this.verify(token);
    const now = this.clock.now();
    if (!payload || payload.exp <= now) throw new AppError('UNAUTHORIZED');
    const session = await this.sessions.findById(payload.sid);
    if (
      !session ||
      session.revokedAt !== null ||
      session.expiresAt <= now ||
      session.userId !== payload.uid ||
      session.applicationId !== applicationId
    ) {
      throw new AppError('UNAUTHORIZED');
    }
    if (session.expiresAt - now >= this.ttlMs / 2) return { session, renewedToken: undefined };
    const expiresAt = now + this.ttlMs;
    await this.sessions.extend(session.id, expiresAt);
    return {
      session: { ...session, expiresAt },
      renewedToken: this.sign({ sid: session.id, uid: session.userId, exp: expiresAt }),
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.sessions.revokeAllForUser(userId, this.clock.now());
  }

  private sign(payload: TokenPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  private verify(token: string): TokenPayload | undefined {
    const [body, signature] = token.split('.');
    if (!body || !signature) return undefined;
    const expected = this.mac(body);
    const actual = Buffer.from(signature, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
    try {
      const payload = JSON.parse(
        Buffer.from(body, 'base64url').toString('utf8'),
      ) as Partial<TokenPayload>;
      if (
        typeof payload.sid !== 'string' ||
        typeof payload.uid !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        return undefined;
      }
      return payload as TokenPayload;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }
}
