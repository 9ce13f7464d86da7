import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Repositories } from '../context.js';
import { BatchWriter, type BatchOptions } from './batch-writer.js';
import { DeviceDirectory } from './device-directory.js';
import { createOsmAndListener } from './osmand-listener.js';
import { Pipeline } from './pipeline.js';
import { newGatewayStats } from './stats.js';

export interface GatewayOptions {
  host: string;
  /** null: that listener is off. */
  ports: { osmand: number | null };
  batch: BatchOptions;
}

/** The endpoints trackers talk to, and the pipeline behind them. */
export class Gateway {
  readonly stats = newGatewayStats();
  readonly writer: BatchWriter;
  readonly pipeline: Pipeline;
  private readonly servers: { name: string; server: http.Server }[] = [];

  constructor(
    private readonly options: GatewayOptions,
    repositories: Repositories,
    clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.writer = new BatchWriter(repositories.positions, options.batch);
    this.pipeline = new Pipeline(repositories.positions, this.writer, clock);
    const directory = new DeviceDirectory(repositories.devices);
    if (options.ports.osmand !== null) {
      this.servers.push({
        name: 'osmand',
        server: createOsmAndListener(directory, this.pipeline, this.stats, logger),
      });
    }
  }

  /** Listens on every configured port; answers the ports taken (useful with port 0). */
  async start(): Promise<Record<string, number>> {
    const ports: Record<string, number> = {};
    for (const { name, server } of this.servers) {
      const port = this.options.ports[name as keyof GatewayOptions['ports']] ?? 0;
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
    await Promise.all(
      this.servers.map(
        ({ server }) => new Promise<void>((resolve) => server.close(() => resolve())),
      ),
    );
    await this.writer.flush();
  }
}
