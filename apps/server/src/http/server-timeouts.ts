import type http from 'node:http';

/** How long an HTTP client may take, so that slow or silent ones cannot hold connections. */
export interface HttpTimeouts {
  /** The whole request, headers and body. */
  requestTimeoutMs: number;
  /** The headers (a connection that sends nothing is closed after this too). */
  headersTimeoutMs: number;
  /** An idle connection between requests. */
  keepAliveTimeoutMs: number;
}

/** Node's server options for the timeouts (for http.createServer, or Fastify's `http`). */
export function httpServerTimeouts(timeouts: HttpTimeouts): http.ServerOptions {
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    headersTimeout: timeouts.headersTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    // Node looks for expired requests every 30 s by default, which would let a 10 s timeout run 40.
    connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
  };
}
