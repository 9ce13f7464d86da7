import {
  Codes,
  LiveCloseCode,
  codeMessage,
  type CodeName,
  type Language,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../errors.js';
import type { TokenService } from '../services/token.service.js';
import type { DeviceVisibility } from './device-visibility.js';
import type { LiveHub, LiveSink, LiveSubscription } from './live-hub.js';
import { parseClientMessage } from './live-messages.js';

export interface LiveTimings {
  /** An opened socket must authenticate within this long (5 s). */
  authTimeoutMs: number;
  /** How often an authenticated socket's session is checked again (60 s). */
  recheckMs: number;
}

/** What every connection shares. */
export interface LiveContext {
  hub: LiveHub;
  tokens: Pick<TokenService, 'authenticate'>;
  visibility: DeviceVisibility;
  timings: LiveTimings;
  /** Keeps the index userId → connections, for visibility changes. */
  users: {
    add(userId: number, connection: LiveConnection): void;
    remove(userId: number, connection: LiveConnection): void;
  };
}

const isUnauthorized = (error: unknown) =>
  error instanceof AppError && error.codeName === 'UNAUTHORIZED';

/**
 * One live socket: waits for `auth`, then watches the user's devices through the hub; checks the
 * session again every `recheckMs` and closes with 4401 once it is refused.
 */
export class LiveConnection implements LiveSink {
  private userId: number | undefined;
  private token = '';
  private applicationId = 0;
  private subscription: LiveSubscription | undefined;
  private closed = false;
  /** Answered the last ping (keepalive). */
  private alive = true;
  /** The latest auth and device recomputation; an older one finishing late is ignored. */
  private authSequence = 0;
  private deviceSequence = 0;
  /** One `auth` at a time per socket; the latest one sent meanwhile waits its turn. */
  private authenticating = false;
  private queuedAuth: LiveClientMessage | undefined;
  private readonly authTimer: NodeJS.Timeout;
  private recheckTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly language: Language,
    private readonly context: LiveContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.authTimer = setTimeout(() => {
      this.log.debug('live socket: no auth in time');
      this.close(LiveCloseCode.UNAUTHORIZED, 'authentication timeout');
    }, context.timings.authTimeoutMs);
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('close', () => this.dispose());
  }

  get open(): boolean {
    return !this.closed && this.ws.readyState === this.ws.OPEN;
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  get user(): number | undefined {
    return this.userId;
  }

  send(text: string): void {
    if (this.open) this.ws.send(text);
  }

  /** Keepalive: a socket that did not answer the previous ping is dead. */
  ping(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.log.debug('live socket: no pong, terminated');
      this.ws.terminate();
      return;
    }
    this.alive = false;
    try {
      this.ws.ping();
    } catch (error) {
      this.log.debug({ err: error }, 'live socket: ping failed');
    }
  }

  /** Computes the user's devices again (a binding changed) and announces the set. */
  async refreshDevices(): Promise<void> {
    const userId = this.userId;
    if (userId === undefined || this.closed) return;
    const sequence = ++this.deviceSequence;
    let devices: ReadonlyMap<number, number>;
    try {
      devices = await this.context.visibility.visibleDevices(userId);
    } catch (error) {
      this.log.debug({ err: error, userId }, 'live socket: visible devices not read');
      if (!this.subscription) this.fail('SYSTEM_ERROR', 1011);
      return;
    }
    if (this.closed || sequence !== this.deviceSequence || userId !== this.userId) return;
    this.subscription ??= this.context.hub.attach(this);
    this.context.hub.watch(this.subscription, devices);
    this.sendMessage({ type: 'ready', deviceIds: [...devices.keys()].sort((a, b) => a - b) });
    this.log.debug({ userId, devices: devices.size }, 'live socket: watching');
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    const message = isBinary ? undefined : parseClientMessage(data.toString());
    if (!message) {
      this.sendError('VALIDATION');
      // Before authentication nothing but `auth` is accepted.
      if (this.userId === undefined) this.close(LiveCloseCode.UNAUTHORIZED, 'expected auth');
      return;
    }
    if (this.authenticating) this.queuedAuth = message;
    else void this.runAuth(message);
  }

  private async runAuth(message: LiveClientMessage): Promise<void> {
    this.authenticating = true;
    try {
      await this.authenticate(message.token, message.applicationId);
    } finally {
      this.authenticating = false;
    }
    const next = this.queuedAuth;
    this.queuedAuth = undefined;
    if (next && !this.closed) void this.runAuth(next);
  }

  private async authenticate(token: string, applicationId: number): Promise<void> {
    const sequence = ++this.authSequence;
    try {
      const { session, renewedToken } = await this.context.tokens.authenticate(
        token,
        applicationId,
      );
      if (this.closed || sequence !== this.authSequence) return;
      clearTimeout(this.authTimer);
      this.token = renewedToken ?? token;
      this.applicationId = applicationId;
      if (renewedToken) this.sendMessage({ type: 'token', token: renewedToken });
      if (session.userId !== this.userId) {
        if (this.userId !== undefined) this.context.users.remove(this.userId, this);
        this.userId = session.userId;
        this.context.users.add(session.userId, this);
      }
      this.recheckTimer ??= setInterval(() => void this.recheck(), this.context.timings.recheckMs);
      this.log.debug({ userId: session.userId }, 'live socket: authenticated');
      await this.refreshDevices();
    } catch (error) {
      if (this.closed || sequence !== this.authSequence) return;
      if (isUnauthorized(error)) this.refuse();
      else {
        this.log.debug({ err: error }, 'live socket: authentication failed');
        this.fail('SYSTEM_ERROR', 1011);
      }
    }
  }

  /** The session may have been revoked since (sign-out, password change, cancellation). */
  private async recheck(): Promise<void> {
    if (this.closed) return;
    const sequence = this.authSequence;
    try {
      const { renewedToken } = await this.context.tokens.authenticate(
        this.token,
        this.applicationId,
      );
      if (this.closed || sequence !== this.authSequence || !renewedToken) return;
      this.token = renewedToken;
      this.sendMessage({ type: 'token', token: renewedToken });
    } catch (error) {
      if (this.closed || sequence !== this.authSequence) return;
      // A database hiccup is no reason to drop the user: the next check decides.
      if (isUnauthorized(error)) this.refuse();
      else this.log.debug({ err: error }, 'live socket: session check failed');
    }
  }

  private refuse(): void {
    this.log.debug({ userId: this.userId }, 'live socket: token refused');
    this.fail('UNAUTHORIZED', LiveCloseCode.UNAUTHORIZED);
  }

  private fail(codeName: CodeName, closeCode: number): void {
    this.sendError(codeName);
    this.close(closeCode, codeName.toLowerCase());
  }

  private sendError(codeName: CodeName): void {
    this.sendMessage({
      type: 'error',
      code: Codes[codeName].code,
      message: codeMessage(codeName, this.language),
    });
  }

  private sendMessage(message: LiveServerMessage): void {
    this.send(JSON.stringify(message));
  }

  private close(code: number, reason: string): void {
    if (this.closed) return;
    try {
      this.ws.close(code, reason);
    } catch (error) {
      this.log.debug({ err: error }, 'live socket: close failed');
      this.ws.terminate();
    }
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.authTimer);
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    if (this.subscription) this.context.hub.detach(this.subscription);
    if (this.userId !== undefined) this.context.users.remove(this.userId, this);
  }
}
