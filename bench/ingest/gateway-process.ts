import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { closedPortUrl } from '../../apps/server/test/support/local-http.js';
import { repositoryRoot } from '../../e2e/support/start-server.js';

export interface GatewayOptions {
  /** The database's settings (`DATABASE_URL` or the SQLite file). */
  databaseEnv: Record<string, string>;
  /** The JT/T 808 port; a free one when absent (a restart passes the port it had). */
  port?: number;
  /** More settings for the server. */
  env?: Record<string, string>;
  /** TypeScript modules preloaded into the server (`--import`), e.g. a trace. */
  preload?: string[];
  /** Where to write a V8 CPU profile of the server when it exits. */
  profileDir?: string;
  /** More options for Node (V8 flags to try, say); what they print goes to standard error. */
  nodeOptions?: string[];
}

export interface GatewayProcess {
  /** The JT/T 808 port. */
  port: number;
  /** When the port accepted its first connection (epoch ms). */
  listeningAt: number;
  /** CPU time the process has used so far (user + system), seconds. */
  cpuSeconds(): number;
  rssKb(): number;
  stop(): Promise<void>;
}

/** Linux's clock tick (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const TICKS_PER_SECOND = 100;
const OTHER_LISTENERS = [
  'OSMAND_PORT',
  'GT06_PORT',
  'WATCH_PORT',
  'H02_PORT',
  'H02_UDP_PORT',
  'JT808_UDP_PORT',
];

const freePort = async () => Number(new URL(await closedPortUrl()).port);

/**
 * A port free now other than `taken`: the kernel may hand out again a port it just handed out,
 * and a server whose HTTP port is its gateway's fails to start (one run in a few did).
 */
async function freePortBesides(taken: number): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== taken) return port;
  }
}

let built = false;

/** The server as `npm start` runs it: built once per benchmark (`npm run build:server`). */
function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  built = true;
}

async function accepting(port: number, exited: () => boolean): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited()) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.end();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (open) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the gateway did not start');
}

/**
 * The real server as `npm start` runs it (Node itself: one process, so its /proc figures are the
 * server's) with only the JT/T 808 TCP gateway, on the database that `databaseEnv` names.
 */
export async function startGateway(options: GatewayOptions): Promise<GatewayProcess> {
  buildServer();
  const port = options.port ?? (await freePort());
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  // A preloaded module is TypeScript: the loader comes with it.
  const preload = options.preload?.length
    ? ['--import', 'tsx', ...options.preload.flatMap((module) => ['--import', module])]
    : [];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      ...(options.nodeOptions ?? []),
      '--enable-source-maps',
      ...preload,
      'apps/server/dist/main.js',
    ],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...options.databaseEnv,
        PORT: String(await freePortBesides(port)),
        HOST: '127.0.0.1',
        GATEWAY_HOST: '127.0.0.1',
        JT808_PORT: String(port),
        DEMO_MODE: 'false',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        ...Object.fromEntries(OTHER_LISTENERS.map((name) => [name, 'off'])),
        ...options.env,
      },
      // What the server prints (its warnings, V8 traces) goes to standard error: standard output is
      // the benchmark's result.
      stdio: ['ignore', 2, 'inherit'],
    },
  );
  const exit = new Promise((resolve) => child.once('exit', resolve));
  const listeningAt = await accepting(port, () => child.exitCode !== null);
  const proc = (file: string) => fs.readFileSync(`/proc/${child.pid}/${file}`, 'utf8');
  return {
    port,
    listeningAt,
    cpuSeconds: () => {
      // The fields after the command name, from the 3rd (state): utime is the 14th, stime the 15th.
      const stat = proc('stat');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    },
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(proc('status'))?.[1] ?? 0),
    stop: async () => {
      child.kill('SIGTERM');
      await exit;
    },
  };
}
