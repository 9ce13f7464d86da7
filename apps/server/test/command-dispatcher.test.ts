import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { Gt06Link, until } from './support/gt06-device.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(testDialects())('command dispatcher on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let port: number;
  let deviceId: number;
  let link: Gt06Link;

  const result = async (id: number) => (await server.repositories.commands.findById(id))?.result;
  const connect = () => link.connect();
  const disconnect = () => link.disconnect();

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      COMMAND_REPLY_TIMEOUT_S: '30',
      COMMAND_QUEUE_TTL_H: '1',
    });
    const started = await startTestGateway(server, ['gt06']);
    gateway = started.gateway;
    port = started.ports.gt06!;
    deviceId = (await registerDevice(server, '123456789012345', 'gt06')).id;
    link = new Gt06Link(gateway, port, deviceId);
  });
  afterAll(async () => {
    link?.close();
    await gateway.stop();
    await server.close();
  });

  it('sends to a connected device and records its reply as succeeded', async () => {
    const online = await connect();
    const row = await gateway.dispatcher.dispatch(deviceId, { type: 'cutOil' });
    expect(row).toMatchObject({ state: 'sent', result: null });
    const command = await online.nextCommand();
    expect(command.text).toBe('Relay,1#');
    online.reply(command.flag, 'Cut off the fuel supply: Success!');
    await until(async () => (await result(row.id)) === 'succeeded');
    expect((await server.repositories.commands.findById(row.id))?.reply).toContain('Success');
  });

  it('records a refusal as fail', async () => {
    const online = await connect();
    const row = await gateway.dispatcher.dispatch(deviceId, { type: 'restart' });
    const command = await online.nextCommand();
    online.reply(command.flag, 'Error: speed too high');
    await until(async () => (await result(row.id)) === 'fail');
  });

  it('answers unsupported and paramError at once, sending nothing', async () => {
    await connect();
    expect(
      (await gateway.dispatcher.dispatch(deviceId, { type: 'whiteList', numbers: ['13800138000'] }))
        .result,
    ).toBe('unsupported');
    expect(
      (await gateway.dispatcher.dispatch(deviceId, { type: 'uploadInterval', seconds: 1 })).result,
    ).toBe('paramError');
  });

  it('answers notConnected for an offline device unless asked to queue', async () => {
    await disconnect();
    expect((await gateway.dispatcher.dispatch(deviceId, { type: 'locateNow' })).result).toBe(
      'notConnected',
    );
  });

  it('delivers a queued command at the next login', async () => {
    await disconnect();
    const row = await gateway.dispatcher.dispatch(
      deviceId,
      { type: 'locateNow' },
      { queueIfOffline: true },
    );
    expect(row).toMatchObject({ state: 'queued', result: 'delayedDelivery' });
    const online = await connect();
    const command = await online.nextCommand();
    expect(command.text).toBe('WHERE#');
    online.reply(command.flag, 'Lat:N22.5,Lon:E114.0');
    await until(async () => (await result(row.id)) === 'succeeded');
  });

  it('marks a queued command unsent once it expires', async () => {
    await disconnect();
    const row = await gateway.dispatcher.dispatch(
      deviceId,
      { type: 'locateNow' },
      { queueIfOffline: true },
    );
    server.clock.advance(3600_000 + 1);
    await gateway.dispatcher.sweep();
    expect(await result(row.id)).toBe('unsent');
  });

  it('times out a command without a reply, and marks noAnswer when the device leaves first', async () => {
    const online = await connect();
    const silent = await gateway.dispatcher.dispatch(deviceId, { type: 'factoryReset' });
    await online.nextCommand();
    server.clock.advance(30_001);
    await gateway.dispatcher.sweep();
    expect(await result(silent.id)).toBe('timeout');

    const left = await gateway.dispatcher.dispatch(deviceId, { type: 'restoreOil' });
    await online.nextCommand();
    await disconnect();
    await until(async () => (await result(left.id)) === 'noAnswer');
  });

  it('marks noAnswer for every device whose connection ends at once, each its own', async () => {
    const other = (await registerDevice(server, '123456789012346', 'gt06')).id;
    const otherLink = new Gt06Link(gateway, port, other, '123456789012346');
    try {
      const [first, second] = [await connect(), await otherLink.connect()];
      const waiting = [
        await gateway.dispatcher.dispatch(deviceId, { type: 'restart' }),
        await gateway.dispatcher.dispatch(other, { type: 'restart' }),
      ];
      await Promise.all([first.nextCommand(), second.nextCommand()]);
      // The other device answers before both leave: its command stays answered.
      const answered = await gateway.dispatcher.dispatch(other, { type: 'cutOil' });
      const command = await second.nextCommand();
      second.reply(command.flag, 'Cut off the fuel supply: Success!');
      await until(async () => (await result(answered.id)) === 'succeeded');
      await Promise.all([disconnect(), otherLink.disconnect()]);
      await until(async () => {
        const results = await Promise.all(waiting.map((row) => result(row.id)));
        return results.every((r) => r === 'noAnswer');
      });
      expect(await result(answered.id)).toBe('succeeded');
    } finally {
      otherLink.close();
    }
  });
});
