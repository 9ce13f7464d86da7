import { DecodeError, newSession, type DecodeResult, type Protocol } from '@xunji/protocols';
import type { MediaChunk } from '../audio/media-uploads.js';
import type { DeviceRow } from '../db/schema.js';
import type { ConnectionDeps } from './connection-deps.js';
import { admitLogin } from './device-login.js';
import type { Proof } from './live-sessions.js';
import type { MessageListener } from './message-commit.js';
import type { Transport } from './transport.js';

/** Frames of one connection waiting for their commit before reading pauses. */
const MAX_IN_FLIGHT = 32;

/** Nothing in it but what the pipeline stores: no login, media or command reply to wait for. */
function isRoutine(result: DecodeResult): boolean {
  if (result.answerLogin) return false;
  for (const { type } of result.messages)
    if (type === 'login' || type === 'mediaChunk' || type === 'commandResult') return false;
  return true;
}

/**
 * One device's conversation, whatever carries it. Frames are handled strictly in order: decode →
 * identify the device (an unknown one or a wrong code is refused) → admission (while another
 * connection holds the device and has not gone quiet, this one is kept out: nothing stored or
 * acknowledged) → media packets kept (only frames that carry them wait for that) → pipeline →
 * once committed, the device's ack → command replies and queued commands. A position frame does not wait for the commit of the one
 * before it, so a burst of blind-area uploads shares one transaction; acks still go out in order.
 * The steady state — a live connection's routine frame with none before it still being handled —
 * goes to the pipeline at once, without the queue (most frames: the gateway's hot path).
 */
export class DeviceConnection implements MessageListener {
  private readonly framer;
  private readonly session = newSession();
  private device: DeviceRow | undefined;
  private proof: Proof = 'claimed';
  /** The device's live connection: commands come through it. */
  private live = false;
  /** Commands carrying personal data were released to it (live-sessions.ts, trusted). */
  private personalReleased = false;
  private queue = Promise.resolve();
  /** Frames in the queue, not yet handed to the pipeline or still answered after it. */
  private queued = 0;
  /** Frames received and not yet acknowledged (or settled otherwise). */
  private inFlight = 0;
  private paused = false;
  /**
   * The hot path's frames handed to the pipeline, oldest first: each one's ack and when it was
   * received. The pipeline commits a device's messages in order, so each commit it tells of is
   * the oldest here — no listener object or closure per frame.
   */
  private readonly acks: (Uint8Array | undefined)[] = [];
  private readonly receivedAt: number[] = [];

