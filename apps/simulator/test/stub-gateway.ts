/** A tiny gateway for tests: decodes with the server's protocol and sends its acks. */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import {
  findProtocol,
  newSession,
  type Command,
  type DecodedMessage,
  type Position,
  type ProtocolSession,
} from '@xunji/protocols';
import { answerOf } from './helpers.js';

export type StubProtocol = 'gt06' | 'jt808' | 'watch' | 'h02';

export class StubGateway {
  readonly messages: DecodedMessage[] = [];
  readonly logins: string[] = [];
  /** Connections accepted so far. */
  accepted = 0;
  private readonly server: Server;
  private readonly connections = new Map<Socket, ProtocolSession>();
  /** Frames are still decoded, but only logins are answered (a gateway that stalls). */
  private holding = false;

  constructor(readonly protocol: StubProtocol) {
    const decoder = findProtocol(protocol)!;
    this.server = createServer((socket) => {
      this.accepted++;
      const framer = decoder.createFramer();
      const session = newSession();
      this.connections.set(socket, session);
      socket.on('data', (chunk) => {
        for (const frame of framer.push(new Uint8Array(chunk))) {
          const result = decoder.decode(frame, session);
          const { messages } = result;
          this.messages.push(...messages);
          const login = messages.find((m) => m.type === 'login');
          if (login) this.logins.push(login.deviceId);
          const ack = answerOf(result);
          if (ack && (!this.holding || login)) socket.write(ack);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => this.connections.delete(socket));
    });
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  get positions(): Position[] {
    return this.messages.flatMap((m) =>
      m.type === 'position' ? [m.position] : m.type === 'alarm' && m.position ? [m.position] : [],
    );
  }

  get commandResults() {
    return this.messages.filter((m) => m.type === 'commandResult');
  }

  /** Sends a command to every connected device; answers the references. */
  send(command: Command): string[] {
    const decoder = findProtocol(this.protocol)!;
    return [...this.connections].map(([socket, session]) => {
      const encoded = decoder.encodeCommand(command, session);
      if (!encoded.ok) throw new Error(`cannot encode ${command.type}`);
      socket.write(encoded.bytes);
      return encoded.reference ?? '';
    });
  }

  /** From now on only logins are acknowledged: what devices send stays unconfirmed. */
  holdAcks(): void {
    this.holding = true;
  }

  dropConnections(): void {
    for (const socket of this.connections.keys()) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
