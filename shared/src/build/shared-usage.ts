/**
 * Records what a build needs of the shared package and what its copy provides (decision 020), from webpack's own
 * module graph: what the bundler really links, not what a text scan guesses. Node-only (config factory).
 */
import path from 'node:path';
import webpack, { type Compilation, type Compiler, type Dependency, type Module } from 'webpack';
import { SHARED_USAGE_FILE, type SharedUsage } from './build-info';
import { buildVersion } from './build-version';

const CONSUME_SHARED = 'consume-shared-module';

/**
 * The shared package's federation version: `<package version>-<8 hex of its sources>`, so it changes whenever
 * its code does and every app built from the same sources agrees on it (decision 003's hash, over shared only).
 */
export function sharedPackageVersion(sharedDir: string): string {
  return buildVersion(sharedDir, [path.join(sharedDir, 'src'), path.join(sharedDir, 'package.json')]);
}

interface ConsumeSharedOptions {
  options: { shareKey: string };
}

function isConsumeOf(module: Module | null, shareKey: string): boolean {
  return (
    module?.type === CONSUME_SHARED &&
    (module as unknown as ConsumeSharedOptions).options.shareKey === shareKey
  );
}

/** Every dependency of a module, its blocks' included (`import()` lives in one). */
function* dependenciesOf(module: Module): Generator<Dependency> {
  yield* module.dependencies;
  const blocks = [...module.blocks];
  while (blocks.length > 0) {
    const block = blocks.pop()!;
    yield* block.dependencies;
    blocks.push(...block.blocks);
  }
}

/**
 * The export names of `shareKey` the build's modules reference, or `'all'` when one takes the whole namespace
 * (`import * as s` passed around, `export *`): then nothing of it may go missing.
 */
function referencedNames(compilation: Compilation, shareKey: string): Set<string> | 'all' {
  const names = new Set<string>();
  for (const module of compilation.modules) {
    for (const dependency of dependenciesOf(module)) {
      if (!isConsumeOf(compilation.moduleGraph.getModule(dependency), shareKey)) continue;
      // webpack's own answer for every kind of import: specifiers, namespace member reads, re-exports, import().
      for (const referenced of compilation.getDependencyReferencedExports(dependency, undefined)) {
        const name = Array.isArray(referenced) ? referenced : referenced.name;
        if (name.length === 0) return 'all';
        names.add(name[0]!);
      }
    }
  }
  return names;
}

/** The exports of the package's own entry module in this build (its copy, provided to the share scope). */
function providedNames(compilation: Compilation, entryFile: string): string[] | null {
  for (const module of compilation.modules) {
    if ((module as Module & { resource?: string }).resource !== entryFile) continue;
    const provided = compilation.moduleGraph.getExportsInfo(module).getProvidedExports();
    return Array.isArray(provided) ? provided : null;
  }
  return null;
}

export class SharedUsagePlugin {
  constructor(
    private readonly packageName: string,
    private readonly version: string,
    /** The package's browser entry (its `exports["."]`), resolved. */
    private readonly entryFile: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('SharedUsagePlugin', (compilation) => {
      let usage: SharedUsage | undefined;
      // Read before module concatenation, which folds the package's entry module into another one.
      compilation.hooks.afterOptimizeDependencies.tap('SharedUsagePlugin', () => {
        const provides = providedNames(compilation, this.entryFile);
        if (provides === null) {
          // Without its exports the release checks could not compare: fail the build rather than guess.
          compilation.errors.push(
            new webpack.WebpackError(`${this.packageName}: cannot list the exports of ${this.entryFile}`),
          );
          return;
        }
        const referenced = referencedNames(compilation, this.packageName);
        usage = {
          package: this.packageName,
          version: this.version,
          provides: [...provides].sort(),
          needs: referenced === 'all' ? [...provides].sort() : [...referenced].sort(),
        };
      });
      compilation.hooks.processAssets.tap(
        { name: 'SharedUsagePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (usage)
            compilation.emitAsset(
              SHARED_USAGE_FILE,
              new webpack.sources.RawSource(`${JSON.stringify(usage, null, 2)}\n`),
            );
        },
      );
    });
  }
}