  constructor(
    private readonly protocol: Protocol,
    private readonly transport: Transport,
    private readonly deps: ConnectionDeps,
    /** Called once the connection is a registered device's live one (its login deadline ends). */
    private readonly onIdentified: () => void = () => undefined,
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
      if (this.queued === 0 && this.live && !this.transport.closed) this.handleNow(frame);
      else this.enqueue(frame);
    }
    if (this.inFlight >= MAX_IN_FLIGHT && !this.paused) {
      this.paused = true;
      this.transport.pause();
    }
  }

  private settle(): void {
    this.inFlight--;
    if (this.paused && this.inFlight <= MAX_IN_FLIGHT / 2) {
      this.paused = false;
      this.transport.resume();
    }
  }

  /**
   * In the queue, after the frames before it. `decoded`: already decoded (in order); `received`:
   * when it arrived (performance.now()).
   */
  private enqueue(frame: Uint8Array, decoded?: DecodeResult, received = performance.now()): void {
    this.queued++;
    this.queue = this.queue
      .then(async () => {
        try {
          const { acked } = this.transport.closed
            ? {}
            : await this.handle(frame, received, decoded);
          if (acked)
            acked.then(
              () => this.settle(),
              (error: unknown) => this.notStored(error),
            );
          else this.settle();
        } finally {
          this.queued--;
        }
      })
      .catch((error: unknown) => this.notStored(error));
  }

  /** A live connection's frame with nothing before it waiting: a routine one goes straight on. */
  private handleNow(frame: Uint8Array): void {
    const received = performance.now();
    try {
      const result = this.decode(frame);
      if (!result) return this.settle();
      if (!isRoutine(result)) return this.enqueue(frame, result, received);
      const deviceId = this.device!.id;
      this.heard(deviceId);
      this.acks.push(result.ack);
      this.receivedAt.push(received);
      this.deps.pipeline.submit(deviceId, result.messages, frame, this);
    } catch (error) {
      this.notStored(error);
    }
  }

  /** The oldest frame handed to the pipeline is committed (see `acks`). */
  stored(positions: number): void {
    this.committed(positions, this.acks.shift(), this.receivedAt.shift()!);
    this.settle();
  }

  /** The oldest frame handed to the pipeline was not stored. */
  failed(error: unknown): void {
    this.acks.shift();
    this.receivedAt.shift();
    this.notStored(error);
  }

  /** A frame is committed: its positions are counted, its ack is written (and timed). */
  private committed(positions: number, ack: Uint8Array | undefined, received: number): void {
    this.deps.stats.positionsStored[this.protocol.name] += positions;
    if (!ack) return;
    this.transport.write(ack);
    this.deps.ackLatency.observe((performance.now() - received) / 1000);
  }

  /** The frame's messages; undefined (counted) for a malformed frame. */
  private decode(frame: Uint8Array): DecodeResult | undefined {
    const { stats } = this.deps;
    try {
      const result = this.protocol.decode(frame, this.session);
      if (result.crcMismatch) stats.crcMismatchFrames++;
      return result;
    } catch (error) {
      if (!(error instanceof DecodeError)) throw error;
      stats.malformedFrames++;
      return undefined;
    }
  }

  private get address(): string {
    return this.transport.address ?? 'unknown';
  }

  /** The transport ended: the device is offline unless it already has a newer connection. */
  ended(): void {
    const deviceId = this.device?.id;
    const { sessions, pipeline, dispatcher } = this.deps;
    if (deviceId === undefined || !sessions.detach(deviceId, this.transport)) return;
    pipeline.deviceGone(deviceId);
    pipeline.track(dispatcher.deviceGone(deviceId));
  }

  /** Not stored, so not acknowledged: the device sends it again on its next connection. */
  private notStored(error: unknown): void {
    this.deps.logger.error({ err: error, protocol: this.protocol.name }, 'frame not stored');
    this.transport.close();
  }

  /** Answers, for a frame not yet committed, the promise of its ack. */
  private async handle(
    frame: Uint8Array,
    received: number,
    decoded?: DecodeResult,
  ): Promise<{ acked?: Promise<void> }> {
    const { pipeline, dispatcher, stats } = this.deps;
    const result = decoded ?? this.decode(frame);
    if (!result) return {};
    const login = result.messages.find((m) => m.type === 'login');
    let { ack } = result;
    if (login?.type === 'login' && (!this.device || login.credential)) {
      const admitted = await admitLogin(
        this.deps,
        this.protocol.name,
        this.transport,
        login,
        result.answerLogin,
      );
      if (!admitted) {
        if (this.live) this.transport.close();
        return {};
      }
      if (!this.device) await pipeline.prepare(admitted.device.id);
      ({ device: this.device, proof: this.proof } = admitted);
      ack ??= admitted.ack;
    }
    const { device } = this;
    if (!device) {
      stats.unknownDevices++;
      this.transport.close();
      return {};
    }
    const entering = !this.live;
    if (entering && this.keptOut(device)) return {};
    if (!entering) this.heard(device.id);
    const media = result.messages.filter((m): m is MediaChunk => m.type === 'mediaChunk');
    // Before the pipeline, so the frames after this one still commit (and are acked) in order.
    if (media.length > 0) await this.deps.media.receive(device.id, media);
    const acked = pipeline
      .handle(device.id, result.messages, frame)
      .then((positions) => this.committed(positions, ack, received));
    const replies = result.messages.filter((m) => m.type === 'commandResult');
    if (!entering && replies.length === 0) return { acked };
    // A login is answered before the device can be sent anything; a reply is matched once its
    // frame is in.
    await acked;
    if (entering && !(await this.goLive(device))) return {};
    for (const reply of replies) await dispatcher.handleReply(device.id, reply);
    if (entering) await dispatcher.deviceConnected(device.id);
    return {};
  }

  /** While another connection holds the device and has not gone quiet, this one gets nothing. */
  private keptOut(device: DeviceRow): boolean {
    const { sessions, identityLog } = this.deps;
    if (sessions.admission(device.id, this.transport, this.proof) !== 'contested') return false;
    identityLog.record('contested', device, {
      established: sessions.connectionOf(device.id)?.address ?? 'unknown',
      newcomer: this.address,
    });
    return true;
  }

  /** A frame on the live connection; once it may be trusted, personal data waiting for it goes. */
  private heard(deviceId: number): void {
    const { sessions, pipeline, dispatcher } = this.deps;
    sessions.heard(deviceId, this.transport);
    if (this.personalReleased) return;
    if (sessions.trustedConnectionOf(deviceId)?.transport !== this.transport) return;
    this.personalReleased = true;
    pipeline.track(dispatcher.deviceConnected(deviceId));
  }

  /**
   * Commands reach the device through its live session, so it is attached only once the login's
   * ack is out: a device ignores what comes before it. False when the connection ended meanwhile.
   */
  private async goLive(device: DeviceRow): Promise<boolean> {
    const { sessions, pipeline, dispatcher, identityLog } = this.deps;
    if (this.transport.closed) {
      // The login made it online; nobody else holds it, so it is gone again.
      if (!sessions.connectionOf(device.id)) pipeline.deviceGone(device.id);
      return false;
    }
    const replaced = sessions.attach(device.id, {
      transport: this.transport,
      protocol: this.protocol,
      session: this.session,
      proof: this.proof,
      address: this.address,
    });
    this.live = true;
    this.personalReleased = sessions.trustedConnectionOf(device.id)?.transport === this.transport;
    this.onIdentified();
    if (replaced) {
      identityLog.record('takeover', device, {
        established: replaced.address,
        newcomer: this.address,
      });
      // What the replaced connection was sent is not answered by this one.
      await dispatcher.deviceGone(device.id);
    }
    return true;
  }
}
