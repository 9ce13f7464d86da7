import type dgram from 'node:dgram';
import type http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { findProtocol, type ProtocolName } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import { MediaUploads } from '../audio/media-uploads.js';
import { ownEventsOf, type EventBus } from '../bus/event-bus.js';
import type { Clock } from '../clock.js';
import type { ClusterNotice } from '../cluster/cluster-notice.js';
import type { Repositories } from '../repositories/create-repositories.js';
import type { HttpTimeouts } from '../http/server-timeouts.js';
import type { GeolocationProvider } from '../providers/geolocation/geolocation-provider.js';
import { GatewayMetrics } from '../metrics/gateway-metrics.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import { BatchWriter, type BatchOptions } from './batch-writer.js';
import { STATE_TURNS } from './device-snapshots.js';
import { CommandDispatcher, type DispatcherOptions } from './command-dispatcher.js';
import {
  ConnectionLimits,
  connectionLimitOptions,
  type ConnectionLimitOptions,
} from './connection-limits.js';
import type { ConnectionDeps } from './connection-deps.js';
import { DeviceCredentials } from './device-credentials.js';
import { DeviceDirectory } from './device-directory.js';
import type { GatewayEvent, GatewayEvents } from './gateway-events.js';
import { LocalEventBus } from '../bus/local-event-bus.js';
import { IdentityLog } from './identity-log.js';
import { LiveSessions } from './live-sessions.js';
import { NetworkFixResolver } from './network-fix-resolver.js';
import { createOsmAndListener } from './osmand-listener.js';
import { Pipeline } from './pipeline.js';
import { LISTEN_BACKLOG, listenQueueCap, listenQueueShortfall } from './listen-queue.js';
import { RefusalLog } from './refusal-log.js';
import type { GatewayPorts } from './gateway-ports.js';
import { newGatewayStats } from './stats.js';
import { createTcpListener } from './tcp-listener.js';
import { createUdpListener } from './udp-listener.js';

export interface GatewayOptions {
  host: string;
  /** TCP port per protocol (HTTP for OsmAnd); null or absent: off. */
  ports: GatewayPorts;
  /** UDP port per protocol, for the devices that send datagrams (JT/T 808, H02). */
  udpPorts?: GatewayPorts;
  batch: BatchOptions;
  /** How often at most a device's state is written (positions are written at once). */
  stateWriteMs: number;
  /** Put unregistered devices that try to connect on the holding list (they stay refused). */
  holdUnknownDevices?: boolean;
  /** Per protocol, instead of the defaults (tests). */
  idleTimeoutMs?: Partial<Record<ProtocolName, number>>;
  /** Login deadline and connection limits; each absent one has its default. */
  limits?: Partial<ConnectionLimitOptions>;
  /** OsmAnd's HTTP timeouts; Node's defaults when absent. */
  http?: HttpTimeouts;
  /** Resolves cell and Wi-Fi fixes into positions when present. */
  geolocation?: GeolocationProvider;
  commands: DispatcherOptions;
  /** The server's event bus (the live socket listens to it); the gateway makes its own if absent. */
  events?: GatewayEvents;
  /** The server's live connections and dispatcher (the API sends commands through them); the
   * gateway makes its own if absent. */
  sessions?: LiveSessions;
  dispatcher?: CommandDispatcher;
  /** The notices between the server's processes: commands stored elsewhere for a device
   * connected here are sent at once. */
  notices?: EventBus<ClusterNotice>;
  /** The server's media uploads (the audio ingest assembles them); the gateway makes its own if
   * absent. */
  media?: MediaUploads;
  /** The server's /metrics series of the gateway; the gateway makes its own (unscraped) if absent. */
  metrics?: GatewayMetrics;
  /**
   * Whether every device connection is this process's (default): then the devices stored online
   * at its start lost theirs. False in a cluster, where other gateways hold theirs.
   */
  ownsEveryConnection?: boolean;
}

/**
 * Silence after which a device is offline: its connection is closed (trackers heartbeat every few
 * minutes at most); OsmAnd has no connection, so it is the time since its last report.
 */
