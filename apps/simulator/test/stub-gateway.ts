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
  private readonly server: Server;
  private readonly connections = new Map<Socket, ProtocolSession>();

  constructor(readonly protocol: StubProtocol) {
    const decoder = findProtocol(protocol)!;
    this.server = createServer((socket) => {
      const framer = decoder.createFramer();
      const session = newSession();
      this.connections.set(socket, session);
      socket.on('data', (chunk) => {
        for (const frame of framer.push(new Uint8Array(chunk))) {
          const result = decoder.decode(frame, session);
          const { messages } = result;
          this.messages.push(...messages);
          for (const m of messages) if (m.type === 'login') this.logins.push(m.deviceId);
          const ack = answerOf(result);
          if (ack) socket.write(ack);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => this.connections.delete(socket));
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
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
