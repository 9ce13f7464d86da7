import type { OauthProvider } from '@xunji/shared';
import { ApiError } from '../api/errors';
import { completeSignIn } from '../router/guard';
import { PATHS } from '../router/paths';
import { signIn } from '../stores/session';
import { bindToAccount, followAlarms, loginWithProvider, type OauthReturn } from './complete';
import { takeFlow } from './flow';

/** Where a provider's return leads. */
export type ReturnOutcome =
  /** Done: `go` leaves the page (signed in, bound, follower set); `bound` names a new binding. */
  | { kind: 'done'; go: () => void; bound?: OauthProvider }
  /** An identity no account has yet: bind it by phone number with the ticket. */
  | {
      kind: 'bind';
      answer: OauthReturn;
      ticket: string;
      nickname: string | null;
      headImgUrl: string | null;
    }
  /** Not a return of a flow started in this tab (or too late), or the user said no. */
  | { kind: 'failed'; reason: 'state' | 'cancelled'; back: string }
  /** The server refused (e.g. "Wechat binding error"): its words, and where to go back to. */
  | { kind: 'refused'; message: string; back: string };

/** Apple's answer reaches the app through the server, as a one-time handle. */
export const APPLE_HANDLE_PARAM = 'handle';

const handled = new Map<string, Promise<ReturnOutcome>>();

/** `handleReturn` once per address: a second render or refetch gets the same answer. */
export function handleReturnOnce(
  search: string,
  go: (path: string) => void,
): Promise<ReturnOutcome> {
  let outcome = handled.get(search);
  if (!outcome) {
    outcome = handleReturn(search, go);
    handled.set(search, outcome);
  }
  return outcome;
}

/**
 * Handles the query of /pagesFunc/authorize: the state must be the one this tab sent (single
 * use), then the code (or handle) signs in, binds, or names the alarm follower.
 */
export async function handleReturn(
  search: string,
  go: (path: string) => void,
): Promise<ReturnOutcome> {
  const params = new URLSearchParams(search);
  const flow = takeFlow(params.get('state'));
  if (!flow) return { kind: 'failed', reason: 'state', back: PATHS.login };
  // A sign-in goes back to the login page; a binding or a follower to the page it began on.
  const back = flow.purpose === 'login' ? PATHS.login : flow.returnTo;
  const credential = params.get(flow.provider === 'apple' ? APPLE_HANDLE_PARAM : 'code');
  if (!credential) return { kind: 'failed', reason: 'cancelled', back };
  try {
    return await proceed({ credential, flow }, go);
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'refused', message: error.message, back };
    throw error;
  }
}

/** The flow's purpose, with the provider's answer. */
async function proceed(answer: OauthReturn, go: (path: string) => void): Promise<ReturnOutcome> {
  const { flow } = answer;

  if (flow.purpose === 'bind') {
    await bindToAccount(answer);
    return { kind: 'done', go: () => go(flow.returnTo), bound: flow.provider };
  }
  if (flow.purpose === 'alarm') {
    const next = await followAlarms(answer);
    return { kind: 'done', go: () => go(next) };
  }
  const login = await loginWithProvider(answer);
  if (login.status === 'bindRequired')
    return {
      kind: 'bind',
      answer,
      ticket: login.ticket,
      nickname: login.nickname,
      headImgUrl: login.headImgUrl,
    };
  return {
    kind: 'done',
    // Signing in empties the query cache: done on leaving, not while the page's query resolves.
    go: () => {
      signIn(login.login);
      completeSignIn(flow.back ?? false);
    },
  };
}
