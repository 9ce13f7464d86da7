import { DecodeError, newSession, type Protocol } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaChunk, MediaUploads } from '../audio/media-uploads.js';
import type { CommandDispatcher } from './command-dispatcher.js';
import type { DeviceDirectory } from './device-directory.js';
import type { LiveSessions } from './live-sessions.js';
import type { Pipeline } from './pipeline.js';
import type { GatewayStats } from './stats.js';

/** How bytes go back to a device: a TCP socket, or UDP datagrams to its last address. */
export interface Transport {
  /** Hands bytes to the transport; false when it is already closed. */
  write(bytes: Uint8Array): boolean;
  /** Stop and restart reading (TCP flow control pushes back on the device meanwhile). */
  pause(): void;
  resume(): void;
  close(): void;
  readonly closed: boolean;
}

/** Frames of one connection waiting for their commit before reading pauses. */
const MAX_IN_FLIGHT = 32;

export interface ConnectionDeps {
  directory: DeviceDirectory;
  pipeline: Pipeline;
  sessions: LiveSessions;
  dispatcher: CommandDispatcher;
  /** Where media packets are kept before their ack. */
  media: MediaUploads;
  stats: GatewayStats;
  logger: FastifyBaseLogger;
}

/**
 * One device's conversation, whatever carries it. Frames are handled strictly in order: decode →
 * identify the device (an unknown one is refused) → media packets kept (only frames that carry
 * them wait for that) → pipeline → once committed, the device's ack →
 * command replies and queued commands. A position frame does not wait for the commit of the one
 * before it, so a burst of blind-area uploads shares one transaction; acks still go out in order.
 */
export class DeviceConnection {
  private readonly framer;
  private readonly session = newSession();
  private deviceId: number | undefined;
  private queue = Promise.resolve();
  /** Frames received and not yet acknowledged (or settled otherwise). */
  private inFlight = 0;
  private paused = false;

  constructor(
    private readonly protocol: Protocol,
    private readonly transport: Transport,
    private readonly deps: ConnectionDeps,
  ) {
    this.framer = protocol.createFramer();
  }

  /**
   * Past MAX_IN_FLIGHT frames waiting for their commit, reading stops until they drain: an
   * overloaded gateway slows its devices down instead of queueing without bound.
   */
  receive(chunk: Uint8Array): void {
    for (const frame of this.framer.push(chunk)) {
      this.inFlight++;
      this.queue = this.queue.then(async () => {
        const { acked } = this.transport.closed ? {} : await this.handle(frame);
        if (acked) acked.then(this.settle, this.notStored);
        else this.settle();
      });
    }
    this.queue = this.queue.catch(this.notStored);
    if (this.inFlight >= MAX_IN_FLIGHT && !this.paused) {
      this.paused = true;
      this.transport.pause();
    }
  }

  private readonly settle = (): void => {
    this.inFlight--;
    if (this.paused && this.inFlight <= MAX_IN_FLIGHT / 2) {
      this.paused = false;
      this.transport.resume();
    }
  };

  /** The transport ended: the device is offline unless it already has a newer connection. */
  ended(): void {
    const { deviceId } = this;
    const { sessions, pipeline, dispatcher } = this.deps;
    if (deviceId === undefined || !sessions.detach(deviceId, this.transport)) return;
    pipeline.deviceGone(deviceId);
    pipeline.track(dispatcher.deviceGone(deviceId));
  }

  /** Not stored, so not acknowledged: the device sends it again on its next connection. */
  private readonly notStored = (error: unknown): void => {
    this.deps.logger.error({ err: error, protocol: this.protocol.name }, 'frame not stored');
    this.transport.close();
  };

  /** Answers, for a frame not yet committed, the promise of its ack. */
  private async handle(frame: Uint8Array): Promise<{ acked?: Promise<void> }> {
    const { pipeline, dispatcher, stats } = this.deps;
    let result;
    try {
      result = this.protocol.decode(frame, this.session);
    } catch (error) {
      if (!(error instanceof DecodeError)) throw error;
      stats.malformedFrames++;
      return {};
    }
    const login = result.messages.find((m) => m.type === 'login');
    if (login?.type === 'login' && this.deviceId === undefined) await this.identify(login.deviceId);
    const { deviceId } = this;
    if (deviceId === undefined) {
      stats.unknownDevices++;
      this.transport.close();
      return {};
    }
    const media = result.messages.filter((m): m is MediaChunk => m.type === 'mediaChunk');
    // Before the pipeline, so the frames after this one still commit (and are acked) in order.
    if (media.length > 0) await this.deps.media.receive(deviceId, media);
    const { ack } = result;
    const acked = pipeline.handle(deviceId, result.messages, frame).then(() => {
      if (ack) this.transport.write(ack);
    });
    const replies = result.messages.filter((m) => m.type === 'commandResult');
    if (!login && replies.length === 0) return { acked };
    // A login is answered before the device can be sent anything; a reply is matched once its
    // frame is in.
    await acked;
    for (const reply of replies) await dispatcher.handleReply(deviceId, reply);
    if (login && this.goLive(deviceId)) await dispatcher.deviceConnected(deviceId);
    return {};
  }

  /**
   * Commands reach the device through its live session, so it is attached only once the login's
   * ack is out: a device ignores what comes before it. False when the connection ended meanwhile.
   */
  private goLive(deviceId: number): boolean {
    const { sessions, pipeline } = this.deps;
    if (this.transport.closed) {
      // The login made it online; nobody else holds it, so it is gone again.
      if (!sessions.connectionOf(deviceId)) pipeline.deviceGone(deviceId);
      return false;
    }
    sessions.attach(deviceId, {
      transport: this.transport,
      protocol: this.protocol,
      session: this.session,
    });
    return true;
  }

  private async identify(identifier: string): Promise<void> {
    const { directory, pipeline, logger } = this.deps;
    const device = await directory.identify(identifier, this.protocol.name);
    if (!device) {
      logger.warn({ protocol: this.protocol.name, id: identifier }, 'unknown device refused');
      return;
    }
    await pipeline.prepare(device.id);
    this.deviceId = device.id;
  }
}
