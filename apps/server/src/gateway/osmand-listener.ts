import http from 'node:http';
import { DecodeError, newSession, osmand, textBytes } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDirectory } from './device-directory.js';
import type { Pipeline } from './pipeline.js';
import type { GatewayStats } from './stats.js';

const MAX_BODY = 8192;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) reject(new DecodeError('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * OsmAnd / Traccar Client over HTTP: the answer is 200 only once the position is committed, 400
 * for a request that does not decode, 404 for a device that is not registered. A device silent for
 * `silenceMs` is offline.
 */
export function createOsmAndListener(
  directory: DeviceDirectory,
  pipeline: Pipeline,
  silenceMs: number,
  stats: GatewayStats,
  logger: FastifyBaseLogger,
): http.Server {
  const lastSeen = new Map<number, number>();
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [deviceId, seen] of lastSeen) {
        if (now - seen < silenceMs) continue;
        lastSeen.delete(deviceId);
        pipeline.deviceGone(deviceId);
      }
    },
    Math.min(silenceMs, 60_000),
  ).unref();
  const server = http.createServer((request, response) => {
    const answer = (status: number) => {
      response.statusCode = status;
      response.end();
    };
    void (async () => {
      const body = (await readBody(request)).trim();
      const payload = body.startsWith('{') ? body : (request.url ?? '');
      const { messages } = osmand.decode(textBytes(payload), newSession());
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
      await pipeline.prepare(device.id);
      await pipeline.handle(device.id, messages, textBytes(payload));
      lastSeen.set(device.id, Date.now());
      answer(200);
    })().catch((error: unknown) => {
      if (error instanceof DecodeError) {
        stats.malformedFrames++;
        return answer(400);
      }
      logger.error({ err: error, protocol: 'osmand' }, 'position not stored');
      answer(503);
    });
  });
  server.on('close', () => clearInterval(sweeper));
  return server;
}
