import { DecodeError, newSession, type Protocol } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandDispatcher } from './command-dispatcher.js';
import type { DeviceDirectory } from './device-directory.js';
import type { LiveSessions } from './live-sessions.js';
import type { Pipeline } from './pipeline.js';
import type { GatewayStats } from './stats.js';

/** How bytes go back to a device: a TCP socket, or UDP datagrams to its last address. */
export interface Transport {
  write(bytes: Uint8Array): Promise<boolean>;
  close(): void;
  readonly closed: boolean;
}

export interface ConnectionDeps {
  directory: DeviceDirectory;
  pipeline: Pipeline;
  sessions: LiveSessions;
  dispatcher: CommandDispatcher;
  stats: GatewayStats;
  logger: FastifyBaseLogger;
}

/**
 * One device's conversation, whatever carries it. Frames are handled strictly in order: decode →
 * identify the device (an unknown one is refused) → pipeline (committed) → the device's ack →
 * command replies and queued commands.
 */
export class DeviceConnection {
  private readonly framer;
  private readonly session = newSession();
  private deviceId: number | undefined;
  private queue = Promise.resolve();

  constructor(
    private readonly protocol: Protocol,
    private readonly transport: Transport,
    private readonly deps: ConnectionDeps,
  ) {
    this.framer = protocol.createFramer();
  }

  receive(chunk: Uint8Array): void {
    for (const frame of this.framer.push(chunk)) {
      this.queue = this.queue.then(() => (this.transport.closed ? undefined : this.handle(frame)));
    }
    this.queue = this.queue.catch((error: unknown) => {
      // Not stored, so not acknowledged: the device sends it again on its next connection.
      this.deps.logger.error({ err: error, protocol: this.protocol.name }, 'frame not stored');
      this.transport.close();
    });
  }

  /** The transport ended: the device is offline unless it already has a newer connection. */
  ended(): void {
    const { deviceId } = this;
    const { sessions, pipeline, dispatcher } = this.deps;
    if (deviceId === undefined || !sessions.detach(deviceId, this.transport)) return;
    pipeline.deviceGone(deviceId);
    pipeline.track(dispatcher.deviceGone(deviceId));
  }

  private async handle(frame: Uint8Array): Promise<void> {
    const { directory, pipeline, sessions, dispatcher, stats, logger } = this.deps;
    let result;
    try {
      result = this.protocol.decode(frame, this.session);
    } catch (error) {
      if (!(error instanceof DecodeError)) throw error;
      stats.malformedFrames++;
      return;
    }
    const login = result.messages.find((m) => m.type === 'login');
    if (login?.type === 'login' && this.deviceId === undefined) {
      const device = await directory.identify(login.deviceId);
      if (device) {
        this.deviceId = device.id;
        sessions.attach(device.id, {
          transport: this.transport,
          protocol: this.protocol,
          session: this.session,
        });
      } else {
        logger.warn({ protocol: this.protocol.name, id: login.deviceId }, 'unknown device refused');
      }
    }
    const { deviceId } = this;
    if (deviceId === undefined) {
      stats.unknownDevices++;
      this.transport.close();
      return;
    }
    await pipeline.handle(deviceId, result.messages, frame);
    if (result.ack) await this.transport.write(result.ack);
    for (const message of result.messages) {
      if (message.type === 'commandResult') await dispatcher.handleReply(deviceId, message);
    }
    if (login) await dispatcher.deviceConnected(deviceId);
  }
}
