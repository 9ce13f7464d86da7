/**
 * `npm run build:server`: the server as one ES module, `apps/server/dist/main.js`, which Node runs
 * without a loader. The workspace packages' TypeScript is bundled in; npm dependencies stay
 * imports. Run from source (tsx) the server carries the loader's hooks and a name helper on every
 * function it creates (a property dictionary per closure, i.e. per connection and per frame);
 * built, it does not (docs/BENCHMARKS.md, ingest).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

/** Every npm dependency of the workspaces, except the workspaces themselves. */
function externalPackages(): string[] {
  const manifests = ['apps', 'packages'].flatMap((folder) =>
    fs.readdirSync(path.join(root, folder)).map((name) => `${folder}/${name}/package.json`),
  );
  const names = new Set<string>();
  for (const manifest of manifests) {
    const json = JSON.parse(fs.readFileSync(path.join(root, manifest), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(json.dependencies ?? {})) names.add(name);
  }
  return [...names].filter((name) => !name.startsWith('@xunji/'));
}

/**
 * A module that finds its data beside its source (`import.meta.url`) keeps doing so from the
 * bundle: the URL becomes its source file's, relative to the bundle.
 */
const sourceModuleUrls: Plugin = {
  name: 'source-module-urls',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

await build({
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: externalPackages(),
  plugins: [sourceModuleUrls],
  logLevel: 'warning',
});
