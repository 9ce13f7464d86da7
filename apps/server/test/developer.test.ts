import type { PushMessagePage, User } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationJob } from '../src/alarms/notification-job.js';
import { runAdmin } from './support/admin-cli.js';
import { testDialects } from './support/databases.js';
import { startPushServiceStandIn } from './support/push-service-stand-in.js';
import { ownedDevices, startTestServer, type TestServer } from './support/test-server.js';

describe.each(testDialects())('developer mode on %s', (dialect) => {
  let server: TestServer;
  const pushService = startPushServiceStandIn();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await pushService.listen();
  });
  afterAll(async () => {
    await pushService.close();
    await server.close();
  });

  const ownedDevice = ownedDevices(() => server, '87', '138');

  const call = async <T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
    (await server.call<T>(method, path, { token, ...(body === undefined ? {} : { body }) })).body;

  const me = async (token: string) =>
    (await call<User>('GET', '/system/user/user-info', token)).data;

  /** A device, its owner with a browser subscribed to the push service, and the owner's name. */
  async function developerWithBrowser() {
    const { deviceId, token } = await ownedDevice('爸爸的车');
    const { publicKey } = (await call<{ publicKey: string }>('GET', '/push/vapid-key', token)).data;
    const { subscription } = pushService.subscribe(publicKey);
    const registered = await call<{ pushClientId: string }>('POST', '/push/client', token, {
      ...subscription,
    });
    expect(registered.code).toBe(0);
    return { deviceId, token, username: (await me(token)).username };
  }

  async function delivered() {
    await server.services.alarmEngine.idle();
    await server.services.notificationWorker.idle();
  }

  const messages = (token: string) =>
    call<PushMessagePage>('GET', '/developer/push-msgs?page=1&limit=20', token);

  it('refuses both calls (403) until the operator turns the flag on with the admin CLI', async () => {
    const { token, username } = await developerWithBrowser();
    expect((await me(token)).developerMode).toBe(false);
    const refused = await server.call('GET', '/developer/push-msgs', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
    expect((await call('POST', '/developer/test-alarm', token)).code).toBe(403);
    expect(pushService.received).toEqual([]);

    const on = await runAdmin(server, 'user:developer', username, 'on');
    expect(on).toMatchObject({ code: 0, stdout: `developer mode on for ${username}\n` });
    expect((await me(token)).developerMode).toBe(true);
    expect((await messages(token)).code).toBe(0);

    expect((await runAdmin(server, 'user:developer', username, 'maybe')).code).toBe(2);
    expect((await runAdmin(server, 'user:developer', 'nobody', 'on')).code).toBe(2);
    await runAdmin(server, 'user:developer', username, 'off');
    expect((await messages(token)).code).toBe(403);
  }, 60_000);

  it("sends a test alarm to the developer's browser and lists it, with real alarms, and nobody else's", async () => {
    const developer = await developerWithBrowser();
    const other = await developerWithBrowser();
    for (const { username } of [developer, other])
      await server.repositories.users.update(
        (await server.repositories.users.findByUsername(username))!.id,
        {
          developerMode: 1,
        },
      );
    const before = pushService.received.length;

    const sent = await call<{ jobs: number }>('POST', '/developer/test-alarm', developer.token);
    expect(sent).toMatchObject({ code: 0, data: { jobs: 1 } });
    await delivered();
    expect(pushService.refusals).toEqual([]);
    const pushes = pushService.received.slice(before);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]!.plaintext)).toMatchObject({ title: '测试报警', alarmId: 0 });

    server.events.publish({
      type: 'alarm',
      deviceId: developer.deviceId,
      alarms: ['sos'],
      at: Date.now(),
    });
    server.events.publish({
      type: 'alarm',
      deviceId: other.deviceId,
      alarms: ['sos'],
      at: Date.now(),
    });
    await delivered();

    const page = await messages(developer.token);
    expect(page.code).toBe(0);
    expect(page.data.count).toBe(2);
    const [sos, test] = page.data.list;
    expect(sos).toMatchObject({
      channel: 'push',
      alarmType: 'sos',
      deviceName: '爸爸的车',
      status: 'sent',
      attempts: 1,
    });
    expect(test).toMatchObject({ channel: 'push', alarmId: null, status: 'sent', attempts: 1 });
    expect(test!.detail).toMatch(/\/message\/\d+$/);
    expect(test!.sentTime).toBeGreaterThanOrEqual(test!.createTime);

    const others = await messages(other.token);
    expect(others.data.count).toBe(1);
    expect(others.data.list[0]).toMatchObject({ alarmType: 'sos' });
    expect(others.data.list.map((m) => m.id)).not.toContain(test!.id);
    expect(others.data.list.map((m) => m.id)).not.toContain(sos!.id);
  }, 60_000);

  it("lists texts and calls to the account's phone and WeChat messages to its openid, no one else's", async () => {
    const developer = await developerWithBrowser();
    await runAdmin(server, 'user:developer', developer.username, 'on');
    const { phoneNumber, userId } = await me(developer.token);
    const { db } = server.database.handle;
    const now = server.clock.now();
    await db
      .insertInto('oauthIdentities')
      .values({
        provider: 'wechat',
        subject: `union-${userId}`,
        userId,
        mpOpenId: `open-${userId}`,
        openOpenId: null,
        unionId: null,
        nickname: null,
        headImgUrl: null,
        refreshToken: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    server.events.publish({
      type: 'alarm',
      deviceId: developer.deviceId,
      alarms: ['sos'],
      at: now,
    });
    await delivered();
    const [alarm] = await db
      .selectFrom('alarmLogs')
      .select('id')
      .where('deviceId', '=', developer.deviceId)
      .execute();
    const job = (channel: 'sms' | 'tel' | 'wechat', recipient: string) =>
      notificationJob(alarm!.id, channel, recipient, now);
    await server.repositories.notifications.enqueue([
      job('sms', phoneNumber!),
      job('tel', phoneNumber!),
      job('wechat', `open-${userId}`),
      job('sms', '13999999999'),
      job('wechat', 'open-someone-else'),
      job('tel', `open-${userId}`),
    ]);
    const { list } = (await messages(developer.token)).data;
    expect(list.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual(
      [
        `push:${list.find((m) => m.channel === 'push')!.recipient}`,
        `sms:${phoneNumber}`,
        `tel:${phoneNumber}`,
        `wechat:open-${userId}`,
      ].sort(),
    );
  }, 60_000);

  it('records a refused test push with its reason', async () => {
    const developer = await developerWithBrowser();
    await runAdmin(server, 'user:developer', developer.username, 'on');
    pushService.answerNextWith(403);
    await call('POST', '/developer/test-alarm', developer.token);
    await delivered();
    const [message] = (await messages(developer.token)).data.list;
    expect(message).toMatchObject({ status: 'failed', alarmId: null });
    expect(message!.detail).toMatch(/403/);
  }, 60_000);

  it('refuses a bad page or limit without a 500', async () => {
    const { token, username } = await developerWithBrowser();
    await runAdmin(server, 'user:developer', username, 'on');
    for (const query of ['page=0', 'limit=101', 'page=x'])
      expect((await server.call('GET', `/developer/push-msgs?${query}`, { token })).status).toBe(
        400,
      );
  }, 60_000);
});
