import net from 'node:net';
import { buildGt06Frame, concatBytes, hexToBytes, textBytes } from '@xunji/protocols';
import type { Gateway } from '../../src/gateway/gateway.js';

/** The IMEI the device logs in with unless told (the device registered as 123456789012345). */
const IMEI = '123456789012345';
const LOGIN_ACK_BYTES = 10;
const HEARTBEAT_ACK_BYTES = 10;

/** A GT06 device that logs in, collects command frames (0x80) and can answer them (0x15). */
export class Gt06Device {
  readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  closed = false;

  constructor(
    port: number,
    private readonly imei = IMEI,
  ) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => (this.buffer = Buffer.concat([this.buffer, chunk])));
    this.socket.on('close', () => (this.closed = true));
  }

  async login(): Promise<void> {
    this.socket.write(buildGt06Frame(0x01, hexToBytes(this.imei.padStart(16, '0')), 1));
    await this.take(LOGIN_ACK_BYTES);
  }

  /** The next command frame: its server flag and text. */
  async nextCommand(): Promise<{ flag: Uint8Array; text: string }> {
    await until(() => this.buffer.length >= 5 && this.buffer.length >= this.buffer[2]! + 5);
    const frame = await this.take(this.buffer[2]! + 5);
    const commandLength = frame[4]!;
    return {
      flag: frame.subarray(5, 9),
      text: frame.subarray(9, 5 + commandLength).toString('latin1'),
    };
  }

  reply(flag: Uint8Array, text: string): void {
    const body = textBytes(text);
    this.socket.write(
      buildGt06Frame(0x15, concatBytes(new Uint8Array([4 + body.length]), flag, body), 7),
    );
  }

  /** A heartbeat (0x13) with this terminal info byte (0x80 relay cut, 0x01 armed); waits for
   * its ack. */
  async heartbeat(terminalInfo: number): Promise<void> {
    this.socket.write(buildGt06Frame(0x13, new Uint8Array([terminalInfo, 6, 4, 0, 2]), 9));
    await this.take(HEARTBEAT_ACK_BYTES);
  }

  private async take(bytes: number): Promise<Buffer> {
    await until(() => this.buffer.length >= bytes);
    const taken = this.buffer.subarray(0, bytes);
    this.buffer = this.buffer.subarray(bytes);
    return taken;
  }
}

/** Polls until the condition holds; throws after 5 s. */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One registered GT06 device's connection to a test gateway: (re)connect, hang up, close. */
export class Gt06Link {
  private device: Gt06Device | undefined;

  constructor(
    private readonly gateway: Gateway,
    private readonly port: number,
    private readonly deviceId: number,
    private readonly imei = IMEI,
  ) {}

  /** A new connection, logged in and live at the gateway (an earlier one is closed first). */
  async connect(): Promise<Gt06Device> {
    this.close();
    const device = (this.device = new Gt06Device(this.port, this.imei));
    await device.login();
    await until(() => this.gateway.sessions.connectionOf(this.deviceId) !== undefined);
    return device;
  }

  /** Hangs up and waits until the gateway has let the device go. */
  async disconnect(): Promise<void> {
    this.close();
    await until(() => this.gateway.sessions.connectionOf(this.deviceId) === undefined);
  }

  close(): void {
    this.device?.socket.destroy();
  }
}
