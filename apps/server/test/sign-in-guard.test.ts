import { Codes, type Envelope } from '@xunji/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordChecks } from '../src/services/password-hasher.js';
import { testDialects } from './support/databases.js';
import { registerDevice } from './support/gateway.js';
import {
  phoneNumbers,
  registerUser,
  smsCode,
  solvedCaptcha,
  startTestServer,
  transport,
  type CallResult,
  type TestServer,
} from './support/test-server.js';

const WAVE = 200;
const MAX_DELAY_MS = 300;

interface Captcha {
  captchaId: string;
  captchaCode: string;
}
type Answer = CallResult<{ captchaRequired?: boolean; unlockAt?: number; token?: string }>;

describe.each(testDialects())('the sign-in guard on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('135');
  let nextAddress = 0;
  /** A fresh source address (the server trusts X-Forwarded-For here). */
  const newAddress = () => `10.9.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      TRUST_PROXY: 'true',
      CAPTCHA_LIMIT_PER_IP: '10',
      SIGN_IN_MAX_DELAY_MS: String(MAX_DELAY_MS),
    });
  });
  afterAll(() => server.close());
  const checks = vi.spyOn(passwordChecks, 'verify');
  afterEach(() => checks.mockClear());

  const captcha = (address: string): Promise<Captcha> => solvedCaptcha(server, from(address));

  const login = (username: string, password: string, address: string, proof?: Captcha) =>
    server.call('POST', '/auth/login', {
      body: { username, password: transport(password), applicationId: 1, ...proof },
      ...from(address),
    }) as Promise<Answer>;

  const codes = (answers: Answer[]) => answers.map((answer) => answer.body.code);
  const wave = (send: (i: number) => Promise<Answer>) =>
    Promise.all(Array.from({ length: WAVE }, (_, i) => send(i)));

  describe('attempts are counted atomically', () => {
    it(`checks at most 3 of ${WAVE} parallel wrong passwords`, async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const answers = await wave(() => login(phone, 'wrong123', newAddress()));
      expect(checks.mock.calls.length).toBeLessThanOrEqual(3);
      expect(new Set(codes(answers))).toEqual(
        new Set([Codes.LOGIN_FAILED.code, Codes.CAPTCHA_REQUIRED.code]),
      );
    });

    it('checks none and refuses the right password sent inside a wave once the free ones are used', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      for (let i = 0; i < 3; i++) await login(phone, 'wrong123', newAddress());
      checks.mockClear();
      const answers = await wave((i) =>
        login(phone, i === WAVE / 2 ? 'right123' : 'wrong123', newAddress()),
      );
      expect(checks).not.toHaveBeenCalled();
      expect(answers[WAVE / 2]!.body).toMatchObject({
        code: Codes.CAPTCHA_REQUIRED.code,
        data: { captchaRequired: true },
      });
    });

    it('checks at most the free attempts of one address across many accounts', async () => {
      const address = newAddress();
      const answers = await wave((i) => login(`spray-${i}`, 'wrong123', address));
      expect(checks.mock.calls.length).toBeLessThanOrEqual(10);
      expect(codes(answers).filter((code) => code === Codes.CAPTCHA_REQUIRED.code).length).toBe(
        WAVE - checks.mock.calls.length,
      );
    });
  });

  describe('the owner keeps a way in', () => {
    it('signs the owner in with a solved captcha while an attacker guesses', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const attacker = newAddress();
      const guessing = wave(() => login(phone, 'wrong123', attacker));
      const owner = newAddress();
      const first = await login(phone, 'right123', owner);
      expect(first.body).toMatchObject({
        code: Codes.CAPTCHA_REQUIRED.code,
        data: { captchaRequired: true },
      });
      expect(first.body.message).toBe(Codes.CAPTCHA_REQUIRED['zh-CN']);
      const signedIn = await login(phone, 'right123', owner, await captcha(owner));
      expect(signedIn.body.code).toBe(0);
      expect(codes(await guessing)).not.toContain(0);
    });

    it('asks for the captcha after the third wrong password, and a right one clears the count', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const address = newAddress();
      const failures = [];
      for (let i = 0; i < 3; i++) failures.push((await login(phone, 'wrong123', address)).body);
      expect(failures.map((body) => body.data)).toEqual([
        { captchaRequired: false },
        { captchaRequired: false },
        { captchaRequired: true },
      ]);
      expect((await login(phone, 'right123', address)).body.code).toBe(Codes.CAPTCHA_REQUIRED.code);
      const solved = await captcha(address);
      expect((await login(phone, 'right123', address, solved)).body.code).toBe(0);
      expect((await login(phone, 'right123', address, solved)).body.code).toBe(0);
      expect((await login(phone, 'wrong123', address)).body.data).toEqual({
        captchaRequired: false,
      });
    });

    it('refuses a wrong or reused captcha without checking the password', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const address = newAddress();
      for (let i = 0; i < 4; i++) await login(phone, 'wrong123', address);
      const solved = await captcha(address);
      checks.mockClear();
      const wrongCode = await login(phone, 'right123', address, { ...solved, captchaCode: 'zzzz' });
      expect(wrongCode.body).toMatchObject({
        code: Codes.CAPTCHA_WRONG.code,
        data: { captchaRequired: true },
      });
      expect((await login(phone, 'right123', address, solved)).body.code).toBe(
        Codes.CAPTCHA_WRONG.code,
      );
      expect(checks).not.toHaveBeenCalled();
    });

    it('delays wrong answers past the free attempts, up to the cap', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const address = newAddress();
      for (let i = 0; i < 3; i++) await login(phone, 'wrong123', address);
      const proof = await captcha(address);
      const started = performance.now();
      expect((await login(phone, 'wrong123', address, proof)).body.code).toBe(
        Codes.LOGIN_FAILED.code,
      );
      expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_DELAY_MS - 20);
    });

    it('pauses password sign-in only when many addresses guess, and an SMS reset lifts it', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      await guessFromTenAddresses(phone);
      const owner = newAddress();
      const locked = await login(phone, 'right123', owner, await captcha(owner));
      expect(locked.body.code).toBe(Codes.ACCOUNT_LOCKED.code);
      server.clock.advance(61_000);
      const code = await smsCode(server, phone);
      const reset = await server.call('PUT', '/auth/reset-pwd', {
        body: { phoneNumber: phone, password: transport('reset123'), code },
      });
      expect(reset.body.code).toBe(0);
      expect((await login(phone, 'reset123', owner)).body.code).toBe(0);
    });

    it('ends the pause after an hour', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      await guessFromTenAddresses(phone);
      const owner = newAddress();
      server.clock.advance(59 * 60_000);
      expect((await login(phone, 'right123', owner)).body.code).toBe(Codes.ACCOUNT_LOCKED.code);
      server.clock.advance(60_000 + 1);
      expect((await login(phone, 'right123', owner)).body.code).toBe(0);
    });

    /** Ten wrong passwords, each from its own address (with a captcha once required). */
    async function guessFromTenAddresses(username: string): Promise<Answer[]> {
      const answers = [];
      for (let i = 0; i < 10; i++) {
        const address = newAddress();
        answers.push(await login(username, 'wrong123', address, await captcha(address)));
      }
      return answers;
    }
  });

  describe('known and unknown accounts look alike', () => {
    it('answers, asks for captchas and pauses alike, with a password check each time', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const story = async (username: string) => {
        const address = newAddress();
        checks.mockClear();
        const free = [];
        for (let i = 0; i < 4; i++) free.push(await login(username, 'wrong123', address));
        const guesses = await (async () => {
          const answers = [];
          for (let i = 0; i < 10; i++) {
            const other = newAddress();
            answers.push(await login(username, 'wrong123', other, await captcha(other)));
          }
          return answers;
        })();
        const owner = newAddress();
        const last = await login(username, 'wrong123', owner, await captcha(owner));
        return {
          answers: [...free, ...guesses, last].map(({ status, body }) => ({
            status,
            code: body.code,
            message: body.message,
            captchaRequired: body.data?.captchaRequired,
          })),
          checks: checks.mock.calls.length,
        };
      };
      const known = await story(phone);
      const unknown = await story('13599999999');
      expect(unknown).toEqual(known);
      // 3 free checks, then one per captcha until the tenth address pauses the name.
      expect(known.checks).toBe(12);
      expect(known.answers.at(-1)!.code).toBe(Codes.ACCOUNT_LOCKED.code);
    });

    it('spends the same scrypt work on an unknown name as on a wrong password', async () => {
      const phone = nextPhone();
      await registerUser(server, phone, 'right123');
      const time = async (username: string) => {
        const started = performance.now();
        for (let i = 0; i < 3; i++) await login(username, 'wrong123', newAddress());
        return performance.now() - started;
      };
      const known = await time(phone);
      const unknown = await time('nobody-at-all');
      expect(unknown).toBeGreaterThan(known * 0.5);
    });

    it('does not tell a registered phone number without a valid SMS code', async () => {
      const registered = nextPhone();
      await registerUser(server, registered);
      const unknown = nextPhone();
      const bodyFor = (phoneNumber: string) => ({
        phoneNumber,
        password: transport('reset123'),
        code: '123456',
      });
      const answers = async (phoneNumber: string) => [
        (await server.call('PUT', '/auth/reset-pwd', { body: bodyFor(phoneNumber) })).body,
        (
          await server.call('POST', '/auth/register', {
            body: { ...bodyFor(phoneNumber), agreement: true },
          })
        ).body,
      ];
      const known = await answers(registered);
      expect(await answers(unknown)).toEqual(known);
      expect(known.map((body) => body.code)).toEqual([
        Codes.SMS_CODE_EXPIRED.code,
        Codes.SMS_CODE_EXPIRED.code,
      ]);
    });
  });

  describe('password changes and binding', () => {
    it('limits update-pwd like a sign-in', async () => {
      const { token } = await registerUser(server, nextPhone(), 'right123');
      const address = newAddress();
      const change = (old: string, proof?: Captcha, at = address) =>
        server.call('PUT', '/auth/update-pwd', {
          token,
          body: { oldPassword: transport(old), newPassword: transport('new12345'), ...proof },
          ...from(at),
        }) as Promise<Answer>;
      const answers = await wave(() => change('wrong123', undefined, newAddress()));
      expect(checks.mock.calls.length).toBeLessThanOrEqual(3);
      expect(codes(answers)).toContain(Codes.CAPTCHA_REQUIRED.code);
      expect((await change('right123')).body.code).toBe(Codes.CAPTCHA_REQUIRED.code);
      expect((await change('right123', await captcha(address))).body.code).toBe(0);
    });

    it('limits binding by password and device password changes on the device', async () => {
      const terminalNo = '8612345000001';
      await registerDevice(server, terminalNo, 'jt808');
      const owner = await registerUser(server, nextPhone());
      const bind = (token: string, password: string, address: string, proof?: Captcha) =>
        server.call('POST', '/terminal/bind', {
          token,
          body: { terminalNo, password: transport(password), ...proof },
          ...from(address),
        }) as Promise<Answer>;
      const ownerAddress = newAddress();
      expect((await bind(owner.token, '123456', ownerAddress)).body.code).toBe(0);
      const stranger = await registerUser(server, nextPhone());
      checks.mockClear();
      const answers = await wave(() => bind(stranger.token, '000000', newAddress()));
      expect(checks.mock.calls.length).toBeLessThanOrEqual(3);
      expect(new Set(codes(answers))).toEqual(
        new Set([Codes.DEVICE_PASSWORD_WRONG.code, Codes.CAPTCHA_REQUIRED.code]),
      );
      const change = (proof?: Captcha) =>
        server.call('PUT', '/terminal/update-pwd', {
          token: owner.token,
          body: {
            terminalNo,
            oldPassword: transport('123456'),
            newPassword: transport('654321'),
            ...proof,
          },
          ...from(ownerAddress),
        }) as Promise<Answer>;
      expect((await change()).body.code).toBe(Codes.CAPTCHA_REQUIRED.code);
      expect((await change(await captcha(ownerAddress))).body.code).toBe(0);
    });
  });

  describe('device numbers', () => {
    it('signs in parallel first sign-ins of a device number into one account', async () => {
      const terminalNo = '8612345000002';
      await registerDevice(server, terminalNo, 'jt808');
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => login(terminalNo, '123456', newAddress())),
      );
      expect(codes(answers)).toEqual([0, 0, 0]);
      const users = answers.map(
        (answer) => (answer.body as Envelope<{ user: { userId: number } }>).data.user.userId,
      );
      expect(new Set(users).size).toBe(1);
    });
  });

  describe('captchas', () => {
    it('gives an address 10 a minute', async () => {
      const address = newAddress();
      for (let i = 0; i < 10; i++) await captcha(address);
      const refused = await server.call('GET', '/captcha', from(address));
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(Codes.CAPTCHA_TOO_FREQUENT.code);
      expect((await server.call('GET', '/captcha', from(newAddress()))).body.code).toBe(0);
      server.clock.advance(60_000);
      expect((await server.call('GET', '/captcha', from(address))).body.code).toBe(0);
    });

    it('counts an IPv6 network (/64) as one address', async () => {
      for (let i = 0; i < 10; i++) await captcha(`2001:db8:1:2::${i + 1}`);
      const refused = await server.call('GET', '/captcha', from('2001:db8:1:2:ffff::9'));
      expect(refused.body.code).toBe(Codes.CAPTCHA_TOO_FREQUENT.code);
      expect((await server.call('GET', '/captcha', from('2001:db8:1:3::1'))).body.code).toBe(0);
    });
  });
});
