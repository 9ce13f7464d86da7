import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SERVICE_WORKER = 'sw.js';

/** The line of public/sw.js that the build fills with the list. */
export const PRECACHE_MARKER = 'const BUILD_ASSETS = [];';

/** What the service worker fetches at install: every page's code, styles and images (assets/). */
export const precacheList = (fileNames: readonly string[], base: string): string[] =>
  fileNames
    .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
    .sort()
    .map((name) => `${base}${name}`);

export function withPrecacheList(source: string, list: readonly string[]): string {
  if (!source.includes(PRECACHE_MARKER)) {
    throw new Error(`${SERVICE_WORKER} has no line "${PRECACHE_MARKER}" for the asset list`);
  }
  return source.replace(PRECACHE_MARKER, () => `const BUILD_ASSETS = ${JSON.stringify(list)};`);
}

/**
 * Writes the build's asset list into the service worker, so that it caches every route's code at
 * install (pages open offline, not only those visited) and a new build changes sw.js, which makes
 * the browser install it.
 */
export function precacheAssets(): Plugin {
  let publicDir = '';
  let base = '/';
  return {
    name: 'xunji-precache-assets',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
      base = config.base;
    },
    generateBundle: {
      // After Vite's own hooks have dropped the chunks that held only CSS.
      order: 'post',
      handler(_options, bundle) {
        const source = fs.readFileSync(path.join(publicDir, SERVICE_WORKER), 'utf8');
        this.emitFile({
          type: 'asset',
          fileName: SERVICE_WORKER,
          source: withPrecacheList(source, precacheList(Object.keys(bundle), base)),
        });
      },
    },
  };
}
