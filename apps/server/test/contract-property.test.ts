import { fc, test } from '@fast-check/vitest';
import { api, fillPath, type CallDefinition } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { z } from 'zod';
import { testDialects } from './support/databases.js';
import { inputArbitrary, junk } from './support/schema-arbitrary.js';
import {
  ownedDevices,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

/**
 * Every call of the contract, with inputs derived from its zod schemas (valid, or with junk in
 * places), signed in or not: no answer may be a 5xx, and every answer is the envelope.
 */
const RUNS = 20;
const SEED = 15;

interface Sent {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signedIn: boolean;
  applicationId: string;
}

/** A value as text in a path or a query, the way a careless client would write it. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function requestArbitrary(call: CallDefinition): fc.Arbitrary<Sent> {
  const part = (schema: z.ZodType | undefined) =>
    schema
      ? fc.oneof(
          { weight: 2, arbitrary: inputArbitrary(schema, false) },
          { weight: 3, arbitrary: inputArbitrary(schema, true) },
          { weight: 1, arbitrary: junk },
        )
      : fc.constant(undefined);
  return fc.record({
    params: part(call.params),
    query: part(call.query),
    body:
      call.method === 'GET' || call.method === 'DELETE' ? fc.constant(undefined) : part(call.body),
    signedIn: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
    applicationId: fc.oneof(
      { weight: 6, arbitrary: fc.constant('1') },
      fc.constantFrom('2147483648', '0', '-1', 'abc', '1.5', '99999999999999999999'),
    ),
  });
}

function urlOf(call: CallDefinition, sent: Sent): string {
  const params =
    typeof sent.params === 'object' && sent.params !== null
      ? Object.fromEntries(Object.entries(sent.params).map(([k, v]) => [k, asText(v)]))
      : {};
  const search = new URLSearchParams();
  if (typeof sent.query === 'object' && sent.query !== null) {
    for (const [key, value] of Object.entries(sent.query)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
    }
  }
  const query = search.toString();
  return `${fillPath(call.path, params)}${query ? `?${query}` : ''}`;
}

const isEnvelope = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'number' &&
  typeof (body as { message?: unknown }).message === 'string' &&
  'data' in body &&
  typeof (body as { succeeded?: unknown }).succeeded === 'boolean';

describe.each(testDialects())('every call of the contract on %s', (dialect) => {
  let server: TestServer;
  let userId: number;
  let terminalNo: string;
  let token: string;
  beforeAll(async () => {
    // No growing delay after wrong passwords here: the property sends many of them.
    server = await startTestServer(dialect, { SIGN_IN_MAX_DELAY_MS: '0' });
    const owned = await ownedDevices(() => server, '86', '186')();
    const { body } = await server.call<{ userId: number }>('GET', '/system/user/user-info', {
      token: owned.token,
    });
    userId = body.data.userId;
    const device = await server.call<{ terminalNo: string }>(
      'GET',
      `/v2/terminal/${owned.deviceId}`,
      { token: owned.token },
    );
    terminalNo = device.body.data.terminalNo;
    token = owned.token;
  });
  afterAll(() => server.close());

  /**
   * After a run that changed something (it may have signed out, changed the password or unbound
   * the device): a fresh session, and the device bound again, so valid ids keep reaching the
   * services.
   */
  async function restore(): Promise<void> {
    ({ token } = await server.services.tokens.issue(userId, 1, {}));
    const bound = await server.call<{ count: number }>('GET', '/terminal/page', { token });
    if (bound.body.data.count === 0)
      await server.call('POST', '/terminal/bind', {
        token,
        body: { terminalNo, password: transport('123456') },
      });
  }

  for (const [name, call] of Object.entries(api) as [string, CallDefinition][]) {
    test.prop([requestArbitrary(call)], { numRuns: RUNS, seed: SEED })(name, async (sent) => {
      const response = await fetch(`${server.url}/api${urlOf(call, sent)}`, {
        method: call.method,
        headers: {
          applicationId: sent.applicationId,
          ...(sent.signedIn ? { authorization: `Bearer ${token}` } : {}),
          ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(sent.body === undefined ? {} : { body: JSON.stringify(sent.body) }),
      });
      const text = await response.text();
      expect(response.status, text).toBeLessThan(500);
      const answer: unknown = JSON.parse(text);
      expect(isEnvelope(answer), text).toBe(true);
      if (call.method !== 'GET' && (answer as { code: number }).code === 0) await restore();
    });
  }
});
