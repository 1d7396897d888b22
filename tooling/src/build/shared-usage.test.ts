/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SharedUsage } from './build-info';

const repo = path.resolve(__dirname, '../../..');
let root: string;
let syllabus: SharedUsage;
let imports: SharedUsage;

/**
 * Real production builds through the config factory, into a temporary folder. The factory is ESM (it reads
 * import.meta), which this CommonJS suite cannot load, so a child process runs it with tsx.
 */
function build(appDir: string, outDir: string): SharedUsage {
  const program = `
    import webpack from ${JSON.stringify(path.join(repo, 'node_modules/webpack/lib/index.js'))};
    import { createWebpackConfig } from ${JSON.stringify(path.join(repo, 'tooling/src/build/create-webpack-config.ts'))};
    const { default: app } = await import(${JSON.stringify(path.join(appDir, 'webpack.config.ts'))});
    const config = createWebpackConfig(app, {
      appDir: ${JSON.stringify(appDir)}, mode: 'production', buildVersion: '1.0.0-test', standalone: false,
    });
    config.output.path = ${JSON.stringify(outDir)};
    // An app outside the repository still finds the repository's packages and loaders.
    const modules = ['node_modules', ${JSON.stringify(path.join(repo, 'node_modules'))}];
    config.resolve.modules = modules;
    config.resolveLoader = { modules };
    webpack(config).run((error, stats) => {
      if (error || stats.hasErrors()) {
        console.error(error ?? stats.toString('errors-only'));
        process.exit(1);
      }
    });
  `;
  const script = path.join(root, `build-${path.basename(outDir)}.mts`);
  writeFileSync(script, program);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build of ${appDir} failed:\n${result.stderr}${result.stdout}`);
  return JSON.parse(readFileSync(path.join(outDir, 'shared-usage.json'), 'utf8')) as SharedUsage;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'studyhub-shared-usage-'));
  syllabus = build(path.join(repo, 'mfe-syllabus'), path.join(root, 'syllabus'));
  // Every other way code reaches the package: a namespace's members, a re-export, a dynamic import.
  const app = path.join(root, 'app');
  mkdirSync(path.join(app, 'src'), { recursive: true });
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'probe', version: '1.0.0', dependencies: { '@studyhub/shared': '^1.0.0' } }),
  );
  writeFileSync(
    path.join(app, 'webpack.config.ts'),
    `export default { name: 'probe', kind: 'remote', exposes: { './Area': './src/expose.ts' }, devPort: 0, title: 'probe' };`,
  );
  writeFileSync(
    path.join(app, 'src/expose.ts'),
    [
      `import * as shared from '@studyhub/shared';`,
      `export { notify } from '@studyhub/shared';`,
      `export const title = shared.PageTitle;`,
      `export async function session() {`,
      `  const { useSession } = await import('@studyhub/shared');`,
      `  return useSession;`,
      `}`,
    ].join('\n'),
  );
  imports = build(app, path.join(root, 'app-dist'));
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('shared-usage.json of a real build (decision 020)', () => {
  it("records exactly the exports the syllabus area's code uses: no type-only or test-only import", () => {
    // CONTRACT_VERSION and SYLLABUS_SEMESTERS come from @studyhub/contract, which the area bundles itself.
    expect(syllabus.needs).toEqual([
      'Card',
      'Grid',
      'Muted',
      'Notice',
      'OfflineNotice',
      'Page',
      'PageTitle',
      'SelectField',
      'getSyllabus',
      'useApiQuery',
    ]);
  });

  it('records namespace member reads, re-exports and dynamic imports by name', () => {
    expect(imports.needs).toEqual(['PageTitle', 'notify', 'useSession']);
  });

  it("lists every export of its copy, and the package's content version", () => {
    expect(syllabus.package).toBe('@studyhub/shared');
    expect(syllabus.provides).toEqual(expect.arrayContaining([...syllabus.needs, 'apiClient', 'useSession']));
    expect(syllabus.provides).not.toContain('AreaName'); // a type: nothing at run time
    expect(syllabus.provides).not.toContain('PATHS'); // the contract's: each app bundles its own copy
    expect(syllabus.version).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    // Two apps built from the same shared sources agree on its version and exports.
    expect(imports.version).toBe(syllabus.version);
    expect(imports.provides).toEqual(syllabus.provides);
  });

  it('records the contract and tooling versions the build was made with (decision 027)', () => {
    expect(syllabus.builtWith).toEqual({
      '@studyhub/contract': expect.stringMatching(/^1\.0\.0-[0-9a-f]{8}$/),
      '@studyhub/tooling': expect.stringMatching(/^1\.0\.0-[0-9a-f]{8}$/),
    });
    expect(imports.builtWith).toEqual(syllabus.builtWith);
  });

  it('records a fingerprint of every provided export, the same in two builds of the same sources', () => {
    expect(Object.keys(syllabus.signatures ?? {})).toEqual(syllabus.provides);
    expect(Object.values(syllabus.signatures ?? {})).toEqual(
      syllabus.provides.map(() => expect.stringMatching(/^[0-9a-f]{16}$/)),
    );
    expect(imports.signatures).toEqual(syllabus.signatures);
  });
});
