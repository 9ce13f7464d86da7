import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchWriter } from '../src/gateway/batch-writer.js';
import { FRAMES_KEPT, FRAMES_WRITE_MS } from '../src/gateway/device-snapshots.js';
import { LocalEventBus } from '../src/bus/local-event-bus.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { Pipeline } from '../src/gateway/pipeline.js';
import { runAdmin } from './support/admin-cli.js';
import { testDialects } from './support/databases.js';
import { smsCode, startTestServer, transport, type TestServer } from './support/test-server.js';

// Each command is a Node process of its own (a few seconds on a busy 2-core machine).
vi.setConfig({ testTimeout: 90_000 });

describe.each(testDialects())('admin CLI on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const admin = (...args: string[]) => runAdmin(server, ...args);

  it('creates a user who can sign in, and refuses a duplicate with exit code 2', async () => {
    const created = await admin(
      'user:create',
      '--username',
      'fleet1',
      '--password',
      'fleet1234',
      '--phone',
      '13300133000',
    );
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toMatch(/created user \d+ fleet1/);
    const login = await server.call('POST', '/auth/login', {
      body: { username: 'fleet1', password: transport('fleet1234') },
    });
    expect(login.body.code).toBe(0);
    const again = await admin('user:create', '--username', 'fleet1', '--password', 'fleet1234');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('fleet1 is taken');
  });

  it('prints a token that the server accepts', async () => {
    await admin('user:create', '--username', 'scripted', '--password', 'script123');
    const { stdout, code } = await admin('user:token', '--username', 'scripted');
    expect(code).toBe(0);
    const info = await server.call('GET', '/system/user/user-info', { token: stdout.trim() });
    expect(info.body).toMatchObject({ code: 0, data: { username: 'scripted' } });
  });

  it('creates and imports devices; a device number then signs in as userType 3', async () => {
    expect(
      (
        await admin(
          'device:create',
          '--terminal-no',
          '868120000000001',
          '--password',
          '123456',
          '--protocol',
          'gt06',
          '--owner',
          'fleet1',
        )
      ).code,
    ).toBe(0);
    const bad = await admin(
      'device:create',
      '--terminal-no',
      '868120000000002',
      '--password',
      '123456',
      '--protocol',
      'nokia',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('protocol must be one of');
    const csv = path.join(server.database.env.DATA_DIR, 'devices.csv');
    fs.writeFileSync(
      csv,
      'terminalNo,password,protocol,model\n868120000000003,123456,watch,D9\n868120000000004,123456,jt808,\n',
    );
    const imported = await admin('device:import', csv);
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.stdout).toContain('imported 2 devices');
    const login = await server.call<{ user: { userType: number } }>('POST', '/auth/login', {
      body: { username: '868120000000003', password: transport('123456') },
    });
    expect(login.body.data.user.userType).toBe(3);
  });

  it('publishes notices and versions the app sees, and shows the SMS outbox', async () => {
    expect(
      (await admin('notice:publish', '--title', '维护通知', '--content', '今晚维护')).code,
    ).toBe(0);
    expect((await server.call('GET', '/notice/latest')).body.data).toMatchObject({
      title: '维护通知',
    });
    expect(
      (await admin('app-version:set', '--platform', 'web', '--version', '1.2.0', '--code', '120'))
        .code,
    ).toBe(0);
    const check = await server.call('POST', '/upgrade-app-version/check-version', {
      body: { platform: 'web', version: '1.1.2', versionCode: 103 },
    });
    expect(check.body.data).toMatchObject({ hasUpdate: true, version: '1.2.0' });
    const code = await smsCode(server, '13300133999');
    const outbox = await admin('sms:outbox', '--phone', '13300133999');
    expect(outbox.stdout).toContain(code);
  });

  it('lists devices and shows the latest raw frames of one', async () => {
    const list = await admin('device:list');
    expect(list.stdout).toMatch(/868120000000001\tgt06\tunused\t-\t-\tfleet1/);
    const device = await server.repositories.devices.findByTerminalNo('868120000000001');
    const { positions } = server.repositories;
    const writer = new BatchWriter(positions, { size: 1000, delayMs: 1 });
    const events = new LocalEventBus<GatewayEvent>(() => undefined);
    const pipeline = new Pipeline(positions, writer, server.clock, 1000, events);
    await pipeline.prepare(device!.id);
    const heartbeats = Array.from({ length: FRAMES_KEPT + 5 }, (_, i) =>
      pipeline.handle(device!.id, [{ type: 'heartbeat' }], Uint8Array.of(0x78, 0x78, i)),
    );
    await Promise.all(heartbeats);
    // The frames are written an interval after the device is first heard, then at most every
    // FRAMES_WRITE_MS.
    expect((await admin('device:frames', '868120000000001')).stdout.trim()).toBe('');
    server.clock.advance(FRAMES_WRITE_MS);
    await pipeline.flushSnapshots();
    const shown = await admin('device:frames', '868120000000001', '--limit', '100');
    const lines = shown.stdout.trim().split('\n');
    // The newest FRAMES_KEPT of those that waited for the interval.
    expect(lines).toHaveLength(FRAMES_KEPT);
    expect(lines[0]).toMatch(/\t787836$/);
    expect(lines.at(-1)).toMatch(/\t787805$/);
    expect((await admin('device:frames', 'nope')).code).toBe(2);
  });

  it('lists held devices, and registering one takes it off the list', async () => {
    await server.repositories.heldDevices.record('868120000000077', 'gt06', 3, Date.now());
    expect((await admin('device:held')).stdout).toMatch(/^868120000000077\tgt06\t.*\t3$/m);
    const created = await admin(
      'device:create',
      '--terminal-no',
      '868120000000077',
      '--password',
      '123456',
      '--protocol',
      'gt06',
    );
    expect(created.code).toBe(0);
    expect((await admin('device:held')).stdout.trim()).toBe('');
  });

  it('switches configuration flags of an application', async () => {
    const set = await admin(
      'app:set',
      '--id',
      '1',
      'auditModeWeb=true',
      'supportPhone=400-123-4567',
    );
    expect(set.code).toBe(0);
    server.clock.advance(30_001);
    const { body } = await server.call('GET', '/application-configuration');
    expect(body.data).toMatchObject({ auditModeWeb: true, supportPhone: '400-123-4567' });
    const bad = await admin('app:set', '--id', '1', 'auditModeWeb=yes');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('auditModeWeb must be true or false');
    const created = await admin('app:create', '--name', 'Brand B', 'panorama=true');
    expect(created.stdout).toMatch(/created application (\d+) Brand B/);
    const id = created.stdout.match(/application (\d+)/)?.[1] ?? '';
    const brandB = await server.call('GET', '/application-configuration', { applicationId: id });
    expect(brandB.body.data).toMatchObject({ name: 'Brand B', panorama: true });
  });

  it('manages device models, organisations and service periods', async () => {
    const created = await admin(
      'model:create',
      '--name',
      'X3',
      '--category',
      'watch',
      '--flags',
      'enableRecord=false',
    );
    expect(created).toMatchObject({ code: 0 });
    const listed = await admin('model:list');
    const x3 = listed.stdout.split('\n').find((line) => line.startsWith('X3\t')) ?? '';
    expect(x3).toContain('watch');
    expect(x3).not.toContain('enableRecord');
    expect(x3).toContain('enablePositionMode');
    expect(listed.stdout).toMatch(/^TM200\twired\ttm200\tjt808/m);
    expect(listed.stdout).toMatch(/^TA900\twireless\tta900/m);
    expect((await admin('model:set', '--name', 'X3', '--flags', 'enableRecord=maybe')).code).toBe(
      2,
    );
    expect((await admin('model:set', '--name', 'X3', '--flags', 'enableRecord=true')).code).toBe(0);
    expect((await admin('model:list')).stdout).toMatch(/^X3\t.*enableRecord/m);

    const org = await admin('enterprise:create', '--name', 'Cold Chain');
    const orgId = org.stdout.match(/enterprise (\d+)/)?.[1] ?? '';
    await admin(
      'device:create',
      '--terminal-no',
      '86100200300',
      '--password',
      '123456',
      '--protocol',
      'watch',
    );
    expect(
      (await admin('device:model', '--terminal-no', '86100200300', '--model', 'X3')).code,
    ).toBe(0);
    expect(
      (await admin('device:model', '--terminal-no', '86100200300', '--model', 'Nope')).code,
    ).toBe(2);
    expect(
      (await admin('device:assign', '--terminal-no', '86100200300', '--enterprise', orgId)).code,
    ).toBe(0);
    expect((await admin('enterprise:list')).stdout).toMatch(/Cold Chain\t1 devices/);
    expect(
      (await admin('device:service', '--terminal-no', '86100200300', '--days', '30', '--trial'))
        .stdout,
    ).toContain('(trial)');
    const device = await server.repositories.devices.findByTerminalNo('86100200300');
    const period = await server.repositories.deviceServices.find(device!.id);
    expect(Number(period!.expirationTime) - Number(period!.startingTime)).toBe(30 * 86_400_000);
    expect(period!.isTrial).toBe(1);
    expect(device).toMatchObject({ model: 'X3', enterpriseId: Number(orgId) });
    expect((await admin('model:delete', '--name', 'X3')).code).toBe(0);
  });

  it('explains each command with --help and refuses unknown ones', async () => {
    const help = await admin('device:create', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--terminal-no');
    expect((await admin('nonsense')).code).toBe(2);
    expect((await admin('user:create', '--username')).code).toBe(2);
  });
});
