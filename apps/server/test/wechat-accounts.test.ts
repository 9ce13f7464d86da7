import { Codes, type LoginResult, type OauthBinding, type OauthLoginAnswer } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import {
  ownedDevices,
  phoneNumbers,
  registerUser,
  smsCode,
  startTestServer,
  type TestServer,
} from './support/test-server.js';
import { startWechatStandIn, type WechatPerson } from './support/wechat-stand-in.js';

describe.each(testDialects())('WeChat accounts on %s', (dialect) => {
  const wechat = startWechatStandIn('wx-mp', 'mp-secret', {
    appId: 'wx-open',
    appSecret: 'open-secret',
  });
  let server: TestServer;
  let bare: TestServer;
  const nextPhone = phoneNumbers('135');
  let people = 0;
  /** A WeChat user with a unionid (the official account is bound to the open platform). */
  const person = (unionId = true): WechatPerson => {
    const n = ++people;
    return {
      openId: `o-mp-${n}`,
      ...(unionId ? { unionId: `u-${n}` } : {}),
      nickname: `微信用户${n}`,
      headImgUrl: `https://wx.test/head/${n}.png`,
    };
  };
  /** The same person under the open platform's website app: another openid, the same unionid. */
  const onOpen = (p: WechatPerson): WechatPerson => ({
    ...p,
    openId: p.openId.replace('mp', 'open'),
  });

  beforeAll(async () => {
    const apiUrl = await wechat.listen();
    server = await startTestServer(dialect, {
      WECHAT_API_URL: apiUrl,
      WECHAT_APP_ID: 'wx-mp',
      WECHAT_APP_SECRET: 'mp-secret',
      WECHAT_OPEN_APP_ID: 'wx-open',
      WECHAT_OPEN_APP_SECRET: 'open-secret',
      WECHAT_PROVIDER: 'wechat',
      WECHAT_ALARM_TEMPLATE_ID: 'TPL-ALARM',
    });
    bare = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
    await wechat.close();
  });

  const loginWechat = (code: string, type: 'mp' | 'open' = 'mp', target = server) =>
    target.call<OauthLoginAnswer>('POST', '/auth/login/wechat', { body: { code, type } });

  async function ticketOf(p: WechatPerson, type: 'mp' | 'open' = 'mp') {
    const { body } = await loginWechat(wechat.issueCode(type, p), type);
    expect(body.data).toMatchObject({ status: 'bindRequired', nickname: p.nickname });
    return (body.data as { ticket: string }).ticket;
  }

  async function bindByPhone(ticket: string, phone: string, verifyCode?: string) {
    return server.call<LoginResult>('POST', '/auth/bind-user/wechat', {
      body: {
        code: ticket,
        type: 'mp',
        username: phone,
        verifyCode: verifyCode ?? (await smsCode(server, phone)),
      },
    });
  }

  /** A person bound to a new account by phone; answers the sign-in. */
  async function boundPerson(p = person()) {
    const phone = nextPhone();
    const { body } = await bindByPhone(await ticketOf(p), phone);
    expect(body.code).toBe(0);
    return { person: p, phone, login: body.data };
  }

  it('an unknown WeChat user gets a ticket, binds a NEW account by phone and SMS code, then signs in', async () => {
    const p = person();
    const { body: first } = await loginWechat(wechat.issueCode('mp', p));
    expect(first.data).toEqual({
      status: 'bindRequired',
      ticket: expect.any(String),
      nickname: p.nickname,
      headImgUrl: p.headImgUrl,
    });
    const phone = nextPhone();
    const { body } = await bindByPhone((first.data as { ticket: string }).ticket, phone);
    expect(body.code).toBe(0);
    expect(body.data.user).toMatchObject({
      username: phone,
      phoneNumber: phone,
      openId: p.openId,
      wxUser: true,
      wxUserName: p.nickname,
    });
    const info = await server.call('GET', '/system/user/user-info', { token: body.data.token });
    expect(info.body.data).toMatchObject({ openId: p.openId, wxUser: true });

    const { body: again } = await loginWechat(wechat.issueCode('mp', p));
    expect(again.data).toMatchObject({
      status: 'signedIn',
      login: { user: { userId: body.data.user.userId } },
    });
  });

  it('binds to an EXISTING account by its phone number', async () => {
    const phone = nextPhone();
    const existing = await registerUser(server, phone);
    server.clock.advance(61_000); // the next SMS code to the number
    const { body } = await bindByPhone(await ticketOf(person()), phone);
    expect(body.data.user.userId).toBe(existing.user.userId);
  });

  it('a ticket works once and for 10 minutes; a wrong SMS code keeps it', async () => {
    const p = person();
    const phone = nextPhone();
    let ticket = await ticketOf(p);
    const wrong = await bindByPhone(ticket, phone, '000000');
    expect(wrong.body.code).not.toBe(0);
    expect((await bindByPhone(ticket, phone)).body.code).toBe(0);
    const reused = await bindByPhone(ticket, nextPhone());
    expect(reused.body.code).toBe(Codes.BIND_TICKET_EXPIRED.code);

    ticket = await ticketOf(person());
    server.clock.advance(10 * 60_000 + 1);
    const late = await bindByPhone(ticket, nextPhone());
    expect(late.body.code).toBe(Codes.BIND_TICKET_EXPIRED.code);
    expect((await bindByPhone('made-up', nextPhone())).body.code).toBe(
      Codes.BIND_TICKET_EXPIRED.code,
    );
  });

  it('the unionid makes the official account and the desktop QR sign-in one identity', async () => {
    const { person: p, login } = await boundPerson();
    const { body } = await loginWechat(wechat.issueCode('open', onOpen(p)), 'open');
    expect(body.data).toMatchObject({
      status: 'signedIn',
      login: { user: { userId: login.user.userId, openId: p.openId } },
    });
    const rows = await server.repositories.oauthIdentities.ofUser(login.user.userId);
    expect(rows).toEqual([
      expect.objectContaining({
        provider: 'wechat',
        subject: p.unionId,
        mpOpenId: p.openId,
        openOpenId: onOpen(p).openId,
      }),
    ]);
  });

  it('a silent (snsapi_base) code signs a bound person in; the profile kept stays', async () => {
    const { person: p, login } = await boundPerson();
    const { body } = await loginWechat(wechat.issueCode('mp', p, 'snsapi_base'));
    expect(body.data).toMatchObject({
      status: 'signedIn',
      login: { user: { userId: login.user.userId, wxUserName: p.nickname } },
    });
  });

  it('binding another WeChat to an account replaces the one it had', async () => {
    const { token } = await registerUser(server, nextPhone());
    const [first, second] = [person(), person()];
    for (const p of [first, second])
      await server.call('POST', '/account/bind-wechat', {
        token,
        body: { code: wechat.issueCode('mp', p), type: 'mp' },
      });
    const listed = await server.call<OauthBinding[]>('GET', '/account/user/oauth', { token });
    expect(listed.body.data.map((b) => b.nickname)).toEqual([second!.nickname]);
    expect((await loginWechat(wechat.issueCode('mp', first!))).body.data.status).toBe(
      'bindRequired',
    );
  });

  it('without a unionid the openid is the key', async () => {
    const p = person(false);
    const { login } = await boundPerson(p);
    const [row] = await server.repositories.oauthIdentities.ofUser(login.user.userId);
    expect(row?.subject).toBe(p.openId);
    // the open platform's openid of someone without a unionid is someone else to us
    const { body } = await loginWechat(wechat.issueCode('open', onOpen(p)), 'open');
    expect(body.data.status).toBe('bindRequired');
  });

  it('a signed-in account binds its WeChat, lists it, and unbinds it (it has a password)', async () => {
    const { token, user } = await registerUser(server, nextPhone());
    const p = person();
    const bound = await server.call<OauthBinding>('POST', '/account/bind-wechat', {
      token,
      body: { code: wechat.issueCode('mp', p), type: 'mp' },
    });
    expect(bound.body.data).toEqual({
      provider: 'wechat',
      nickname: p.nickname,
      headImgUrl: p.headImgUrl,
      boundAt: expect.any(Number),
    });
    const listed = await server.call('GET', '/account/user/oauth', { token });
    expect(listed.body.data).toEqual([bound.body.data]);
    expect((await loginWechat(wechat.issueCode('mp', p))).body.data).toMatchObject({
      status: 'signedIn',
      login: { user: { userId: user.userId } },
    });

    expect((await server.call('POST', '/account/unbind-wechat', { token })).body.code).toBe(0);
    expect((await server.call('GET', '/account/user/oauth', { token })).body.data).toEqual([]);
    const info = await server.call('GET', '/system/user/user-info', { token });
    expect(info.body.data).toMatchObject({ openId: null, wxUser: false, wxUserName: null });
    expect((await loginWechat(wechat.issueCode('mp', p))).body.data.status).toBe('bindRequired');
  });

  it('refuses to unbind the only way to sign in of an account without a password', async () => {
    const { login } = await boundPerson();
    const { body } = await server.call('POST', '/account/unbind-wechat', {
      token: login.token,
    });
    expect(body.code).toBe(Codes.OAUTH_LAST_SIGN_IN.code);
    expect(
      (await server.call('GET', '/account/user/oauth', { token: login.token })).body.data,
    ).toHaveLength(1);
  });

  it("bind-wechat: another account's WeChat is OAUTH_TAKEN, a bad code 3101", async () => {
    const { person: p } = await boundPerson();
    const { token } = await registerUser(server, nextPhone());
    const taken = await server.call('POST', '/account/bind-wechat', {
      token,
      body: { code: wechat.issueCode('mp', p), type: 'mp' },
    });
    expect(taken.body.code).toBe(Codes.OAUTH_TAKEN.code);
    const bad = await server.call('POST', '/account/bind-wechat', {
      token,
      body: { code: 'not-a-code', type: 'mp' },
    });
    expect([bad.body.code, bad.body.message]).toEqual([3101, '微信绑定失败']);
    // a code is used up once exchanged
    const code = wechat.issueCode('mp', person());
    await loginWechat(code);
    expect((await loginWechat(code)).body.code).toBe(3101);
  });

  it('answers the WeChat user info of a code, following or not', async () => {
    const { token } = await registerUser(server, nextPhone());
    const p = person();
    const info = (code: string) =>
      server.call('GET', `/wx/get-wx-user-info?code=${code}&type=mp`, { token });
    expect((await info(wechat.issueCode('mp', p))).body.data).toEqual({
      openId: p.openId,
      unionId: p.unionId,
      nickname: p.nickname,
      headImgUrl: p.headImgUrl,
      subscribed: false,
    });
    wechat.follow(p.openId);
    expect((await info(wechat.issueCode('mp', p))).body.data).toMatchObject({ subscribed: true });
  });

  it('a WeChat follower of a device gets its alarms as template messages; a non-follower is refused', async () => {
    const ownedDevice = ownedDevices(() => server, '87', '134');
    const { deviceId, token } = await ownedDevice('小明的车');
    const setting = await server.call<{ id: number }>(
      'GET',
      `/terminal-alarm-setting/${deviceId}`,
      { token },
    );
    const p = person();
    const enable = () =>
      server.call('POST', '/terminal-alarm-setting/set-wechat-alarm', {
        token,
        body: {
          id: setting.body.data.id,
          status: 1,
          wechatOpenUnionid: p.openId,
          wechatNickname: p.nickname,
        },
      });
    expect((await enable()).body.code).toBe(Codes.NOT_FOLLOWING.code);
    wechat.follow(p.openId);
    expect((await enable()).body).toMatchObject({
      code: 0,
      data: { wechatAlarm: 1, wechatOpenUnionid: p.openId, wechatNickname: p.nickname },
    });

    server.events.publish({ type: 'alarm', deviceId, alarms: ['sos'], at: Date.now() });
    const worker = server.services.notificationWorker;
    await server.services.alarmEngine.idle();
    await worker.idle();
    await worker.drain();
    expect(wechat.received.filter((m) => m.message.touser === p.openId)).toEqual([
      expect.objectContaining({
        message: expect.objectContaining({ touser: p.openId, template_id: 'TPL-ALARM' }),
      }),
    ]);
    // turning it off asks nothing of WeChat
    const off = await server.call('POST', '/terminal-alarm-setting/set-wechat-alarm', {
      token,
      body: { id: setting.body.data.id, status: 0 },
    });
    expect(off.body.data).toMatchObject({ wechatAlarm: 0 });
  });

  it('takes the official account token from stable_token', () => {
    // the stand-in serves no /cgi-bin/token: every token above came from stable_token
    expect(wechat.tokenRequests).toBeGreaterThan(0);
  });

  it('the signed-in calls need a session', async () => {
    const calls: [string, string, object?][] = [
      ['POST', '/account/bind-wechat', { code: 'c', type: 'mp' }],
      ['POST', '/account/unbind-wechat'],
      ['GET', '/account/user/oauth'],
      ['GET', '/wx/get-wx-user-info?code=c'],
    ];
    for (const [method, path, body] of calls) {
      const { body: answer } = await server.call(method, path, body ? { body } : {});
      expect(answer.code, path).toBe(Codes.UNAUTHORIZED.code);
    }
  });

  it('is not offered where WeChat is not configured', async () => {
    expect((await loginWechat('c', 'mp', bare)).body.code).toBe(Codes.OAUTH_NOT_CONFIGURED.code);
    expect((await loginWechat('c', 'open', bare)).body.code).toBe(Codes.OAUTH_NOT_CONFIGURED.code);
    const config = await bare.call('GET', '/application-configuration');
    expect(config.body.data).toMatchObject({
      oauth: { wechatMpAppId: null, wechatOpenAppId: null },
      wechatMpQrCodeUrl: null,
    });
  });
});
