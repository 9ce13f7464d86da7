import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../services/readiness.service.js';

/**
 * For operators and load balancers, under the API root without an applicationId: `/health`
 * answers while the process runs; `/ready` 200 when it can serve (database reachable, schema
 * migrated), else 503, with each check's result.
 */
export function healthRoutes(scope: FastifyInstance, readiness: Readiness): void {
  scope.get('/health', async () => ({ status: 'ok' }));
  scope.get('/ready', async (_request, reply) => {
    const { ready, checks } = await readiness.report();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks });
  });
}
