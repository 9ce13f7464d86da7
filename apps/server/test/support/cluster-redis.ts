import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, PortTaken, retryOnPortTaken } from '../../../../e2e/support/start-server.js';

export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`: pub/sub channels are the server's, whatever the database number. */
  url: string;
  /** Kills the server (SIGKILL: it keeps nothing, as `--save ""` says) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty, once it accepts connections. */
  start(): Promise<void>;
  /** What it printed, for a failure message. */
  output(): string;
}

const READY = 'Ready to accept connections';

/**
 * A `redis-server` of the test's own on a free port, keeping nothing on disk: one the test may
 * restart without disturbing the shared one other suites use (and whose channels no other
 * suite's processes hear).
 */
export function startPrivateRedis(): Promise<PrivateRedis> {
  return retryOnPortTaken(async () => {
    const port = await freePort();
    let output = '';
    let child: ChildProcess | undefined;
    const start = async () => {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      let printed = '';
      await new Promise<void>((resolve, reject) => {
        const onOutput = (chunk: Buffer) => {
          printed += chunk.toString();
          output += chunk.toString();
          if (printed.includes(READY)) resolve();
        };
        started.stdout.on('data', onOutput);
        started.stderr.on('data', onOutput);
        started.once('exit', () =>
          reject(
            printed.includes('Address already in use')
              ? new PortTaken(printed)
              : new Error(`redis-server exited:\n${printed}`),
          ),
        );
      });
    };
    const kill = async () => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    };
    await start();
    return { url: `redis://127.0.0.1:${port}`, kill, start, output: () => output };
  });
}
