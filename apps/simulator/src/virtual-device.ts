/**
 * One simulated tracker on a real TCP connection: logs in, reports fixes every interval, keeps
 * heartbeats going, loses signal now and then (buffering fixes and re-uploading them flagged after
 * reconnecting), reconnects with backoff (to the next of its servers, when it has several), and
 * answers commands as the real device would.
 */
import { createConnection, type Socket } from 'node:net';
import type { Framer } from '@xunji/protocols';
import type { DeviceCodec, Outgoing } from './devices/codec.js';
import {
  CUT_MAX_KMH,
  type CommandReply,
  type DeviceCommand,
  type Fix,
  type ServerMessage,
} from './fix.js';
import { between, seededRandom, type Random } from './random.js';
import { serverRotationOf, type ServerAddress, type ServerRotation } from './server-address.js';
import type { Trip } from './trip.js';

/** Fixes a device keeps while offline unless told otherwise. */
export const DEFAULT_MAX_BUFFERED = 5000;

export type DeviceEventType =
  | 'connecting'
  | 'connected'
  | 'loggedIn'
  | 'position'
  | 'buffered'
  | 'reupload'
  | 'acked'
  | 'heartbeat'
  | 'command'
  | 'upload'
  | 'signalLost'
  | 'disconnected'
  | 'error';

export interface DeviceEvent {
  deviceId: string;
  protocol: string;
  type: DeviceEventType;
  detail?: string;
  /** The fix a `position` event sent, or a `buffered` one kept for later. */
  fix?: Fix;
}

export interface VirtualDeviceOptions {
  codec: DeviceCodec;
  trip: Trip;
  host: string;
  port: number;
  /**
   * A cluster's other gateways: after a failed or closed connection the device tries the next
   * address (round robin from host:port), with the same backoff.
   */
  otherServers?: readonly ServerAddress[];
  /** Seconds between fixes (fractions allowed for tests). */
  intervalSeconds: number;
  /** Seconds between heartbeats; default 3 × interval. */
  heartbeatSeconds?: number;
  /** Simulated seconds per real second (tests run a day in minutes); default 1. */
  timeScale?: number;
  /** Chance per fix that the signal drops for a few fixes; default 0.005, 0 disables. */
  signalLossChance?: number;
  /** Reconnect delay, doubled per failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long to wait for the login ack before hanging up and retrying. */
  loginTimeoutMs?: number;
  /** Fixes kept while offline; the oldest are dropped beyond it (as device flash fills up). */
  maxBuffered?: number;
  seed?: number;
  onEvent?: (event: DeviceEvent) => void;
}

interface Pending {
  serial: number;
  fixes: Fix[];
}

type State = 'idle' | 'connecting' | 'loggingIn' | 'online' | 'noSignal' | 'stopped';

export class VirtualDevice {
  readonly codec: DeviceCodec;
  private readonly options: VirtualDeviceOptions;
  private readonly random: Random;
  private readonly servers: ServerRotation;
  private state: State = 'idle';
  private socket: Socket | undefined;
  private framer: Framer | undefined;
  private loginSerial = -1;
  private pending: Pending[] = [];
  private buffer: Fix[] = [];
  private readonly acked: number[] = [];
  private lastFix: Fix;
  private intervalSeconds: number;
  private backoff: number;
  private signalTicksLeft = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private tickTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(options: VirtualDeviceOptions) {
    this.options = options;
    this.codec = options.codec;
    this.random = seededRandom(options.seed ?? 1);
    this.servers = serverRotationOf(options);
    this.intervalSeconds = options.intervalSeconds;
    this.backoff = options.backoffMs ?? 1000;
    this.lastFix = options.trip.fix();
  }

  get deviceId(): string {
    return this.codec.deviceId;
  }

  /** Fix times (epoch ms) the server has acknowledged, in the order the acks came. */
  get acknowledgedFixTimes(): readonly number[] {
    return this.acked;
  }

  get bufferedCount(): number {
    return this.buffer.length;
  }

  get online(): boolean {
    return this.state === 'online';
  }

  get latestFix(): Fix {
    return this.lastFix;
  }

  /**
   * Drives the trip on to `until` (epoch ms) at the device's interval and keeps the fixes for
   * the re-upload after the next login, as if the device had been driving offline: call it
   * before `start`, with a trip that starts that long before. Answers how many fixes it took
   * (`maxBuffered` must leave room for them).
   */
  backfill(until: number): number {
    const stepMs = this.intervalSeconds * (this.options.timeScale ?? 1) * 1000;
    const fixes: Fix[] = [];
    while (this.options.trip.now + stepMs <= until) fixes.push(this.takeFix());
    this.keep([...this.buffer, ...fixes]);
    return fixes.length;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.connect();
    this.scheduleTicks();
  }

