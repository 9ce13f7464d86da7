import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** The built app; its index.html's inline script and style are allowed by their hashes. */
  webDist: string;
  /** The configured tile servers (`TILES_*`, map-settings.ts), for img-src. */
  tileUrls: string[];
  /** With the official account configured, the share sheet inside WeChat loads its JS-SDK. */
  social?: { wechatMp: object | undefined };
  /** The web view's allowed origins (`WEBVIEW_ORIGINS`, content-settings.ts), for frame-src. */
  content?: { webViewOrigins: string[] };
}

/** The origin of WeChat's JS-SDK script (jweixin-1.6.0.js). */
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';

const sha256Sources = (html: string, pattern: RegExp): string[] =>
  [...html.matchAll(pattern)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );

/** CSP hash sources of the inline `<script>`s (without src) and `<style>`s of a page. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  return {
    scripts: sha256Sources(html, /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi),
    styles: sha256Sources(html, /<style[^>]*>([\s\S]*?)<\/style>/gi),
  };
}

/**
 * The CSP source of a Leaflet URL template: its scheme and host, a templated label (`{s}`) and
 * those left of it becoming `*` (the one wildcard CSP has), e.g. `https://*.is.autonavi.com`.
 */
export function tileImageSource(template: string): string | undefined {
  const [, scheme, host = ''] = /^(https?):\/\/([^/?#]+)/i.exec(template) ?? [];
  if (!scheme) return undefined;
  const labels = host.split('.');
  const templated = labels.findLastIndex((label) => label.includes('{'));
  if (templated < 0) return `${scheme}://${host}`;
  const rest = labels.slice(templated + 1);
  return rest.length >= 2 ? `${scheme}://*.${rest.join('.')}` : undefined;
}

/**
 * Security headers on every answer, the app's files and the API alike (docs/security.md,
 * HTTP hardening). No HSTS: the server is often reached over plain HTTP on a LAN, and the TLS
 * proxy in front of it, when there is one, is where HSTS belongs.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const index = path.join(options.webDist, 'index.html');
  const inline = fs.existsSync(index)
    ? inlineHashes(fs.readFileSync(index, 'utf8'))
    : { scripts: [], styles: [] };
  const tiles = options.tileUrls.flatMap((url) => tileImageSource(url) ?? []);
  const wechatSdk = options.social?.wechatMp ? [WECHAT_JS_SDK_ORIGIN] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inline.scripts, ...wechatSdk],
        styleSrc: ["'self'", ...inline.styles],
        // Map tiles (any https host, and the configured ones), captchas (data:), ad images.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tiles],
        // 'self' covers the live WebSocket of the same host (CSP 3).
        connectSrc: ["'self'"],
        // Recordings play from blob URLs.
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        // Operator pages in the web view (/pagesUser/webView) frame only from the allow-list.
        frameSrc: ["'self'", ...(options.content?.webViewOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
}
