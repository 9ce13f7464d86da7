import type { AppConfig } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('web view origins and the user manual (configuration)', () => {
  it('takes a comma list of http(s) origins and adds the manual’s own', () => {
    const config = loadConfig({
      WEBVIEW_ORIGINS: ' https://help.example.com, http://10.0.0.5:8081/ ',
      APP_MANUAL_URL: 'https://docs.example.com/manual/index.html',
    });
    expect(config.content).toEqual({
      manualUrl: 'https://docs.example.com/manual/index.html',
      webViewOrigins: [
        'https://help.example.com',
        'http://10.0.0.5:8081',
        'https://docs.example.com',
      ],
    });
    expect(loadConfig({}).content).toEqual({ manualUrl: null, webViewOrigins: [] });
  });

  it.each(['https://help.example.com/path', 'javascript:alert(1)', 'ftp://files.example.com', '*'])(
    'refuses %s as an origin',
    (bad) => {
      expect(() => loadConfig({ WEBVIEW_ORIGINS: bad })).toThrow(ConfigError);
    },
  );

  it('refuses a manual that is not an http(s) address', () => {
    expect(() => loadConfig({ APP_MANUAL_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });
});

describe('web view origins on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      WEBVIEW_ORIGINS: 'https://help.example.com',
      APP_MANUAL_URL: 'https://docs.example.com/manual',
    });
  });
  afterAll(() => server.close());

  it('tells the app in the application configuration', async () => {
    const { body } = await server.call<AppConfig>('GET', '/application-configuration');
    expect(body.data).toMatchObject({
      manualUrl: 'https://docs.example.com/manual',
      webViewOrigins: ['https://help.example.com', 'https://docs.example.com'],
    });
  });

  it('lets only those origins (and the app itself) frame a page', async () => {
    const response = await fetch(`${server.url}/api/health`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const frameSrc = policy.split(';').find((d) => d.trim().startsWith('frame-src'));
    expect(frameSrc?.trim()).toBe(
      "frame-src 'self' https://help.example.com https://docs.example.com",
    );
  });
});
