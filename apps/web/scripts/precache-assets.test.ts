import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRECACHE_MARKER, precacheList, withPrecacheList } from './precache-assets';

describe('the service worker precache list', () => {
  it("lists every file of the build's assets/ (not the shell, public files or source maps)", () => {
    const bundle = [
      'index.html',
      'assets/index-AbC123.js',
      'assets/index-AbC123.js.map',
      'assets/track-view.worker-Zz9.js',
      'assets/main-Df4.css',
      'assets/marker-icon-Q1.png',
      'sw.js',
    ];
    expect(precacheList(bundle, '/')).toEqual([
      '/assets/index-AbC123.js',
      '/assets/main-Df4.css',
      '/assets/marker-icon-Q1.png',
      '/assets/track-view.worker-Zz9.js',
    ]);
    expect(precacheList(['assets/a.js'], '/app/')).toEqual(['/app/assets/a.js']);
  });

  it('fills the marker line of the worker, and refuses a worker without it', () => {
    const worker = `const A = 1;\n${PRECACHE_MARKER}\nconst B = "$&";`;
    expect(withPrecacheList(worker, ['/assets/a$&.js'])).toBe(
      'const A = 1;\nconst BUILD_ASSETS = ["/assets/a$&.js"];\nconst B = "$&";',
    );
    expect(() => withPrecacheList('const A = 1;', [])).toThrow(/BUILD_ASSETS/);
  });

  it('public/sw.js has the marker line', () => {
    const worker = fs.readFileSync(path.join(import.meta.dirname, '../public/sw.js'), 'utf8');
    expect(worker).toContain(PRECACHE_MARKER);
  });
});
