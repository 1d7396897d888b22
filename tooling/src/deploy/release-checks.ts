/**
 * What must hold before a build goes live (decision 011), read from the real artefacts: the build's folder itself,
 * build-info.json, the Module Federation manifest (its entry, exposes, assets and shared singletons) and the
 * entry script, compared with the live shell (or, for a shell, with the live areas). Every check returns
 * readable reasons.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  isReleasePath,
  readRemotesStrict,
  readShellVersion,
  releaseDir,
  type AppName,
} from '@studyhub/deploy-folder';
import { BUILD_INFO_FILE, SHARED_USAGE_FILE, type BuildInfo, type SharedUsage } from '../build/build-info';
import {
  AREA_EXPOSE,
  changedExports,
  isExportFingerprints,
  missingExports,
  SHELL_PAGES,
  VERSION_PATTERN,
  WIDGET_EXPOSES,
  type AreaName,
} from '@studyhub/contract';
import { entryLoadProblem, entryParseProblem } from './entry-check';
import { irregularEntries } from './publish';

const MANIFEST_FILE = 'mf-manifest.json';
const SHELL_PAGE = SHELL_PAGES.home;
const SHELL_ENTRY = 'main.js';
/** The page's script tag for the entry, quoted or (minified) not. */
const SHELL_ENTRY_TAG = /<script\b[^>]*\ssrc=["']?\/main\.js["'\s>]/;
/** A refusal names this many entries that are not regular files or folders, and counts the rest. */
const NAMED_ENTRIES = 10;

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The parts of mf-manifest.json the checks read. */
interface FederationManifest {
  name: string;
  metaData?: { globalName?: string; remoteEntry?: { name?: string; path?: string } };
  shared?: { name: string; version: string; singleton?: boolean; assets?: ManifestAssets }[];
  exposes?: { path: string; assets?: ManifestAssets }[];
}

/**
 * A build folder as read for a release: its own record and its federation manifest. It holds only regular files
 * and folders, and every path its manifest names stays inside it.
 */
export interface InspectedBuild {
  app: AppName;
  /** The folder's real path. */
  dir: string;
  info: BuildInfo;
  manifest: FederationManifest;
  /**
   * What it needs of the shared package and what its copy provides (decision 020); absent in builds made before
   * it was recorded, which are then not compared on it (a rollback to one must still work).
   */
  sharedUsage?: SharedUsage;
}

export class ReleaseRefusedError extends Error {
  constructor(
    readonly subject: string,
    readonly reasons: string[],
  ) {
    super(`${subject} refused:\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function readJsonFile(file: string): { value?: object; problem?: string } {
  const name = path.basename(file);
  if (!existsSync(file)) return { problem: `${name} is missing` };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { problem: `${name} is not valid JSON (${(error as Error).message})` };
  }
  return isObject(value) ? { value } : { problem: `${name} is not a JSON object` };
}

function infoProblems(app: AppName, info: Partial<BuildInfo>): string[] {
  const problems: string[] = [];
  const kind = app === 'shell' ? 'host' : 'remote';
  if (info.name !== app) problems.push(`${BUILD_INFO_FILE} names "${String(info.name)}", not "${app}"`);
  if (info.kind !== kind) problems.push(`${BUILD_INFO_FILE} says kind "${String(info.kind)}", not "${kind}"`);
  if (typeof info.version !== 'string' || !VERSION_PATTERN.test(info.version)) {
    problems.push(`${BUILD_INFO_FILE} has no usable version (${JSON.stringify(info.version)})`);
  }
  if (!Number.isInteger(info.contractVersion)) {
    problems.push(`${BUILD_INFO_FILE} has no whole contractVersion`);
  }
  const supported = info.supportedContractVersions;
  if (app === 'shell' && !(Array.isArray(supported) && supported.every(Number.isInteger))) {
    problems.push(`${BUILD_INFO_FILE} lists no supportedContractVersions (a shell build must)`);
  }
  return problems;
}

const isNameList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((name) => typeof name === 'string');

function sharedUsageProblems(usage: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const field of ['package', 'version'] as const) {
    if (typeof usage[field] !== 'string') problems.push(`${SHARED_USAGE_FILE} has no ${field}`);
  }
  for (const field of ['provides', 'needs'] as const) {
    if (!isNameList(usage[field])) problems.push(`${SHARED_USAGE_FILE}'s ${field} is not a list of names`);
  }
  const { signatures } = usage;
  if (signatures !== undefined && !isExportFingerprints(signatures)) {
    problems.push(`${SHARED_USAGE_FILE}'s signatures is not a map of export names to fingerprints`);
  }
  return problems;
}

function assetFiles(assets: ManifestAssets | undefined): unknown[] {
  return [assets?.js?.sync, assets?.js?.async, assets?.css?.sync, assets?.css?.async].flatMap(list);
}

/** Every file the manifest lists for its exposed and shared modules, as read (not necessarily strings). */
function listedFiles(manifest: FederationManifest): unknown[] {
  const modules = [...(manifest.exposes ?? []), ...(manifest.shared ?? [])];
  return [...new Set(modules.flatMap((module) => assetFiles(module.assets)))];
}

/** The remote entry's file as the manifest names it (its folder and file name), or null when it names none. */
function remoteEntryFile(manifest: FederationManifest): string | null {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return null;
  return entry.path ? `${String(entry.path).replace(/\/$/, '')}/${entry.name}` : String(entry.name);
}

/** A federated container's global name: a JavaScript identifier. */
const GLOBAL_NAME = /^[A-Za-z_$][\w$]*$/;

/** The manifest fields the checks go through must have the shape they read. */
function manifestShapeProblems(parsed: object): string[] {
  const manifest = parsed as Record<string, unknown>;
  const problems = typeof manifest.name === 'string' ? [] : [`${MANIFEST_FILE} has no name`];
  for (const field of ['exposes', 'shared']) {
    const value = manifest[field];
    if (value !== undefined && !(Array.isArray(value) && value.every(isObject))) {
      problems.push(`${MANIFEST_FILE}'s ${field} is not a list of objects`);
    }
  }
  const globalName = (manifest.metaData as { globalName?: unknown } | null | undefined)?.globalName;
  if (globalName !== undefined && !(typeof globalName === 'string' && GLOBAL_NAME.test(globalName))) {
    problems.push(`${MANIFEST_FILE}'s globalName ${JSON.stringify(globalName)} is not a JavaScript name`);
  }
  return problems;
}

/** Every path the manifest names must stay inside the build: it is joined to the folder (docs/security.md item 37). */
function manifestPathProblems(manifest: FederationManifest): string[] {
  const outside = (file: unknown) => `${JSON.stringify(file)}, which is not a path inside the build`;
  const entry = remoteEntryFile(manifest);
  return [
    ...(entry === null || isReleasePath(entry)
      ? []
      : [`${MANIFEST_FILE} names the remote entry ${outside(entry)}`]),
    ...listedFiles(manifest)
      .filter((file) => !isReleasePath(file))
      .map((file) => `${MANIFEST_FILE} lists ${outside(file)}`),
  ];
}

/** A build may hold nothing but regular files and folders (docs/security.md item 37). */
function treeProblems(dir: string): string[] {
  const irregular = irregularEntries(dir);
  const named = irregular
    .slice(0, NAMED_ENTRIES)
    .map((entry) => `${entry}; a release holds only regular files and folders`);
  const more = irregular.length - named.length;
  return more > 0 ? [...named, `and ${more} more entries that are not regular files or folders`] : named;
}

/**
 * Reads a build folder; a folder that is not a build of `app` is refused with every reason at once. The folder
 * named may be reached through a link, but while it holds anything other than regular files and folders not
 * one of its files is read.
 */
export function inspectBuild(app: AppName, dir: string): InspectedBuild {
  const subject = `${app} build in ${dir}`;
  if (!existsSync(dir)) throw new ReleaseRefusedError(subject, [`${dir} does not exist`]);
  const root = realpathSync(dir);
  if (!statSync(root).isDirectory()) throw new ReleaseRefusedError(subject, [`${dir} is not a folder`]);
  const tree = treeProblems(root);
  if (tree.length > 0) throw new ReleaseRefusedError(subject, tree);
  const info = readJsonFile(path.join(root, BUILD_INFO_FILE));
  const manifest = readJsonFile(path.join(root, MANIFEST_FILE));
  const usageFile = path.join(root, SHARED_USAGE_FILE);
  const usage = existsSync(usageFile) ? readJsonFile(usageFile) : {};
  const problems = [info.problem, manifest.problem, usage.problem].filter((problem) => problem !== undefined);
  if (usage.value !== undefined)
    problems.push(...sharedUsageProblems(usage.value as Record<string, unknown>));
  if (info.value !== undefined) problems.push(...infoProblems(app, info.value as Partial<BuildInfo>));
  if (manifest.value !== undefined) {
    const shape = manifestShapeProblems(manifest.value);
    problems.push(...(shape.length > 0 ? shape : manifestPathProblems(manifest.value as FederationManifest)));
  }
  if (problems.length > 0) throw new ReleaseRefusedError(subject, problems);
  return {
    app,
    dir: root,
    info: info.value as BuildInfo,
    manifest: manifest.value as FederationManifest,
    ...(usage.value === undefined ? {} : { sharedUsage: usage.value as SharedUsage }),
  };
}

function missingAssets(build: InspectedBuild): string[] {
  return listedFiles(build.manifest)
    .filter(isReleasePath)
    .filter((file) => !existsSync(path.join(build.dir, file)))
    .map((file) => `${MANIFEST_FILE} lists ${file}, which is missing`);
}

function areaArtefactProblems(area: AreaName, build: InspectedBuild): string[] {
  const { manifest } = build;
  const problems: string[] = [];
  if (manifest.name !== area) problems.push(`${MANIFEST_FILE} is for "${manifest.name}", not "${area}"`);
  const entry = remoteEntryFile(manifest);
  if (!entry) problems.push(`${MANIFEST_FILE} names no remote entry`);
  else if (!existsSync(path.join(build.dir, entry))) problems.push(`the remote entry ${entry} is missing`);
  else {
    const loadProblem = entryLoadProblem(path.join(build.dir, entry), manifest.metaData?.globalName ?? area);
    if (loadProblem) problems.push(loadProblem);
  }
  const exposed = new Set((manifest.exposes ?? []).map((expose) => expose.path));
  const required = [
    AREA_EXPOSE,
    ...Object.values(WIDGET_EXPOSES)
      .filter((widget) => widget.area === area)
      .map((widget) => widget.expose),
  ];
  for (const expose of required) {
    if (!exposed.has(expose)) problems.push(`it does not expose ${expose}, which the shell loads`);
  }
  return [...problems, ...missingAssets(build)];
}

function shellArtefactProblems(build: InspectedBuild): string[] {
  const page = path.join(build.dir, SHELL_PAGE);
  const entry = path.join(build.dir, SHELL_ENTRY);
  const problems: string[] = [];
  if (!existsSync(page)) problems.push(`${SHELL_PAGE} is missing`);
  else if (!SHELL_ENTRY_TAG.test(readFileSync(page, 'utf8'))) {
    problems.push(`${SHELL_PAGE} does not load /${SHELL_ENTRY}`);
  }
  if (!existsSync(entry)) problems.push(`${SHELL_ENTRY} is missing`);
  else {
    const parseProblem = entryParseProblem(entry);
    if (parseProblem) problems.push(parseProblem);
  }
  return [...problems, ...missingAssets(build)];
}

/** Problems of the build on its own: everything a browser would need from it is there and loads. */
export function artefactProblems(build: InspectedBuild): string[] {
  return build.app === 'shell' ? shellArtefactProblems(build) : areaArtefactProblems(build.app, build);
}

const major = (version: string) => /^(\d+)\./.exec(version)?.[1];

/** Singletons both builds share must agree on the major version: there is one copy at run time. */
function singletonProblems(build: InspectedBuild, other: InspectedBuild, otherLabel: string): string[] {
  const theirs = new Map((other.manifest.shared ?? []).map((shared) => [shared.name, shared.version]));
  return (build.manifest.shared ?? []).flatMap(({ name, version, singleton }) => {
    const otherVersion = theirs.get(name);
    if (!singleton || otherVersion === undefined) return [];
    if (major(version) !== undefined && major(version) === major(otherVersion)) return [];
    return [
      `it shares ${name} ${version}, but ${otherLabel} has ${name} ${otherVersion} (major versions differ)`,
    ];
  });
}

/**
 * The shared exports `area` uses that `shell`'s copy lacks, and those whose type differs between the two copies;
 * null when all agree (also when either build predates the record).
 */
function unmetSharedNeeds(
  area: InspectedBuild,
  shell: InspectedBuild,
): { missing: string[]; changed: string[]; needs: SharedUsage; provided: SharedUsage } | null {
  const needs = area.sharedUsage;
  const provided = shell.sharedUsage;
  if (!needs || !provided) return null;
  const missing = missingExports(needs.needs, provided.provides);
  const changed = changedExports(needs, provided);
  return missing.length + changed.length === 0 ? null : { missing, changed, needs, provided };
}

function contractProblem(area: InspectedBuild, shell: InspectedBuild, shellLabel: string): string | null {
  const supported = shell.info.supportedContractVersions ?? [];
  if (supported.includes(area.info.contractVersion)) return null;
  return (
    `${area.app} ${area.info.version} implements contract version ${area.info.contractVersion}, but ` +
    `${shellLabel} supports ${supported.length > 0 ? supported.join(', ') : 'none'}`
  );
}

/**
 * The shared package is one singleton and the shell's copy is the one every area runs against (`loaded-first`),
 * so each export an area's code imports from it must be in the shell's copy (decision 020), with the type the
 * area was built against (decision 028).
 */
function sharedExportProblems(
  area: InspectedBuild,
  shell: InspectedBuild,
  shellLabel: string,
  shellReleasedWithArea: boolean,
): string[] {
  const unmet = unmetSharedNeeds(area, shell);
  if (!unmet) return [];
  const { needs, provided } = unmet;
  const versions =
    `(${area.app} was built with ${needs.package} ${needs.version}, ` +
    `the shell's copy is ${provided.version})`;
  const releaseTogether = `(npm run release -- shell ${area.app})`;
  const problems: string[] = [];
  if (unmet.missing.length > 0) {
    const advice = shellReleasedWithArea
      ? 'Build that shell from shared sources that provide them.'
      : `Release it together with a shell that provides them ${releaseTogether}.`;
    problems.push(
      `${area.app} ${area.info.version} needs ${needs.package} exports ${shellLabel} does not provide: ` +
        `${unmet.missing.join(', ')} ${versions}. ${advice}`,
    );
  }
  if (unmet.changed.length > 0) {
    const advice = shellReleasedWithArea
      ? 'Build both from the same shared sources.'
      : `Release it together with a shell built from the same shared sources ${releaseTogether}.`;
    problems.push(
      `${area.app} ${area.info.version} was built against other signatures of ${needs.package} exports than ` +
        `${shellLabel} provides: ${unmet.changed.join(', ')} ${versions}. ${advice}`,
    );
  }
  return problems;
}

/** A new shell must keep every shared export a live (or canary) area needs, with the type it was built against. */
function brokenNeedProblems(shell: InspectedBuild, area: InspectedBuild, areaLabel: string): string[] {
  const unmet = unmetSharedNeeds(area, shell);
  if (!unmet) return [];
  const { provided } = unmet;
  const releaseTogether = `together with this shell (npm run release -- shell ${area.app})`;
  const problems: string[] = [];
  if (unmet.missing.length > 0) {
    problems.push(
      `this shell's ${provided.package} ${provided.version} does not provide exports that ${areaLabel} needs: ` +
        `${unmet.missing.join(', ')}. Keep them in ${provided.package}, or release ${area.app} built without them ` +
        `${releaseTogether}.`,
    );
  }
  if (unmet.changed.length > 0) {
    problems.push(
      `this shell's ${provided.package} ${provided.version} changes the signatures of exports that ${areaLabel} ` +
        `needs: ${unmet.changed.join(', ')}. Keep their signatures, or release ${area.app} built against the ` +
        `change ${releaseTogether}.`,
    );
  }
  return problems;
}

/** The live builds a new one must work with: the live shell for an area; every live and canary area for a shell. */
function liveCounterparts(
  deployDir: string,
  app: AppName,
): { label: string; dir: string; app: AppName; canary: boolean }[] {
  if (app !== 'shell') {
    const shell = readShellVersion(deployDir);
    return shell
      ? [
          {
            label: `the live shell ${shell}`,
            dir: releaseDir(deployDir, 'shell', shell),
            app: 'shell',
            canary: false,
          },
        ]
      : [];
  }
  return Object.entries(readRemotesStrict(deployDir)).flatMap(([area, entry]) =>
    [entry.version, ...(entry.canary ? [entry.canary.version] : [])].map((version) => {
      const canary = entry.canary?.version === version;
      return {
        label: `${area} ${version} (live${canary ? ' canary' : ''})`,
        dir: releaseDir(deployDir, area as AreaName, version),
        app: area as AreaName,
        canary,
      };
    }),
  );
}

export interface CompatibilityReport {
  problems: string[];
  /** What was compared, for the operator ("checked against the live shell 1.0.0-…"). */
  checkedAgainst: string[];
}

/**
 * The builds a new one must work with: what is live in `deployDir`, except that a build released together with
 * it (`releasedWith`) stands in for the live version of its app (a release of several apps at once).
 */
function counterparts(deployDir: string, app: AppName, releasedWith: readonly InspectedBuild[]) {
  const live = liveCounterparts(deployDir, app);
  const others = releasedWith.filter(
    (other) => other.app !== app && (app === 'shell') !== (other.app === 'shell'),
  );
  const together = others.map((other) => ({
    label: `${other.app} ${other.info.version} (released with it)`,
    build: other as InspectedBuild | undefined,
    dir: other.dir,
    app: other.app,
    canary: false,
  }));
  const replaced = new Set(others.map((other) => other.app));
  // A live canary keeps running beside a new live version, so it is still compared.
  const kept = live.filter((entry) => !replaced.has(entry.app) || entry.canary);
  return [...together, ...kept.map((entry) => ({ ...entry, build: undefined }))];
}

/** Problems of the build together with what is live in `deployDir` (and what is released with it). */
export function compatibilityProblems(
  deployDir: string,
  build: InspectedBuild,
  releasedWith: readonly InspectedBuild[] = [],
): CompatibilityReport {
  const problems: string[] = [];
  const checkedAgainst: string[] = [];
  for (const counterpart of counterparts(deployDir, build.app, releasedWith)) {
    let live: InspectedBuild;
    try {
      live = counterpart.build ?? inspectBuild(counterpart.app, counterpart.dir);
    } catch (error) {
      problems.push(`${counterpart.label} cannot be read to compare with: ${(error as Error).message}`);
      continue;
    }
    checkedAgainst.push(counterpart.label);
    const [area, shell, shellLabel] =
      build.app === 'shell' ? [live, build, `this shell`] : [build, live, counterpart.label];
    const contract = contractProblem(area, shell, shellLabel);
    if (contract) problems.push(contract);
    // Released together, the area's own check names the missing exports; the shell's would say it again.
    problems.push(
      ...(build.app === 'shell'
        ? counterpart.build
          ? []
          : brokenNeedProblems(build, live, counterpart.label)
        : sharedExportProblems(build, live, counterpart.label, counterpart.build !== undefined)),
    );
    problems.push(...singletonProblems(build, live, counterpart.label));
  }
  return { problems, checkedAgainst };
}
