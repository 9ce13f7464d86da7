import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/** Folders copied from public/ (before writeBundle) whose files are worth it too: the map outline. */
const PUBLIC_FOLDERS = ['map'];

const publicFiles = (dir: string): string[] =>
  PUBLIC_FOLDERS.flatMap((folder) => {
    const full = path.join(dir, folder);
    return fs.existsSync(full) ? fs.readdirSync(full).map((name) => path.join(folder, name)) : [];
  });

/**
 * Writes .br and .gz beside each text file of the finished build (after every other plugin has
 * rewritten the chunks) and of public/map/; the server sends them as they are (@fastify/static
 * preCompressed), so nothing is compressed per request.
 */
export function precompress(): Plugin {
  return {
    name: 'xunji-precompress',
    apply: 'build',
    writeBundle({ dir }, bundle) {
      if (!dir) return;
      for (const fileName of [...Object.keys(bundle), ...publicFiles(dir)]) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
