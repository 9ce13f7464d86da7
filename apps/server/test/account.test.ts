import { Codes, UserType } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/services/password-hasher.js';
import { testDialects } from './support/databases.js';
import {
  registerUser,
  smsCode,
  startTestServer,
  transport,
  type TestServer,
  phoneNumbers,
} from './support/test-server.js';

describe.each(testDialects())('the account on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('136');
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function createDevice(terminalNo: string, password: string) {
    return server.repositories.devices.create({
      terminalNo,
      passwordHash: await hashSecret(transport(password)),
      protocol: 'watch',
      model: null,
      iccid: null,
      name: 'Watch',
      createdAt: Date.now(),
    });
  }
  const login = (username: string, password: string) =>
    server.call<{
      token: string;
      user: { userType: number; terminalNo: string | null; userId: number };
    }>('POST', '/auth/login', { body: { username, password: transport(password) } });

  it('answers the signed-in user with every User field', async () => {
    const phone = nextPhone();
    const { token } = await registerUser(server, phone);
    const { body } = await server.call('GET', '/system/user/user-info', { token });
    expect(body.data).toEqual({
      userId: expect.any(Number),
      username: phone,
      nickname: null,
      phoneNumber: phone,
      userType: UserType.PERSONAL,
      enterprise: null,
      openId: null,
      wxUser: false,
      wxUserName: null,
      terminalNo: null,
      developerMode: false,
    });
  });

  it('shows the enterprise of an enterprise user', async () => {
    const phone = nextPhone();
    const { user } = await registerUser(server, phone);
    const enterprise = await server.repositories.enterprises.create('Fleet Co', null);
    await server.repositories.users.update(user.userId, {
      enterpriseId: enterprise.id,
      userType: 1,
    });
    const token = (await login(phone, 'secret123')).body.data.token;
    const { body } = await server.call('GET', '/system/user/user-info', { token });
    expect(body.data).toMatchObject({
      userType: 1,
      enterprise: { id: enterprise.id, name: 'Fleet Co' },
    });
  });

  it('changes the nickname, counting a Chinese character as two', async () => {
    const { token } = await registerUser(server, nextPhone());
    const ok = await server.call('PUT', '/system/user/nickname', {
      token,
      body: { nickName: '小明的爸爸' },
    });
    expect(ok.body).toMatchObject({ code: 0, data: { nickname: '小明的爸爸' } });
    const tooLong = await server.call('PUT', '/system/user/nickname', {
      token,
      body: { nickName: '很'.repeat(13) },
    });
    expect(tooLong.body).toMatchObject({
      code: Codes.VALIDATION.code,
      data: { field: 'nickName' },
    });
    const blank = await server.call('PUT', '/system/user/nickname', {
      token,
      body: { nickName: '   ' },
    });
    expect(blank.body.code).toBe(Codes.VALIDATION.code);
  });

  it('signs in with a device number and device password as userType 3', async () => {
    await createDevice('860000000000101', '123456');
    const first = await login('860000000000101', '123456');
    expect(first.body.code).toBe(0);
    expect(first.body.data.user).toMatchObject({ userType: 3, terminalNo: '860000000000101' });
    const again = await login('860000000000101', '123456');
    expect(again.body.data.user.userId).toBe(first.body.data.user.userId);
    expect((await login('860000000000101', '654321')).body.code).toBe(Codes.LOGIN_FAILED.code);
  });

  it('asks for a picture code after three wrong device passwords', async () => {
    await createDevice('860000000000102', '123456');
    for (let i = 0; i < 3; i++)
      expect((await login('860000000000102', 'bad-pw')).body.code).toBe(Codes.LOGIN_FAILED.code);
    expect((await login('860000000000102', '123456')).body.code).toBe(Codes.CAPTCHA_REQUIRED.code);
  });

  it('does not let a device account change a password', async () => {
    await createDevice('860000000000103', '123456');
    const token = (await login('860000000000103', '123456')).body.data.token;
    const { body } = await server.call('PUT', '/auth/update-pwd', {
      token,
      body: { oldPassword: transport('123456'), newPassword: transport('1234567') },
    });
    expect(body.code).toBe(Codes.DEVICE_ACCOUNT.code);
  });

  describe('bind phone', () => {
    async function userWithoutPhone(username: string) {
      await server.repositories.users.create({
        applicationId: 1,
        username,
        passwordHash: await hashSecret(transport('secret123')),
        userType: 2,
      });
    }

    it('binds a phone number proven by password and SMS code; the number then signs in', async () => {
      await userWithoutPhone('binder1');
      const phone = nextPhone();
      const code = await smsCode(server, phone);
      const { body } = await server.call('POST', '/app/bind-phone', {
        body: {
          applicationId: 1,
          username: 'binder1',
          password: transport('secret123'),
          phoneNumber: phone,
          captcha: code,
        },
      });
      expect(body.code).toBe(0);
      expect((await login(phone, 'secret123')).body.code).toBe(0);
    });

    it('refuses a wrong password without spending the code', async () => {
      await userWithoutPhone('binder2');
      const phone = nextPhone();
      const code = await smsCode(server, phone);
      const wrong = await server.call('POST', '/app/bind-phone', {
        body: {
          username: 'binder2',
          password: transport('nope1234'),
          phoneNumber: phone,
          captcha: code,
        },
      });
      expect(wrong.body.code).toBe(Codes.LOGIN_FAILED.code);
      const right = await server.call('POST', '/app/bind-phone', {
        body: {
          username: 'binder2',
          password: transport('secret123'),
          phoneNumber: phone,
          captcha: code,
        },
      });
      expect(right.body.code).toBe(0);
    });

    it('refuses a number bound to another account', async () => {
      await userWithoutPhone('binder3');
      const phone = nextPhone();
      await registerUser(server, phone);
      server.clock.advance(61_000);
      const code = await smsCode(server, phone);
      const { body } = await server.call('POST', '/app/bind-phone', {
        body: {
          username: 'binder3',
          password: transport('secret123'),
          phoneNumber: phone,
          captcha: code,
        },
      });
      expect(body.code).toBe(Codes.PHONE_TAKEN.code);
    });
  });

  describe('cancellation', () => {
    it('removes the account, its sessions and its device bindings, and nothing of others', async () => {
      const phone = nextPhone();
      const { token, user } = await registerUser(server, phone);
      const other = await registerUser(server, nextPhone());
      const device = await createDevice('860000000000201', '123456');
      await server.repositories.devices.bind(user.userId, device.id, true);
      await server.repositories.devices.bind(other.user.userId, device.id, false);
      server.clock.advance(61_000);
      const code = await smsCode(server, phone);
      const { body } = await server.call('POST', '/account/cancellation', {
        token,
        body: { phoneNumber: phone, code },
      });
      expect(body.code).toBe(0);
      expect(await server.repositories.users.findById(user.userId)).toBeUndefined();
      expect((await server.call('GET', '/system/user/user-info', { token })).body.code).toBe(401);
      const bindings = await server.database.handle.db
        .selectFrom('userDevices')
        .selectAll()
        .where('deviceId', '=', device.id)
        .execute();
      // The owner let the device go: the family's access was the owner's tenure (docs/security.md).
      expect(bindings).toEqual([]);
      expect(await server.repositories.devices.findByTerminalNo('860000000000201')).toBeDefined();
      expect(
        (await server.call('GET', '/system/user/user-info', { token: other.token })).body.code,
      ).toBe(0);
      expect((await login(phone, 'secret123')).body.code).toBe(Codes.LOGIN_FAILED.code);
    });

    it("refuses another person's phone number", async () => {
      const { token } = await registerUser(server, nextPhone());
      const victim = nextPhone();
      await registerUser(server, victim);
      server.clock.advance(61_000);
      const code = await smsCode(server, victim);
      const { body } = await server.call('POST', '/account/cancellation', {
        token,
        body: { phoneNumber: victim, code },
      });
      expect(body.code).toBe(Codes.PHONE_MISMATCH.code);
      expect(await server.repositories.users.findByPhone(victim)).toBeDefined();
    });

    it('needs a session', async () => {
      const { body, status } = await server.call('POST', '/account/cancellation', {
        body: { phoneNumber: nextPhone(), code: '123456' },
      });
      expect(status).toBe(401);
      expect(body.code).toBe(401);
    });
  });
});
