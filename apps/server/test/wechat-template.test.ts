import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createWechatSender } from '../src/providers/wechat/create-wechat-sender.js';
import { WechatTemplateSender } from '../src/providers/wechat/wechat-template-sender.js';
import { DevOutboxRepository } from '../src/repositories/dev-outbox.repository.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { closedPortUrl } from './support/local-http.js';
import { TestClock } from './support/test-server.js';
import { startWechatStandIn } from './support/wechat-stand-in.js';

const notice = {
  deviceName: '小明的手表',
  alarmName: '离开围栏',
  time: '2025-03-01 08:15',
  address: '北京市海淀区中关村大街 1 号',
};

describe('WeChat template messages against an official-account stand-in', () => {
  const wechat = startWechatStandIn('wx-app', 'wx-secret');
  let apiUrl: string;
  let clock: TestClock;
  beforeAll(async () => {
    apiUrl = await wechat.listen();
  });
  afterAll(() => wechat.close());
  beforeEach(() => {
    wechat.reset();
    clock = new TestClock();
  });

  const sender = (appSecret = 'wx-secret') =>
    new WechatTemplateSender({ apiUrl, appId: 'wx-app', appSecret, templateId: 'TPL-1', clock });

  it('sends the template with the alarm in its fields and answers the msgid', async () => {
    const outcome = await sender().send('open-1', notice, { url: 'https://xunji.test/alarm/9' });
    expect(outcome).toEqual({ ok: true, reference: '1001' });
    expect(wechat.received[0]?.message).toEqual({
      touser: 'open-1',
      template_id: 'TPL-1',
      url: 'https://xunji.test/alarm/9',
      data: {
        keyword1: { value: '小明的手表' },
        keyword2: { value: '离开围栏' },
        keyword3: { value: '2025-03-01 08:15' },
        keyword4: { value: '北京市海淀区中关村大街 1 号' },
      },
    });
  });

  it('keeps the token until 5 minutes before it expires', async () => {
    const one = sender();
    await one.send('open-1', notice);
    clock.advance((7200 - 301) * 1000);
    await one.send('open-1', notice);
    expect(wechat.tokenRequests).toBe(1);
    clock.advance(2000);
    await one.send('open-1', notice);
    expect(wechat.tokenRequests).toBe(2);
    expect(wechat.received.map((r) => r.accessToken)[1]).not.toBe(
      wechat.received.map((r) => r.accessToken)[2],
    );
  });

  it('shares one token request between concurrent sends', async () => {
    const one = sender();
    const outcomes = await Promise.all([1, 2, 3].map((n) => one.send(`open-${n}`, notice)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(wechat.tokenRequests).toBe(1);
  });

  it('gets a new token once when WeChat says the token expired, and sends again', async () => {
    const one = sender();
    await one.send('open-1', notice);
    wechat.expireTokens();
    expect(await one.send('open-2', notice)).toMatchObject({ ok: true });
    expect(wechat.tokenRequests).toBe(2);
    expect(wechat.received.map((r) => r.message.touser)).toEqual(['open-1', 'open-2']);
  });

  it('reports a refused message with errcode and errmsg, without a retry', async () => {
    wechat.answerNextWith({ errcode: 43004, errmsg: 'require subscribe' });
    expect(await sender().send('open-1', notice)).toEqual({
      ok: false,
      retryable: false,
      reason: 'WeChat refused: 43004 require subscribe',
    });
    wechat.answerNextWith({ errcode: -1, errmsg: 'system error' });
    expect(await sender().send('open-1', notice)).toMatchObject({ ok: false, retryable: true });
    expect(wechat.received).toEqual([]);
  });

  it('reports a wrong secret and an unreachable API as failures', async () => {
    expect(await sender('wrong').send('open-1', notice)).toMatchObject({
      ok: false,
      retryable: false,
      reason: expect.stringMatching(/40125 invalid appsecret/),
    });
    const nowhere = new WechatTemplateSender({
      apiUrl: await closedPortUrl(),
      appId: 'wx-app',
      appSecret: 'wx-secret',
      templateId: 'TPL-1',
    });
    expect(await nowhere.send('open-1', notice)).toMatchObject({ ok: false, retryable: true });
  });

  it('is chosen by WECHAT_PROVIDER=wechat', () => {
    const config = loadConfig({
      WECHAT_PROVIDER: 'wechat',
      WECHAT_API_URL: apiUrl,
      WECHAT_APP_ID: 'wx-app',
      WECHAT_APP_SECRET: 'wx-secret',
      WECHAT_ALARM_TEMPLATE_ID: 'TPL-1',
    });
    const outbox = {} as DevOutboxRepository;
    expect(createWechatSender(config, outbox, pino({ level: 'silent' })).name).toBe('wechat');
  });
});

describe.each(testDialects())('development WeChat sender on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('keeps the message in dev_outbox instead of sending it', async () => {
    const outbox = new DevOutboxRepository(database.handle.db);
    const sender = createWechatSender(loadConfig({}), outbox, pino({ level: 'silent' }));
    expect(sender.name).toBe('development');
    const outcome = await sender.send('open-9', notice, { url: 'https://xunji.test/a' });
    const [row] = await outbox.list({ channel: 'wechat' });
    expect(outcome).toEqual({ ok: true, reference: `dev-${row?.id}` });
    expect(row).toMatchObject({
      channel: 'wechat',
      recipient: 'open-9',
      body: '【寻迹】小明的手表 2025-03-01 08:15 离开围栏，位置：北京市海淀区中关村大街 1 号 https://xunji.test/a',
    });
    expect(typeof row?.createdAt).toBe('number');
  });
});
