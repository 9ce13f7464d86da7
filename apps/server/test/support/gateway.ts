import { Gateway, type GatewayOptions } from '../../src/gateway/gateway.js';
import type { GatewayPorts } from '../../src/gateway/gateway-ports.js';
import { hashSecret } from '../../src/services/password-hasher.js';
import { transport, type TestServer } from './test-server.js';

/** A gateway over the test server's database and clock, on free ports of the given protocols. */
export async function startTestGateway(
  server: TestServer,
  protocols: (keyof GatewayPorts)[],
  udp: (keyof GatewayPorts)[] = [],
  options: Partial<GatewayOptions> = {},
) {
  const gateway = new Gateway(
    {
      host: '127.0.0.1',
      ports: Object.fromEntries(protocols.map((p) => [p, 0])),
      udpPorts: Object.fromEntries(udp.map((p) => [p, 0])),
      batch: { size: 500, delayMs: 20 },
      stateWriteMs: 0,
      commands: { replyTimeoutMs: 30_000, queueTtlMs: 3600_000 },
      events: server.events,
      sessions: server.services.liveSessions,
      dispatcher: server.services.commandDispatcher,
      media: server.services.mediaUploads,
      ...options,
    },
    server.repositories,
    server.clock,
    server.app.log,
  );
  return { gateway, ports: await gateway.start() };
}

/** Registers a device (device password 123456) and answers its row. */
export async function registerDevice(
  server: Pick<TestServer, 'repositories'>,
  terminalNo: string,
  protocol: string,
) {
  return server.repositories.devices.create({
    terminalNo,
    passwordHash: await hashSecret(transport('123456')),
    protocol,
    model: null,
    iccid: null,
    name: null,
    enterpriseId: null,
    createdAt: Date.now(),
  });
}
