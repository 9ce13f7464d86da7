import type { LiveDeviceUpdate, LiveServerMessage } from '@xunji/shared';
import WebSocket from 'ws';

/** A message of the live socket and when it arrived (`performance.now()` of this process). */
export interface ArrivedMessage {
  at: number;
  message: LiveServerMessage;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A browser's live socket on one API process (`/api/socket`), signed in with a token: every
 * message it receives is kept with its arrival time.
 */
export class LiveSocketClient {
  readonly arrived: ArrivedMessage[] = [];
  private onMessage: ((message: ArrivedMessage) => void) | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = {
        at: performance.now(),
        message: JSON.parse(String(data)) as LiveServerMessage,
      };
      this.arrived.push(message);
      this.onMessage?.(message);
    });
  }

  /** Opens the socket and signs in; resolves once the server answered `ready`. */
  static async open(baseUrl: string, token: string, applicationId = 1): Promise<LiveSocketClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/socket`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const client = new LiveSocketClient(ws);
    ws.send(JSON.stringify({ type: 'auth', token, applicationId }));
    await client.waitFor((m) => m.type === 'ready', 10_000);
    return client;
  }

  /** Called with each message from now on (a benchmark's timing). */
  listen(onMessage: (message: ArrivedMessage) => void): void {
    this.onMessage = onMessage;
  }

  /** The first message received so far or within `timeoutMs` that matches. */
  async waitFor<T extends LiveServerMessage>(
    match: (message: LiveServerMessage) => boolean,
    timeoutMs: number,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.arrived.find(({ message }) => match(message));
      if (found) return found.message as T;
      if (Date.now() > deadline) throw new Error(`no such live message within ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  /** Every device update received so far for `deviceId`, in arrival order. */
  updatesOf(deviceId: number): LiveDeviceUpdate[] {
    return this.arrived.flatMap(({ message }) =>
      message.type === 'devices' ? message.updates.filter((u) => u.id === deviceId) : [],
    );
  }

  /** Every message of the type received so far. */
  ofType<K extends LiveServerMessage['type']>(type: K): Extract<LiveServerMessage, { type: K }>[] {
    return this.arrived.flatMap(({ message }) =>
      message.type === type ? [message as Extract<LiveServerMessage, { type: K }>] : [],
    );
  }

  close(): void {
    this.ws.close();
  }
}
