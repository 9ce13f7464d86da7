import type { CutBufferState, GarrisonState } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { Gt06Device, until } from './support/gt06-device.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const IMEI = '123456789012345';
const CUT = 0x80;
const ARMED = 0x01;
const PASSWORD = 'secret123';

describe.each(testDialects())('remote control robustness on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let port: number;
  let deviceId: number;
  let owner: { token: string; user: { userId: number } };
  let device: Gt06Device | undefined;

  const call = <T>(method: string, path: string, body?: unknown) =>
    server.call<T>(method, path, { token: owner.token, ...(body === undefined ? {} : { body }) });
  const waiting = (kind: string) =>
    server.database.handle.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('state', 'in', ['queued', 'sent'])
      .execute();
  const cutState = async () =>
    (await call<CutBufferState>('GET', `/terminal/cut-buffer/${deviceId}`)).body.data;
  const garrisonState = async () =>
    (await call<GarrisonState>('GET', `/terminal/garrison/${deviceId}`)).body.data;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const started = await startTestGateway(server, ['gt06']);
    gateway = started.gateway;
    port = started.ports.gt06!;
    deviceId = (await registerDevice(server, IMEI, 'gt06')).id;
    owner = await registerUser(server, phoneNumbers('137')(), PASSWORD);
    await call('POST', '/terminal/bind', { terminalNo: IMEI, password: transport('123456') });
  });
  afterAll(async () => {
    device?.socket.destroy();
    await gateway.stop();
    await server.close();
  });

  it('lets one of many simultaneous requests of a kind wait; the others answer 2803', async () => {
    // Straight into the service, all at once: every access check and read before any insert.
    // Restores: a cut would also check the password, past 3 at once only with a picture code.
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        server.services.remoteControl.setCutBuffer(owner.user.userId, deviceId, false, undefined),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const refused of settled.filter((s) => s.status === 'rejected'))
      expect(refused.reason).toMatchObject({
        codeName: 'COMMAND_PENDING',
        data: { paramName: 'cutOil' },
      });
    expect(await waiting('cutOil')).toHaveLength(1);
    const overHttp = await call('POST', '/terminal/cut-buffer', {
      terminalId: deviceId,
      isCutButter: 1,
      password: transport(PASSWORD),
    });
    expect(overHttp.body).toMatchObject({ code: 2803, data: { paramName: 'cutOil' } });
  });

  it('records several settings all or none when one of them already waits', async () => {
    const first = await call('POST', '/terminal/set-params', {
      terminalId: deviceId,
      params: { overspeedKmh: 90 },
    });
    expect(first.body.code).toBe(0);
    const both = await call('POST', '/terminal/set-params', {
      terminalId: deviceId,
      params: { uploadInterval: 30, overspeedKmh: 80 },
    });
    expect(both.body).toMatchObject({ code: 2803, data: { paramName: 'overspeed' } });
    expect(await waiting('uploadInterval')).toEqual([]);
  });

  it("takes the relay and garrison the device reports as confirmed, keeping a pending restore's display", async () => {
    device = new Gt06Device(port);
    await device.login();
    await until(() => gateway.sessions.connectionOf(deviceId) !== undefined);
    // The restore queued by the first test is delivered at login and waits for the device's reply.
    const frame = await device.nextCommand();
    expect(frame.text).toBe('Relay,0#');
    expect(await cutState()).toMatchObject({ isCutButter: 0, command: { state: 'sent' } });

    await device.heartbeat(CUT);
    await until(async () => (await cutState()).isCutButter === 1);
    expect((await cutState()).command).toMatchObject({ state: 'sent', result: null });
    expect(await waiting('cutOil')).toHaveLength(1);

    await device.heartbeat(ARMED);
    await until(async () => (await garrisonState()).isGarrison === 1);
    expect(await cutState()).toMatchObject({ isCutButter: 0, command: { state: 'sent' } });

    const stored = () =>
      server.database.handle.db
        .selectFrom('deviceRemoteStates')
        .select('updatedAt')
        .where('deviceId', '=', deviceId)
        .executeTakeFirstOrThrow();
    const before = await stored();
    server.clock.advance(1000);
    await device.heartbeat(ARMED);
    await server.services.commandLifecycle.idle();
    expect(await stored()).toEqual(before);

    await device.heartbeat(CUT | ARMED);
    await until(async () => (await cutState()).isCutButter === 1);
    device.reply(frame.flag, 'Restore fuel supply: Success!');
    await until(async () => (await cutState()).command?.result === 'succeeded');
    expect(await cutState()).toMatchObject({
      isCutButter: 0,
      command: { replyMeaning: { kind: 'restored' } },
    });
    expect(await garrisonState()).toMatchObject({ isGarrison: 1 });
  });
});
