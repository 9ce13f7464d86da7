import {
  type AlarmLogPage,
  type AlarmSetting,
  type Terminal,
  type TrackInfo,
  decodeTrack,
  localDate,
} from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/services/password-hasher.js';
import { testDialects } from './support/databases.js';
import { storedFix, storedState } from './support/stored-fix.js';
import {
  phoneNumbers,
  registerUser,
  smsCode,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const HOUR = 3_600_000;
const SHANGHAI = 'Asia/Shanghai';
const HOME = { latitude: 31.2335, longitude: 121.4705 };

describe.each(testDialects())('device tenure on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('139');
  let nextDevice = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function createDevice(enterpriseId: number | null = null, protocol = 'watch') {
    return server.repositories.devices.create({
      terminalNo: `88${String(++nextDevice).padStart(10, '0')}`,
      passwordHash: await hashSecret(transport('123456')),
      protocol,
      model: null,
      iccid: null,
      name: null,
      enterpriseId,
      createdAt: Date.now(),
    });
  }

  async function account() {
    const { token, user } = await registerUser(server, nextPhone());
    return { token, userId: user.userId };
  }

  async function call<T>(method: string, path: string, token: string, body?: unknown) {
    const { body: answer } = await server.call<T>(method, path, {
      token,
      ...(body !== undefined && { body }),
    });
    return answer;
  }

  const bind = (token: string, terminalNo: string) =>
    call<{ isOwner: boolean; state: string }>('POST', '/terminal/bind', token, {
      terminalNo,
      password: transport('123456'),
    });

  /** A fix at `time` near home, stored as the gateway stores it, and the device's state. */
  async function position(deviceId: number, time: number) {
    const row = storedFix(deviceId, time, HOME);
    await server.repositories.positions.commitBatch({
      positions: [row],
      states: [storedState(deviceId, time, HOME, { status: 'offline' })],
      frames: [],
      networkFixes: [],
    });
    server.events.publish({ type: 'stored', deviceId, from: time, to: time });
  }

  async function alarm(deviceId: number, time: number) {
    return server.repositories.alarmLogs.insert({
      deviceId,
      alarmType: 'sos',
      alarmTime: time,
      beginLat: HOME.latitude,
      beginLon: HOME.longitude,
      endLat: HOME.latitude,
      endLon: HOME.longitude,
      address: 'home',
      fenceId: null,
      fenceName: null,
      speed: 0,
      createdAt: time,
    });
  }

  async function recording(deviceId: number, time: number) {
    return server.repositories.audioRecords.createFromUpload(
      {
        deviceId,
        commandId: null,
        source: 'device',
        fileName: `${deviceId}/${time}.mp3`,
        originalName: `${deviceId}/${time}.amr`,
        mimeType: 'audio/mpeg',
        durationMs: 1000,
        sizeBytes: 100,
        isRead: 0,
        createdAt: time,
        deleteTime: null,
      },
      `media-${time}`,
    );
  }

  /** A fence named "home" around the device's place, as its owner draws one. */
  async function homeFence(token: string, deviceId: number) {
    const fence = await call('POST', '/v2/fence', token, {
      terminalId: deviceId,
      name: 'home',
      type: 'round',
      alarmType: 'out',
      radius: 200,
      fenceData: [{ lng: 121.475, lat: 31.231 }],
    });
    expect(fence.code).toBe(0);
  }

  /** What `token` sees of the device's past: every list a previous owner filled. */
  async function pastOf(token: string, deviceId: number, day: number) {
    const date = localDate(day, SHANGHAI);
    const window = `startTime=${date}%2000:00:00&endTime=${date}%2023:59:59&timeZone=${SHANGHAI}`;
    const track = await call<TrackInfo>(
      'GET',
      `/v2/track/info?terminalId=${deviceId}&${window}`,
      token,
    );
    const dates = await call<string[]>(
      'GET',
      `/track/dates?terminalId=${deviceId}&startDate=${date}&endDate=${date}&timeZone=${SHANGHAI}`,
      token,
    );
    const alarms = await call<AlarmLogPage>(
      'GET',
      `/v2/alarm-log/page?terminalId=${deviceId}`,
      token,
    );
    const allAlarms = await call<AlarmLogPage>('GET', '/v2/alarm-log/page', token);
    const records = await call<{ list: unknown[] }>(
      'GET',
      `/record/page?terminalId=${deviceId}&limit=20`,
      token,
    );
    const commands = await call<{ count: number }>(
      'GET',
      `/command/page?terminalId=${deviceId}&page=1&limit=20`,
      token,
    );
    const fences = await call<{ count: number }>(
      'GET',
      `/v2/fence/page?terminalId=${deviceId}`,
      token,
    );
    const terminal = await call<Terminal>('GET', `/v2/terminal/${deviceId}`, token);
    return {
      points: decodeTrack(track.data.points).count,
      dates: dates.data,
      alarms: alarms.data.count,
      allAlarms: allAlarms.data.list.filter((a) => a.terminalId === deviceId).length,
      records: records.data.list.length,
      commands: commands.data.count,
      fences: fences.data.count,
      latitude: terminal.data.latWGS84,
    };
  }

  it('shows the next owner nothing of the previous one, and clears their settings', async () => {
    const device = await createDevice();
    const seller = await account();
    expect((await bind(seller.token, device.terminalNo)).data.isOwner).toBe(true);

    // The seller's life with the device: fixes, an alarm, a recording, a fence, alarm numbers
    // and a white list still queued for the (offline) device.
    const lived = server.clock.now() + HOUR;
    server.clock.advance(2 * HOUR);
    await position(device.id, lived);
    const sellersAlarm = await alarm(device.id, lived);
    const sellersRecording = await recording(device.id, lived);
    await homeFence(seller.token, device.id);
    const setting = (
      await call<AlarmSetting>('GET', `/terminal-alarm-setting/${device.id}`, seller.token)
    ).data;
    expect(
      (
        await call('POST', '/terminal-alarm-setting/set-tel-phone-number', seller.token, {
          id: setting.id,
          telPhoneNo1: '13912345678',
        })
      ).code,
    ).toBe(0);
    const queued = await call<{ result: string }>('POST', '/terminal/white-list', seller.token, {
      terminalId: device.id,
      phoneList: ['13912345678'],
    });
    expect(queued).toMatchObject({ code: 0, data: { result: 'delayedDelivery' } });

    const sellerSees = await pastOf(seller.token, device.id, lived);
    expect(sellerSees).toMatchObject({ points: 1, alarms: 1, records: 1, fences: 1 });
    expect(sellerSees.commands).toBeGreaterThan(0);
    expect(sellerSees.dates).toHaveLength(1);

    // Sold: the seller unbinds, the buyer binds with the (default) password.
    expect((await call('POST', '/terminal/unbind', seller.token, { id: device.id })).code).toBe(0);
    server.clock.advance(HOUR);
    const buyer = await account();
    expect((await bind(buyer.token, device.terminalNo)).data.isOwner).toBe(true);

    expect(await pastOf(buyer.token, device.id, lived)).toEqual({
      points: 0,
      dates: [],
      alarms: 0,
      allAlarms: 0,
      records: 0,
      commands: 0,
      fences: 0,
      latitude: null,
    });
    const hidden = [`/v2/alarm-log/${sellersAlarm.id}`, `/record/audio/${sellersRecording.id}`].map(
      (path) => server.call('GET', path, { token: buyer.token }),
    );
    for (const answer of await Promise.all(hidden)) expect(answer.body.code).not.toBe(0);

    const fresh = (
      await call<AlarmSetting>('GET', `/terminal-alarm-setting/${device.id}`, buyer.token)
    ).data;
    expect(fresh.telPhoneNo1).toBeNull();
    const waiting = await server.repositories.commands.unfinished(device.id);
    expect(waiting).toEqual([]);
    expect(await server.repositories.fences.enabledOf([device.id])).toEqual([]);

    // What happens now is the buyer's.
    const now = server.clock.now();
    await position(device.id, now);
    await alarm(device.id, now);
    const buyerSees = await pastOf(buyer.token, device.id, now);
    expect(buyerSees).toMatchObject({ points: 1, alarms: 1, allAlarms: 1 });
    expect(buyerSees.latitude).toBeCloseTo(HOME.latitude, 6);
  });

  it('tells the owner who joins or asks to, and shows a member only what came after', async () => {
    // Past noon in Shanghai: the fix an hour back and the one a minute ahead fall on one local
    // day, whatever the hour the suite runs at (the day's track is what is compared).
    const hourThere = (new Date(server.clock.now()).getUTCHours() + 8) % 24;
    server.clock.advance((((36 - hourThere) % 24) + 1) * HOUR);
    const device = await createDevice();
    const owner = await account();
    await bind(owner.token, device.terminalNo);
    await server.repositories.pushClients.save({
      id: `push-${device.id}`,
      userId: owner.userId,
      endpoint: 'https://push.example.com/send/1',
      p256dh: 'key',
      auth: 'auth',
      language: 'en',
      createdAt: Date.now(),
    });
    const before = server.clock.now() - HOUR;
    await position(device.id, before);

    const member = await account();
    expect((await bind(member.token, device.terminalNo)).data.isOwner).toBe(false);
    const asking = await account();
    const request = await call<{ state: string }>('POST', '/terminal/bind-nopwd', asking.token, {
      terminalNo: device.terminalNo,
    });
    expect(request.data.state).toBe('pending');

    const notices = (
      await call<AlarmLogPage>('GET', `/v2/alarm-log/page?terminalId=${device.id}`, owner.token)
    ).data.list;
    expect(notices.map((n) => n.alarmType).sort()).toEqual(['memberJoined', 'memberRequest']);
    for (const notice of notices) {
      expect(notice.member).toMatch(/^139\*{4}\d{4}$/);
      const jobs = await server.repositories.notifications.ofAlarm(notice.id);
      expect(jobs.map((job) => [job.channel, job.recipient])).toEqual([
        ['push', `push-${device.id}`],
      ]);
    }

    // The member joined after the owner's fix: not theirs to see; a fix after their join is.
    expect((await pastOf(member.token, device.id, before)).points).toBe(0);
    server.clock.advance(60_000);
    await position(device.id, server.clock.now());
    expect((await pastOf(member.token, device.id, server.clock.now())).points).toBe(1);
    expect((await pastOf(owner.token, device.id, before)).points).toBe(1);
  });

  it('lets an owned device go when its owner cancels the account', async () => {
    const device = await createDevice();
    const phone = nextPhone();
    const { token } = await registerUser(server, phone);
    await bind(token, device.terminalNo);
    await homeFence(token, device.id);
    server.clock.advance(61_000);
    const code = await smsCode(server, phone);
    expect(
      (await call('POST', '/account/cancellation', token, { phoneNumber: phone, code })).code,
    ).toBe(0);
    expect(await server.repositories.fences.enabledOf([device.id])).toEqual([]);
    const next = await account();
    expect((await bind(next.token, device.terminalNo)).data.isOwner).toBe(true);
    expect((await pastOf(next.token, device.id, server.clock.now())).fences).toBe(0);
  });

  it('starts an organisation afresh when an operator moves a device to it', async () => {
    const first = await server.repositories.enterprises.create('Fleet A', null);
    const second = await server.repositories.enterprises.create('Fleet B', null);
    const device = await createDevice(first.id);
    const past = server.clock.now() - HOUR;
    await position(device.id, past);
    const manager = await account();
    await server.database.handle.db
      .updateTable('users')
      .set({ userType: 1, enterpriseId: second.id })
      .where('id', '=', manager.userId)
      .execute();
    expect((await call('GET', `/v2/terminal/${device.id}`, manager.token)).code).not.toBe(0);

    await server.services.tenure.transfer(device.id, second.id);
    const moved = await pastOf(manager.token, device.id, past);
    expect(moved).toMatchObject({ points: 0, alarms: 0, latitude: null });
    await position(device.id, server.clock.now() + 1000);
    expect((await pastOf(manager.token, device.id, server.clock.now())).points).toBe(1);
  });
});
