import type http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { findProtocol, type ProtocolName } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Repositories } from '../context.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import { BatchWriter, type BatchOptions } from './batch-writer.js';
import { CommandDispatcher, type DispatcherOptions } from './command-dispatcher.js';
import { DeviceDirectory } from './device-directory.js';
import { LiveSessions } from './live-sessions.js';
import { createOsmAndListener } from './osmand-listener.js';
import { Pipeline } from './pipeline.js';
import { newGatewayStats } from './stats.js';
import { createTcpListener } from './tcp-listener.js';

export type GatewayPorts = Partial<Record<ProtocolName, number | null>>;

export interface GatewayOptions {
  host: string;
  /** Port per protocol; null or absent: that listener is off. */
  ports: GatewayPorts;
  batch: BatchOptions;
  commands: DispatcherOptions;
}

const SWEEP_MS = 5000;
const FRAMES_KEPT = 50;
const PRUNE_MS = 60_000;

/** Silence after which a connection is closed (trackers heartbeat every few minutes at most). */
const IDLE_TIMEOUT_MS: Record<ProtocolName, number> = {
  gt06: 10 * 60_000,
  jt808: 10 * 60_000,
  h02: 10 * 60_000,
  watch: 15 * 60_000,
  osmand: 0,
};

/** The endpoints trackers talk to, and the pipeline behind them. */
export class Gateway {
  readonly stats = newGatewayStats();
  readonly writer: BatchWriter;
  readonly pipeline: Pipeline;
  private readonly positions: PositionRepository;
  readonly sessions = new LiveSessions();
  readonly dispatcher: CommandDispatcher;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly servers: { name: ProtocolName; server: http.Server | net.Server }[] = [];
  private readonly connections = new Set<net.Socket>();

  constructor(
    private readonly options: GatewayOptions,
    repositories: Repositories,
    clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.positions = repositories.positions;
    this.writer = new BatchWriter(repositories.positions, options.batch);
    this.pipeline = new Pipeline(repositories.positions, this.writer, clock);
    this.dispatcher = new CommandDispatcher(
      repositories.commands,
      this.sessions,
      clock,
      options.commands,
    );
    const directory = new DeviceDirectory(repositories.devices);
    const deps = {
      dispatcher: this.dispatcher,
      directory,
      pipeline: this.pipeline,
      sessions: this.sessions,
      stats: this.stats,
      logger,
    };
    for (const [name, port] of Object.entries(options.ports) as [ProtocolName, number | null][]) {
      if (port === null) continue;
      if (name === 'osmand') {
        this.servers.push({
          name,
          server: createOsmAndListener(directory, this.pipeline, this.stats, logger),
        });
        continue;
      }
      const protocol = findProtocol(name);
      if (protocol) {
        this.servers.push({
          name,
          server: createTcpListener(protocol, { idleTimeoutMs: IDLE_TIMEOUT_MS[name] }, deps),
        });
      }
    }
  }

  private every(ms: number, task: () => Promise<void>): void {
    const run = () =>
      task().catch((error: unknown) => this.logger.error({ err: error }, 'gateway task failed'));
    this.timers.push(setInterval(run, ms).unref());
  }

  /** Listens on every configured port; answers the ports taken (useful with port 0). */
  async start(): Promise<Record<string, number>> {
    this.every(SWEEP_MS, () => this.dispatcher.sweep());
    this.every(PRUNE_MS, () => this.positions.pruneFrames(FRAMES_KEPT));
    const ports: Record<string, number> = {};
    for (const { name, server } of this.servers) {
      server.on('connection', (socket: net.Socket) => {
        this.connections.add(socket);
        socket.once('close', () => this.connections.delete(socket));
      });
      const port = this.options.ports[name] ?? 0;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, this.options.host, () => resolve());
      });
      ports[name] = (server.address() as AddressInfo).port;
      this.logger.info({ protocol: name, port: ports[name] }, 'gateway listening');
    }
    return ports;
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    await Promise.all(
      this.servers.map(
        ({ server }) => new Promise<void>((resolve) => server.close(() => resolve())),
      ),
    );
    await this.writer.flush();
  }
}
