import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileImageSource, WECHAT_JS_SDK_ORIGIN } from '../src/http/security-headers.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const SCRIPT = "document.documentElement.lang = 'en';";
const STYLE = '.boot{display:flex}';
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><script>${SCRIPT}</script><style>${STYLE}</style>` +
        '<script type="module" src="/assets/app-1.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'export {};');
    server = await startTestServer('sqlite', {
      WEB_DIST: webDist,
      TILES_OSM_URL: 'http://tiles.lan:8080/{z}/{x}/{y}.png',
      TILES_AMAP_URL: 'http://t{s}.maps.lan/{z}/{x}/{y}',
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const headersOf = async (url: string) => {
    const response = await fetch(`${server.url}${url}`);
    await response.arrayBuffer();
    return response.headers;
  };

  it('are on the page, an asset and API answers (success and failure)', async () => {
    for (const url of ['/', '/pages/login/index', '/assets/app-1.js', '/api/health', '/api/nope']) {
      const headers = await headersOf(url);
      expect(headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(headers.get('x-frame-options'), url).toBe('DENY');
      expect(headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      expect(headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      expect(headers.get('strict-transport-security'), url).toBeNull();
    }
    const api = await server.call('GET', '/captcha');
    expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("allows the page's own inline script and style by hash, and nothing else inline", async () => {
    const policy = Object.fromEntries(
      (await headersOf('/'))
        .get('content-security-policy')
        ?.split(';')
        .map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          return [name, sources];
        }) ?? [],
    );
    expect(policy['script-src']).toEqual(["'self'", hashOf(SCRIPT)]);
    expect(policy['style-src']).toEqual(["'self'", hashOf(STYLE)]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['img-src']).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:', 'http://tiles.lan:8080']),
    );
    expect(policy['img-src']).toContain('http://*.maps.lan');
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
  });

  it("allows WeChat's JS-SDK script only when the official account is configured", async () => {
    const scriptSrc = async (headers: Headers) =>
      /script-src ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(await scriptSrc(await headersOf('/'))).not.toContain(WECHAT_JS_SDK_ORIGIN);
    const wechat = await startTestServer('sqlite', {
      WEB_DIST: webDist,
      WECHAT_APP_ID: 'wx-app',
      WECHAT_APP_SECRET: 'wx-secret',
    });
    try {
      const response = await fetch(`${wechat.url}/pagesMore/distribute/location`);
      await response.arrayBuffer();
      expect(await scriptSrc(response.headers)).toContain(WECHAT_JS_SDK_ORIGIN);
    } finally {
      await wechat.close();
    }
  });

  it('turns tile URL templates into image sources', () => {
    expect(
      tileImageSource('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&x={x}&y={y}&z={z}'),
    ).toBe('https://*.is.autonavi.com');
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('http://192.168.1.5:8080/{z}/{x}/{y}.png')).toBe(
      'http://192.168.1.5:8080',
    );
    expect(tileImageSource('{s}.tiles.lan/{z}')).toBeUndefined();
    expect(tileImageSource('https://{s}.lan/{z}')).toBeUndefined();
  });
});
