import { Codes } from '@xunji/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevelopmentSmsProvider } from '../src/providers/sms/development-sms-provider.js';
import { testDialects } from './support/databases.js';
import {
  solvedCaptcha,
  startTestServer,
  transport,
  type TestServer,
  phoneNumbers,
} from './support/test-server.js';

describe.each(testDialects())('captcha and SMS codes on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('139');
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      TRUST_PROXY: 'true',
      SMS_DAILY_LIMIT_PER_PHONE: '3',
      SMS_DAILY_LIMIT_PER_IP: '5',
    });
  });
  afterAll(() => server.close());

  async function requestCode(
    phoneNumber: string,
    captcha?: { captchaId: string; captchaCode: string },
    ip = '10.1.1.1',
  ) {
    const query = new URLSearchParams({
      phoneNumber,
      ...(captcha ?? (await solvedCaptcha(server))),
    });
    return server.call<{ retryAfter?: number }>('GET', `/sms-code?${query}`, {
      headers: { 'x-forwarded-for': ip },
    });
  }
  const register = (phoneNumber: string, code: string) =>
    server.call('POST', '/auth/register', {
      body: { phoneNumber, password: transport('secret123'), code, agreement: true },
    });
  const outboxCode = async (phone: string) =>
    (await server.repositories.sms.outbox(phone, 1))[0]?.message.match(/\d{6}/)?.[0] ?? '';

  it('serves an SVG captcha with an id', async () => {
    const { body } = await server.call<{ captchaId: string; image: string; expiresIn: number }>(
      'GET',
      '/captcha',
    );
    expect(body.code).toBe(0);
    expect(body.data.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(body.data.expiresIn).toBe(300);
  });

  it('sends a 6-digit code for a right captcha, answered case-insensitively', async () => {
    const phone = nextPhone();
    const captcha = await solvedCaptcha(server);
    const { body } = await requestCode(phone, {
      ...captcha,
      captchaCode: captcha.captchaCode.toUpperCase(),
    });
    expect(body).toMatchObject({ code: 0, data: { expiresIn: 300, resendIn: 60 } });
    expect(await outboxCode(phone)).toMatch(/^\d{6}$/);
  });

  it('refuses a wrong captcha and burns it', async () => {
    const captcha = await solvedCaptcha(server);
    const wrong = await requestCode(nextPhone(), { ...captcha, captchaCode: 'zzzz' });
    expect(wrong.body.code).toBe(Codes.CAPTCHA_WRONG.code);
    const retry = await requestCode(nextPhone(), captcha);
    expect(retry.body.code).toBe(Codes.CAPTCHA_WRONG.code);
  });

  it('refuses a captcha used once already', async () => {
    const captcha = await solvedCaptcha(server);
    expect((await requestCode(nextPhone(), captcha)).body.code).toBe(0);
    expect((await requestCode(nextPhone(), captcha)).body.code).toBe(Codes.CAPTCHA_WRONG.code);
  });

  it('refuses an expired captcha', async () => {
    const captcha = await solvedCaptcha(server);
    server.clock.advance(5 * 60_000 + 1);
    expect((await requestCode(nextPhone(), captcha)).body.code).toBe(Codes.CAPTCHA_WRONG.code);
  });

  it('refuses an invalid mobile number before anything else', async () => {
    const { body } = await requestCode('12345');
    expect(body.code).toBe(Codes.VALIDATION.code);
    expect(body.data).toMatchObject({ field: 'phoneNumber' });
  });

  it('sends one code per number per 60 s', async () => {
    const phone = nextPhone();
    expect((await requestCode(phone)).body.code).toBe(0);
    const again = await requestCode(phone);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(Codes.SMS_TOO_FREQUENT.code);
    expect(again.body.data.retryAfter).toBeGreaterThan(0);
    server.clock.advance(60_000);
    expect((await requestCode(phone)).body.code).toBe(0);
  });

  it('caps codes per number per day', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) {
      expect((await requestCode(phone, undefined, `10.2.0.${i}`)).body.code).toBe(0);
      server.clock.advance(61_000);
    }
    expect((await requestCode(phone, undefined, '10.2.0.9')).body.code).toBe(
      Codes.SMS_DAILY_LIMIT.code,
    );
    server.clock.advance(24 * 3600_000);
    expect((await requestCode(phone, undefined, '10.2.0.10')).body.code).toBe(0);
  });

  it('caps codes per IP per day', async () => {
    for (let i = 0; i < 5; i++)
      expect((await requestCode(nextPhone(), undefined, '10.3.3.3')).body.code).toBe(0);
    expect((await requestCode(nextPhone(), undefined, '10.3.3.3')).body.code).toBe(
      Codes.SMS_DAILY_LIMIT.code,
    );
  });

  it('accepts a code once only', async () => {
    const phone = nextPhone();
    await requestCode(phone);
    const code = await outboxCode(phone);
    expect((await register(phone, code)).body.code).toBe(0);
    const other = await server.call('PUT', '/auth/reset-pwd', {
      body: { phoneNumber: phone, password: transport('another1'), code },
    });
    expect(other.body.code).toBe(Codes.SMS_CODE_EXPIRED.code);
  });

  it('refuses a code after 5 minutes', async () => {
    const phone = nextPhone();
    await requestCode(phone);
    const code = await outboxCode(phone);
    server.clock.advance(5 * 60_000 + 1);
    expect((await register(phone, code)).body.code).toBe(Codes.SMS_CODE_EXPIRED.code);
  });

  it('refuses a wrong code, and every code after five wrong tries', async () => {
    const phone = nextPhone();
    await requestCode(phone);
    const code = await outboxCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await register(phone, wrong)).body.code).toBe(Codes.SMS_CODE_WRONG.code);
    expect((await register(phone, code)).body.code).toBe(Codes.SMS_CODE_EXPIRED.code);
  });

  it('keeps an alarm SMS in the development outbox', async () => {
    const phone = nextPhone();
    const provider = new DevelopmentSmsProvider(server.repositories.sms, pino({ level: 'silent' }));
    const notice = { deviceName: '小明的手表', alarmName: 'SOS', time: '2025-03-01 08:15' };
    expect(await provider.sendAlarm(phone, notice)).toEqual({ ok: true });
    const [kept] = await server.repositories.sms.outbox(phone);
    expect(kept?.message).toBe('【寻迹】小明的手表 2025-03-01 08:15 SOS');
  });

  it('refuses a code in the wrong format', async () => {
    const { body } = await register(nextPhone(), '12ab56');
    expect(body.code).toBe(Codes.VALIDATION.code);
    expect(body.data).toMatchObject({ field: 'code' });
  });
});
