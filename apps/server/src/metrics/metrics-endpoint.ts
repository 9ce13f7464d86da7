import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import promClient, { Registry } from 'prom-client';
import { processMetrics } from './process-metrics.js';
import type { ServerMetrics } from './server-metrics.js';

export const METRICS_PATH = '/metrics';

// A CommonJS module whose plugin is its `default` export: Node's import gives the exports object.
const fastifyMetrics =
  (fastifyMetricsModule as unknown as { default?: typeof fastifyMetricsModule }).default ??
  fastifyMetricsModule;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * Prometheus text at `/metrics` (outside the API root, on the same port): every HTTP request by
 * route and status (fastify-metrics; register this before the routes), the server's series and
 * the process's. With a token, only a scraper presenting it as a bearer token gets them.
 */
export async function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: ServerMetrics,
  token: string | undefined,
): Promise<void> {
  await app.register(fastifyMetrics, {
    promClient,
    endpoint: null,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // Unknown paths count too, as one route (`__unknown__`): scanners show up.
      registeredRoutesOnly: false,
      // The summary is made even when off: in no registry (the global one is every server's).
      overrides: { histogram: { registers: [metrics.registry] }, summary: { registers: [] } },
    },
  });
  app.get(METRICS_PATH, { config: { disableMetrics: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token))
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}
