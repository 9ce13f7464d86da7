/**
 * Preloaded into the bench's server (`--import`) when FENCES_TRACE_DIR is set: once a second it
 * appends to FENCES_TRACE_FILE one JSON line with the queries run in that second by statement
 * (verb and table, SQLite and PostgreSQL), the time spent in them (in all and per statement), and
 * the longest event-loop stall — to find out what a stop in the acknowledgements is made of.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Second {
  queries: Record<string, number>;
  queryMs: number;
  /** The time spent in each statement (ms). */
  statementMs: Record<string, number>;
  /** The longest gap between two turns of a 10 ms timer, minus the 10 ms. */
  stallMs: number;
}

const TICK_MS = 10;
const file = process.env.FENCES_TRACE_FILE!;
const started = performance.now();
const emptySecond = (): Second => ({ queries: {}, queryMs: 0, statementMs: {}, stallMs: 0 });
let second = emptySecond();

/** `select alarm_settings`, `insert positions`, `begin`…: what a statement does, and to what. */
function statementOf(sql: string): string {
  const text = sql.trim().toLowerCase();
  const verb = /^\w+/.exec(text)?.[0] ?? '?';
  const table = /\b(?:from|into|update)\s+"?([a-z_0-9]+)/.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

function count(sql: string, ms: number): void {
  const key = statementOf(sql);
  second.queries[key] = (second.queries[key] ?? 0) + 1;
  second.statementMs[key] = (second.statementMs[key] ?? 0) + ms;
  second.queryMs += ms;
}

function timed<T>(sql: string, run: () => T): T {
  const began = performance.now();
  try {
    return run();
  } finally {
    count(sql, performance.now() - began);
  }
}

const serverRequire = createRequire(path.resolve('apps/server/package.json'));

/** better-sqlite3: every statement's run/get/all/iterate, with its synchronous time. */
function traceSqlite(): void {
  const Database = serverRequire('better-sqlite3') as {
    prototype: { prepare(sql: string): Record<string, (...args: unknown[]) => unknown> };
  };
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: unknown, sql: string) {
    const statement = prepare.call(this, sql);
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = statement[method]!;
      statement[method] = (...args: unknown[]) => timed(sql, () => original.apply(statement, args));
    }
    return statement;
  };
}

/** pg: every query a client sends, timed to its answer. */
function tracePostgres(): void {
  const pg = serverRequire('pg') as {
    Client: { prototype: { query(...args: unknown[]): unknown } };
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    const sql = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
    const began = performance.now();
    const answer = query.apply(this, args);
    if (answer instanceof Promise)
      void answer.then(
        () => count(sql, performance.now() - began),
        () => count(sql, performance.now() - began),
      );
    return answer;
  };
}

traceSqlite();
tracePostgres();

let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  second.stallMs = Math.max(second.stallMs, now - lastTick - TICK_MS);
  lastTick = now;
}, TICK_MS).unref();

function writeSecond(): void {
  second.stallMs = Math.max(second.stallMs, performance.now() - lastTick - TICK_MS);
  const line = {
    t: Math.round((performance.now() - started) / 1000),
    stallMs: Math.round(second.stallMs),
    queryMs: Math.round(second.queryMs),
    queries: second.queries,
    statementMs: Object.fromEntries(
      Object.entries(second.statementMs).map(([key, ms]) => [key, Math.round(ms)]),
    ),
  };
  fs.appendFileSync(file, JSON.stringify(line) + '\n');
  second = emptySecond();
  lastTick = performance.now();
}

setInterval(writeSecond, 1000).unref();
// A stall the server is stopped in is written too, at the exit it ends with.
process.on('exit', writeSecond);
