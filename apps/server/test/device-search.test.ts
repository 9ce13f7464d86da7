import type { TerminalPage } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/services/password-hasher.js';
import { testDialects } from './support/databases.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

describe.each(testDialects())('device search on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('matches _, % and \\ literally, and letters in either case', async () => {
    const { token } = await registerUser(server, phoneNumbers('136')());
    const names = ['a_b', 'axb', '50% off', '500 km', 'c:\\d', 'c:d', 'Tom'];
    const ids = new Map<string, number>();
    for (const [index, name] of names.entries()) {
      const terminalNo = `87${String(index).padStart(10, '0')}`;
      const device = await server.repositories.devices.create({
        terminalNo,
        passwordHash: await hashSecret(transport('123456')),
        protocol: 'gt06',
        model: null,
        iccid: null,
        name,
        enterpriseId: null,
        createdAt: Date.now(),
      });
      ids.set(name, device.id);
      const bound = await server.call('POST', '/terminal/bind', {
        token,
        body: { terminalNo, password: transport('123456') },
      });
      expect(bound.body).toMatchObject({ code: 0 });
    }
    const found = async (searchKey: string) => {
      const answer = await server.call<TerminalPage>(
        'GET',
        `/terminal/page?limit=50&searchKey=${encodeURIComponent(searchKey)}`,
        { token },
      );
      return answer.body.data.list.map((terminal) => terminal.id);
    };
    expect(await found('_')).toEqual([ids.get('a_b')]);
    expect(await found('a_b')).toEqual([ids.get('a_b')]);
    expect(await found('%')).toEqual([ids.get('50% off')]);
    expect(await found('0%')).toEqual([ids.get('50% off')]);
    expect(await found('\\')).toEqual([ids.get('c:\\d')]);
    expect(await found('c:\\d')).toEqual([ids.get('c:\\d')]);
    expect(await found('tOM')).toEqual([ids.get('Tom')]);
  });
});
