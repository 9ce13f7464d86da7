import type { CommandRecord, CutBufferState, TerminalParams } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { QUIET_MS } from '../src/gateway/live-sessions.js';
import { toLiveMessage } from '../src/live/live-update.js';
import { testDialects } from './support/databases.js';
import { hashSecret } from '../src/services/password-hasher.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { Gt06Link, until } from './support/gt06-device.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const PASSWORD = 'secret123';

describe.each(testDialects())('remote control API on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let port: number;
  let deviceId: number;
  let owner: { token: string; user: { userId: number } };
  let family: { token: string };
  let stranger: { token: string };
  let link: Gt06Link;
  const events: GatewayEvent[] = [];
  const phone = phoneNumbers('136');

  const call = <T>(method: string, path: string, token: string, body?: unknown) =>
    server.call<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const commandById = async (id: number) => server.repositories.commands.findById(id);
  const connect = () => link.connect();
  const disconnect = () => link.disconnect();
  const cutState = async (token = owner.token) =>
    (await call<CutBufferState>('GET', `/terminal/cut-buffer/${deviceId}`, token)).body;

  beforeAll(async () => {
    server = await startTestServer(dialect, { COMMAND_REPLY_TIMEOUT_S: '30' });
    const started = await startTestGateway(server, ['gt06']);
    gateway = started.gateway;
    port = started.ports.gt06!;
    deviceId = (await registerDevice(server, '123456789012345', 'gt06')).id;
    link = new Gt06Link(gateway, port, deviceId);
    owner = await registerUser(server, phone(), PASSWORD);
    await call('POST', '/terminal/bind', owner.token, {
      terminalNo: '123456789012345',
      password: transport('123456'),
    });
    family = await registerUser(server, phone());
    await call('POST', '/terminal/bind', family.token, {
      terminalNo: '123456789012345',
      password: transport('123456'),
    });
    stranger = await registerUser(server, phone());
    server.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    link?.close();
    await gateway.stop();
    await server.close();
  });

  it("cuts the oil of an online car with the owner's password: pending until the device confirms, then cut, published live", async () => {
    const online = await connect();
    const sent = await call<CommandRecord>('POST', '/terminal/cut-buffer', owner.token, {
      terminalId: deviceId,
      isCutButter: 1,
      password: transport(PASSWORD),
    });
    expect(sent.body.data).toMatchObject({
      paramName: 'cutOil',
      paramValue: '1',
      state: 'sent',
      result: null,
      userId: owner.user.userId,
    });
    const frame = await online.nextCommand();
    expect(frame.text).toBe('Relay,1#');
    expect((await cutState()).data).toMatchObject({ isCutButter: 0, command: { state: 'sent' } });
    // A second cut while the first waits: one pending command of a kind.
    const again = await call('POST', '/terminal/cut-buffer', owner.token, {
      terminalId: deviceId,
      isCutButter: 0,
    });
    expect(again.body.code).toBe(2803);

    online.reply(frame.flag, 'Cut off the fuel supply: Success!');
    await until(async () => (await cutState()).data.isCutButter === 1);
    expect((await cutState()).data.command).toMatchObject({
      state: 'done',
      result: 'succeeded',
      reply: 'Cut off the fuel supply: Success!',
      replyMeaning: { kind: 'cut' },
    });
    await until(() =>
      events.some(
        (e) =>
          e.type === 'command' && e.command.id === sent.body.data.id && e.command.state === 'done',
      ),
    );
    const published = events.find(
      (e) =>
        e.type === 'command' && e.command.id === sent.body.data.id && e.command.state === 'done',
    )!;
    expect(toLiveMessage(published)).toMatchObject({
      type: 'command',
      deviceId,
      command: { id: sent.body.data.id, paramName: 'cutOil', result: 'succeeded' },
    });
  });

  it('reports a refused cut with its reason (fail) and a bad value (paramError); the state stays', async () => {
    const online = await connect();
    const restore = await call<CommandRecord>('POST', '/terminal/cut-buffer', owner.token, {
      terminalId: deviceId,
      isCutButter: 0,
    });
    const frame = await online.nextCommand();
    online.reply(frame.flag, 'Error: speed too high, not executed');
    await until(async () => (await commandById(restore.body.data.id))?.result === 'fail');
    expect((await commandById(restore.body.data.id))?.reply).toContain('speed too high');
    expect((await cutState()).data.isCutButter).toBe(1);

    const interval = await call<CommandRecord[]>('POST', '/terminal/set-params', owner.token, {
      terminalId: deviceId,
      params: { uploadInterval: 600 },
    });
    const intervalFrame = await online.nextCommand();
    expect(intervalFrame.text).toBe('TIMER,600#');
    online.reply(intervalFrame.flag, 'Invalid parameter');
    await until(
      async () => (await commandById(interval.body.data[0]!.id))?.result === 'paramError',
    );
  });

  it('sends one command per setting, and keeps a confirmed interval in the params', async () => {
    const online = await connect();
    const sent = await call<CommandRecord[]>('POST', '/terminal/set-params', owner.token, {
      terminalId: deviceId,
      params: { uploadInterval: 30, overspeedKmh: 90 },
    });
    expect(sent.body.data.map((c) => c.paramName)).toEqual(['uploadInterval', 'overspeed']);
    const pending = await call<TerminalParams>(
      'GET',
      `/terminal/params-info/${deviceId}`,
      owner.token,
    );
    expect(pending.body.data.pending.sort()).toEqual(['overspeed', 'uploadInterval']);
    expect(pending.body.data.params).toMatchObject({ uploadInterval: 30, overspeedKmh: 90 });
    expect(pending.body.data.confirmed).toMatchObject({ uploadInterval: null, overspeedKmh: null });
    for (let i = 0; i < 2; i++) {
      const frame = await online.nextCommand();
      online.reply(frame.flag, 'OK');
    }
    await until(async () => (await commandById(sent.body.data[1]!.id))?.result === 'succeeded');
    const info = await call<TerminalParams>(
      'GET',
      `/terminal/params-info/${deviceId}`,
      family.token,
    );
    expect(info.body.data).toMatchObject({
      pending: [],
      params: { uploadInterval: 30, overspeedKmh: 90 },
      confirmed: { uploadInterval: 30, overspeedKmh: 90 },
      // A car: seconds to minutes.
      uploadIntervalPlan: 'vehicle',
      uploadIntervals: [10, 30, 60, 180, 300, 600],
    });
    // A GT06 car (wired model): no recording and no locate modes by its flags, no white list by
    // its protocol.
    expect(info.body.data.abilities).toEqual(
      expect.arrayContaining(['restart', 'cutOil', 'locateNow', 'uploadInterval', 'custom']),
    );
    expect(info.body.data.abilities).not.toContain('voiceRecord');
    expect(info.body.data.abilities).not.toContain('whiteList');
    expect(info.body.data.abilities).not.toContain('locateMode');
    expect(info.body.data.locateModes).toEqual([]);
  });

  it('offers each kind of device its upload intervals as its protocol takes them', async () => {
    const paramsOf = async (terminalNo: string, protocol: string, model: string | null) => {
      const { id } = await server.repositories.devices.create({
        terminalNo,
        passwordHash: await hashSecret(transport('123456')),
        protocol,
        model,
        iccid: null,
        name: null,
        enterpriseId: null,
        createdAt: server.clock.now(),
      });
      await call('POST', '/terminal/bind', owner.token, {
        terminalNo,
        password: transport('123456'),
      });
      return (await call<TerminalParams>('GET', `/terminal/params-info/${id}`, owner.token)).body
        .data;
    };
    // A watch: the §9 hours.
    expect(await paramsOf('865000000000001', 'watch', null)).toMatchObject({
      uploadIntervalPlan: 'battery',
      uploadIntervals: [1800, 3600, 10_800, 21_600, 43_200],
    });
    // A battery GT06 (AT4): the hours its TIMER command takes (at most 5 h).
    expect(await paramsOf('865000000000002', 'gt06', 'AT4')).toMatchObject({
      uploadIntervalPlan: 'battery',
      uploadIntervals: [1800, 3600, 10_800],
    });
  });

  it("asks for the owner's password to cut: none, or a wrong one, sends nothing", async () => {
    const before = (await server.repositories.commands.page(deviceId, 0, 1, 1)).count;
    const cut = (password?: string, language?: 'en') =>
      server.call('POST', '/terminal/cut-buffer', {
        token: owner.token,
        ...(language ? { language } : {}),
        body: {
          terminalId: deviceId,
          isCutButter: 1,
          ...(password === undefined ? {} : { password: transport(password) }),
        },
      });
    expect((await cut()).body).toMatchObject({ code: 1000, data: { field: 'password' } });
    const wrong = await cut('not-my-password', 'en');
    expect(wrong.body).toMatchObject({ code: 1212, message: 'The password is wrong' });
    expect((await server.repositories.commands.page(deviceId, 0, 1, 1)).count).toBe(before);
  });

  it('answers unsupported at once (2801) and records nothing', async () => {
    const before = await server.repositories.commands.page(deviceId, 0, 1, 1);
    const refused = [
      await call('POST', '/terminal/white-list', owner.token, {
        terminalId: deviceId,
        phoneList: ['13800138000'],
      }),
      await call('POST', '/terminal/set-power', owner.token, { terminalId: deviceId, powerOn: 0 }),
      await call('POST', '/record/send', owner.token, { terminalId: deviceId, seconds: 10 }),
      await call('POST', '/terminal/set-params', owner.token, {
        terminalId: deviceId,
        params: { locateMode: { mode: 'week', days: [1, 2], times: ['08:00'] } },
      }),
    ];
    for (const answer of refused) expect(answer.body.code).toBe(2801);
    expect((await server.repositories.commands.page(deviceId, 0, 1, 1)).count).toBe(before.count);
  });

  it('queues a command for an offline device and delivers it at the next login', async () => {
    await disconnect();
    const queued = await call<CommandRecord>('POST', '/terminal/locate', family.token, {
      terminalId: deviceId,
    });
    expect(queued.body.data).toMatchObject({ state: 'queued', result: 'delayedDelivery' });
    const online = await connect();
    const frame = await online.nextCommand();
    expect(frame.text).toBe('WHERE#');
    online.reply(frame.flag, 'Lat:N22.5,Lon:E114.0');
    await until(async () => (await commandById(queued.body.data.id))?.result === 'succeeded');
  });

  it('marks a queued command unsent when it expires, and a silent device timeout / noAnswer', async () => {
    await disconnect();
    const queued = await call<CommandRecord>('POST', '/terminal/restart', owner.token, {
      terminalId: deviceId,
    });
    server.clock.advance(24 * 3600_000 + 1);
    await gateway.dispatcher.sweep();
    expect((await commandById(queued.body.data.id))?.result).toBe('unsent');

    const online = await connect();
    const silent = await call<CommandRecord>('POST', '/terminal/factory', owner.token, {
      terminalId: deviceId,
    });
    await online.nextCommand();
    server.clock.advance(30_001);
    await gateway.dispatcher.sweep();
    expect((await commandById(silent.body.data.id))?.result).toBe('timeout');

    // A command's free text may carry personal data: it goes to a connection that has held the
    // device for the quiet interval.
    server.clock.advance(QUIET_MS);
    const left = await call<CommandRecord>('POST', '/terminal/send-command', owner.token, {
      terminalId: deviceId,
      command: 'STATUS#',
    });
    expect((await online.nextCommand()).text).toBe('STATUS#');
    await disconnect();
    await until(async () => (await commandById(left.body.data.id))?.result === 'noAnswer');
  });

  it('lists the commands newest first, 20 a page, with their paramName and sender', async () => {
    const page = await call<{ list: CommandRecord[]; count: number }>(
      'GET',
      `/command/page?terminalId=${deviceId}&page=1`,
      family.token,
    );
    const { list, count } = page.body.data;
    expect(count).toBeGreaterThanOrEqual(8);
    expect(list.length).toBe(Math.min(20, count));
    expect(list.map((c) => c.id)).toEqual([...list.map((c) => c.id)].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({ paramName: 'custom', paramValue: 'STATUS#' });
    expect(list.find((c) => c.paramName === 'locateNow')?.userId).not.toBe(owner.user.userId);
  });

  it('keeps other users out (2501) and family from changing the device (owner only)', async () => {
    for (const [method, path, body] of [
      ['GET', `/terminal/params-info/${deviceId}`],
      ['GET', `/terminal/cut-buffer/${deviceId}`],
      ['GET', `/terminal/garrison/${deviceId}`],
      ['GET', `/terminal/white-list/${deviceId}`],
      ['GET', `/terminal/power/${deviceId}`],
      ['GET', `/command/page?terminalId=${deviceId}`],
      ['POST', '/terminal/locate', { terminalId: deviceId }],
      [
        'POST',
        '/terminal/cut-buffer',
        { terminalId: deviceId, isCutButter: 1, password: transport(PASSWORD) },
      ],
    ] as const) {
      const answer = await call(method, path, stranger.token, body);
      expect(answer.body.code, path).toBe(2501);
    }
    const byFamily = await call('POST', '/terminal/cut-buffer', family.token, {
      terminalId: deviceId,
      isCutButter: 1,
      password: transport(PASSWORD),
    });
    expect(byFamily.body.code).not.toBe(0);
    expect(byFamily.body.code).not.toBe(2801);
  });

  it('validates the §5 rules: week days and times, an alarm, a speed, distinct valid numbers', async () => {
    const invalid = [
      { params: { locateMode: { mode: 'week', days: [], times: ['08:00'] } } },
      { params: { locateMode: { mode: 'week', days: [1], times: [] } } },
      { params: { locateMode: { mode: 'alarmClock', alarms: [] } } },
      { params: { overspeedKmh: 0 } },
      { params: { uploadInterval: 7 } },
      // A watch's interval on a car.
      { params: { uploadInterval: 1800 } },
      { params: {} },
    ];
    for (const body of invalid) {
      const answer = await call('POST', '/terminal/set-params', owner.token, {
        terminalId: deviceId,
        ...body,
      });
      expect(answer.body.code, JSON.stringify(body)).toBe(1000);
    }
    const repeated = await call('POST', '/terminal/white-list', owner.token, {
      terminalId: deviceId,
      phoneList: ['13800138000', '13800138000'],
    });
    expect(repeated.body).toMatchObject({ code: 1000, data: { field: 'phoneList' } });
    const english = await server.call('POST', '/terminal/white-list', {
      token: owner.token,
      language: 'en',
      body: { terminalId: deviceId, phoneList: ['12345'] },
    });
    expect(english.body.code).toBe(1000);
    expect(english.body.message).toMatch(/[a-z]/i);
  });
});
