import { Codes } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(testDialects())('HTTP core on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => server.close());

  it('answers with the envelope and code 0 on success', async () => {
    const { status, body } = await server.call('GET', '/application-configuration');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, succeeded: true, message: '成功' });
  });

  it('refuses a request without the applicationId header', async () => {
    const { status, body } = await server.call('GET', '/application-configuration', {
      applicationId: false,
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: Codes.APPLICATION_MISSING.code,
      message: Codes.APPLICATION_MISSING['zh-CN'],
      data: null,
      succeeded: false,
    });
  });

  it.each(['99', 'abc', '-1'])('refuses the unknown application %s', async (id) => {
    const { body } = await server.call('GET', '/application-configuration', { applicationId: id });
    expect(body.code).toBe(Codes.APPLICATION_UNKNOWN.code);
  });

  it('answers an unknown route with the envelope, in English when asked', async () => {
    const { status, body } = await server.call('GET', '/no/such/call', {
      language: 'en-US,en;q=0.9',
    });
    expect(status).toBe(404);
    expect(body).toMatchObject({
      code: Codes.ROUTE_NOT_FOUND.code,
      message: Codes.ROUTE_NOT_FOUND.en,
    });
  });

  it('answers bad JSON with code BAD_JSON, not a 500', async () => {
    const { status, body } = await server.call('POST', '/auth/login', { rawBody: '{"username": ' });
    expect(status).toBe(400);
    expect(body.code).toBe(Codes.BAD_JSON.code);
  });

  it('answers an oversized body with BODY_TOO_LARGE', async () => {
    const { status, body } = await server.call('POST', '/auth/login', {
      body: { username: 'x'.repeat(5000) },
    });
    expect(status).toBe(413);
    expect(body.code).toBe(Codes.BODY_TOO_LARGE.code);
  });

  it('answers a non-JSON content type with UNSUPPORTED_MEDIA', async () => {
    const { body } = await server.call('POST', '/auth/login', {
      rawBody: 'a=b',
      headers: { 'content-type': 'text/csv' },
    });
    expect(body.code).toBe(Codes.UNSUPPORTED_MEDIA.code);
  });

  it('names the failing field in a validation error, in the caller language', async () => {
    const { body } = await server.call('POST', '/auth/login', {
      body: { username: 'demo', password: 'plain' },
      language: 'en',
    });
    expect(body.code).toBe(Codes.VALIDATION.code);
    expect(body.data).toMatchObject({
      field: 'password',
      issues: [{ field: 'password', rule: 'passwordHash' }],
    });
    expect(body.message).toContain('password');
    expect(body.message).toContain('hashed');
  });

  it('answers a missing body as a validation error', async () => {
    const { body } = await server.call('POST', '/auth/login');
    expect(body.code).toBe(Codes.VALIDATION.code);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/auth/login']?.post?.operationId).toBe('login');
    expect(doc.paths['/notice/{id}']?.get?.operationId).toBe('noticeById');
  });

  it('answers a route outside the API with the envelope when no app is built', async () => {
    const response = await fetch(`${server.url}/missing.js`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: number }).code).toBe(Codes.ROUTE_NOT_FOUND.code);
  });
});

describe('compression', () => {
  it('compresses a large answer for a client that accepts gzip', async () => {
    const server = await startTestServer('sqlite');
    try {
      const response = await fetch(`${server.url}/api/docs`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(((await response.json()) as { openapi: string }).openapi).toBe('3.0.3');
    } finally {
      await server.close();
    }
  });
});
