import {
  Codes,
  type CreatedShare,
  type ShareInfo,
  type ShareLbs,
  type ShareRecord,
  type Terminal,
} from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/services/password-hasher.js';
import { SHARE_READS_PER_MINUTE } from '../src/services/position-share.service.js';
import { testDialects } from './support/databases.js';
import { storedState } from './support/stored-fix.js';
import {
  phoneNumbers,
  registerUser,
  smsCode,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const HOUR = 3_600_000;
const HOME = { latitude: 31.2335, longitude: 121.4705 };
const SHARE_LBS_KEYS = [
  'address',
  'deviceState',
  'direction',
  'expireTime',
  'lat',
  'locateTime',
  'lon',
  'speed',
].sort();

describe.each(testDialects())('location sharing on %s', (dialect) => {
  let server: TestServer;
  const nextPhone = phoneNumbers('136');
  let nextDevice = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect, { TRUST_PROXY: 'true' });
    // Before the first call: the model catalogue is then read once for the suite.
    await server.repositories.deviceModels.create({
      name: 'NoShare-1',
      category: 'wired',
      family: null,
      protocol: 'jt808',
      iconType: 0,
      defaultForProtocol: 0,
      features: JSON.stringify({ enablePositionShare: false }),
      createdAt: Date.now(),
    });
  });
  afterAll(() => server.close());

  async function call<T>(method: string, path: string, token?: string, body?: unknown) {
    const { body: answer } = await server.call<T>(method, path, {
      ...(token !== undefined && { token }),
      ...(body !== undefined && { body }),
    });
    return answer;
  }

  async function account() {
    const { token, user } = await registerUser(server, nextPhone());
    return { token, userId: user.userId };
  }

  /** A new device (named `name`) of `model`, bound by a new owner now. */
  async function ownedDevice(name: string | null = 'Family car', model: string | null = null) {
    const device = await server.repositories.devices.create({
      terminalNo: `77${String(++nextDevice).padStart(10, '0')}`,
      passwordHash: await hashSecret(transport('123456')),
      protocol: 'jt808',
      model,
      iccid: null,
      name,
      enterpriseId: null,
      createdAt: Date.now(),
    });
    const owner = await account();
    expect((await bind(owner.token, device.terminalNo)).code).toBe(0);
    return { device, owner };
  }

  const bind = (token: string, terminalNo: string) =>
    call('POST', '/terminal/bind', token, { terminalNo, password: transport('123456') });

  /** The device's latest state: a fix at `time` at home, as the gateway keeps it. */
  async function latestFix(deviceId: number, time: number) {
    await server.repositories.positions.commitBatch({
      positions: [],
      states: [storedState(deviceId, time, HOME, { speed: 42, course: 135 })],
      frames: [],
      networkFixes: [],
    });
  }

  const share = (token: string, terminalId: number, duration = 12) =>
    call<CreatedShare>('POST', '/position-share-record', token, { terminalId, duration });
  const info = (code: string) =>
    call<ShareInfo>('GET', `/v2/position-share-record/code?code=${code}`);
  const lbs = async (code: string, language = 'en') =>
    (
      await server.call<ShareLbs>('GET', `/v2/position-share-record/lbs-info/code?code=${code}`, {
        language,
      })
    ).body;
  const list = (token: string, terminalId: number) =>
    call<ShareRecord[]>('GET', `/position-share-record/page?terminalId=${terminalId}`, token);
  const revoke = (token: string, id: number) =>
    call('DELETE', `/position-share-record/${id}`, token);

  it('shows a live share to anyone with its code, then says it ended past its expiry', async () => {
    const { device, owner } = await ownedDevice();
    await latestFix(device.id, server.clock.now());
    const created = await share(owner.token, device.id, 12);
    expect(created.code).toBe(0);
    const { code, expireTime } = created.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(expireTime).toBe(Math.round(expireTime));
    expect(Math.abs(expireTime - server.clock.now() - 12 * HOUR)).toBeLessThan(5_000);

    const shown = await info(code);
    const card = await call<Terminal>('GET', `/terminal/${device.id}`, owner.token);
    expect(shown.data).toEqual({
      terminalName: 'Family car',
      iconType: card.data.iconType,
      expireTime,
    });

    const position = await lbs(code);
    expect(position.code).toBe(0);
    expect(Object.keys(position.data).sort()).toEqual(SHARE_LBS_KEYS);
    expect(position.data).toMatchObject({
      lat: HOME.latitude,
      lon: HOME.longitude,
      speed: 42,
      direction: 135,
      deviceState: 1,
      expireTime,
    });
    expect(position.data.address).toMatch(/Shanghai/);
    expect((await lbs(code, 'zh-CN')).data.address).toMatch(/上海/);

    server.clock.advance(12 * HOUR + 1_000);
    for (const answer of [await info(code), await lbs(code)]) {
      expect(answer.code).toBe(Codes.SHARE_ENDED.code);
      expect(answer.data).toBeNull();
    }
    expect((await list(owner.token, device.id)).data).toEqual([]);
  });

  it('lists live shares to the manager and ends a revoked one at once', async () => {
    const { device, owner } = await ownedDevice();
    const first = (await share(owner.token, device.id, 24)).data;
    const second = (await share(owner.token, device.id, 168)).data;
    const listed = (await list(owner.token, device.id)).data;
    expect(listed.map((row) => [row.id, row.durationH, row.terminalId])).toEqual([
      [first.id, 24, device.id],
      [second.id, 168, device.id],
    ]);
    expect(listed[0]).not.toHaveProperty('code');
    expect(listed[0]?.createdBy).toMatch(/^136/);

    expect((await revoke(owner.token, first.id)).code).toBe(0);
    expect((await info(first.code)).code).toBe(Codes.SHARE_ENDED.code);
    expect((await lbs(first.code)).code).toBe(Codes.SHARE_ENDED.code);
    expect((await info(second.code)).code).toBe(0);
    expect((await list(owner.token, device.id)).data.map((row) => row.id)).toEqual([second.id]);
    expect((await revoke(owner.token, first.id)).code).toBe(Codes.SHARE_NOT_FOUND.code);
  });

  it('lets neither a family member nor a stranger create, list or revoke shares', async () => {
    const { device, owner } = await ownedDevice();
    const member = await account();
    expect((await bind(member.token, device.terminalNo)).code).toBe(0);
    const stranger = await account();
    const live = (await share(owner.token, device.id)).data;

    expect((await share(member.token, device.id)).code).toBe(Codes.DEVICE_NOT_OWNER.code);
    expect((await list(member.token, device.id)).code).toBe(Codes.DEVICE_NOT_OWNER.code);
    expect((await share(stranger.token, device.id)).code).toBe(Codes.DEVICE_UNBOUND.code);
    expect((await list(stranger.token, device.id)).code).toBe(Codes.DEVICE_UNBOUND.code);
    for (const token of [member.token, stranger.token]) {
      expect((await revoke(token, live.id)).code).toBe(Codes.SHARE_NOT_FOUND.code);
    }
    expect((await info(live.code)).code).toBe(0);
    expect((await call('GET', `/position-share-record/page?terminalId=${device.id}`)).code).toBe(
      Codes.UNAUTHORIZED.code,
    );
  });

  it('keeps only the hash of a code, and a wrong code of the right shape finds nothing', async () => {
    const { device, owner } = await ownedDevice();
    const { id, code } = (await share(owner.token, device.id)).data;
    const row = await server.database.handle.db
      .selectFrom('positionShares')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(Buffer.from(code, 'base64url').toString('hex'));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const wrong = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    const answers = [await info(wrong), await lbs(wrong), await info('A'.repeat(32))];
    for (const answer of answers) expect(answer.code).toBe(Codes.SHARE_ENDED.code);
  });

  it('gives no fix from before the sharer bound the device', async () => {
    const { device, owner } = await ownedDevice(null);
    await latestFix(device.id, server.clock.now() - HOUR);
    const { code } = (await share(owner.token, device.id)).data;
    const before = await lbs(code);
    expect(before.data).toMatchObject({
      lat: null,
      lon: null,
      speed: null,
      direction: null,
      locateTime: null,
      address: null,
    });
    // Named after its model when its owner gave it no name: never its terminal number.
    expect((await info(code)).data.terminalName).not.toContain(device.terminalNo);

    const now = server.clock.now();
    await latestFix(device.id, now);
    expect((await lbs(code)).data).toMatchObject({ lat: HOME.latitude, locateTime: now });
  });

  it("ends the shares when the owner lets the device go: the previous owner's link says ended", async () => {
    const { device, owner } = await ownedDevice();
    await latestFix(device.id, server.clock.now());
    const { code } = (await share(owner.token, device.id)).data;
    expect((await call('POST', '/terminal/unbind', owner.token, { id: device.id })).code).toBe(0);
    expect((await info(code)).code).toBe(Codes.SHARE_ENDED.code);
    expect((await lbs(code)).code).toBe(Codes.SHARE_ENDED.code);

    const buyer = await account();
    expect((await bind(buyer.token, device.terminalNo)).code).toBe(0);
    expect((await list(buyer.token, device.id)).data).toEqual([]);
    expect((await info(code)).code).toBe(Codes.SHARE_ENDED.code);
  });

  it("ends an organisation user's shares when that account is cancelled", async () => {
    const fleet = await server.repositories.enterprises.create('Share Fleet', null);
    const device = await server.repositories.devices.create({
      terminalNo: `77${String(++nextDevice).padStart(10, '0')}`,
      passwordHash: await hashSecret(transport('123456')),
      protocol: 'jt808',
      model: null,
      iccid: null,
      name: 'Fleet van',
      enterpriseId: fleet.id,
      createdAt: Date.now(),
    });
    await latestFix(device.id, server.clock.now());
    const phone = nextPhone();
    const { token, user } = await registerUser(server, phone);
    await server.database.handle.db
      .updateTable('users')
      .set({ userType: 1, enterpriseId: fleet.id })
      .where('id', '=', user.userId)
      .execute();
    const { code } = (await share(token, device.id)).data;
    expect((await lbs(code)).code).toBe(0);

    // The device stays with the organisation; the link dies with the account that made it.
    server.clock.advance(61_000);
    const cancelled = await call('POST', '/account/cancellation', token, {
      phoneNumber: phone,
      code: await smsCode(server, phone),
    });
    expect(cancelled.code).toBe(0);
    expect((await info(code)).code).toBe(Codes.SHARE_ENDED.code);
    expect((await lbs(code)).code).toBe(Codes.SHARE_ENDED.code);
  });

  it('refuses a model without position sharing', async () => {
    const { device, owner } = await ownedDevice('Van', 'NoShare-1');
    expect((await share(owner.token, device.id)).code).toBe(Codes.COMMAND_UNSUPPORTED.code);
  });

  it('refuses bad input with 1000', async () => {
    const { device, owner } = await ownedDevice();
    const bad = [
      await share(owner.token, device.id, 48),
      await call('POST', '/position-share-record', owner.token, {
        terminalId: 'first',
        duration: 12,
      }),
      await call('POST', '/position-share-record', owner.token, { terminalId: device.id }),
      await info('short'),
      await info(`${'A'.repeat(31)}*`),
      await lbs('A'.repeat(65)),
      await call('GET', '/v2/position-share-record/code'),
      await list(owner.token, -1),
      await revoke(owner.token, 0),
    ];
    for (const answer of bad) expect(answer.code).toBe(Codes.VALIDATION.code);
  });

  it('limits the public reads of one address', async () => {
    const from = { headers: { 'x-forwarded-for': '198.51.100.7' } };
    const path = `/v2/position-share-record/code?code=${'B'.repeat(32)}`;
    for (let i = 0; i < SHARE_READS_PER_MINUTE; i++) {
      expect((await server.call('GET', path, from)).body.code).toBe(Codes.SHARE_ENDED.code);
    }
    const limited = await server.call('GET', path, from);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(Codes.SHARE_TOO_FREQUENT.code);
    const other = { headers: { 'x-forwarded-for': '198.51.100.8' } };
    expect((await server.call('GET', path, other)).body.code).toBe(Codes.SHARE_ENDED.code);
    server.clock.advance(61_000);
    expect((await server.call('GET', path, from)).body.code).toBe(Codes.SHARE_ENDED.code);
  });
});
