import type { Socket } from 'node:net';
import { Codes, type Envelope } from '@xunji/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from '../src/http/client-error.js';
import { testDialects } from './support/databases.js';
import { rawHttp } from './support/raw-http.js';
import { ownedDevices, startTestServer, type TestServer } from './support/test-server.js';

/** One past the largest value of a PostgreSQL `integer` column. */
const TOO_BIG = 2 ** 31;

describe.each(testDialects())('input validation on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let deviceId: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ token, deviceId } = await ownedDevices(() => server, '85', '185')());
  });
  afterAll(() => server.close());

  const expectInvalid = (body: Envelope<unknown>, field: string, rule = 'id') => {
    expect(body.code).toBe(Codes.VALIDATION.code);
    expect(body.data).toMatchObject({ field, issues: [{ field, rule }] });
  };

  describe('ids beyond the integer columns', () => {
    it('refuses one in a path', async () => {
      const { status, body } = await server.call('GET', `/notice/${TOO_BIG}`);
      expect(status).toBe(400);
      expectInvalid(body, 'id');
    });

    it('refuses one in a query', async () => {
      const { status, body } = await server.call(
        'GET',
        `/v2/alarm-log/page?terminalId=${TOO_BIG}`,
        {
          token,
        },
      );
      expect(status).toBe(400);
      expectInvalid(body, 'terminalId');
    });

    it('refuses one in a body', async () => {
      const { status, body } = await server.call('POST', '/terminal/unbind', {
        token,
        body: { id: TOO_BIG },
      });
      expect(status).toBe(400);
      expectInvalid(body, 'id');
    });

    it('refuses one in a comma-separated list', async () => {
      const { body } = await server.call('GET', `/v2/terminal/ids?ids=${deviceId},${TOO_BIG}`, {
        token,
      });
      expectInvalid(body, 'ids.1');
    });

    it('refuses one as the applicationId header, before any sign-in', async () => {
      const { status, body } = await server.call('GET', '/application-configuration', {
        applicationId: String(TOO_BIG),
      });
      expect(status).toBe(400);
      expect(body.code).toBe(Codes.APPLICATION_UNKNOWN.code);
    });

    it('takes one where the column is a bigint (a fence id)', async () => {
      const { body } = await server.call('GET', `/v2/fence/${TOO_BIG}`, { token });
      expect(body.code).toBe(Codes.FENCE_NOT_FOUND.code);
    });
  });

  describe('U+0000 in strings', () => {
    it('refuses it in a query, naming the field', async () => {
      const { status, body } = await server.call(
        'GET',
        '/sms-code?phoneNumber=13800000000&captchaId=a%00b&captchaCode=1234',
      );
      expect(status).toBe(400);
      expectInvalid(body, 'captchaId', 'nulCharacter');
    });

    it('refuses it in a body, in the caller language', async () => {
      const { body } = await server.call('PUT', '/system/user/nickname', {
        token,
        body: { nickName: 'a\u0000b' },
        language: 'en',
      });
      expectInvalid(body, 'nickName', 'nulCharacter');
      expect(body.message).toContain('U+0000');
    });

    it('refuses it deep in a body', async () => {
      const { body } = await server.call('POST', '/terminal-alarm-setting/set-wechat-alarm', {
        token,
        body: { id: 1, status: 1, wechatOpenUnionid: 'x\u0000' },
      });
      expectInvalid(body, 'wechatOpenUnionid', 'nulCharacter');
    });
  });

  describe('numbers', () => {
    it.each([null, '', true, false, [1], '1e0', ' 1', '01'])(
      'refuses %j for a number in a body',
      async (iconType) => {
        const { status, body } = await server.call('PUT', '/terminal/icon', {
          token,
          body: { id: deviceId, iconType },
        });
        expect(status).toBe(400);
        expectInvalid(body, 'iconType', 'iconType');
      },
    );

    it('takes a JSON number and its decimal text', async () => {
      for (const iconType of [1, '2']) {
        const { body } = await server.call('PUT', '/terminal/icon', {
          token,
          body: { id: deviceId, iconType },
        });
        expect(body.code).toBe(0);
      }
    });

    it('refuses an empty or repeated query number, reads a decimal one', async () => {
      const empty = await server.call('GET', '/terminal/page?deviceState=', { token });
      expectInvalid(empty.body, 'deviceState', 'deviceState');
      const repeated = await server.call('GET', '/terminal/page?limit=5&limit=6', { token });
      expect(repeated.body.code).toBe(Codes.VALIDATION.code);
      const decimal = await server.call<{ list: unknown[] }>('GET', '/terminal/page?limit=12', {
        token,
      });
      expect(decimal.body.code).toBe(0);
      expect(decimal.body.data.list).toHaveLength(1);
    });
  });

  describe('requests refused before a route', () => {
    const envelopeOf = (text: string) => JSON.parse(text) as Envelope<unknown>;

    it('answers a URL over 16 KB with 414 in the envelope', async () => {
      const answer = await rawHttp(
        server.url,
        `GET /api/terminal/page?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(answer.status).toBe(414);
      expect(envelopeOf(answer.body)).toEqual({
        code: Codes.URI_TOO_LONG.code,
        message: Codes.URI_TOO_LONG['zh-CN'],
        data: null,
        succeeded: false,
      });
    });

    it('answers headers over 16 KB with 431 in the envelope, in the caller language', async () => {
      const answer = await rawHttp(
        server.url,
        `GET /api/terminal/page HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
      );
      expect(answer.status).toBe(431);
      expect(envelopeOf(answer.body)).toMatchObject({
        code: Codes.HEADERS_TOO_LARGE.code,
        message: Codes.HEADERS_TOO_LARGE.en,
      });
    });

    it('answers a DELETE with a parameter over maxParamLength with 414 in the envelope', async () => {
      const response = await fetch(`${server.url}/api/fence/${'1'.repeat(200)}`, {
        method: 'DELETE',
        headers: { applicationId: '1', authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(414);
      expect(((await response.json()) as Envelope<unknown>).code).toBe(Codes.URI_TOO_LONG.code);
    });

    it('answers a malformed URL escape and bytes that are not HTTP with 400 in the envelope', async () => {
      const badUrl = await rawHttp(
        server.url,
        'GET /api/fence/%zz HTTP/1.1\r\nHost: x\r\napplicationId: 1\r\nConnection: close\r\n\r\n',
      );
      expect(badUrl.status).toBe(400);
      expect(envelopeOf(badUrl.body).code).toBe(Codes.BAD_REQUEST.code);
      const notHttp = await rawHttp(server.url, 'HELLO\r\n\r\n');
      expect(notHttp.status).toBe(400);
      expect(envelopeOf(notHttp.body).code).toBe(Codes.BAD_REQUEST.code);
    });
  });
});

describe('a request over the request timeout', () => {
  it('is answered 408 with the envelope', () => {
    let written = '';
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => (written += text),
      destroy: () => undefined,
    } as unknown as Socket;
    const app = { log: { debug: () => undefined } } as unknown as FastifyInstance;
    const error = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    answerClientError.call(app, error, socket);
    expect(written).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(written.split('\r\n\r\n')[1] ?? '')).toMatchObject({
      code: Codes.REQUEST_TIMEOUT.code,
      succeeded: false,
    });
  });
});