  stop(): void {
    this.state = 'stopped';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearInterval(this.tickTimer);
    clearInterval(this.heartbeatTimer);
    this.socket?.destroy();
  }

  /** Drops the connection as a lost GSM signal does, for `fixes` intervals. */
  loseSignal(fixes: number): void {
    if (this.state === 'stopped') return;
    this.signalTicksLeft = fixes;
    this.state = 'noSignal';
    this.emit('signalLost', `${fixes} fixes`);
    this.socket?.destroy();
  }

  private emit(type: DeviceEventType, detail?: string, fix?: Fix): void {
    const event: DeviceEvent = { deviceId: this.deviceId, protocol: this.codec.protocol, type };
    if (detail !== undefined) event.detail = detail;
    if (fix) event.fix = fix;
    this.options.onEvent?.(event);
  }

  private later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    this.timers.add(timer);
  }

  private scheduleTicks(): void {
    clearInterval(this.tickTimer);
    this.tickTimer = setInterval(() => this.tick(), this.intervalSeconds * 1000);
  }

  /** Only from 'idle': a backoff timer and the end of a signal loss must not both connect. */
  private connect(): void {
    if (this.state !== 'idle') return;
    this.state = 'connecting';
    const { host, port } = this.servers.current;
    this.emit('connecting', `${host}:${port}`);
    const socket = createConnection({ host, port });
    this.socket = socket;
    this.framer = this.codec.createFramer();
    socket.setNoDelay(true);
    socket.on('connect', () => this.onConnect(socket));
    socket.on('data', (chunk: Buffer) => this.onData(socket, chunk));
    socket.on('error', (error) => this.emit('error', error.message));
    socket.on('close', () => this.onClose(socket));
  }

  private onConnect(socket: Socket): void {
    this.emit('connected');
    this.state = 'loggingIn';
    this.codec.reset();
    this.sendLogin(this.codec.login());
    const loginTimeout = this.options.loginTimeoutMs ?? 10_000;
    this.later(loginTimeout, () => {
      if (this.socket === socket && this.state === 'loggingIn') {
        this.emit('error', 'no login ack');
        socket.destroy();
      }
    });
  }

  private sendLogin(frame: Outgoing): void {
    this.loginSerial = frame.serial;
    this.write(frame.bytes);
  }

  private onClose(socket: Socket): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    clearInterval(this.heartbeatTimer);
    // Unacknowledged fixes may not be stored: keep them for the re-upload.
    const unacked = this.pending.flatMap((entry) => entry.fixes);
    this.pending = [];
    this.keep([...unacked, ...this.buffer]);
    this.emit('disconnected', `${this.buffer.length} fixes buffered`);
    if (this.state === 'stopped' || this.state === 'noSignal') return;
    // The server failed or closed it: the next one's turn (after a lost signal, the same one).
    this.servers.advance();
    this.state = 'idle';
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.options.maxBackoffMs ?? 60_000);
    this.later(delay * between(this.random, 0.8, 1.2), () => this.connect());
  }

  private keep(fixes: Fix[]): void {
    const max = this.options.maxBuffered ?? DEFAULT_MAX_BUFFERED;
    this.buffer = fixes.slice(-max);
  }

  private write(bytes: Uint8Array): void {
    if (this.socket && !this.socket.destroyed) this.socket.write(bytes);
  }

  private onData(socket: Socket, chunk: Buffer): void {
    if (this.socket !== socket || !this.framer) return;
    for (const frame of this.framer.push(new Uint8Array(chunk)))
      this.onMessage(this.codec.parse(frame));
  }

  private onMessage(message: ServerMessage): void {
    if (this.state === 'loggingIn') {
      if (message.type === 'ack' && message.serial === this.loginSerial) return this.onLoggedIn();
      const next = this.codec.continueLogin(message);
      if (next) this.sendLogin(next);
      return;
    }
    if (this.state !== 'online') return;
    if (message.type === 'ack') this.confirm(message.serial);
    else if (message.type === 'command') this.onCommand(message);
  }

  private onLoggedIn(): void {
    this.state = 'online';
    this.backoff = this.options.backoffMs ?? 1000;
    this.emit('loggedIn');
    clearInterval(this.heartbeatTimer);
    const heartbeat = (this.options.heartbeatSeconds ?? this.intervalSeconds * 3) * 1000;
    this.heartbeatTimer = setInterval(() => this.sendHeartbeat(), heartbeat);
    if (this.buffer.length > 0) {
      const fixes = this.buffer;
      this.buffer = [];
      this.emit('reupload', `${fixes.length} fixes`);
      for (const batch of this.codec.reupload(fixes)) this.send(batch, batch.fixes);
      this.confirmByHeartbeat();
    }
  }

  private send(frame: Outgoing, fixes: Fix[]): void {
    this.pending.push({ serial: frame.serial, fixes });
    this.write(frame.bytes);
  }

  /** GT06 does not ack position frames; a heartbeat ack after them shows they were processed. */
  private confirmByHeartbeat(): void {
    if (!this.codec.positionsAcked) this.sendHeartbeat();
  }

  private sendHeartbeat(): void {
    if (this.state !== 'online') return;
    this.send(this.codec.heartbeat(this.lastFix), []);
    this.emit('heartbeat');
  }

  /** An ack confirms its frame and, the connection being ordered, every frame sent before it. */
  private confirm(serial: number): void {
    const index = this.pending.findIndex((entry) => entry.serial === serial);
    if (index < 0) return;
    const done = this.pending.splice(0, index + 1);
    const times = done.flatMap((entry) => entry.fixes.map((fix) => fix.time));
    if (times.length === 0) return;
    this.acked.push(...times);
    this.emit(
      'acked',
      `${times.length} fixes, last ${new Date(times[times.length - 1]!).toISOString()}`,
    );
  }

  /** Moves the trip on by one interval of simulated time and takes a fix. */
  private takeFix(): Fix {
    this.options.trip.advance(this.intervalSeconds * (this.options.timeScale ?? 1));
    this.lastFix = this.options.trip.fix();
    return this.lastFix;
  }

  private tick(): void {
    if (this.state === 'stopped') return;
    const fix = this.takeFix();
    if (this.state === 'noSignal') {
      this.keep([...this.buffer, fix]);
      this.emit('buffered', describe(fix), fix);
      if (--this.signalTicksLeft <= 0) {
        this.state = 'idle';
        this.connect();
      }
      return;
    }
    if (this.state !== 'online') {
      this.keep([...this.buffer, fix]);
      this.emit('buffered', describe(fix), fix);
      return;
    }
    this.sendFix(fix);
    const chance = this.options.signalLossChance ?? 0.005;
    if (this.random() < chance) this.loseSignal(2 + Math.floor(this.random() * 8));
  }

  private sendFix(fix: Fix): void {
    this.send(this.codec.location(fix), [fix]);
    this.emit('position', describe(fix), fix);
    this.confirmByHeartbeat();
  }

  private onCommand(message: Extract<ServerMessage, { type: 'command' }>): void {
    const { command } = message;
    // The relay will not cut a moving vehicle's oil: the device says so and nothing changes.
    const refused = command.kind === 'cutOil' && this.lastFix.speedKmh > CUT_MAX_KMH;
    this.emit('command', `${describeCommand(command)}${refused ? ' (refused)' : ''}`);
    if (command.kind === 'cutOil' && !refused) this.options.trip.setCut(true);
    if (command.kind === 'restoreOil') this.options.trip.setCut(false);
    if (command.kind === 'interval' && command.seconds > 0) {
      this.intervalSeconds = command.seconds;
      this.scheduleTicks();
    }
    const fix =
      command.kind === 'locateNow'
        ? this.takeLocateFix()
        : { ...this.lastFix, cut: (command.kind === 'cutOil' && !refused) || this.lastFix.cut };
    const reply = message.reply(fix, refused);
    if (reply.positionSerial !== undefined)
      this.pending.push({ serial: reply.positionSerial, fixes: [fix] });
    for (const bytes of reply.frames) this.write(bytes);
    // A text reply carries no fix: answer "locate now" with a position frame too.
    if (command.kind === 'locateNow' && reply.positionSerial === undefined) this.sendFix(fix);
    if (reply.upload) this.uploadLater(reply.upload);
  }

  /** Sends a recording once it has been recorded (simulated seconds). */
  private uploadLater(upload: NonNullable<CommandReply['upload']>): void {
    const ms = (upload.seconds * 1000) / (this.options.timeScale ?? 1);
    this.later(ms, () => {
      if (this.state !== 'online') return;
      const frames = upload.frames();
      for (const bytes of frames) this.write(bytes);
      this.emit('upload', `${upload.seconds} s of audio in ${frames.length} frames`);
    });
  }

  /** One simulated second on, so the located fix has a time of its own. */
  private takeLocateFix(): Fix {
    this.options.trip.advance(1);
    this.lastFix = this.options.trip.fix();
    return this.lastFix;
  }
}

const describe = (fix: Fix): string =>
  `${new Date(fix.time).toISOString()} ${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)} ` +
  `${fix.speedKmh}km/h${fix.alarm ? ` alarm=${fix.alarm}` : ''}`;

const describeCommand = (command: DeviceCommand): string =>
  'text' in command ? `${command.kind}: ${command.text}` : command.kind;
