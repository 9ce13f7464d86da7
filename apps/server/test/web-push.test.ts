import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadVapidKeys } from '../src/providers/push/vapid-keys.js';
import { MAX_PUSH_PAYLOAD_BYTES, WebPushSender } from '../src/providers/push/web-push-sender.js';
import { SettingsRepository } from '../src/repositories/settings.repository.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { closedPortUrl } from './support/local-http.js';
import { startPushServiceStandIn } from './support/push-service-stand-in.js';
import { decryptPushMessage, pushReceiverOf } from './support/web-push-receiver.js';

/** RFC 8291 §5 and Appendix A: the example message, keys and the resulting body. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe("the push service stand-in's decryptor", () => {
  it('reads the RFC 8291 example', () => {
    const receiver = pushReceiverOf(RFC8291.uaPrivate, RFC8291.uaPublic, RFC8291.auth);
    const plaintext = decryptPushMessage(Buffer.from(RFC8291.body, 'base64url'), receiver);
    expect(plaintext.toString()).toBe(RFC8291.plaintext);
  });
});

describe('Web Push sender against a push service stand-in', () => {
  const service = startPushServiceStandIn();
  const keys = webPush.generateVAPIDKeys();
  const sender = (options: Partial<ConstructorParameters<typeof WebPushSender>[0]> = {}) =>
    new WebPushSender({ keys, subject: 'mailto:ops@xunji.test', ...options });
  const alarm = { title: '超速报警', body: '爸爸的车 08:15 北京市海淀区', deviceId: 7 };
  const options = { ttlSeconds: 3600, urgency: 'high' as const };

  beforeAll(() => service.listen());
  afterAll(() => service.close());
  beforeEach(() => {
    service.received.length = 0;
    service.refusals.length = 0;
  });

  it('delivers a payload the subscription decrypts, with VAPID and the push headers', async () => {
    const { subscription } = service.subscribe(keys.publicKey);
    const outcome = await sender().send(subscription, alarm, { ...options, topic: 'device-7' });
    expect(service.refusals).toEqual([]);
    expect(outcome).toEqual({ ok: true, reference: expect.stringMatching(/\/message\/1$/) });
    const [push] = service.received;
    expect(JSON.parse(push?.plaintext ?? '')).toEqual(alarm);
    expect(push).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      topic: 'device-7',
      contentType: 'application/octet-stream',
      applicationServerKey: keys.publicKey,
      claims: { aud: new URL(subscription.endpoint).origin, sub: 'mailto:ops@xunji.test' },
    });
    const exp = push?.claims.exp as number;
    expect(exp - Date.now() / 1000).toBeGreaterThan(3600);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(86_400);
  });

  it('sends a text payload as it is', async () => {
    const { subscription } = service.subscribe();
    expect((await sender().send(subscription, 'ping', options)).ok).toBe(true);
    expect(service.received[0]?.plaintext).toBe('ping');
  });

  it('is refused (403) when the JWT was tampered with', async () => {
    const { subscription } = service.subscribe(keys.publicKey);
    const tampering: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      const [, t = '', k] =
        /^vapid t=([^,]+), k=(.+)$/.exec(headers.get('authorization') ?? '') ?? [];
      const [header, payload, signature] = t.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'mailto:eve@example.com' }));
      headers.set(
        'authorization',
        `vapid t=${header}.${forged.toString('base64url')}.${signature}, k=${k}`,
      );
      return fetch(input, { ...init, headers });
    };
    const outcome = await sender({ fetch: tampering }).send(subscription, alarm, options);
    expect(outcome).toMatchObject({ ok: false, retryable: false, status: 403 });
    expect(service.refusals).toEqual(['JWT signature does not verify with k']);
    expect(service.received).toEqual([]);
  });

  it('is refused (403) when signed with another key than the subscription names', async () => {
    const { subscription } = service.subscribe(webPush.generateVAPIDKeys().publicKey);
    const outcome = await sender().send(subscription, alarm, options);
    expect(outcome).toMatchObject({ ok: false, retryable: false, status: 403 });
    expect(service.refusals).toEqual(['k is not the applicationServerKey of the subscription']);
  });

  it('reports an expired subscription as gone (410)', async () => {
    const { subscription } = service.subscribe();
    service.expire(subscription.endpoint);
    expect(await sender().send(subscription, alarm, options)).toMatchObject({
      ok: false,
      retryable: false,
      gone: true,
      status: 410,
    });
  });

  it('retries later after throttling, a server error or no connection', async () => {
    const { subscription } = service.subscribe();
    service.answerNextWith(429);
    expect(await sender().send(subscription, alarm, options)).toMatchObject({
      ok: false,
      retryable: true,
      status: 429,
    });
    service.answerNextWith(503);
    expect(await sender().send(subscription, alarm, options)).toMatchObject({ retryable: true });
    const nowhere = { ...subscription, endpoint: `${await closedPortUrl()}push/x` };
    expect(await sender().send(nowhere, alarm, options)).toMatchObject({
      ok: false,
      retryable: true,
      reason: expect.stringMatching(/unreachable/),
    });
  });

  it('signs one VAPID token per push service and makes a new one after an hour', async () => {
    const tokens: string[] = [];
    const recording: typeof fetch = (input, init) => {
      tokens.push(new Headers(init?.headers).get('authorization') ?? '');
      return fetch(input, init);
    };
    const pushes = sender({ fetch: recording });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await pushes.send(service.subscribe().subscription, alarm, options);
      vi.setSystemTime(Date.now() + 59 * 60_000);
      await pushes.send(service.subscribe().subscription, alarm, options);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await pushes.send(service.subscribe().subscription, alarm, options);
    } finally {
      vi.useRealTimers();
    }
    expect(service.refusals).toEqual([]);
    expect(service.received).toHaveLength(3);
    expect(tokens[1]).toBe(tokens[0]);
    expect(tokens[2]).not.toBe(tokens[0]);
  });

  it('does not start with a key that is not a VAPID key pair', () => {
    expect(() => sender({ keys: { ...keys, privateKey: 'AAAA' } })).toThrow(/private key/);
  });

  it('refuses, without sending, what can never be delivered', async () => {
    const { subscription } = service.subscribe();
    const tooLarge = 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES + 1);
    expect(await sender().send(subscription, tooLarge, options)).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(
      (await sender().send(subscription, 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES), options)).ok,
    ).toBe(true);
    const badKeys = { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } };
    expect(await sender().send(badKeys, alarm, options)).toMatchObject({ retryable: false });
    const badTopic = await sender().send(subscription, alarm, { ...options, topic: 'a b' });
    expect(badTopic).toMatchObject({ ok: false, retryable: false });
    expect(service.received).toHaveLength(1);
  });
});

describe.each(testDialects())('VAPID keys on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('are made at the first start and the same ever after', async () => {
    const settings = new SettingsRepository(database.handle.db);
    const first = await loadVapidKeys(settings);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(await loadVapidKeys(settings)).toEqual(first);
    expect(JSON.parse((await settings.get('vapid_keys')) ?? '')).toEqual(first);
  });
});
