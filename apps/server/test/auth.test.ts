import { Codes, RENEWED_TOKEN_HEADER } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import {
  registerUser,
  smsCode,
  startTestServer,
  transport,
  type TestServer,
  phoneNumbers,
} from './support/test-server.js';

const HOUR = 3600_000;

describe.each(testDialects())('sign-up, sign-in and tokens on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('137');
  beforeAll(async () => {
    server = await startTestServer(dialect, { TOKEN_TTL_SECONDS: String(24 * 3600) });
  });
  afterAll(() => server.close());

  const login = (username: string, password: string, language?: string) =>
    server.call<{
      token: string;
      access_token: string;
      user: { username: string; userType: number };
    }>('POST', '/auth/login', {
      body: { username, password: transport(password), applicationId: 1 },
      ...(language ? { language } : {}),
    });
  const userInfo = (token: string) =>
    server.call<{ userId: number }>('GET', '/system/user/user-info', { token });

  describe('register', () => {
    it('creates an account and signs it in', async () => {
      const phone = nextPhone();
      const code = await smsCode(server, phone);
      const { body } = await server.call<{
        token: string;
        access_token: string;
        user: { username: string; phoneNumber: string; userType: number };
      }>('POST', '/auth/register', {
        body: { phoneNumber: phone, password: transport('secret123'), code, agreement: true },
      });
      expect(body.code).toBe(0);
      expect(body.data.user).toMatchObject({ username: phone, phoneNumber: phone, userType: 2 });
      expect(body.data.access_token).toBe(body.data.token);
      expect((await userInfo(body.data.token)).body.code).toBe(0);
    });

    it('needs the agreement to the terms', async () => {
      const phone = nextPhone();
      const code = await smsCode(server, phone);
      const { body } = await server.call('POST', '/auth/register', {
        body: { phoneNumber: phone, password: transport('secret123'), code, agreement: false },
      });
      expect(body.code).toBe(Codes.VALIDATION.code);
      expect(body.data).toMatchObject({ field: 'agreement', issues: [{ rule: 'agreement' }] });
    });

    it('refuses a password that is not the transport hash', async () => {
      const { body } = await server.call('POST', '/auth/register', {
        body: { phoneNumber: nextPhone(), password: 'secret123', code: '123456', agreement: true },
      });
      expect(body.data).toMatchObject({ field: 'password' });
    });

    it('refuses a phone number registered already', async () => {
      const phone = nextPhone();
      await registerUser(server, phone);
      server.clock.advance(61_000);
      const code = await smsCode(server, phone);
      const { body } = await server.call('POST', '/auth/register', {
        body: { phoneNumber: phone, password: transport('secret123'), code, agreement: true },
      });
      expect(body.code).toBe(Codes.PHONE_TAKEN.code);
    });
  });

  describe('login', () => {
    it('signs in by phone number and by username', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'pass1234');
      expect((await login(phone, 'pass1234')).body.code).toBe(0);
      await server.repositories.users.update(
        (await server.repositories.users.findByPhone(phone))!.id,
        {
          username: `user${phone}`,
        },
      );
      const byName = await login(`user${phone}`, 'pass1234');
      expect(byName.body.code).toBe(0);
      expect(byName.body.data.user.username).toBe(`user${phone}`);
    });

    it('answers the same error for a wrong password and an unknown account', async () => {
      const phone = nextPhone();
      await registerUser(server, phone);
      const wrong = await login(phone, 'wrongpass', 'en');
      const unknown = await login('nobody-here', 'wrongpass', 'en');
      expect(wrong.body).toMatchObject({
        code: Codes.LOGIN_FAILED.code,
        message: Codes.LOGIN_FAILED.en,
      });
      expect(unknown.body).toMatchObject({
        code: Codes.LOGIN_FAILED.code,
        message: Codes.LOGIN_FAILED.en,
      });
    });

    it('asks for a picture code, not a lock, after three wrong passwords for 15 minutes', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      for (let i = 0; i < 3; i++)
        expect((await login(phone, 'wrong123')).body.code).toBe(Codes.LOGIN_FAILED.code);
      expect((await login(phone, 'right123')).body.code).toBe(Codes.CAPTCHA_REQUIRED.code);
      server.clock.advance(15 * 60_000);
      expect((await login(phone, 'right123')).body.code).toBe(0);
    });

    it('forgives wrong passwords followed by the right one', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      for (let i = 0; i < 2; i++) await login(phone, 'wrong123');
      expect((await login(phone, 'right123')).body.code).toBe(0);
      for (let i = 0; i < 3; i++)
        expect((await login(phone, 'wrong123')).body.code).toBe(Codes.LOGIN_FAILED.code);
      // A new counting window, so this address's failures do not follow it into later tests.
      server.clock.advance(15 * 60_000);
    });
  });

  describe('tokens', () => {
    it('refuses a missing, malformed or forged token with 401', async () => {
      const { token } = await registerUser(server, nextPhone());
      const [body, signature] = token.split('.');
      const forged = `${Buffer.from(JSON.stringify({ sid: 'x', uid: 1, exp: 9e15 })).toString('base64url')}.${signature}`;
      for (const bad of [undefined, 'garbage', `${body}.AAAA`, forged]) {
        const response = await server.call(
          'GET',
          '/system/user/user-info',
          bad ? { token: bad } : {},
        );
        expect(response.status).toBe(401);
        expect(response.body.code).toBe(401);
      }
    });

    it('refuses an expired token', async () => {
      const { token } = await registerUser(server, nextPhone());
      server.clock.advance(24 * HOUR + 1);
      expect((await userInfo(token)).body.code).toBe(401);
    });

    it('renews the token by header after half its life, and the renewed one keeps working', async () => {
      const { token } = await registerUser(server, nextPhone());
      const early = await userInfo(token);
      expect(early.headers.get(RENEWED_TOKEN_HEADER)).toBeNull();
      server.clock.advance(13 * HOUR);
      const late = await userInfo(token);
      const renewed = late.headers.get(RENEWED_TOKEN_HEADER);
      expect(renewed).toBeTruthy();
      server.clock.advance(20 * HOUR);
      expect((await userInfo(token)).body.code).toBe(401);
      expect((await userInfo(renewed!)).body.code).toBe(0);
    });

    it('refuses a token used with another application', async () => {
      const { token } = await registerUser(server, nextPhone());
      const app2 = await server.repositories.applications.create({
        name: 'Other',
        createdAt: Date.now(),
      });
      const response = await server.call('GET', '/system/user/user-info', {
        token,
        applicationId: app2.id,
      });
      expect(response.body.code).toBe(401);
    });

    it('revokes the token at sign-out', async () => {
      const { token } = await registerUser(server, nextPhone());
      expect((await server.call('POST', '/auth/logout', { token })).body.code).toBe(0);
      expect((await userInfo(token)).body.code).toBe(401);
    });
  });

  describe('passwords', () => {
    it('changes the password and revokes every session', async () => {
      const phone = nextPhone();
      const { token } = await registerUser(server, phone, 'old12345');
      const other = (await login(phone, 'old12345')).body.data.token;
      const { body } = await server.call('PUT', '/auth/update-pwd', {
        token,
        body: { oldPassword: transport('old12345'), newPassword: transport('new12345') },
      });
      expect(body.code).toBe(0);
      expect((await userInfo(token)).body.code).toBe(401);
      expect((await userInfo(other)).body.code).toBe(401);
      expect((await login(phone, 'old12345')).body.code).toBe(Codes.LOGIN_FAILED.code);
      expect((await login(phone, 'new12345')).body.code).toBe(0);
    });

    it('refuses a wrong current password', async () => {
      const { token } = await registerUser(server, nextPhone(), 'old12345');
      const { body } = await server.call('PUT', '/auth/update-pwd', {
        token,
        body: { oldPassword: transport('nope1234'), newPassword: transport('new12345') },
      });
      expect(body.code).toBe(Codes.OLD_PASSWORD_WRONG.code);
      expect((await userInfo(token)).body.code).toBe(0);
    });

    it('resets a forgotten password with an SMS code and forgets the failures', async () => {
      const phone = nextPhone();
      const { token } = await registerUser(server, phone, 'old12345');
      for (let i = 0; i < 4; i++) await login(phone, 'wrong123');
      server.clock.advance(61_000);
      const code = await smsCode(server, phone);
      const { body } = await server.call('PUT', '/auth/reset-pwd', {
        body: { phoneNumber: phone, password: transport('reset123'), code },
      });
      expect(body.code).toBe(0);
      expect((await userInfo(token)).body.code).toBe(401);
      expect((await login(phone, 'reset123')).body.code).toBe(0);
    });

    it('refuses to reset for a number with no account', async () => {
      const phone = nextPhone();
      const code = await smsCode(server, phone);
      const { body } = await server.call('PUT', '/auth/reset-pwd', {
        body: { phoneNumber: phone, password: transport('reset123'), code },
      });
      expect(body.code).toBe(Codes.PHONE_NOT_REGISTERED.code);
    });
  });
});
