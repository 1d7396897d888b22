/**
 * The compiled server `npm run serve` runs (decision 024): api/src/server.ts and everything it imports of ours,
 * the TypeScript of @studyhub/contract and @studyhub/deploy-folder included, bundled by esbuild into one ES module,
 * api/dist/server.js, with its source map (serve turns source maps on, so stack traces name the TypeScript lines). Packages from node_modules
 * stay imports, loaded at run time as under tsx: native ones (better-sqlite3) cannot be bundled, and the rest are
 * the same files either way.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const SERVER_ENTRY = createRequire(import.meta.url).resolve('@studyhub/api/server');
const API_DIR = path.resolve(path.dirname(SERVER_ENTRY), '..');
export const SERVER_BUNDLE = path.join(API_DIR, 'dist', 'server.js');
/** The search extraction's worker thread, which the server starts by file (api/src/search/extract-pages.ts). */
const EXTRACT_WORKER = path.join(API_DIR, 'src', 'search', 'extract-worker.ts');

/** Bare imports stay imports, except our own packages', whose TypeScript Node cannot load. */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@studyhub/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds api/dist/server.js and, beside it, extract-worker.js; resolves with the seconds it took. */
export async function buildServer(outfile: string = SERVER_BUNDLE): Promise<number> {
  const started = performance.now();
  const bundles = [
    { entry: SERVER_ENTRY, outfile },
    { entry: EXTRACT_WORKER, outfile: path.join(path.dirname(outfile), 'extract-worker.js') },
  ];
  for (const bundle of bundles) await buildBundle(bundle.entry, bundle.outfile);
  return (performance.now() - started) / 1000;
}

async function buildBundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the project supports (package.json engines).
    target: 'node20',
    sourcemap: 'linked',
    // Reproducible: the same sources give the same bytes (decision 019); paths in the map stay relative.
    sourcesContent: false,
    plugins: [packagesStayExternal],
    logLevel: 'warning',
  });
}
