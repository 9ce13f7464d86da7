import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type {
  OauthIdentityRepository,
  OauthTicketKind,
} from '../repositories/oauth-identity.repository.js';

/** A handle lives 10 minutes: long enough to enter a phone number and an SMS code. */
const TICKET_TTL_MS = 10 * 60_000;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * One-time handles of sign-ins under way (256 random bits; only their hash is stored, in the
 * database, so any API process can redeem one).
 */
export class OauthTickets {
  constructor(
    private readonly repository: OauthIdentityRepository,
    private readonly clock: Clock,
  ) {}

  async issue(kind: OauthTicketKind, payload: object): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.repository.saveTicket(
      hashOf(ticket),
      kind,
      JSON.stringify(payload),
      now + TICKET_TTL_MS,
      now,
    );
    return ticket;
  }

  /** The payload of a live handle of `kind`, which is used up; BIND_TICKET_EXPIRED otherwise. */
  async take<T>(ticket: string, kind: OauthTicketKind): Promise<T> {
    const row = await this.repository.takeTicket(hashOf(ticket), kind);
    if (!row || row.expiresAt <= this.clock.now()) throw new AppError('BIND_TICKET_EXPIRED');
    return JSON.parse(row.payload) as T;
  }
}
