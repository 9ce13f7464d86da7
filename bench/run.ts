import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `npm run bench -- <name>` runs bench/<name>.ts and prints its result as one JSON line, last. */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const name = process.argv[2];
const available = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .map((file) => file.slice(0, -3));

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>   (one of: ${available.join(', ')})`);
  process.exit(2);
}

const benchmark = (await import(path.join(benchDir, `${name}.ts`))) as {
  default: () => Promise<object>;
};
const result = await benchmark.default();
console.log(
  JSON.stringify({ bench: name, date: new Date().toISOString().slice(0, 10), ...result }),
);
