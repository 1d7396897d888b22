/**
 * Makes the JSON files Module Federation writes (mf-stats.json, mf-manifest.json) the same bytes for the same
 * sources (decision 019). The manifest plugin lists exposes, shared modules and their `usedIn` in the order
 * webpack happened to finish building modules, which changes from run to run, and names some files by their
 * absolute path. Everything in those files is a set or a map, so sorting loses nothing.
 */
import path from 'node:path';
import type webpack from 'webpack';
import type { Compiler } from 'webpack';

export const FEDERATION_JSON_FILES = ['mf-stats.json', 'mf-manifest.json'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Code-unit order: `localeCompare` would depend on the machine's locale. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** How an element of a list is ordered: by the field that names it, then by all of it. */
function sortKey(value: Json): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const name = value.id ?? value.path ?? value.name ?? value.federationContainerName;
    return `${typeof name === 'string' ? name : ''}\0${JSON.stringify(value)}`;
  }
  return JSON.stringify(value);
}

/** The folders whose paths a bundle names portably: the app's and each workspace package's by its name. */
export interface PortableRoots {
  appDir: string;
  packages: Readonly<Record<string, string>>;
}

/**
 * An absolute path as the same text in every checkout: inside the app `./…`, inside a workspace package
 * `@studyhub/<package>/…`, inside node_modules the package path; anything else is left as it is.
 */
export function portablePath(text: string, roots: PortableRoots): string {
  if (!path.isAbsolute(text)) return text;
  const under = (dir: string) => {
    const relative = path.relative(dir, text);
    return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/');
  };
  const inModules = text.split(`${path.sep}node_modules${path.sep}`);
  if (inModules.length > 1) return inModules.at(-1)!.split(path.sep).join('/');
  for (const [name, dir] of Object.entries(roots.packages)) {
    const inPackage = under(dir);
    if (inPackage !== null) return `${name}/${inPackage}`;
  }
  const inApp = under(roots.appDir);
  if (inApp !== null) return `./${inApp}`;
  return text;
}

/** The same data with object keys and list elements in a fixed order and absolute paths made portable. */
export function canonicalJson(value: Json, roots: PortableRoots): Json {
  if (typeof value === 'string') return portablePath(value, roots);
  if (Array.isArray(value)) {
    return value
      .map((item) => canonicalJson(item, roots))
      .map((item) => ({ item, key: sortKey(item) }))
      .sort((a, b) => byCodeUnits(a.key, b.key))
      .map(({ item }) => item);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort(byCodeUnits)
        .map((key) => [key, canonicalJson(value[key]!, roots)]),
    );
  }
  return value;
}

const IMPORT_META_URL = 'import.meta.url';

/**
 * `import.meta.url` as a portable `file:///…` URL. webpack writes the module's absolute `file://` URL into the
 * bundle (pdf.js's Node-only branch has two), which put the build machine's folder into published JavaScript
 * and made a checkout elsewhere (ci-area's) build different bytes. `new URL('x', import.meta.url)` asset
 * references are webpack's URL plugin's, not this.
 */
export class PortableImportMetaUrlPlugin {
  constructor(private readonly roots: PortableRoots) {}

  apply(compiler: Compiler): void {
    const { ConstDependency } = compiler.webpack.dependencies;
    compiler.hooks.compilation.tap('PortableImportMetaUrl', (_compilation, { normalModuleFactory }) => {
      const handler = (parser: webpack.javascript.JavascriptParser) => {
        // Before webpack's ImportMetaPlugin (stage 0), which would write the absolute URL.
        parser.hooks.expression
          .for(IMPORT_META_URL)
          .tap({ name: 'PortableImportMetaUrl', stage: -10 }, (expr) => {
            const module = parser.state.module;
            const url = `file:///${portablePath(module.resource, this.roots).replace(/^\.\//, '')}`;
            const dependency = new ConstDependency(JSON.stringify(url), expr.range!);
            dependency.loc = parser.getLocation(expr);
            module.addPresentationalDependency(dependency);
            return true;
          });
      };
      for (const type of ['javascript/auto', 'javascript/esm', 'javascript/dynamic'])
        normalModuleFactory.hooks.parser
          .for(type)
          .tap('PortableImportMetaUrl', (parser) => handler(parser as webpack.javascript.JavascriptParser));
    });
  }
}

/** Rewrites the federation JSON files right after the manifest plugin emits them (same processAssets hook). */
export class DeterministicFederationFilesPlugin {
  constructor(private readonly roots: PortableRoots) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('DeterministicFederationFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        // The manifest plugin emits at OPTIMIZE_TRANSFER; one later sees its files.
        {
          name: 'DeterministicFederationFiles',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1,
        },
        () => {
          for (const file of FEDERATION_JSON_FILES) {
            const asset = compilation.getAsset(file);
            if (!asset) continue;
            const data = JSON.parse(asset.source.source().toString()) as Json;
            const text = JSON.stringify(canonicalJson(data, this.roots), null, 2);
            compilation.updateAsset(file, new sources.RawSource(text));
          }
        },
      );
    });
  }
}