const IDLE_TIMEOUT_MS: Record<ProtocolName, number> = {
  gt06: 10 * 60_000,
  jt808: 10 * 60_000,
  h02: 10 * 60_000,
  watch: 15 * 60_000,
  osmand: 10 * 60_000,
};

type Listener =
  | { name: string; port: number; kind: 'stream'; server: net.Server | http.Server }
  | { name: string; port: number; kind: 'datagram'; socket: dgram.Socket };

/** The endpoints trackers talk to, and the pipeline behind them. */
export class Gateway {
  readonly stats = newGatewayStats();
  /** Admission of device connections: login deadline, pending and total limits. */
  readonly limits: ConnectionLimits;
  readonly sessions: LiveSessions;
  /** Positions, status changes and device alarms, once committed. */
  readonly events: GatewayEvents;
  readonly writer: BatchWriter;
  readonly pipeline: Pipeline;
  readonly dispatcher: CommandDispatcher;
  readonly resolver: NetworkFixResolver | undefined;
  private readonly positions: PositionRepository;
  private readonly listeners: Listener[] = [];
  private readonly connections = new Set<net.Socket>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    private readonly options: GatewayOptions,
    repositories: Repositories,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.events =
      options.events ??
      new LocalEventBus<GatewayEvent>((error) =>
        logger.error({ err: error }, 'gateway event listener failed'),
      );
    const metrics = options.metrics ?? new GatewayMetrics();
    this.writer = new BatchWriter(repositories.positions, options.batch, metrics.committed);
    this.positions = repositories.positions;
    this.pipeline = new Pipeline(
      repositories.positions,
      this.writer,
      clock,
      options.stateWriteMs,
      this.events,
    );
    this.sessions = options.sessions ?? new LiveSessions(clock);
    this.dispatcher =
      options.dispatcher ??
      new CommandDispatcher(repositories.commands, this.sessions, clock, options.commands);
    if (options.notices) this.followCommandNotices(options.notices);
    if (options.geolocation) {
      this.resolver = new NetworkFixResolver(
        options.geolocation,
        this.pipeline,
        repositories.networkFixes,
        clock,
        logger,
      );
      this.resolver.attach(ownEventsOf(this.events));
    }
    const directory = new DeviceDirectory(
      repositories.devices,
      options.holdUnknownDevices ? repositories.heldDevices : undefined,
    );
    metrics.observe({
      stats: this.stats,
      filtered: this.pipeline.rejected,
      sessions: this.sessions,
    });
    const identityLog = new IdentityLog(this.stats, repositories.devices, logger);
    const deps: ConnectionDeps = {
      directory,
      credentials: new DeviceCredentials(repositories.devices, directory, this.sessions),
      identityLog,
      pipeline: this.pipeline,
      sessions: this.sessions,
      dispatcher: this.dispatcher,
      media: options.media ?? new MediaUploads(repositories.mediaChunks, clock),
      stats: this.stats,
      ackLatency: metrics.ackSeconds,
      logger,
    };
    const refusals = new RefusalLog(this.stats, logger);
    this.limits = new ConnectionLimits(connectionLimitOptions(options.limits), refusals);
    const idle = { ...IDLE_TIMEOUT_MS, ...options.idleTimeoutMs };
    for (const [name, port] of Object.entries(options.ports) as [ProtocolName, number | null][]) {
      const protocol = findProtocol(name);
      if (port === null || !protocol) continue;
      const server =
        name === 'osmand'
          ? createOsmAndListener({
              directory,
              pipeline: this.pipeline,
              silenceMs: idle.osmand,
              limits: this.limits,
              timeouts: options.http,
              stats: this.stats,
              ackLatency: metrics.ackSeconds,
              refusals,
              identityLog,
              logger,
            })
          : createTcpListener(protocol, idle[name], deps, this.limits);
      this.listeners.push({ name, port, kind: 'stream', server });
    }
    for (const [name, port] of Object.entries(options.udpPorts ?? {}) as [
      ProtocolName,
      number | null,
    ][]) {
      const protocol = findProtocol(name);
      if (port === null || !protocol) continue;
      const socket = createUdpListener(protocol, idle[name], deps);
      this.listeners.push({ name: `${name}/udp`, port, kind: 'datagram', socket });
    }
  }

  /** Listens on every configured port; answers the ports taken by name (`jt808`, `jt808/udp`). */
  async start(): Promise<Record<string, number>> {
    if (this.options.ownsEveryConnection !== false)
      await this.positions.markOnlineOffline(this.clock.now());
    // Its month partitions before its first positions; later ones are a cluster job (jobs/).
    await this.positions.prepareFor(this.clock.now());
    // A turn of devices' states per run, a fleet's worth spread over the interval instead of one
    // long transaction that holds every ack (device-snapshots.ts).
    this.every(Math.max(this.options.stateWriteMs / STATE_TURNS, 100), () =>
      this.pipeline.flushSnapshots(),
    );
    this.logger.info(this.limits.options, 'gateway connection limits');
    const shortfall = listenQueueShortfall(this.limits.options.maxConnections, listenQueueCap());
    if (shortfall)
      this.logger.warn(
        shortfall,
        'net.core.somaxconn caps the queue of new device connections below the fleet: devices ' +
          'reconnecting at once after a restart lose handshakes and retry seconds later ' +
          '(docs/operations.md)',
      );
    const ports: Record<string, number> = {};
    for (const listener of this.listeners) {
      ports[listener.name] = await this.listen(listener);
      this.logger.info(
        { listener: listener.name, port: ports[listener.name] },
        'gateway listening',
      );
    }
    return ports;
  }

  /** Stops listening, closes every device connection, and waits for what they sent to be written. */
  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.unsubscribes.forEach((unsubscribe) => unsubscribe());
    const closed = this.listeners.map(
      (listener) =>
        new Promise<void>((resolve) =>
          listener.kind === 'stream'
            ? listener.server.close(() => resolve())
            : listener.socket.close(() => resolve()),
        ),
    );
    for (const socket of this.connections) socket.destroy();
    await Promise.all(closed);
    this.pipeline.track(this.pipeline.flushSnapshots(true));
    await this.writer.flush();
    await this.pipeline.idle();
  }

  private listen(listener: Listener): Promise<number> {
    return new Promise((resolve, reject) => {
      if (listener.kind === 'datagram') {
        listener.socket.once('error', reject);
        listener.socket.bind(listener.port, this.options.host, () =>
          resolve(listener.socket.address().port),
        );
        return;
      }
      const { connections } = this;
      // One listener for all the port's sockets (the socket is `this`), not a closure each.
      function untrack(this: net.Socket) {
        connections.delete(this);
      }
      listener.server.on('connection', (socket: net.Socket) => {
        connections.add(socket);
        socket.on('close', untrack);
      });
      listener.server.once('error', reject);
      // A fleet reconnects all at once after a restart: let the kernel queue that many.
      const { port, server } = listener;
      server.listen({ port, host: this.options.host, backlog: LISTEN_BACKLOG }, () =>
        resolve((server.address() as AddressInfo).port),
      );
    });
  }

  /** Commands announced by another process go out here at once when their device is connected
   * here; after a gap in the notices, every device connected here gets what waits for it. */
  private followCommandNotices(notices: EventBus<ClusterNotice>): void {
    const run = (delivery: Promise<void>) =>
      this.pipeline.track(
        delivery.catch((error: unknown) =>
          this.logger.error({ err: error }, 'announced commands not delivered'),
        ),
      );
    this.unsubscribes.push(
      notices.subscribe((notice) => {
        if (notice.type === 'commandQueued')
          run(this.dispatcher.deliverAnnounced(notice.deviceId, notice.commandIds));
      }),
      notices.onResync(() => run(this.dispatcher.deliverToConnected())),
    );
  }

  private every(ms: number, task: () => Promise<void>): void {
    const run = () =>
      task().catch((error: unknown) => this.logger.error({ err: error }, 'gateway task failed'));
    this.timers.push(setInterval(run, ms).unref());
  }
}
