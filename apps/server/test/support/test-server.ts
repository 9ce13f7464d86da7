import { hashPasswordForTransport, type Envelope } from '@xunji/shared';
import { openDatabase, type Dialect } from '../../src/db/database.js';
import { buildServer, type Server } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig, type Environment } from '../../src/config.js';
import { ensureDefaultApplication } from '../../src/seed.js';
import { hashSecret } from '../../src/services/password-hasher.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

export class TestClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** false omits the applicationId header. */
  applicationId?: number | string | false;
  language?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface TestServer extends Server {
  url: string;
  clock: TestClock;
  database: TestDatabase;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

/** A real server on a random port over a fresh database of the dialect. */
export async function startTestServer(
  dialect: Dialect,
  env: Environment = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  return serve(await createTestDatabase(dialect), env, logStream);
}

/**
 * The server of `previous` stopped and started again over the same data, reached through a new
 * connection (nothing kept in memory survives); `previous` must not be closed afterwards.
 */
export async function restartTestServer(
  previous: TestServer,
  env: Environment = {},
): Promise<TestServer> {
  await previous.app.close();
  const { env: location } = previous.database;
  const handle = openDatabase({
    dataDir: location.DATA_DIR,
    ...(location.DATABASE_URL ? { databaseUrl: location.DATABASE_URL } : {}),
  });
  return serve(
    {
      handle,
      env: location,
      drop: async () => {
        await handle.db.destroy();
        await previous.database.drop();
      },
    },
    env,
  );
}

async function serve(
  database: TestDatabase,
  env: Environment,
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Suites take many captchas from 127.0.0.1; sign-in-guard.test.ts tests the limit itself.
    CAPTCHA_LIMIT_PER_IP: '100000',
    ...database.env,
    ...env,
  } as Record<string, string>);
  const clock = new TestClock();
  const server = await buildServer(config, database.handle, {
    clock,
    ...(logStream ? { logStream } : {}),
  });
  await ensureDefaultApplication(server.repositories);
  const url = await server.app.listen({ host: '127.0.0.1', port: 0 });

  async function call<T>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.applicationId !== false) headers.applicationId = String(options.applicationId ?? 1);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers['accept-language'] = options.language;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${url}/api${path}`, { method, headers, body });
    return {
      status: response.status,
      body: (await response.json()) as Envelope<T>,
      headers: response.headers,
    };
  }

  return {
    ...server,
    url,
    clock,
    database,
    call,
    close: async () => {
      await server.app.close();
      await database.drop();
    },
  };
}

export const transport = hashPasswordForTransport;

/** Answers a fresh captcha (asked with `options`), reading its answer where only the server can. */
export async function solvedCaptcha(
  server: TestServer,
  options?: CallOptions,
): Promise<{ captchaId: string; captchaCode: string }> {
  const { body } = await server.call<{ captchaId: string }>('GET', '/captcha', options);
  if (body.code !== 0) throw new Error(`captcha: ${body.code}`);
  const row = await server.database.handle.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', body.data.captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId: body.data.captchaId, captchaCode: row.answer };
}

/** Asks for an SMS code (with a solved captcha) and reads it from the development outbox. */
export async function smsCode(
  server: TestServer,
  phoneNumber: string,
  ip?: string,
): Promise<string> {
  const captcha = await solvedCaptcha(server);
  const query = new URLSearchParams({ phoneNumber, ...captcha });
  const { body } = await server.call(
    'GET',
    `/sms-code?${query}`,
    ip ? { headers: { 'x-forwarded-for': ip } } : {},
  );
  if (body.code !== 0) throw new Error(`sms-code failed: ${body.code} ${body.message}`);
  const [latest] = await server.repositories.sms.outbox(phoneNumber, 1);
  const code = latest?.message.match(/\d{6}/)?.[0];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** Registers a phone account and answers its token. */
export async function registerUser(
  server: TestServer,
  phoneNumber: string,
  password = 'secret123',
) {
  const code = await smsCode(server, phoneNumber);
  const { body } = await server.call<{ token: string; user: { userId: number } }>(
    'POST',
    '/auth/register',
    {
      body: { phoneNumber, password: transport(password), code, agreement: true },
    },
  );
  if (body.code !== 0) throw new Error(`register failed: ${body.code} ${body.message}`);
  return body.data;
}

/** Distinct mainland mobile numbers for one suite: phoneNumbers('137') gives 13700000001, … */
export function phoneNumbers(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}${String(++next).padStart(8, '0')}`;
}

/**
 * The account has been bound to the device since `since` (a binding sees data from its start
 * only): for tests whose history lies before the moment they bind.
 */
export async function bindingSince(
  server: TestServer,
  userId: number,
  deviceId: number,
  since: number,
): Promise<void> {
  await server.database.handle.db
    .updateTable('userDevices')
    .set({ visibleFrom: since })
    .where('userId', '=', userId)
    .where('deviceId', '=', deviceId)
    .execute();
}

/**
 * For one suite: a new device bound (with its password) to a new phone account, each call, as
 * if bound since its registration (its whole history is the account's).
 * Device numbers are `${terminalPrefix}` and ten digits; phones come from `phonePrefix`.
 */
export function ownedDevices(
  server: () => TestServer,
  terminalPrefix: string,
  phonePrefix: string,
) {
  const nextPhone = phoneNumbers(phonePrefix);
  let next = 0;
  return async (name: string | null = null) => {
    const device = await server().repositories.devices.create({
      terminalNo: `${terminalPrefix}${String(++next).padStart(10, '0')}`,
      passwordHash: await hashSecret(transport('123456')),
      protocol: 'jt808',
      model: null,
      iccid: null,
      name,
      enterpriseId: null,
      createdAt: Date.now(),
    });
    const { token, user } = await registerUser(server(), nextPhone());
    const bound = await server().call('POST', '/terminal/bind', {
      token,
      body: { terminalNo: device.terminalNo, password: transport('123456') },
    });
    if (bound.body.code !== 0) throw new Error(`bind failed: ${bound.body.message}`);
    await bindingSince(server(), user.userId, device.id, 0);
    return { deviceId: device.id, token };
  };
}
