import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

// Several processes on one database: PostgreSQL only (SQLite is one process's file).
describe.runIf(process.env.DATABASE_URL)('start-up of several processes on PostgreSQL', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.drop();
  });

  it(
    'migrates and seeds a fresh database once when two processes start together',
    { timeout: 90_000 },
    async () => {
      database = await createTestDatabase('postgres', { migrated: false });
      const env = { ...database.env, DEMO_MODE: 'true' };
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);

      for (const server of servers)
        expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const { db } = database.handle;
      const demo = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'demo')
        .execute();
      expect(demo).toHaveLength(1);
      expect(await db.selectFrom('applications').select('id').execute()).toEqual([{ id: 1 }]);
    },
  );
});
