import { Codes, type Terminal, type TerminalPage } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/services/password-hasher.js';
import { testDialects } from './support/databases.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const DAY = 86_400_000;
const SHENZHEN = { latitude: 22.5431, longitude: 114.0579 };

describe.each(testDialects())('devices on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('135');
  let nextDevice = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function createDevice(
    options: { password?: string; protocol?: string; model?: string; enterpriseId?: number } = {},
  ) {
    const terminalNo = `86${String(++nextDevice).padStart(10, '0')}`;
    return server.repositories.devices.create({
      terminalNo,
      passwordHash: await hashSecret(transport(options.password ?? '123456')),
      protocol: options.protocol ?? 'gt06',
      model: options.model ?? null,
      iccid: '89860012345678901234',
      name: null,
      enterpriseId: options.enterpriseId ?? null,
      createdAt: Date.now(),
    });
  }

  async function user() {
    const { token, user } = await registerUser(server, nextPhone());
    return { token, userId: user.userId };
  }

  const bind = (token: string, terminalNo: string, password = '123456') =>
    server.call<{ terminalId: number; state: string; isOwner: boolean }>('POST', '/terminal/bind', {
      token,
      body: { terminalNo, password: transport(password) },
    });

  async function reportPosition(
    deviceId: number,
    speed: number,
    course: number,
    at = server.clock.now(),
  ) {
    await server.database.handle.db
      .insertInto('deviceStates')
      .values({
        deviceId,
        status: 'online',
        lastAlive: at,
        locateTime: at,
        latitude: SHENZHEN.latitude,
        longitude: SHENZHEN.longitude,
        speed,
        course,
        valid: 1,
        lbsMode: 'gps',
        satellites: 9,
        battery: 80,
        signal: 75,
        acc: 1,
        voltage: 12.4,
        mileage: 1234.5,
        charging: 0,
        updatedAt: at,
      })
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet({ speed, course, status: 'online', locateTime: at }),
      )
      .execute();
  }

  it('binds: the first account owns the device, the next one follows it', async () => {
    const device = await createDevice();
    const owner = await user();
    const family = await user();
    const first = await bind(owner.token, device.terminalNo);
    expect(first.body).toMatchObject({
      code: 0,
      data: { terminalId: device.id, state: 'bound', isOwner: true },
    });
    const second = await bind(family.token, device.terminalNo);
    expect(second.body.data).toMatchObject({ state: 'bound', isOwner: false });
    const again = await bind(owner.token, device.terminalNo);
    expect(again.body.code).toBe(Codes.DEVICE_ALREADY_BOUND.code);
  });

  it('refuses a wrong device password, then asks for a picture code after three', async () => {
    const device = await createDevice({ password: '654321' });
    const { token } = await user();
    const wrong = await bind(token, device.terminalNo, '111111');
    expect(wrong.body.code).toBe(Codes.DEVICE_PASSWORD_WRONG.code);
    expect(wrong.body.message).toBe(Codes.DEVICE_PASSWORD_WRONG['zh-CN']);
    for (let i = 0; i < 2; i++) await bind(token, device.terminalNo, '111111');
    const asked = await bind(token, device.terminalNo, '654321');
    expect(asked.body.code).toBe(Codes.CAPTCHA_REQUIRED.code);
    const unknown = await bind(token, '999999999999');
    expect(unknown.body.code).toBe(Codes.DEVICE_NOT_FOUND.code);
  });

  it('answers every §3 terminal field, computed', async () => {
    const device = await createDevice({ model: 'TM200' });
    const { token } = await user();
    await bind(token, device.terminalNo);
    await reportPosition(device.id, 42.456, 95);
    await server.repositories.deviceServices.save({
      deviceId: device.id,
      startingTime: server.clock.now() - DAY,
      expirationTime: server.clock.now() + 365 * DAY,
      isTrial: 0,
    });
    const { body } = await server.call<Terminal>('GET', `/v2/terminal/${device.id}`, { token });
    expect(body.code).toBe(0);
    const terminal = body.data;
    expect(terminal).toMatchObject({
      id: device.id,
      terminalNo: device.terminalNo,
      terminalName: device.terminalNo,
      iconType: 1,
      iccid: '89860012345678901234',
      deviceState: 1,
      status: 'moving',
      motion: true,
      direction: 95,
      dir: 'east',
      lonWGS84: SHENZHEN.longitude,
      latWGS84: SHENZHEN.latitude,
      isOwner: true,
      userState: 1,
      activationState: 1,
      terminalTypeInfo: { name: 'TM200', family: 'tm200', category: 'wired' },
      lbsInfo: { battery: 80, gnssCount: 9, wlSignal: 75, speed: 42.456, acc: 1, lbsMode: 'gps' },
    });
    // GCJ-02 inside mainland China is shifted by a few hundred metres.
    expect(Math.abs(terminal.lon! - SHENZHEN.longitude)).toBeGreaterThan(0.001);
    expect(Math.abs(terminal.lat! - SHENZHEN.latitude)).toBeGreaterThan(0.001);
    expect(terminal.TextLocation).toContain('深圳');
    expect(terminal.filter).toEqual({
      lbs: true,
      wifi: true,
      mix: true,
      lbsLocation: true,
      wifiLocation: true,
      mixLocation: true,
    });
  });

  it('pages the list with count, state filter and search by number or name', async () => {
    const { token } = await user();
    const devices = [];
    for (let i = 0; i < 5; i++) {
      const device = await createDevice();
      await bind(token, device.terminalNo);
      devices.push(device);
    }
    await reportPosition(devices[0]!.id, 0, 0);
    await server.call('PUT', '/terminal', {
      token,
      body: { id: devices[1]!.id, terminalName: '爸爸的车' },
    });

    const page = (query: string) =>
      server
        .call<TerminalPage>('GET', `/terminal/page?${query}`, { token })
        .then((r) => r.body.data);
    const all = await page('page=1&limit=2');
    expect(all.count).toBe(5);
    expect(all.list.map((t) => t.id)).toEqual([devices[0]!.id, devices[1]!.id]);
    expect((await page('page=3&limit=2')).list).toHaveLength(1);
    expect((await page('deviceState=1')).list.map((t) => t.id)).toEqual([devices[0]!.id]);
    expect((await page('deviceState=0')).count).toBe(4);
    expect((await page(`searchKey=${encodeURIComponent('爸爸')}`)).list.map((t) => t.id)).toEqual([
      devices[1]!.id,
    ]);
    expect(
      (await page(`searchKey=${devices[2]!.terminalNo.slice(-4)}`)).list.map((t) => t.id),
    ).toEqual([devices[2]!.id]);
    expect((await page('searchKey=%25')).count).toBe(0);

    const stats = await server.call('GET', '/terminal/statistics', { token });
    expect(stats.body.data).toEqual({ total: 5, unused: 4, online: 1, offline: 0, shutdown: 0 });
  });

  it('gives another user exactly what a missing device gives, on every device-scoped call', async () => {
    const device = await createDevice();
    const owner = await user();
    const stranger = await user();
    await bind(owner.token, device.terminalNo);
    const missing = 999_999;
    const calls: [string, (id: number) => string, ((id: number) => unknown)?][] = [
      ['GET', (id) => `/v2/terminal/${id}`],
      ['GET', (id) => `/terminal/${id}`],
      ['GET', (id) => `/terminal/funcs/${id}`],
      ['GET', (id) => `/terminal/value-added/${id}`],
      ['GET', (id) => `/terminal/members/${id}`],
      ['POST', () => '/terminal/unbind', (id) => ({ id })],
      ['PUT', () => '/terminal', (id) => ({ id, terminalName: 'mine now' })],
      ['PUT', () => '/terminal/icon', (id) => ({ id, iconType: 2 })],
      ['PUT', () => '/terminal/filter', (id) => ({ id, lbs: false })],
      [
        'POST',
        () => '/terminal/members/remove',
        (id) => ({ terminalId: id, userId: owner.userId }),
      ],
      [
        'POST',
        () => '/terminal/members/accept',
        (id) => ({ terminalId: id, userId: owner.userId }),
      ],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await server.call(method, path(device.id), {
        token: stranger.token,
        body: body?.(device.id),
      });
      const none = await server.call(method, path(missing), {
        token: stranger.token,
        body: body?.(missing),
      });
      expect({ path: path(device.id), ...theirs.body }).toEqual({
        path: path(device.id),
        ...none.body,
      });
      expect(theirs.body.code).toBe(Codes.DEVICE_UNBOUND.code);
    }
    const ids = await server.call<Terminal[]>(
      'GET',
      `/v2/terminal/ids?ids=${device.id},${missing}`,
      { token: stranger.token },
    );
    expect(ids.body.data).toEqual([]);
    const page = await server.call<TerminalPage>('GET', '/terminal/page', {
      token: stranger.token,
    });
    expect(page.body.data.count).toBe(0);
    const pwd = await server.call('PUT', '/terminal/update-pwd', {
      token: stranger.token,
      body: {
        terminalNo: device.terminalNo,
        oldPassword: transport('123456'),
        newPassword: transport('654321'),
      },
    });
    expect(pwd.body.code).toBe(Codes.DEVICE_UNBOUND.code);
    // Nothing changed for the owner.
    const mine = await server.call<Terminal>('GET', `/v2/terminal/${device.id}`, {
      token: owner.token,
    });
    expect(mine.body.data.terminalName).toBe(device.terminalNo);
  });

  it('takes at most 1000 ids', async () => {
    const { token } = await user();
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const tooMany = await server.call('GET', `/v2/terminal/ids?ids=${ids}`, {
      token,
      language: 'en',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: Codes.VALIDATION.code, data: { field: 'ids' } });
    expect(tooMany.body.message).toContain('1,000');
    const bad = await server.call('GET', '/v2/terminal/ids?ids=1,x', { token });
    expect(bad.body.code).toBe(Codes.VALIDATION.code);
    const exactly = Array.from({ length: 1000 }, (_, i) => i + 1).join(',');
    expect((await server.call('GET', `/v2/terminal/ids?ids=${exactly}`, { token })).body.code).toBe(
      0,
    );
  });

  it('answers 2501 after unbinding and 2303 when the service expired', async () => {
    const device = await createDevice();
    const owner = await user();
    const family = await user();
    await bind(owner.token, device.terminalNo);
    await bind(family.token, device.terminalNo);
    await server.repositories.deviceServices.save({
      deviceId: device.id,
      startingTime: server.clock.now() - 30 * DAY,
      expirationTime: server.clock.now() - DAY,
      isTrial: 1,
    });
    const expired = await server.call('GET', `/v2/terminal/${device.id}`, { token: owner.token });
    expect(expired.body.code).toBe(Codes.SERVICE_EXPIRED.code);
    // Listed still, so the owner can renew it.
    const list = await server.call<TerminalPage>('GET', '/terminal/page', { token: owner.token });
    expect(list.body.data.list[0]).toMatchObject({ id: device.id, activationState: 3 });

    // A member leaves: only they lose it.
    await server.call('POST', '/terminal/unbind', { token: family.token, body: { id: device.id } });
    const gone = await server.call('GET', `/terminal/${device.id}`, { token: family.token });
    expect(gone.body.code).toBe(Codes.DEVICE_UNBOUND.code);
    expect(
      (await server.call('GET', `/terminal/${device.id}`, { token: owner.token })).body.code,
    ).toBe(Codes.SERVICE_EXPIRED.code);
    // The owner releases it: a new buyer can own it.
    await bind(family.token, device.terminalNo);
    await server.call('POST', '/terminal/unbind', { token: owner.token, body: { id: device.id } });
    expect(
      (await server.call('GET', `/terminal/${device.id}`, { token: owner.token })).body.code,
    ).toBe(Codes.DEVICE_UNBOUND.code);
    expect(
      (await server.call('GET', `/terminal/${device.id}`, { token: family.token })).body.code,
    ).toBe(Codes.DEVICE_UNBOUND.code);
    const buyer = await user();
    expect((await bind(buyer.token, device.terminalNo)).body.data).toMatchObject({ isOwner: true });
  });

  it('binds without the password after the owner accepts; the owner manages members', async () => {
    const device = await createDevice();
    const owner = await user();
    const asker = await user();
    const unowned = await createDevice();
    const refused = await server.call('POST', '/terminal/bind-nopwd', {
      token: asker.token,
      body: { terminalNo: unowned.terminalNo },
    });
    expect(refused.body.code).toBe(Codes.BIND_PASSWORD_REQUIRED.code);

    await bind(owner.token, device.terminalNo);
    const asked = await server.call('POST', '/terminal/bind-nopwd', {
      token: asker.token,
      body: { terminalNo: device.terminalNo },
    });
    expect(asked.body.data).toMatchObject({ state: 'pending' });
    expect(
      (await server.call('GET', `/v2/terminal/${device.id}`, { token: asker.token })).body.code,
    ).toBe(Codes.DEVICE_UNBOUND.code);
    const members = await server.call<{ userId: number; state: string; isOwner: boolean }[]>(
      'GET',
      `/terminal/members/${device.id}`,
      { token: owner.token },
    );
    expect(members.body.data.map((m) => [m.userId, m.isOwner, m.state])).toEqual([
      [owner.userId, true, 'active'],
      [asker.userId, false, 'pending'],
    ]);
    const notOwner = await server.call('POST', '/terminal/members/accept', {
      token: asker.token,
      body: { terminalId: device.id, userId: asker.userId },
    });
    expect(notOwner.body.code).toBe(Codes.DEVICE_UNBOUND.code);
    await server.call('POST', '/terminal/members/accept', {
      token: owner.token,
      body: { terminalId: device.id, userId: asker.userId },
    });
    expect(
      (await server.call('GET', `/v2/terminal/${device.id}`, { token: asker.token })).body.code,
    ).toBe(0);
    // A member cannot rename or remove; the owner removes them.
    const rename = await server.call('PUT', '/terminal', {
      token: asker.token,
      body: { id: device.id, terminalName: 'x' },
    });
    expect(rename.body.code).toBe(Codes.DEVICE_NOT_OWNER.code);
    await server.call('POST', '/terminal/members/remove', {
      token: owner.token,
      body: { terminalId: device.id, userId: asker.userId },
    });
    expect(
      (await server.call('GET', `/v2/terminal/${device.id}`, { token: asker.token })).body.code,
    ).toBe(Codes.DEVICE_UNBOUND.code);
  });

  it('renames, sets the icon and the filters, changes the device password', async () => {
    const device = await createDevice({ protocol: 'watch' });
    const { token } = await user();
    await bind(token, device.terminalNo);
    const tooLong = await server.call('PUT', '/terminal', {
      token,
      body: { id: device.id, terminalName: '长'.repeat(17) },
    });
    expect(tooLong.body).toMatchObject({
      code: Codes.VALIDATION.code,
      data: { field: 'terminalName' },
    });
    await server.call('PUT', '/terminal', {
      token,
      body: { id: device.id, terminalName: '孩子的手表' },
    });
    expect(
      (await server.call('PUT', '/terminal/icon', { token, body: { id: device.id, iconType: 99 } }))
        .body.code,
    ).toBe(Codes.VALIDATION.code);
    await server.call('PUT', '/terminal/icon', { token, body: { id: device.id, iconType: 4 } });
    await server.call('PUT', '/terminal/filter', {
      token,
      body: { id: device.id, lbs: false, wifiLocation: false },
    });
    const { body } = await server.call<Terminal>('GET', `/v2/terminal/${device.id}`, { token });
    expect(body.data).toMatchObject({
      terminalName: '孩子的手表',
      iconType: 4,
      deviceState: 0,
      status: 'unused',
      dir: 'north',
      lon: null,
      terminalTypeInfo: {
        name: 'D9',
        category: 'watch',
        terminalTypeExtend: { enableRecord: true },
      },
      filter: { lbs: false, wifi: true, wifiLocation: false },
    });

    const change = (oldPassword: string, newPassword: string) =>
      server.call('PUT', '/terminal/update-pwd', {
        token,
        body: {
          terminalNo: device.terminalNo,
          oldPassword: transport(oldPassword),
          newPassword: transport(newPassword),
        },
      });
    expect((await change('000000', '777777')).body.code).toBe(Codes.OLD_PASSWORD_WRONG.code);
    expect((await change('123456', '777777')).body.code).toBe(0);
    const other = await user();
    expect((await bind(other.token, device.terminalNo, '123456')).body.code).toBe(
      Codes.DEVICE_PASSWORD_WRONG.code,
    );
    expect((await bind(other.token, device.terminalNo, '777777')).body.code).toBe(0);
  });

  it('gives an enterprise user their organisation tree, its devices and filters', async () => {
    const head = await server.repositories.enterprises.create('顺丰车队', null);
    const south = await server.repositories.enterprises.create('华南分部', head.id);
    const other = await server.repositories.enterprises.create('Other Co', null);
    const headDevice = await createDevice({ enterpriseId: head.id });
    const southDevice = await createDevice({ enterpriseId: south.id });
    const otherDevice = await createDevice({ enterpriseId: other.id });
    const manager = await user();
    await server.database.handle.db
      .updateTable('users')
      .set({ userType: 1, enterpriseId: head.id })
      .where('id', '=', manager.userId)
      .execute();
    const tree = await server.call('GET', '/enterprise/tree', { token: manager.token });
    expect(tree.body.data).toEqual([
      {
        id: head.id,
        name: '顺丰车队',
        parentId: null,
        deviceCount: 1,
        children: [
          { id: south.id, name: '华南分部', parentId: head.id, deviceCount: 1, children: [] },
        ],
      },
    ]);
    const page = (query = '') =>
      server
        .call<TerminalPage>('GET', `/terminal/page?${query}`, { token: manager.token })
        .then((r) => r.body);
    expect((await page()).data.list.map((t) => t.id)).toEqual([headDevice.id, southDevice.id]);
    expect((await page(`enterpriseId=${south.id}`)).data.list.map((t) => t.id)).toEqual([
      southDevice.id,
    ]);
    expect((await page(`enterpriseId=${other.id}`)).code).toBe(Codes.FORBIDDEN.code);
    const stats = await server.call('GET', `/terminal/statistics?enterpriseId=${south.id}`, {
      token: manager.token,
    });
    expect(stats.body.data).toMatchObject({ total: 1, unused: 1 });
    // One device: its organisation's user sees it, another organisation's does not.
    const one = (id: number) => server.call('GET', `/v2/terminal/${id}`, { token: manager.token });
    expect((await one(southDevice.id)).body.code).toBe(0);
    expect((await one(otherDevice.id)).body.code).toBe(Codes.DEVICE_UNBOUND.code);
    // The organisation manages its devices; a personal user has no tree.
    expect(
      (
        await server.call('PUT', '/terminal', {
          token: manager.token,
          body: { id: southDevice.id, terminalName: '粤B 12345' },
        })
      ).body.code,
    ).toBe(0);
    const personal = await user();
    expect(
      (await server.call('GET', '/enterprise/tree', { token: personal.token })).body.code,
    ).toBe(Codes.FORBIDDEN.code);
    // Without the password, an organisation's device joins the user's own list at once.
    const nopwd = await server.call('POST', '/terminal/bind-nopwd', {
      token: manager.token,
      body: { terminalNo: southDevice.terminalNo },
    });
    expect(nopwd.body.data).toMatchObject({ state: 'bound' });
  });

  it('stores the user position and answers addresses in both coordinate systems', async () => {
    const { token } = await user();
    const saved = await server.call('POST', '/v2/user-lbs', {
      token,
      body: { longitude: 121.4737, latitude: 31.2304 },
    });
    expect(saved.body.code).toBe(0);
    const bad = await server.call('POST', '/v2/user-lbs', {
      token,
      body: { longitude: 200, latitude: 31 },
    });
    expect(bad.body).toMatchObject({ code: Codes.VALIDATION.code, data: { field: 'longitude' } });
    const wgs = await server.call<{ district: string }>(
      'GET',
      '/v2/map/geocode/regeo?location=121.4737,31.2304&coordsys=wgs84',
      { token },
    );
    expect(wgs.body.data).toMatchObject({ district: '黄浦区', adcode: '310101' });
    const gcj = await server.call<{ district: string }>(
      'GET',
      '/v2/map/geocode/regeo?location=116.403244,39.910403',
      { token },
    );
    expect(gcj.body.data).toMatchObject({ district: '东城区' });
    const sea = await server.call('GET', '/v2/map/geocode/regeo?location=150,10', { token });
    expect(sea.body).toMatchObject({ code: 0, data: null });
    const malformed = await server.call('GET', '/v2/map/geocode/regeo?location=abc', { token });
    expect(malformed.body.code).toBe(Codes.VALIDATION.code);
  });
});
