import type { Command } from '@xunji/protocols';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBusMessage } from '../src/bus/bus-message.js';
import type { CommandRow } from '../src/db/schema.js';
import { HAND_OVER_MS } from '../src/gateway/command-dispatcher.js';
import {
  CommandCluster,
  REDIS_URL,
  type CommandProcess,
  type GatewayProcess,
} from './support/command-cluster.js';
import { testDialects } from './support/databases.js';
import { Gt06Device, Gt06Link, until } from './support/gt06-device.js';
import { GT06_LOCATE_REPLY, Gt06FrameCounter } from './support/gt06-frames.js';

describe.each(testDialects())('commands across processes on %s', (dialect) => {
  let cluster: CommandCluster;
  let api: CommandProcess;
  let east: GatewayProcess;
  let west: GatewayProcess;
  let atEast: Gt06Link;
  let atWest: Gt06Link;
  /** Every command change the API process's listeners heard (its live sockets' source). */
  const heardAtApi: CommandRow[] = [];

  beforeAll(async () => {
    cluster = await CommandCluster.start(dialect);
    api = await cluster.startApi();
    east = await cluster.startGateway();
    west = await cluster.startGateway();
    atEast = new Gt06Link(east.gateway, east.gt06Port, cluster.deviceId);
    atWest = new Gt06Link(west.gateway, west.gt06Port, cluster.deviceId);
    api.events.subscribe((event) => {
      if (event.type === 'command') heardAtApi.push(event.command);
    });
  });
  afterAll(async () => {
    atEast?.close();
    atWest?.close();
    await cluster?.close();
  });

  const stored = async (id: number) => (await api.repositories.commands.findById(id))!;
  const storedStatusIs = (status: string) =>
    until(async () => (await cluster.storedStatus()) === status);
  /** The changes of a command made by the gateways (a time of sending: written), once the API
   * process has heard its result. */
  async function gatewayChanges(id: number) {
    await until(() => heardAtApi.some((row) => row.id === id && row.state === 'done'));
    return heardAtApi
      .filter((row) => row.id === id && row.sentAt !== null)
      .map(({ state, result }) => [state, result]);
  }

  /** Logged in, and the login handled to the end (what waited for it was sent): a frame after
   * it is answered only then. */
  async function connectAt(link: Gt06Link): Promise<Gt06Device> {
    const device = await link.connect();
    await device.heartbeat(0);
    await storedStatusIs('online');
    return device;
  }

  async function goOffline(): Promise<void> {
    await atEast.disconnect();
    await atWest.disconnect();
    await storedStatusIs('offline');
  }

  /** Answers the device's next command as done, and waits for its result to be stored. */
  async function answerLocate(device: Gt06Device, id: number): Promise<void> {
    const command = await device.nextCommand();
    expect(command.text).toBe('WHERE#');
    device.reply(command.flag, GT06_LOCATE_REPLY);
    await until(async () => (await stored(id)).result === 'succeeded');
  }

  it('sends a cut-oil command stored by the API process at once through the gateway holding the device; sent and succeeded come back', async () => {
    const device = await connectAt(atEast);
    const started = performance.now();
    const row = await api.dispatcher.dispatch(
      cluster.deviceId,
      { type: 'cutOil' },
      { queueIfOffline: true },
    );
    // Handed over: shown as sent (not delayed), written by the gateway holding the connection.
    expect(row).toMatchObject({ state: 'sent', result: null, sentAt: null });
    const command = await device.nextCommand();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(command.text).toBe('Relay,1#');
    device.reply(command.flag, 'Cut off the fuel supply: Success!');
    expect(await gatewayChanges(row.id)).toEqual([
      ['sent', null],
      ['done', 'succeeded'],
    ]);
    expect((await api.repositories.remoteStates.get(cluster.deviceId)).cut).toBe(true);
  });

  it('keeps a command for a device between gateways and sends it where it logs in again', async () => {
    await goOffline();
    const row = await api.dispatcher.dispatch(
      cluster.deviceId,
      { type: 'restoreOil' },
      { queueIfOffline: true },
    );
    expect(row).toMatchObject({ state: 'queued', result: 'delayedDelivery' });
    const device = await atWest.connect();
    const command = await device.nextCommand();
    expect(command.text).toBe('Relay,0#');
    device.reply(command.flag, 'Restore fuel supply: Success!');
    await until(async () => (await stored(row.id)).result === 'succeeded');
    expect(await gatewayChanges(row.id)).toEqual([
      ['sent', null],
      ['done', 'succeeded'],
    ]);
  });

  it('refuses at once what the protocol cannot express, and answers notConnected for an offline device unless asked to queue', async () => {
    await goOffline();
    const whiteList: Command = { type: 'whiteList', numbers: ['13800138000'] };
    expect((await api.dispatcher.dispatch(cluster.deviceId, whiteList)).result).toBe('unsupported');
    expect((await api.dispatcher.dispatch(cluster.deviceId, { type: 'locateNow' })).result).toBe(
      'notConnected',
    );
  });

  it('writes a command once when two gateways each hold a connection of the device', async () => {
    await goOffline();
    const devices = [await connectAt(atEast), await connectAt(atWest)];
    const counters = devices.map((device) => new Gt06FrameCounter(device));
    for (let round = 0; round < 10; round++) {
      const row = await api.dispatcher.dispatch(cluster.deviceId, { type: 'locateNow' });
      // Every other round both also take it at once, as a repeated notice would make them.
      if (round % 2 === 1)
        await Promise.all(
          [east, west].map(({ dispatcher }) =>
            dispatcher.deliverAnnounced(cluster.deviceId, [row.id]),
          ),
        );
      await until(async () => (await stored(row.id)).sentAt !== null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counters.map((counter) => counter.frames).sort()).toEqual([0, 1]);
      const receiver = devices[counters.findIndex((counter) => counter.frames === 1)]!;
      counters.forEach((counter) => counter.reset());
      await answerLocate(receiver, row.id);
    }
  });

  it('writes a command once when its notice and the device logging in race', async () => {
    await goOffline();
    // From before the login to after the notice, rounds apart by 3 ms.
    for (let round = 0; round < 12; round++) {
      const device = new Gt06Device(west.gt06Port);
      const counter = new Gt06FrameCounter(device);
      const login = device.login();
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      const row = await api.dispatcher.dispatch(
        cluster.deviceId,
        { type: 'locateNow' },
        { queueIfOffline: true },
      );
      await login;
      await answerLocate(device, row.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counter.frames).toBe(1);
      device.socket.destroy();
      await until(() => west.sessions.connectionOf(cluster.deviceId) === undefined);
    }
  });

  it('sends a command whose notice was lost once its process tells the others it lost events', async () => {
    await goOffline();
    const device = await connectAt(atEast);
    const counter = new Gt06FrameCounter(device);
    // An API process cut off from Redis: its notice goes nowhere.
    const cutOff = await cluster.startApi();
    await cutOff.notices.close();
    const row = await cutOff.dispatcher.dispatch(cluster.deviceId, { type: 'locateNow' });
    expect(row).toMatchObject({ state: 'sent', sentAt: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counter.frames).toBe(0);

    // Back, it announces the loss (as its bus does on reconnecting): the gateways read again.
    const redis = new Redis(REDIS_URL);
    await redis.publish(cluster.noticesChannel, encodeBusMessage('cut-off', { resync: true }));
    await redis.quit();
    await answerLocate(device, row.id);
    expect(counter.frames).toBe(1);
  });

  it('leaves a command no gateway took (its notice lost) to the next login, shown as delayed once overdue', async () => {
    await goOffline();
    const device = await connectAt(atEast);
    // The gateway holding the device is cut off from the notices.
    await east.notices.close();
    const row = await api.dispatcher.dispatch(cluster.deviceId, { type: 'locateNow' });
    expect(row).toMatchObject({ state: 'sent', sentAt: null });
    const counter = new Gt06FrameCounter(device);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counter.frames).toBe(0);

    cluster.clock.advance(HAND_OVER_MS);
    await west.dispatcher.sweep();
    expect(await stored(row.id)).toMatchObject({ state: 'queued', result: 'delayedDelivery' });

    // The device moves to the other gateway, which sends it at the login.
    await atEast.disconnect();
    await answerLocate(await atWest.connect(), row.id);
    expect(await gatewayChanges(row.id)).toEqual([
      ['sent', null],
      ['done', 'succeeded'],
    ]);
  });
});
