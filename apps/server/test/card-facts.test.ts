import {
  Codes,
  dayBounds,
  localDate,
  type AlarmLog,
  type AlarmType,
  type DayMileage,
  type Terminal,
  type TerminalPage,
} from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from './support/databases.js';
import { storedFix } from './support/stored-fix.js';
import {
  bindingSince,
  phoneNumbers,
  registerUser,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PLACE = { latitude: 22.5431, longitude: 114.0579 };

/** What the device card and the message tab read beyond the §3 Terminal: SIM, day mileage, latest alarms. */
describe.each(testDialects())('device card facts on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const nextPhone = phoneNumbers('139');
  let nextDevice = 0;

  async function account() {
    const { token, user } = await registerUser(server, nextPhone());
    return { token, userId: user.userId };
  }

  /** A device of its owner since its registration (its whole history is the owner's). */
  async function deviceOf(userId: number, name: string | null = null) {
    const device = await server.repositories.devices.create({
      terminalNo: `88${String(++nextDevice).padStart(10, '0')}`,
      passwordHash: 'unused',
      protocol: 'watch',
      name,
      createdAt: server.clock.now(),
    });
    await server.repositories.devices.bind(userId, device.id, true, 'active', 0);
    return device.id;
  }

  /** A new account owning a new device. */
  async function ownedDevice(name: string | null = null) {
    const owner = await account();
    return { ...owner, deviceId: await deviceOf(owner.userId, name) };
  }

  /** Fixes with the mileage the gateway stored for them (odometer or computed), km. */
  async function storeMileage(deviceId: number, readings: [time: number, km: number][]) {
    await server.repositories.positions.commitBatch({
      positions: readings.map(([time, km]) => storedFix(deviceId, time, PLACE, { mileage: km })),
      states: [],
      frames: [],
      networkFixes: [],
    });
  }

  const dayMileage = (token: string, deviceId: number, timeZone: string) =>
    server.call<DayMileage>(
      'GET',
      `/v2/terminal/day-mileage/${deviceId}?timeZone=${encodeURIComponent(timeZone)}`,
      { token },
    );

  const startOfToday = (timeZone: string) =>
    dayBounds(localDate(server.clock.now(), timeZone), timeZone).start;

  it('tells the SIM number to call the device by, null while unknown', async () => {
    const { deviceId, token } = await ownedDevice();
    const before = await server.call<Terminal>('GET', `/v2/terminal/${deviceId}`, { token });
    expect(before.body.data.simNo).toBeNull();
    await server.repositories.devices.update(deviceId, { simNo: '13800000003' });
    const one = await server.call<Terminal>('GET', `/v2/terminal/${deviceId}`, { token });
    expect(one.body.data.simNo).toBe('13800000003');
    const page = await server.call<TerminalPage>('GET', '/terminal/page?page=1', { token });
    expect(page.body.data.list.map((terminal) => terminal.simNo)).toEqual(['13800000003']);
  });

  it("answers the odometer at the start of the caller's day, in the caller's zone", async () => {
    const { deviceId, token } = await ownedDevice();
    const shanghai = startOfToday('Asia/Shanghai');
    const losAngeles = startOfToday('America/Los_Angeles');
    const times = [shanghai, losAngeles].flatMap((start) => [start - MINUTE, start + MINUTE]);
    const readings = times
      .sort((a, b) => a - b)
      .map((time, index): [number, number] => [time, 1000 + index * 10]);
    await storeMileage(deviceId, readings);
    const before = (start: number) => readings.find(([time]) => time === start - MINUTE)![1];

    const inShanghai = await dayMileage(token, deviceId, 'Asia/Shanghai');
    expect(inShanghai.body).toMatchObject({
      code: 0,
      data: {
        date: localDate(server.clock.now(), 'Asia/Shanghai'),
        from: shanghai,
        odometer: before(shanghai),
      },
    });
    const inLosAngeles = await dayMileage(token, deviceId, 'America/Los_Angeles');
    expect(inLosAngeles.body.data).toMatchObject({
      from: losAngeles,
      odometer: before(losAngeles),
    });
  });

  it('counts from the binding when it began today, and has no reading without fixes', async () => {
    const { deviceId, token } = await ownedDevice();
    const start = startOfToday('Asia/Shanghai');
    const none = await dayMileage(token, deviceId, 'Asia/Shanghai');
    expect(none.body.data).toMatchObject({ from: start, odometer: null });

    await storeMileage(deviceId, [
      [start - MINUTE, 100],
      [start + HOUR, 110],
      [start + 3 * HOUR, 130],
    ]);
    const member = await account();
    await server.repositories.devices.bind(member.userId, deviceId, false);
    await bindingSince(server, member.userId, deviceId, start + 2 * HOUR);
    const theirs = await dayMileage(member.token, deviceId, 'Asia/Shanghai');
    // Nothing from before the binding: the first reading after it.
    expect(theirs.body.data).toMatchObject({ from: start + 2 * HOUR, odometer: 130 });
    const mine = await dayMileage(token, deviceId, 'Asia/Shanghai');
    expect(mine.body.data).toMatchObject({ from: start, odometer: 100 });
  });

  it('gives another user nothing, exactly as for a missing device; refuses an unknown zone', async () => {
    const { deviceId, token } = await ownedDevice();
    await storeMileage(deviceId, [[startOfToday('Asia/Shanghai') - MINUTE, 100]]);
    const stranger = await account();
    const theirs = await dayMileage(stranger.token, deviceId, 'Asia/Shanghai');
    const missing = await dayMileage(stranger.token, 999_999, 'Asia/Shanghai');
    expect(theirs.body.code).toBe(Codes.DEVICE_UNBOUND.code);
    expect(theirs.body).toEqual(missing.body);
    const badZone = await dayMileage(token, deviceId, 'Mars/Olympus');
    expect(badZone.status).toBe(400);
    expect(badZone.body.code).toBe(Codes.VALIDATION.code);
  });

  describe('the newest alarm of each device', () => {
    async function alarm(deviceId: number, alarmType: AlarmType, time: number) {
      return server.repositories.alarmLogs.insert({
        deviceId,
        alarmType,
        alarmTime: time,
        beginLat: PLACE.latitude,
        beginLon: PLACE.longitude,
        endLat: null,
        endLon: null,
        address: `${alarmType} place`,
        fenceId: null,
        fenceName: null,
        speed: null,
        createdAt: time,
      });
    }
    const latest = (token: string) =>
      server.call<AlarmLog[]>('GET', '/v2/alarm-log/latest', { token }).then((r) => r.body);

    it('answers one per device, newest first, read or not; a removed one gives way', async () => {
      const car = await ownedDevice('Car');
      const now = server.clock.now();
      await alarm(car.deviceId, 'sos', now - 3 * HOUR);
      const newest = await alarm(car.deviceId, 'overspeed', now - HOUR);
      const watch = await deviceOf(car.userId);
      const other = await alarm(watch, 'lowPower', now - 2 * HOUR);
      // Read: it stays the newest.
      await server.call('GET', `/v2/alarm-log/${newest.id}`, { token: car.token });

      const first = await latest(car.token);
      expect(first.code).toBe(0);
      expect(first.data.map((a) => [a.terminalId, a.id, a.alarmType, a.read])).toEqual([
        [car.deviceId, newest.id, 'overspeed', true],
        [watch, other.id, 'lowPower', false],
      ]);
      expect(first.data[0]).toMatchObject({ terminalName: 'Car', address: 'overspeed place' });

      await server.call('DELETE', `/alarm-log/${newest.id}`, { token: car.token });
      const after = await latest(car.token);
      expect(after.data.map((a) => [a.terminalId, a.alarmType])).toEqual([
        [watch, 'lowPower'],
        [car.deviceId, 'sos'],
      ]);
    });

    it("gives the place in the caller's language: English where known, the stored Chinese else", async () => {
      const car = await ownedDevice('Car');
      const raised = await alarm(car.deviceId, 'sos', server.clock.now() - HOUR);
      const read = (language: string) =>
        server
          .call<AlarmLog>('GET', `/v2/alarm-log/${raised.id}`, { token: car.token, language })
          .then((r) => r.body.data.address);
      expect(await read('zh-CN')).toBe('sos place');
      // The district boundaries are read in the background on first use.
      await vi.waitFor(
        async () => expect(await read('en')).toBe('Futian District, Shenzhen, Guangdong'),
        {
          timeout: 10_000,
          interval: 200,
        },
      );
      const [newest] = (
        await server.call<AlarmLog[]>('GET', '/v2/alarm-log/latest', {
          token: car.token,
          language: 'en',
        })
      ).body.data;
      expect(newest?.address).toBe('Futian District, Shenzhen, Guangdong');
      const page = await server.call<{ list: AlarmLog[] }>(
        'GET',
        '/v2/alarm-log/page?page=1&limit=20',
        {
          token: car.token,
          language: 'en',
        },
      );
      expect(page.body.data.list.map((a) => a.address)).toEqual([
        'Futian District, Shenzhen, Guangdong',
      ]);
    });

    it('shows another user none of them, nor a member those from before the binding', async () => {
      const car = await ownedDevice();
      const now = server.clock.now();
      await alarm(car.deviceId, 'sos', now - HOUR);
      const stranger = await account();
      expect((await latest(stranger.token)).data).toEqual([]);

      const member = await account();
      await server.repositories.devices.bind(member.userId, car.deviceId, false);
      expect((await latest(member.token)).data).toEqual([]);
      const later = await alarm(car.deviceId, 'vibration', now + MINUTE);
      expect((await latest(member.token)).data.map((a) => a.id)).toEqual([later.id]);
    });
  });
});
