import { createHash } from 'node:crypto';
import { Codes, type LoginResult, type OauthLoginAnswer } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppleStandIn, type IdentityClaims } from './support/apple-stand-in.js';
import { testDialects } from './support/databases.js';
import {
  phoneNumbers,
  registerUser,
  smsCode,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const APP = 'com.xunji.app';
const WEB = 'com.xunji.web';
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDialects())('Sign in with Apple on %s', async (dialect) => {
  const apple = await startAppleStandIn({ teamId: 'TEAM123456', keyId: 'KEY1234567' });
  let server: TestServer;
  let bare: TestServer;
  const nextPhone = phoneNumbers('133');
  let people = 0;
  const nextSub = () => `000${++people}.apple.${dialect}`;

  beforeAll(async () => {
    const base = await apple.listen();
    server = await startTestServer(dialect, {
      APPLE_CLIENT_IDS: `${WEB}, ${APP}`,
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: apple.privateKeyPem,
      APPLE_API_URL: base,
      APPLE_JWKS_URL: `${base}auth/keys`,
      APPLE_REDIRECT_URI: 'https://xunji.test/api/auth/apple/callback',
    });
    bare = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
    await apple.close();
  });

  const token = (claims: Partial<IdentityClaims> & { sub: string }) =>
    apple.identityToken({ aud: APP, ...claims });
  const loginApple = (body: object, target = server) =>
    target.call<OauthLoginAnswer>('POST', '/auth/login/apple', { body });

  async function bindUser(body: object, phone = nextPhone()) {
    return server.call<LoginResult>('POST', '/auth/bind-user/apple', {
      body: { ...body, username: phone, verifyCode: await smsCode(server, phone) },
    });
  }

  it('an unknown Apple ID gets a ticket, binds a new account by phone, then signs in', async () => {
    const sub = nextSub();
    const { body } = await loginApple({ identityToken: await token({ sub }) });
    expect(body.data).toEqual({
      status: 'bindRequired',
      ticket: expect.any(String),
      nickname: null,
      headImgUrl: null,
    });
    const ticket = (body.data as { ticket: string }).ticket;
    const bound = await bindUser({ ticket });
    expect(bound.body.code).toBe(0);
    const again = await loginApple({ identityToken: await token({ sub, aud: WEB }) });
    expect(again.body.data).toMatchObject({
      status: 'signedIn',
      login: { user: { userId: bound.body.data.user.userId } },
    });
  });

  it('bind-user re-verifies an identity token given instead of the ticket', async () => {
    const sub = nextSub();
    const bound = await bindUser({ identityToken: await token({ sub }) });
    expect(bound.body.code).toBe(0);
    expect(
      (await bindUser({ identityToken: await token({ sub, expiresIn: -60 }) })).body.code,
    ).toBe(Codes.OAUTH_TOKEN_INVALID.code);
  });

  it('refuses expired, wrong-audience, wrong-key, wrong-issuer and wrong-nonce tokens', async () => {
    const sub = nextSub();
    const refusals: [string, object][] = [
      ['expired', { identityToken: await token({ sub, expiresIn: -60 }) }],
      ['audience', { identityToken: await token({ sub, aud: 'com.other.app' }) }],
      ['key', { identityToken: await token({ sub, foreignKey: true }) }],
      ['issuer', { identityToken: await token({ sub, iss: 'https://evil.test' }) }],
      ['nonce', { identityToken: await token({ sub, nonce: sha256Hex('n-1') }), nonce: 'n-2' }],
      ['nonce withheld', { identityToken: await token({ sub, nonce: sha256Hex('n-1') }) }],
      ['nonce unasked', { identityToken: await token({ sub }), nonce: 'n-1' }],
      ['not a JWT', { identityToken: 'abc' }],
    ];
    for (const [name, body] of refusals) {
      expect((await loginApple(body)).body.code, name).toBe(Codes.OAUTH_TOKEN_INVALID.code);
      const { token: session } = await registerUser(server, nextPhone());
      const bind = await server.call('POST', '/account/bind-apple', { token: session, body });
      expect(bind.body.code, `bind ${name}`).toBe(Codes.OAUTH_TOKEN_INVALID.code);
    }
    const good = await loginApple({
      identityToken: await token({ sub, nonce: sha256Hex('n-1') }),
      nonce: 'n-1',
    });
    expect(good.body.data.status).toBe('bindRequired');
  });

  it('bind-apple keeps the refresh token of the code; unbinding revokes it at Apple', async () => {
    const { token: session } = await registerUser(server, nextPhone());
    const sub = nextSub();
    const bound = await server.call('POST', '/account/bind-apple', {
      token: session,
      body: {
        identityToken: await token({ sub }),
        authorizationCode: apple.authorizationCode(APP),
      },
    });
    expect(bound.body.data).toMatchObject({ provider: 'apple' });
    const [row] = await server.repositories.oauthIdentities.ofUser(
      (await server.call<{ userId: number }>('GET', '/system/user/user-info', { token: session }))
        .body.data.userId,
    );
    expect(row).toMatchObject({ provider: 'apple', subject: sub, clientId: APP });
    expect(apple.refreshTokens.has(row!.refreshToken!)).toBe(true);

    const taken = await registerUser(server, nextPhone());
    const again = await server.call('POST', '/account/bind-apple', {
      token: taken.token,
      body: { identityToken: await token({ sub }) },
    });
    expect(again.body.code).toBe(Codes.OAUTH_TAKEN.code);

    expect((await server.call('POST', '/account/unbind-apple', { token: session })).body.code).toBe(
      0,
    );
    expect(apple.revoked).toContain(row!.refreshToken);
    expect(apple.refused).toEqual([]);
  });

  it('a new authorisation code at sign-in replaces the refresh token and revokes the old one', async () => {
    const { token: session, user } = await registerUser(server, nextPhone());
    const sub = nextSub();
    await server.call('POST', '/account/bind-apple', {
      token: session,
      body: {
        identityToken: await token({ sub }),
        authorizationCode: apple.authorizationCode(APP),
      },
    });
    const [before] = await server.repositories.oauthIdentities.ofUser(user.userId);
    const login = await loginApple({
      identityToken: await token({ sub }),
      authorizationCode: apple.authorizationCode(APP),
    });
    expect(login.body.data).toMatchObject({ status: 'signedIn' });
    const [after] = await server.repositories.oauthIdentities.ofUser(user.userId);
    expect(after!.refreshToken).not.toBe(before!.refreshToken);
    expect(apple.revoked).toContain(before!.refreshToken);
    expect(apple.revoked).not.toContain(after!.refreshToken);
  });

  it('a cancelled account revokes its Apple authorisation and loses the identity', async () => {
    const phone = nextPhone();
    const sub = nextSub();
    const bound = await bindUser(
      { identityToken: await token({ sub }), authorizationCode: apple.authorizationCode(APP) },
      phone,
    );
    const { token: session, user } = bound.body.data;
    const [row] = await server.repositories.oauthIdentities.ofUser(user.userId);
    server.clock.advance(61_000); // the next SMS code to the number
    const cancelled = await server.call('POST', '/account/cancellation', {
      token: session,
      body: { phoneNumber: phone, code: await smsCode(server, phone) },
    });
    expect(cancelled.body.code).toBe(0);
    expect(apple.revoked).toContain(row!.refreshToken);
    expect(await server.repositories.oauthIdentities.findBySubject('apple', sub)).toBeUndefined();
    expect((await loginApple({ identityToken: await token({ sub }) })).body.data.status).toBe(
      'bindRequired',
    );
  });

  /** Apple's form_post as the browser sends it: a form, no applicationId, not followed. */
  const postForm = (form: string) =>
    fetch(`${server.url}/api/auth/apple/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });

  it("takes Apple's form_post on the web and hands the web app a one-time handle", async () => {
    const sub = nextSub();
    const nonce = 'web-nonce-1';
    const form = new URLSearchParams({
      state: 'st-123',
      code: apple.authorizationCode(WEB),
      id_token: await token({ sub, aud: WEB, nonce: sha256Hex(nonce) }),
      user: JSON.stringify({ name: { firstName: 'Tim', lastName: 'Li' }, email: 'x@y.test' }),
    });
    const posted = await postForm(form.toString());
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get('location')!, 'https://xunji.test');
    expect(location.pathname).toBe('/pagesFunc/authorize');
    expect(location.searchParams.get('provider')).toBe('apple');
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.href).not.toContain('eyJ'); // no token in the URL
    const handle = location.searchParams.get('handle')!;
    const { body } = await loginApple({ ticket: handle, nonce });
    expect(body.data).toMatchObject({ status: 'bindRequired', nickname: 'Tim Li' });
    expect((await loginApple({ ticket: handle, nonce })).body.code).toBe(
      Codes.BIND_TICKET_EXPIRED.code,
    );
    const bound = await bindUser({ ticket: (body.data as { ticket: string }).ticket });
    expect(bound.body.code).toBe(0);

    const cancelled = await postForm('state=st-9&error=user_cancelled_authorize');
    const back = new URL(cancelled.headers.get('location')!, 'https://xunji.test');
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.has('handle')).toBe(false);
  });

  it('needs the token or a handle', async () => {
    expect((await loginApple({})).body.code).toBe(Codes.VALIDATION.code);
  });

  it('the signed-in calls need a session', async () => {
    for (const path of ['/account/bind-apple', '/account/unbind-apple']) {
      const { body } = await server.call('POST', path, { body: { identityToken: 'x' } });
      expect(body.code, path).toBe(Codes.UNAUTHORIZED.code);
    }
  });

  it('is not offered where Apple is not configured', async () => {
    const { body } = await loginApple({ identityToken: await token({ sub: nextSub() }) }, bare);
    expect(body.code).toBe(Codes.OAUTH_NOT_CONFIGURED.code);
    const config = await server.call('GET', '/application-configuration');
    expect(config.body.data).toMatchObject({ oauth: { appleClientId: WEB } });
    const none = await bare.call('GET', '/application-configuration');
    expect(none.body.data).toMatchObject({ oauth: { appleClientId: null } });
  });
});
