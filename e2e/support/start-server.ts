import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
  /** Stops the server's process and keeps its data: to the app, a server that is down. */
  halt(): Promise<void>;
  /** Starts the server again after `halt`, on the same port over the same data. */
  resume(): Promise<void>;
}

/**
 * Ports to listen on are drawn below Linux's ephemeral range (32768-60999): a port the system
 * hands out as it is probed may be taken by any outgoing connection before the server listens.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_000 };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Ports this process gave out already: two servers of one run never get the same. */
const givenOut = new Set<number>();

/** A port nothing listens on now, where only a server told to listen there will. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const { from, to } = LISTEN_PORTS;
    const port = from + Math.floor(Math.random() * (to - from));
    if (givenOut.has(port) || !(await canListen(port))) continue;
    givenOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}`);
}

/** Waits until the server of `child` answers its health check (30 s at most). */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start within 30 s:\n${output()}`);
}

/** A server that could not listen on a port it was given: another process took it meanwhile. */
export class PortTaken extends Error {}

/**
 * Starts again (with new free ports) while a port probed free was taken before the server could
 * listen on it: other test runs on this machine probe ports at the same time.
 */
export async function retryOnPortTaken<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= attempts) throw error;
    }
  }
}

/** The real server (`npm start` without the build) on a free port over a new SQLite folder. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return retryOnPortTaken(() => startServerOnce(env));
}

/** One attempt of `startServer`: PortTaken when a port it was given is no longer free. */
export async function startServerOnce(env: Record<string, string>): Promise<RunningServer> {
  const webDist =
    env.WEB_DIST ?? process.env.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: SpawnedServer;
  try {
    server = await spawnServer(port, dataDir, env);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    halt: () => server.kill(),
    resume: async () => {
      server = await spawnServer(port, dataDir, env);
    },
  };
}

interface SpawnedServer {
  /** Stops the process (if it still runs) and waits for it to exit. */
  kill(): Promise<void>;
}

/** The server's process on `port` over `dataDir`, once it answers its health check. */
async function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<SpawnedServer> {
  const child = spawn(
    // Node itself with the tsx loader: one process, so stopping it stops the server.
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The device ports stay free for a server a developer may be running.
        GATEWAY: 'off',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // One process of its own: never a cluster's bus shared with other tests' servers.
        REDIS_URL: '',
        ROLE: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    throw output.includes('EADDRINUSE') ? new PortTaken(String(error)) : error;
  }
  return {
    kill: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
}
