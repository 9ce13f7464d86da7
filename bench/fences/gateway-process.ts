import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { closedPortUrl } from '../../apps/server/test/support/local-http.js';
import { repositoryRoot } from '../../e2e/support/start-server.js';

export interface GatewayProcess {
  /** The JT/T 808 port. */
  port: number;
  /** CPU time the process has used so far (user + system), seconds. */
  cpuSeconds(): number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** Linux's clock tick (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const TICKS_PER_SECOND = 100;
const OTHER_LISTENERS = ['OSMAND_PORT', 'GT06_PORT', 'WATCH_PORT', 'H02_PORT', 'H02_UDP_PORT'];

const TRACE = path.join(import.meta.dirname, 'server-trace.ts');

const freePort = async () => Number(new URL(await closedPortUrl()).port);

async function accepting(port: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited()) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.end();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the gateway did not start');
}

/**
 * The real server (`apps/server/src/main.ts` in Node with the tsx loader: one process) with only
 * the JT/T 808 TCP gateway, on the database that `databaseEnv` names; with `traceFile`, its
 * queries and event-loop stalls are written there each second (`server-trace.ts`).
 */
export async function startGateway(
  databaseEnv: Record<string, string>,
  traceFile?: string,
): Promise<GatewayProcess> {
  const port = await freePort();
  const trace = traceFile ? ['--import', TRACE] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...trace, 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...databaseEnv,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      GATEWAY_HOST: '127.0.0.1',
      JT808_PORT: String(port),
      JT808_UDP_PORT: 'off',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      ...(traceFile ? { FENCES_TRACE_FILE: traceFile } : {}),
      ...Object.fromEntries(OTHER_LISTENERS.map((name) => [name, 'off'])),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exit = new Promise((resolve) => child.once('exit', resolve));
  await accepting(port, () => child.exitCode !== null);
  const proc = (file: string) => fs.readFileSync(`/proc/${child.pid}/${file}`, 'utf8');
  return {
    port,
    cpuSeconds: () => {
      // The fields after the command name, from the 3rd (state): utime is the 14th, stime the 15th.
      const stat = proc('stat');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    },
    rssMb: () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(proc('status'))?.[1] ?? 0) / 1024),
    stop: async () => {
      child.kill('SIGTERM');
      await exit;
    },
  };
}
