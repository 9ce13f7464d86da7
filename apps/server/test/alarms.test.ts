import {
  distanceMetres,
  gcj02ToWgs84,
  offset,
  wgs84ToGcj02,
  type AlarmLog,
  type AlarmLogPage,
  type AlarmSetting,
  type AlarmStatistics,
  type Fence,
  type FencePage,
} from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import type { PositionInsert } from '../src/repositories/ingest/ingest-batch.js';
import { testDialects } from './support/databases.js';
import { startPushServiceStandIn } from './support/push-service-stand-in.js';
import { ownedDevices, startTestServer, type TestServer } from './support/test-server.js';

/** A school gate in Beijing 东城区 (WGS-84). */
const SCHOOL = { latitude: 39.9288, longitude: 116.4164 };
const T0 = Date.UTC(2026, 10, 20, 1, 0);

describe.each(testDialects())('fences and alarms on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const ownedDevice = ownedDevices(() => server, '86', '137');

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ) =>
    (await server.call<T>(method, path, { token, ...(body === undefined ? {} : { body }) })).body;

  /** A fix as the gateway publishes it, then waits for the engine. */
  async function fix(
    deviceId: number,
    at: number,
    place: { latitude: number; longitude: number },
    extra: Partial<PositionInsert> = {},
  ) {
    const position: PositionInsert = {
      deviceId,
      fixTime: at,
      serverTime: at,
      valid: 1,
      latitude: place.latitude,
      longitude: place.longitude,
      altitude: null,
      speed: 0,
      course: 0,
      lbsMode: 'gps',
      satellites: 9,
      battery: 80,
      acc: null,
      mileage: null,
      reupload: 0,
      attributes: null,
      ...extra,
    };
    server.events.publish({ type: 'position', deviceId, position });
    await server.services.alarmEngine.idle();
  }

  const gcjOf = (p: { latitude: number; longitude: number }) => {
    const g = wgs84ToGcj02(p);
    return { lng: g.longitude, lat: g.latitude };
  };

  /** Waits for the engine, then for every delivery it started. */
  async function delivered() {
    const worker = server.services.notificationWorker;
    await server.services.alarmEngine.idle();
    await worker.idle();
    await worker.drain();
  }

  const alarmsOf = async (token: string, deviceId: number) =>
    (await call<AlarmLogPage>('GET', `/v2/alarm-log/page?terminalId=${deviceId}`, token)).data;

  async function roundFence(token: string, deviceId: number, alarmType = 'access') {
    const created = await call<Fence>('POST', '/v2/fence', token, {
      terminalId: deviceId,
      name: '学校',
      type: 'round',
      alarmType,
      radius: 200,
      fenceData: [gcjOf(SCHOOL)],
    });
    expect(created.code).toBe(0);
    return created.data;
  }

  it('stores round fence points in WGS-84 and reads them back within 0.5 m', async () => {
    const { deviceId, token } = await ownedDevice();
    const fence = await roundFence(token, deviceId);
    const [centre] = fence.fenceData;
    expect(distanceMetres({ latitude: centre!.lat, longitude: centre!.lng }, SCHOOL)).toBeLessThan(
      0.5,
    );
    const again = wgs84ToGcj02({ latitude: centre!.lat, longitude: centre!.lng });
    const sent = gcjOf(SCHOOL);
    expect(distanceMetres(again, { latitude: sent.lat, longitude: sent.lng })).toBeLessThan(0.5);
    const page = await call<FencePage>('GET', `/v2/fence/page?terminalId=${deviceId}`, token);
    expect(page.data.count).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      name: '学校',
      type: 'round',
      radius: 200,
      status: 1,
    });
  });

  it('refuses fences that break the §5 rules, naming the field', async () => {
    const { deviceId, token } = await ownedDevice();
    const base = { terminalId: deviceId, name: 'x', alarmType: 'out' };
    const cases: [unknown, string, string][] = [
      [
        { ...base, name: '', type: 'round', radius: 100, fenceData: [gcjOf(SCHOOL)] },
        'name',
        'fenceName',
      ],
      [{ ...base, type: 'round', fenceData: [gcjOf(SCHOOL)] }, 'radius', 'fenceRadius'],
      [{ ...base, type: 'round', radius: 10, fenceData: [gcjOf(SCHOOL)] }, 'radius', 'fenceRadius'],
      [
        { ...base, type: 'polygon', fenceData: [gcjOf(SCHOOL), gcjOf(offset(SCHOOL, 100, 0))] },
        'fenceData',
        'fencePoints',
      ],
      [
        {
          ...base,
          type: 'polygon',
          fenceData: [
            gcjOf(SCHOOL),
            gcjOf(offset(SCHOOL, 100, 100)),
            gcjOf(offset(SCHOOL, 0, 100)),
            gcjOf(offset(SCHOOL, 100, 0)),
          ],
        },
        'fenceData',
        'fenceCrossing',
      ],
      [{ ...base, type: 'district', fenceData: [] }, 'regionCode', 'fenceRegion'],
      [
        { ...base, type: 'district', fenceData: [], regionCode: '999999' },
        'regionCode',
        'fenceRegion',
      ],
    ];
    for (const [body, field, rule] of cases) {
      const answer = await call<{ field: string; issues: { rule: string }[] }>(
        'POST',
        '/v2/fence',
        token,
        body,
      );
      expect(answer.code, JSON.stringify(body)).toBe(1000);
      expect(answer.data.field).toBe(field);
      expect(answer.data.issues[0]!.rule).toBe(rule);
    }
    const district = await call<Fence>('POST', '/v2/fence', token, {
      ...base,
      type: 'district',
      fenceData: [],
      regionCode: '110101',
    });
    expect(district.data).toMatchObject({ regionCode: '110101', regionName: '东城区' });
  });

  it('gives another user nothing of a fence or its device', async () => {
    const { deviceId, token } = await ownedDevice();
    const fence = await roundFence(token, deviceId);
    const other = await ownedDevice();
    expect((await call('GET', `/v2/fence/page?terminalId=${deviceId}`, other.token)).code).toBe(
      2501,
    );
    expect((await call('GET', `/v2/fence/${fence.id}`, other.token)).code).toBe(2601);
    expect((await call('DELETE', `/fence/${fence.id}`, other.token)).code).toBe(2601);
    expect(
      (await call('PUT', '/fence/status', other.token, { id: fence.id, status: 0 })).code,
    ).toBe(2601);
    expect((await call('GET', `/v2/fence/${fence.id}`, token)).code).toBe(0);
  });

  it('alarms on entering and leaving, not while on the boundary, and not again after a restart', async () => {
    const { deviceId, token } = await ownedDevice();
    const fence = await roundFence(token, deviceId);
    const announced: GatewayEvent[] = [];
    const stopListening = server.events.subscribe((event) => {
      if (event.type === 'alarmRaised') announced.push(event);
    });
    await fix(deviceId, T0, offset(SCHOOL, 500, 0)); // outside: where it is, no alarm
    await fix(deviceId, T0 + 60_000, offset(SCHOOL, 50, 0)); // enters
    // On the line: 195–215 m from the centre, within the 20 m margin: no flapping.
    for (let i = 0; i < 6; i++)
      await fix(deviceId, T0 + 120_000 + i * 10_000, offset(SCHOOL, i % 2 ? 215 : 195, 0));
    let alarms = await alarmsOf(token, deviceId);
    expect(alarms.list.map((a) => a.alarmType)).toEqual(['fenceEnter']);
    expect(alarms.list[0]).toMatchObject({ fenceId: fence.id, fenceName: '学校', read: false });
    // The live socket is told of the logged alarm (server-found alarms included).
    stopListening();
    expect(announced).toMatchObject([
      { deviceId, alarm: { id: alarms.list[0]?.id, alarmType: 'fenceEnter', fenceName: '学校' } },
    ]);
    // A restart reads the side from the database: the same inside fix raises nothing.
    server.services.alarmEngine.forget(deviceId);
    await fix(deviceId, T0 + 400_000, offset(SCHOOL, 40, 0));
    expect((await alarmsOf(token, deviceId)).count).toBe(1);
    await fix(deviceId, T0 + 460_000, offset(SCHOOL, 400, 0)); // leaves
    alarms = await alarmsOf(token, deviceId);
    expect(alarms.list.map((a) => a.alarmType)).toEqual(['fenceOut', 'fenceEnter']);
    // Cell fixes are too coarse to cross a fence.
    await fix(deviceId, T0 + 520_000, SCHOOL, { lbsMode: 'lbs' });
    expect((await alarmsOf(token, deviceId)).count).toBe(2);
  });

  it('a district fence crosses on the second fix in a row outside (no flap on its border)', async () => {
    const { deviceId, token } = await ownedDevice();
    const created = await call<Fence>('POST', '/v2/fence', token, {
      terminalId: deviceId,
      name: '东城',
      type: 'district',
      alarmType: 'out',
      fenceData: [],
      regionCode: '110101',
    });
    expect(created.code).toBe(0);
    const east = offset(SCHOOL, 0, 6000); // 朝阳区
    await fix(deviceId, T0, SCHOOL);
    await fix(deviceId, T0 + 60_000, east);
    await fix(deviceId, T0 + 120_000, SCHOOL);
    expect((await alarmsOf(token, deviceId)).count).toBe(0);
    await fix(deviceId, T0 + 180_000, east);
    await fix(deviceId, T0 + 240_000, offset(east, 100, 0));
    const alarms = await alarmsOf(token, deviceId);
    expect(alarms.list.map((a) => [a.alarmType, a.fenceName])).toEqual([['fenceOut', '东城']]);
  });

  it('raises device alarms by their toggles, one per type within the throttle', async () => {
    const { deviceId, token } = await ownedDevice();
    const alarm = async (alarms: ('sos' | 'vibration' | 'fatigue')[], at: number) => {
      server.events.publish({ type: 'alarm', deviceId, alarms, at });
      await server.services.alarmEngine.idle();
    };
    await alarm(['sos'], T0);
    await alarm(['sos'], T0 + 60_000); // within 5 minutes: throttled
    await alarm(['vibration'], T0 + 60_000); // off by default (§4)
    let types = (await alarmsOf(token, deviceId)).list.map((a) => a.alarmType);
    expect(types).toEqual(['sos']);
    const setting = (await call<AlarmSetting>('GET', `/terminal-alarm-setting/${deviceId}`, token))
      .data;
    expect(setting).toMatchObject({ sosAlarm: 1, vibrationAlarm: 0, pushAlarm: 1 });
    expect(
      (
        await call('POST', '/terminal-alarm-setting/set-vibration-alarm', token, {
          id: setting.id,
          status: 1,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await call('POST', '/terminal-alarm-setting/set-sos-alarm', token, {
          id: setting.id,
          status: 0,
        })
      ).code,
    ).toBe(0);
    await alarm(['vibration', 'sos'], T0 + 120_000);
    await alarm(['sos'], T0 + 400_000 + 60_000);
    types = (await alarmsOf(token, deviceId)).list.map((a) => a.alarmType);
    expect(types).toEqual(['vibration', 'sos']);
  });

  it('raises overspeed once the limit is held, and needs the limit to turn it on', async () => {
    const { deviceId, token } = await ownedDevice();
    const setting = (await call<AlarmSetting>('GET', `/terminal-alarm-setting/${deviceId}`, token))
      .data;
    const refused = await call<{ field: string }>(
      'POST',
      '/terminal-alarm-setting/set-speed-alarm',
      token,
      {
        id: setting.id,
        status: 1,
      },
    );
    expect(refused.code).toBe(1000);
    expect(refused.data.field).toBe('speed');
    const set = await call<AlarmSetting>('POST', '/terminal-alarm-setting/set-speed-alarm', token, {
      id: setting.id,
      status: 1,
      speed: 80,
    });
    expect(set.data).toMatchObject({ speedAlarm: 1, speedLimit: 80 });
    await fix(deviceId, T0, SCHOOL, { speed: 90 });
    await fix(deviceId, T0 + 5_000, offset(SCHOOL, 120, 0), { speed: 95 });
    expect((await alarmsOf(token, deviceId)).count).toBe(0); // not held 10 s yet
    await fix(deviceId, T0 + 12_000, offset(SCHOOL, 400, 0), { speed: 92.456 });
    const alarms = await alarmsOf(token, deviceId);
    expect(alarms.list.map((a) => [a.alarmType, a.speed])).toEqual([['overspeed', 92.46]]);
  });

  it('keeps each user’s read, removed and cleared marks, and counts the unread', async () => {
    const { deviceId, token } = await ownedDevice();
    for (const [i, type] of (['sos', 'powerCut', 'lowBattery'] as const).entries()) {
      server.events.publish({ type: 'alarm', deviceId, alarms: [type], at: T0 + i * 1000 });
    }
    await server.services.alarmEngine.idle();
    const stats = async () =>
      (await call<AlarmStatistics>('GET', '/alarm-log/statistics', token)).data;
    expect(await stats()).toMatchObject({
      total: 3,
      byTerminal: [{ terminalId: deviceId, count: 3 }],
    });
    const list = (await alarmsOf(token, deviceId)).list;
    const read = await call<AlarmLog>('GET', `/v2/alarm-log/${list[0]!.id}`, token);
    expect(read.data.read).toBe(true);
    expect((await stats()).total).toBe(2);
    const filtered = await call<AlarmLogPage>(
      'GET',
      `/v2/alarm-log/page?terminalId=${deviceId}&alarmTypes=sos,powerCut&type=unread`,
      token,
    );
    expect(list[0]!.alarmType).toBe('lowPower');
    expect(filtered.data.list.map((a) => a.alarmType)).toEqual(['powerCut', 'sos']);
    expect((await call('DELETE', `/alarm-log/${list[1]!.id}`, token)).code).toBe(0);
    expect((await alarmsOf(token, deviceId)).count).toBe(2);
    const other = await ownedDevice();
    expect((await call('GET', `/v2/alarm-log/${list[2]!.id}`, other.token)).code).toBe(2701);
    expect((await call('DELETE', `/alarm-log/${list[2]!.id}`, other.token)).code).toBe(2701);
    expect((await call('GET', `/v2/alarm-log/page?terminalId=${deviceId}`, other.token)).code).toBe(
      2501,
    );
    expect((await call<AlarmLogPage>('GET', '/v2/alarm-log/page', other.token)).data.count).toBe(0);
    expect((await call('DELETE', `/alarm-log/clear?terminalId=${deviceId}`, token)).code).toBe(0);
    expect((await alarmsOf(token, deviceId)).count).toBe(0);
    expect((await stats()).total).toBe(0);
  });

  it('checks phone numbers (§5) and calls or texts a number at most once in 3 minutes (§9)', async () => {
    const { deviceId, token } = await ownedDevice();
    const setting = (await call<AlarmSetting>('GET', `/terminal-alarm-setting/${deviceId}`, token))
      .data;
    const post = (path: string, body: object) =>
      call<{ field: string; issues: { rule: string }[] }>(
        'POST',
        `/terminal-alarm-setting/${path}`,
        token,
        { id: setting.id, ...body },
      );
    let answer = await post('set-sms-alarm', { status: 1 });
    expect([answer.code, answer.data.issues[0]!.rule]).toEqual([1000, 'phoneRequired']);
    answer = await post('set-sms-phone-number', {
      smsPhoneNo1: '13800000001',
      smsPhoneNo2: '13800000001',
    });
    expect([answer.code, answer.data.field, answer.data.issues[0]!.rule]).toEqual([
      1000,
      'smsPhoneNo2',
      'phoneRepeated',
    ]);
    answer = await post('set-sms-phone-number', { smsPhoneNo1: '1380000000' });
    expect([answer.code, answer.data.issues[0]!.rule]).toEqual([1000, 'mobile']);
    expect(
      (await post('set-sms-phone-number', { smsPhoneNo1: '13800000001', smsPhoneNo3: '' })).code,
    ).toBe(0);
    expect((await post('set-sms-alarm', { status: 1 })).code).toBe(0);
    answer = await post('set-sms-phone-number', { smsPhoneNo1: null });
    expect([answer.code, answer.data.issues[0]!.rule]).toEqual([1000, 'phoneRequired']);

    const { notifications } = server.repositories;
    const alarmAt = async (type: 'sos' | 'powerCut', at: number) => {
      server.events.publish({ type: 'alarm', deviceId, alarms: [type], at });
      await delivered();
      const [row] = (await alarmsOf(token, deviceId)).list;
      return notifications.ofAlarm(row!.id);
    };
    const first = await alarmAt('sos', Date.now());
    expect(first.find((job) => job.channel === 'sms')).toMatchObject({
      recipient: '13800000001',
      status: 'sent',
    });
    const second = await alarmAt('powerCut', Date.now());
    const throttled = second.find((job) => job.channel === 'sms')!;
    expect(throttled.status).toBe('throttled');
    expect((await notifications.attemptsOf(throttled.id))[0]!.detail).toMatch(/3 minutes/);
    const outbox = await server.database.handle.db
      .selectFrom('smsOutbox')
      .selectAll()
      .where('phoneNumber', '=', '13800000001')
      .execute();
    expect(outbox).toHaveLength(1);
  });

  it('registers push clients for their own user only', async () => {
    const { deviceId, token } = await ownedDevice();
    const key = await call<{ publicKey: string }>('GET', '/push/vapid-key', token);
    expect(Buffer.from(key.data.publicKey, 'base64url')).toHaveLength(65);
    const registered = await call<{ pushClientId: string }>('POST', '/push/client', token, {
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'BPk', auth: 'qL' },
    });
    expect(registered.code).toBe(0);
    const setting = (await call<AlarmSetting>('GET', `/terminal-alarm-setting/${deviceId}`, token))
      .data;
    const other = await ownedDevice();
    const otherSetting = (
      await call<AlarmSetting>('GET', `/terminal-alarm-setting/${other.deviceId}`, other.token)
    ).data;
    expect(
      (
        await call('POST', '/terminal-alarm-setting/set-push-alarm', other.token, {
          id: otherSetting.id,
          status: 1,
          pushClientId: registered.data.pushClientId,
        })
      ).code,
    ).toBe(2703);
    expect(
      (
        await call('POST', '/terminal-alarm-setting/set-push-alarm', token, {
          id: setting.id,
          status: 1,
          pushClientId: registered.data.pushClientId,
        })
      ).code,
    ).toBe(0);
    expect((await call('GET', `/terminal-alarm-setting/${deviceId}`, other.token)).code).toBe(2501);
    expect(
      (
        await call('POST', '/terminal-alarm-setting/set-sos-alarm', other.token, {
          id: setting.id,
          status: 0,
        })
      ).code,
    ).toBe(2702);
  });

  it('pushes an alarm to the browsers of its users, encrypted and signed (VAPID), and drops expired ones', async () => {
    const pushService = startPushServiceStandIn();
    await pushService.listen();
    try {
      const { deviceId, token } = await ownedDevice();
      const { publicKey } = (await call<{ publicKey: string }>('GET', '/push/vapid-key', token))
        .data;
      const { subscription } = pushService.subscribe(publicKey);
      const registered = await call<{ pushClientId: string }>(
        'POST',
        '/push/client',
        token,
        subscription,
      );
      expect(registered.code).toBe(0);
      server.events.publish({ type: 'alarm', deviceId, alarms: ['sos'], at: Date.now() });
      await server.services.alarmEngine.idle();
      await delivered();
      expect(pushService.refusals).toEqual([]);
      const [message] = pushService.received;
      const [alarm] = (await alarmsOf(token, deviceId)).list;
      expect(JSON.parse(message!.plaintext)).toMatchObject({
        alarmId: alarm!.id,
        terminalId: deviceId,
        title: 'SOS 求救',
      });
      expect(message!.urgency).toBe('high');

      pushService.expire(subscription.endpoint);
      server.events.publish({ type: 'alarm', deviceId, alarms: ['powerCut'], at: Date.now() });
      await server.services.alarmEngine.idle();
      await delivered();
      const [latest] = (await alarmsOf(token, deviceId)).list;
      const [job] = await server.repositories.notifications.ofAlarm(latest!.id);
      expect(job).toMatchObject({ channel: 'push', status: 'gone' });
      expect(
        await server.repositories.pushClients.byId(registered.data.pushClientId),
      ).toBeUndefined();
    } finally {
      await pushService.close();
    }
  });

  it('converts GCJ-02 to WGS-84 and back within 0.5 m', () => {
    const gcj = wgs84ToGcj02(SCHOOL);
    expect(distanceMetres(gcj02ToWgs84(gcj), SCHOOL)).toBeLessThan(0.5);
  });
});
