import { AppError } from '../errors.js';
import type { AppleAccounts } from './apple-accounts.js';
import type { VerifiedIdentity } from './oauth-identity.js';
import type { OauthTickets } from './oauth-tickets.js';

/** What an Apple call of the contract carries: the identity token, or a handle standing for it. */
export interface AppleInput {
  identityToken?: string | undefined;
  ticket?: string | undefined;
  authorizationCode?: string | undefined;
  nonce?: string | undefined;
}

/** Apple's form_post to the web's redirect URI (`response_mode=form_post`). */
export interface ApplePost {
  code?: string | undefined;
  id_token?: string | undefined;
  state?: string | undefined;
  /** JSON, the first time only: `{"name":{"firstName":…,"lastName":…},"email":…}`. */
  user?: string | undefined;
  error?: string | undefined;
}

interface PostedIdentity {
  identityToken: string;
  authorizationCode: string | undefined;
  nickname: string | null;
}

/** The name Apple gives once, as a nickname. */
function postedName(user: string | undefined): string | null {
  try {
    const { name } = JSON.parse(user ?? '{}') as {
      name?: { firstName?: string; lastName?: string };
    };
    const text = [name?.firstName, name?.lastName].filter(Boolean).join(' ').trim();
    return text ? text.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/**
 * Sign in with Apple on the app (a token in the call) and on the web, where Apple posts the
 * token to the server: it is kept under a one-time handle the web app then sends instead.
 */
export class AppleSignIn {
  constructor(
    private readonly apple: AppleAccounts,
    private readonly tickets: OauthTickets,
  ) {}

  /** With `bindTicket`, a login's bind ticket also stands for the identity it verified. */
  async identity(input: AppleInput, bindTicket = false): Promise<VerifiedIdentity> {
    if (!this.apple.configured) throw new AppError('OAUTH_NOT_CONFIGURED');
    if (input.identityToken)
      return this.apple.identify({ ...input, identityToken: input.identityToken });
    const ticket = input.ticket ?? '';
    if (bindTicket) {
      const verified = await this.tickets
        .take<VerifiedIdentity>(ticket, 'bind')
        .catch(() => undefined);
      if (verified?.provider === 'apple') return verified;
    }
    const posted = await this.tickets.take<PostedIdentity>(ticket, 'apple-callback');
    const identity = await this.apple.identify({ ...posted, nonce: input.nonce });
    return { ...identity, details: { ...identity.details, nickname: posted.nickname } };
  }

  /**
   * Where the browser goes after Apple's form_post: the web's authorize page with the state (the
   * web checks it) and a handle for the token, or Apple's error.
   */
  async posted(form: ApplePost): Promise<string> {
    const query = new URLSearchParams({ provider: 'apple', state: form.state ?? '' });
    if (!this.apple.configured) query.set('error', 'not_configured');
    else if (!form.id_token) query.set('error', form.error ?? 'invalid_request');
    else {
      const posted: PostedIdentity = {
        identityToken: form.id_token,
        authorizationCode: form.code,
        nickname: postedName(form.user),
      };
      query.set('handle', await this.tickets.issue('apple-callback', posted));
    }
    return `/pagesFunc/authorize?${query}`;
  }
}
