import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointing thread copies the WAL into the database file. */
const INTERVAL_MS = 1000;

/**
 * The thread's own code: a second connection to the same file that checkpoints (PASSIVE: never
 * waits for the writer, never blocks it) until told to stop. Plain CommonJS, so that it runs the
 * same from source and from the built server.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints the SQLite file `file` from a thread of its own. A checkpoint copies every page the
 * WAL holds into the database file and syncs it: run by the committing connection (SQLite's
 * automatic checkpoint), it stops the event loop — every device acknowledgement and API answer —
 * for as long as that takes, up to seconds on a slow disk. Answers the function that stops it.
 */
export function startBackgroundCheckpoints(
  file: string,
  onError: (message: string) => void,
): () => Promise<void> {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: INTERVAL_MS,
    },
  });
  worker.unref();
  worker.on('message', (message: { error: string }) => onError(message.error));
  worker.on('error', (error) => onError(String(error)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    worker.postMessage('stop');
    await exited;
  };
}
