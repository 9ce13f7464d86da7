import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long `stop` may take (SHUTDOWN_TIMEOUT_S) before the process exits anyway. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * On SIGTERM or SIGINT, runs `stop` once and exits: 0 when it ends, 1 when it fails or outlasts
 * the time limit (a stuck request must not hold a restart forever). A second signal while
 * stopping exits at once, as an operator pressing Ctrl-C twice expects.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  { timeoutMs, log }: ShutdownOptions,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error({ signal }, 'stopping at once: a second signal');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'stopping');
    const limit = setTimeout(() => {
      log.error(`not stopped within ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_S): exiting`);
      process.exit(1);
    }, timeoutMs);
    stop().then(
      () => {
        clearTimeout(limit);
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * Answers given once the server is closing end their connection: Node's server.close() ends
 * only the connections idle at that moment and waits for the others, so a keep-alive connection
 * whose request was in flight would hold the stop until its idle timeout.
 */
export function endConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
