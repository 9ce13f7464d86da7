import { spawn } from 'node:child_process';
import {
  freePort,
  PortTaken,
  repositoryRoot,
  retryOnPortTaken,
  waitForHealth,
} from '../../../../e2e/support/start-server.js';

export interface ServerProcess {
  baseUrl: string;
  /** What the process printed so far (standard output and error). */
  output(): string;
  signal(signal: NodeJS.Signals): void;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
  /** Ends the process if it still runs (SIGKILL) and waits for it: a test's clean-up. */
  kill(): Promise<void>;
}

/**
 * The server (`node --import tsx apps/server/src/main.ts`, one process of its own) on a free
 * port with its device ports off, once it answers its health check; `env` names its database.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return retryOnPortTaken(async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        GATEWAY: 'off',
        LOG_LEVEL: 'warn',
        // One process of its own: never a cluster's bus shared with other tests' servers.
        REDIS_URL: '',
        ROLE: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const kill = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    };
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(baseUrl, child, () => output);
    } catch (error) {
      await kill();
      throw output.includes('EADDRINUSE') ? new PortTaken(String(error)) : error;
    }
    return { baseUrl, output: () => output, signal: (s) => child.kill(s), exited, kill };
  });
}
