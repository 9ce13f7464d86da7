import { beforeEach, describe, expect, it } from 'vitest';
import { beginFlow, FLOW_LIFETIME_MS, takeFlow } from './flow';

const login = { provider: 'wechat', type: 'mp', purpose: 'login', returnTo: '/' } as const;

describe('the OAuth state (CSRF)', () => {
  beforeEach(() => sessionStorage.clear());

  it('answers the flow for the state it sent, once', () => {
    const { state } = beginFlow(login, sessionStorage, 1_000);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(takeFlow(state, sessionStorage, 2_000)).toMatchObject({ ...login, state });
    expect(takeFlow(state, sessionStorage, 2_000)).toBeNull();
  });

  it('refuses another state, and the flow is gone afterwards', () => {
    const { state } = beginFlow(login);
    expect(takeFlow('0'.repeat(32))).toBeNull();
    expect(takeFlow(state)).toBeNull();
  });

  it('refuses a return without a state, or one too late', () => {
    beginFlow(login);
    expect(takeFlow(null)).toBeNull();
    const { state } = beginFlow(login, sessionStorage, 0);
    expect(takeFlow(state, sessionStorage, FLOW_LIFETIME_MS)).toBeNull();
  });

  it('makes a new state each time, and a nonce for Apple only', () => {
    const first = beginFlow(login);
    const apple = beginFlow({ provider: 'apple', purpose: 'login', returnTo: '/' });
    expect(apple.state).not.toBe(first.state);
    expect(first.nonce).toBeUndefined();
    expect(apple.nonce).toMatch(/^[0-9a-f]{32}$/);
    // Only the latest flow is kept.
    expect(takeFlow(first.state)).toBeNull();
  });
});
