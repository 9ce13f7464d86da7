import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, transport, type TestServer } from './support/test-server.js';
import { smsCode } from './support/test-server.js';

describe('logs', () => {
  let server: TestServer;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server = await startTestServer('sqlite', { LOG_LEVEL: 'info' }, stream);
  });
  afterAll(() => server.close());

  it('never carry passwords or tokens; the SMS code only in the development provider line', async () => {
    const phone = '13500135000';
    const code = await smsCode(server, phone);
    const password = transport('logsecret1');
    const { body } = await server.call<{ token: string }>('POST', '/auth/register', {
      body: { phoneNumber: phone, password, code, agreement: true },
    });
    await server.call('GET', '/system/user/user-info', { token: body.data.token });
    await server.call('POST', '/auth/login', { body: { username: phone, password } });
    expect(log).toContain('/api/auth/register');
    expect(log).not.toContain(password);
    expect(log).not.toContain(body.data.token);
    const linesWithCode = log.split('\n').filter((line) => line.includes(code));
    expect(linesWithCode).toHaveLength(1);
    expect(linesWithCode[0]).toContain('development SMS');
  });
});
