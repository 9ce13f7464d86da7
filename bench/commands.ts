import {
  CommandCluster,
  type CommandProcess,
  type GatewayProcess,
} from '../apps/server/test/support/command-cluster.js';
import { Gt06Device, until } from '../apps/server/test/support/gt06-device.js';
import { GT06_LOCATE_REPLY, Gt06FrameCounter } from '../apps/server/test/support/gt06-frames.js';
import { percentile, round1 } from './ingest/stats.js';

/**
 * How long a command stored by an API process takes to reach a GT06 device connected to a gateway
 * process (one database, one Redis; DATABASE_URL selects PostgreSQL, else SQLite): from the
 * dispatch call to the command frame at the device's socket. `after`: ROUNDS commands with the
 * notices of issue 20. `before`: the processes wired as they were (no notices); each command waits
 * BEFORE_WAIT_MS while the device stays connected, then the device logs in again.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 100);
const BEFORE_ROUNDS = 5;
const BEFORE_WAIT_MS = 2000;

const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup {
  cluster: CommandCluster;
  api: CommandProcess;
  gateway: GatewayProcess;
}

async function inCluster(routed: boolean, measure: (setup: Setup) => Promise<void>) {
  const cluster = await CommandCluster.start(dialect, { routed });
  try {
    await measure({
      cluster,
      api: await cluster.startApi(),
      gateway: await cluster.startGateway(),
    });
  } finally {
    await cluster.close();
  }
}

/** The device logged in at the gateway, its command frames counted from before its login. */
async function connect({ cluster, gateway }: Setup) {
  const device = new Gt06Device(gateway.gt06Port);
  const counter = new Gt06FrameCounter(device);
  await device.login();
  await until(async () => (await cluster.storedStatus()) === 'online');
  return { device, counter };
}

/**
 * The same for a device that nothing waits for, once its login was handled to the end (a
 * heartbeat's ack comes only then): a command stored after it is not sent by the login.
 */
async function connectIdle(setup: Setup) {
  const connected = await connect(setup);
  await connected.device.heartbeat(0);
  return connected;
}

async function hangUp({ cluster, gateway }: Setup, device: Gt06Device) {
  device.socket.destroy();
  await until(() => gateway.sessions.connectionOf(cluster.deviceId) === undefined);
}

async function locate({ cluster, api }: Setup): Promise<number> {
  const row = await api.dispatcher.dispatch(
    cluster.deviceId,
    { type: 'locateNow' },
    { queueIfOffline: true },
  );
  return row.id;
}

/** Answers the command and waits for its result, so that the next of its kind may be stored. */
async function answer({ api }: Setup, device: Gt06Device, id: number): Promise<void> {
  const command = await device.nextCommand();
  device.reply(command.flag, GT06_LOCATE_REPLY);
  await until(async () => (await api.repositories.commands.findById(id))?.state === 'done');
}

export default async function commands() {
  const afterMs: number[] = [];
  await inCluster(true, async (setup) => {
    const { device, counter } = await connectIdle(setup);
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const id = await locate(setup);
      await until(() => counter.frames === round + 1);
      afterMs.push(counter.lastFrameAt - started);
      await answer(setup, device, id);
    }
    await hangUp(setup, device);
  });
  let deliveredWhileConnected = 0;
  const fromNextLoginMs: number[] = [];
  await inCluster(false, async (setup) => {
    for (let round = 0; round < BEFORE_ROUNDS; round++) {
      const first = await connectIdle(setup);
      const id = await locate(setup);
      await sleep(BEFORE_WAIT_MS);
      deliveredWhileConnected += first.counter.frames;
      await hangUp(setup, first.device);
      const loggingIn = performance.now();
      const again = await connect(setup);
      await until(() => again.counter.frames === 1);
      fromNextLoginMs.push(again.counter.lastFrameAt - loggingIn);
      await answer(setup, again.device, id);
      await hangUp(setup, again.device);
    }
  });
  return {
    dialect,
    after: {
      commands: ROUNDS,
      p50Ms: round1(percentile(afterMs, 0.5)),
      p95Ms: round1(percentile(afterMs, 0.95)),
      maxMs: round1(Math.max(...afterMs)),
    },
    before: {
      commands: BEFORE_ROUNDS,
      deliveredWhileConnected,
      waitedMs: BEFORE_WAIT_MS,
      fromNextLoginP50Ms: round1(percentile(fromNextLoginMs, 0.5)),
    },
  };
}
