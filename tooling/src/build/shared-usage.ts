/**
 * Records what a build needs of the shared package and what its copy provides (decision 020), from webpack's own
 * module graph: what the bundler really links, not what a text scan guesses. Node-only (config factory).
 */
import webpack, { type Compilation, type Compiler, type Dependency, type Module } from 'webpack';
import { SHARED_USAGE_FILE, type SharedUsage } from './build-info';
import { buildVersion } from './build-version';
import { exportSignatures } from './export-signatures';
import {
  CONTRACT_PACKAGE,
  contractDir,
  packageSources,
  platformDir,
  TOOLING_PACKAGE,
  toolingDir,
} from './packages';

const CONSUME_SHARED = 'consume-shared-module';

/**
 * The platform's federation version: `<package version>-<hash>` of its sources and of the contract's, which its
 * copy bundles, so a contract change the singleton carries changes its version too (decision 027).
 */
export function platformVersion(): string {
  return buildVersion(platformDir, [...packageSources(platformDir), ...packageSources(contractDir)]);
}

/** What a build bundles or was made by besides the platform, with their versions (recorded, not compared). */
export function builtWith(): Record<string, string> {
  return {
    [CONTRACT_PACKAGE]: buildVersion(contractDir, packageSources(contractDir)),
    [TOOLING_PACKAGE]: buildVersion(toolingDir, packageSources(toolingDir)),
  };
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
    /** The package's folder (its tsconfig.json types the entry) and browser entry (`exports["."]`), resolved. */
    private readonly packageDir: string,
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
        const madeWith = builtWith();
        usage = {
          package: this.packageName,
          version: this.version,
          provides: [...provides].sort(),
          needs: referenced === 'all' ? [...provides].sort() : [...referenced].sort(),
          builtWith: madeWith,
          // The describer is the tooling's: its version is part of what the cached answer depends on.
          signatures: exportSignatures(
            this.packageDir,
            this.entryFile,
            `${this.version}:${madeWith[TOOLING_PACKAGE]}`,
            provides,
          ),
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
