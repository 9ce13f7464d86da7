import http from 'node:http';
import type net from 'node:net';
import { DecodeError, newSession, osmand, textBytes } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import { httpServerTimeouts, type HttpTimeouts } from '../http/server-timeouts.js';
import type { ConnectionLimits } from './connection-limits.js';
import type { DeviceDirectory } from './device-directory.js';
import type { IdentityLog } from './identity-log.js';
import { OsmAndIdentity } from './osmand-identity.js';
import type { Pipeline } from './pipeline.js';
import type { RefusalLog } from './refusal-log.js';
import type { GatewayStats } from './stats.js';

/** The body as text; one past the protocol's largest frame refuses the request, the rest unkept. */
function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      if (body.length > osmand.maxFrameBytes) return;
      body += chunk;
      if (body.length > osmand.maxFrameBytes) reject(new DecodeError('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * The request as the decoder and the inspector read it (request line, blank line, body): kept as
 * the device's latest frame, its hex pastes back into `npm run decode -- osmand`.
 */
const requestText = (request: http.IncomingMessage, body: string): string =>
  `${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1\r\n\r\n${body}`;

export interface OsmAndDeps {
  directory: DeviceDirectory;
  pipeline: Pipeline;
  /** A device silent for this long is offline. */
  silenceMs: number;
  limits: ConnectionLimits;
  /** Node's own defaults when absent. */
  timeouts: HttpTimeouts | undefined;
  stats: GatewayStats;
  /** From a request's arrival to its 200, in seconds. */
  ackLatency: { observe(seconds: number): void };
  refusals: RefusalLog;
  identityLog: IdentityLog;
  logger: FastifyBaseLogger;
}

/**
 * OsmAnd / Traccar Client over HTTP, any method, fields in the query and/or the body (form or
 * JSON): the answer is 200 only once the report is committed, 400 for a request that does not
 * decode, 404 for a device that is not registered, 401 for a device given a key when the request
 * does not carry it (osmand-identity.ts). Traccar Client keeps a report it got no 2xx for and
 * sends it again later, so a device registered late loses nothing. A connection counts as logged
 * in once it has brought a registered device's report.
 */
export function createOsmAndListener({
  directory,
  pipeline,
  silenceMs,
  limits,
  timeouts,
  stats,
  ackLatency,
  refusals,
  identityLog,
  logger,
}: OsmAndDeps): http.Server {
  const identity = new OsmAndIdentity(identityLog);
  const lastSeen = new Map<number, number>();
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [deviceId, seen] of lastSeen) {
        if (now - seen < silenceMs) continue;
        lastSeen.delete(deviceId);
        stats.osmandDevices = lastSeen.size;
        pipeline.deviceGone(deviceId);
      }
    },
    Math.min(silenceMs, 60_000),
  ).unref();
  const options = timeouts ? httpServerTimeouts(timeouts) : {};
  const server = http.createServer(options, (request, response) => {
    const answer = (status: number) => {
      response.statusCode = status;
      response.end();
    };
    const received = performance.now();
    void (async () => {
      const frame = textBytes(requestText(request, await readBody(request)));
      const { messages } = osmand.decode(frame, newSession());
      const login = messages.find((m) => m.type === 'login');
      const device =
        login?.type === 'login' ? await directory.identify(login.deviceId, 'osmand') : undefined;
      if (!device) {
        stats.unknownDevices++;
        logger.warn(
          { protocol: 'osmand', id: login?.type === 'login' ? login.deviceId : null },
          'unknown device refused',
        );
        return answer(404);
      }
      if (!identity.admits(device, request)) return answer(401);
      await pipeline.prepare(device.id);
      stats.positionsStored.osmand += await pipeline.handle(device.id, messages, frame);
      lastSeen.set(device.id, Date.now());
      stats.osmandDevices = lastSeen.size;
      limits.identified(request.socket);
      answer(200);
      ackLatency.observe((performance.now() - received) / 1000);
    })().catch((error: unknown) => {
      if (error instanceof DecodeError) {
        stats.malformedFrames++;
        return answer(400);
      }
      logger.error({ err: error, protocol: 'osmand' }, 'position not stored');
      answer(503);
    });
  });
  // Before the server's own handler, so a refused connection is closed before anything is read.
  server.prependListener('connection', (socket: net.Socket) => {
    if (limits.admit(socket, false)) socket.on('close', () => limits.closed(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') refusals.record('httpTimeout');
    socket.destroy();
  });
  server.on('close', () => clearInterval(sweeper));
  return server;
}
