import type { OauthProvider, WechatCodeType } from '@xunji/shared';

/** What the user started the third-party authorisation for. */
export type OauthPurpose = 'login' | 'bind' | 'alarm';

/** One authorisation under way: kept in this tab's sessionStorage until its return. */
export interface OauthFlow {
  /** Sent to the provider and checked on return (CSRF): random, single use. */
  state: string;
  provider: OauthProvider;
  /** WeChat: where its code comes from. */
  type?: WechatCodeType;
  /** Apple: the nonce whose SHA-256 the identity token carries. */
  nonce?: string;
  purpose: OauthPurpose;
  /** The page (path and query) to return to afterwards (a sign-in: home, or back when `back`). */
  returnTo: string;
  /** A sign-in from login?back=true returns to the page that sent the user there. */
  back?: boolean;
  /** A WeChat alarm follower: the device's alarm setting. */
  alarmSetting?: { id: number; terminalId: number };
  startedAt: number;
}

export type NewFlow = Omit<OauthFlow, 'state' | 'nonce' | 'startedAt'>;

const KEY = 'xunji.oauthFlow';
/** A return later than this is not the one started here (WeChat's codes live 5 minutes). */
export const FLOW_LIFETIME_MS = 10 * 60_000;

/** 128 random bits, hex. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Starts a flow: the one before it (never returned from) is forgotten. */
export function beginFlow(
  flow: NewFlow,
  storage: Storage = sessionStorage,
  now: number = Date.now(),
): OauthFlow {
  const started: OauthFlow = {
    ...flow,
    state: randomToken(),
    nonce: flow.provider === 'apple' ? randomToken() : undefined,
    startedAt: now,
  };
  storage.setItem(KEY, JSON.stringify(started));
  return started;
}

/**
 * The flow a return belongs to, or null: its state must be the one sent, and not too old. Taking
 * it ends it, whatever the answer, so a state works once.
 */
export function takeFlow(
  state: string | null,
  storage: Storage = sessionStorage,
  now: number = Date.now(),
): OauthFlow | null {
  const stored = storage.getItem(KEY);
  storage.removeItem(KEY);
  if (!stored || !state) return null;
  try {
    const flow = JSON.parse(stored) as OauthFlow;
    const fresh = now - flow.startedAt >= 0 && now - flow.startedAt < FLOW_LIFETIME_MS;
    return flow.state === state && fresh ? flow : null;
  } catch {
    return null;
  }
}
