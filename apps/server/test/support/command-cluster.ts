import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { GATEWAY_EVENTS_CHANNEL, gatewayEventStaysLocal } from '../../src/bus/gateway-bus.js';
import { RedisEventBus } from '../../src/bus/redis-event-bus.js';
import { CLUSTER_NOTICES_CHANNEL, type ClusterNotice } from '../../src/cluster/cluster-notice.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/db/database.js';
import { CommandDispatcher } from '../../src/gateway/command-dispatcher.js';
import { Gateway } from '../../src/gateway/gateway.js';
import type { GatewayEvent } from '../../src/gateway/gateway-events.js';
import { LiveSessions } from '../../src/gateway/live-sessions.js';
import {
  createRepositories,
  type Repositories,
} from '../../src/repositories/create-repositories.js';
import { DeviceReachRepository } from '../../src/repositories/device-reach.repository.js';
import { CommandLifecycle } from '../../src/services/command-lifecycle.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { registerDevice } from './gateway.js';
import { TestClock } from './test-server.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const COMMANDS = { replyTimeoutMs: 30_000, queueTtlMs: 3600_000 };

/** One server process's command path: its own database pool, buses, dispatcher and lifecycle. */
export interface CommandProcess {
  repositories: Repositories;
  sessions: LiveSessions;
  dispatcher: CommandDispatcher;
  /** The gateway's events as this process's listeners get them (the live socket's source). */
  events: RedisEventBus<GatewayEvent>;
  notices: RedisEventBus<ClusterNotice>;
  close(): Promise<void>;
}

export interface GatewayProcess extends CommandProcess {
  gateway: Gateway;
  gt06Port: number;
}

export interface CommandClusterOptions {
  /**
   * false: the processes are wired as before issue 20 (no notices, a dispatcher that knows only
   * its own connections), to measure what it was.
   */
  routed?: boolean;
}

/**
 * Processes of one cluster over one database (PostgreSQL or SQLite, each process with its own
 * connection to it) and one Redis, on channels of their own: API processes without device
 * connections and gateway processes listening for GT06 devices on real TCP ports. Registers one
 * GT06 device (IMEI 0123456789012345, as `Gt06Device` logs in).
 */
export class CommandCluster {
  readonly clock = new TestClock();
  private readonly channel = `test:${randomUUID()}`;
  /** Where this cluster's processes tell each other their notices. */
  readonly noticesChannel = `${CLUSTER_NOTICES_CHANNEL}:${this.channel}`;
  private readonly processes: CommandProcess[] = [];

  private constructor(
    private readonly database: TestDatabase,
    readonly deviceId: number,
    private readonly options: CommandClusterOptions,
  ) {}

  static async start(dialect: Dialect, options: CommandClusterOptions = {}) {
    const database = await createTestDatabase(dialect);
    const device = await registerDevice(
      { repositories: createRepositories(database.handle) },
      '123456789012345',
      'gt06',
    );
    return new CommandCluster(database, device.id, options);
  }

  async startApi(): Promise<CommandProcess> {
    const api = await this.startProcess(new LiveSessions(this.clock));
    this.processes.push(api);
    return api;
  }

  async startGateway(): Promise<GatewayProcess> {
    const sessions = new LiveSessions(this.clock);
    const base = await this.startProcess(sessions);
    const gateway = new Gateway(
      {
        host: '127.0.0.1',
        ports: { gt06: 0 },
        batch: { size: 500, delayMs: 20 },
        stateWriteMs: 0,
        commands: COMMANDS,
        events: base.events,
        sessions,
        dispatcher: base.dispatcher,
        ...(this.options.routed !== false && { notices: base.notices }),
      },
      base.repositories,
      this.clock,
      pino({ level: 'silent' }),
    );
    const { gt06 } = await gateway.start();
    const started: GatewayProcess = {
      ...base,
      gateway,
      gt06Port: gt06!,
      close: async () => {
        await gateway.stop();
        await base.close();
      },
    };
    this.processes.push(started);
    return started;
  }

  /** The device's status as stored (what every process reads). */
  async storedStatus(): Promise<string | null | undefined> {
    const reach = new DeviceReachRepository(this.database.handle.db);
    return (await reach.reachOf(this.deviceId))?.status;
  }

  async close(): Promise<void> {
    for (const member of this.processes.splice(0).reverse()) await member.close();
    await this.database.drop();
  }

  private async startProcess(sessions: LiveSessions): Promise<CommandProcess> {
    const handle = this.openConnection();
    const repositories = createRepositories(handle);
    const logger = pino({ level: 'silent' });
    const onError = (error: unknown) => logger.error({ err: error }, 'bus');
    const events = await RedisEventBus.connect<GatewayEvent>({
      url: REDIS_URL,
      channel: `${GATEWAY_EVENTS_CHANNEL}:${this.channel}`,
      staysLocal: gatewayEventStaysLocal,
      onListenerError: onError,
      onError,
    });
    const notices = await RedisEventBus.connect<ClusterNotice>({
      url: REDIS_URL,
      channel: this.noticesChannel,
      onListenerError: onError,
      onError,
    });
    const dispatcher = new CommandDispatcher(
      repositories.commands,
      sessions,
      this.clock,
      COMMANDS,
      this.options.routed === false
        ? undefined
        : { notices, devices: new DeviceReachRepository(handle.db) },
    );
    const lifecycle = new CommandLifecycle(repositories.remoteStates, this.clock, logger, (event) =>
      events.publish(event),
    );
    lifecycle.attach(dispatcher);
    return {
      repositories,
      sessions,
      dispatcher,
      events,
      notices,
      close: async () => {
        await lifecycle.idle();
        await Promise.all([events.close(), notices.close()]);
        await handle.db.destroy();
      },
    };
  }

  /** A connection of its own to the cluster's database, as another process would have. */
  private openConnection(): DatabaseHandle {
    const { DATA_DIR, DATABASE_URL } = this.database.env;
    return openDatabase({ dataDir: DATA_DIR, ...(DATABASE_URL && { databaseUrl: DATABASE_URL }) });
  }
}
