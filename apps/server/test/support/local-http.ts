import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A vendor stand-in on a random local port, over a real socket. */
export interface LocalHttpServer {
  /** The base URL, ending with `/`. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function localHttpServer(handler: http.RequestListener): LocalHttpServer {
  const server = http.createServer(handler);
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A port nothing listens on: a connection to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = localHttpServer(() => undefined);
  const url = await server.listen();
  await server.close();
  return url;
}

/** `url` moved to `base`'s origin, when given: a stand-in calls back the test server's own port. */
export function atOrigin(url: string, base: string | undefined): URL {
  const target = new URL(url);
  return base ? new URL(`${target.pathname}${target.search}`, base) : target;
}
