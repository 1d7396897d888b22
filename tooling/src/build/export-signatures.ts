/**
 * A fingerprint of each export's type, so a release can tell a changed export from an unchanged one (decision 028):
 * an area built against `Button(props: { label })` must not run in a shell whose copy has `Button(props: { text })`.
 * The TypeScript checker reads the package's entry; each export's type is written out structurally, so a change
 * deep inside one of the package's own types (a prop renamed in an interface it uses) changes the fingerprint,
 * while types from other packages (React's, styled-components') are compared by name: their versions are
 * compared as federation singletons already. Node-only (config factory).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/** Deeper than this, a type is named rather than written out (bounds the work on recursive types). */
const MAX_DEPTH = 6;

function compilerOptions(packageDir: string): ts.CompilerOptions {
  const configFile = path.join(packageDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return { ...parsed.options, noEmit: true };
}

class TypeDescriber {
  constructor(
    private readonly checker: ts.TypeChecker,
    /** Files whose types are written out; anything declared elsewhere is named. */
    private readonly isOwnFile: (fileName: string) => boolean,
  ) {}

  private named(type: ts.Type): string {
    const text = this.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
    // A type named by its file reads import("/abs/path/…"): keep only what does not depend on the checkout.
    return text.replace(
      /import\("[^"]*?(?:\/node_modules\/|\/(?=(?:shared|contract)\/src\/))([^"]*)"\)/g,
      'import("$1")',
    );
  }

  private isOwn(type: ts.Type): boolean {
    const declarations = (type.aliasSymbol ?? type.getSymbol())?.getDeclarations() ?? [];
    return declarations.some((declaration) => this.isOwnFile(declaration.getSourceFile().fileName));
  }

  private signature(signature: ts.Signature, depth: number, seen: Set<ts.Type>): string {
    const parameters = signature.getParameters().map((parameter) => {
      const declaration = parameter.valueDeclaration as ts.ParameterDeclaration | undefined;
      const optional = declaration && (declaration.questionToken || declaration.initializer) ? '?' : '';
      const rest = declaration?.dotDotDotToken ? '...' : '';
      const type = this.checker.getTypeOfSymbol(parameter);
      // Positions, not names: renaming a parameter changes nothing for a caller.
      return `${rest}${optional}${this.describe(type, depth + 1, seen)}`;
    });
    const typeParameters = signature.getTypeParameters()?.map((parameter) => this.named(parameter)) ?? [];
    const generics = typeParameters.length > 0 ? `<${typeParameters.join(', ')}>` : '';
    return `${generics}(${parameters.join(', ')}) => ${this.describe(signature.getReturnType(), depth + 1, seen)}`;
  }

  describe(type: ts.Type, depth = 0, seen = new Set<ts.Type>()): string {
    if (depth > MAX_DEPTH || seen.has(type)) return this.named(type);
    // Another package's alias (React's ReactNode) by its name, not its members.
    if (type.aliasSymbol && !this.isOwn(type)) return this.named(type);
    if (type.isUnion() || type.isIntersection()) {
      const parts = type.types.map((part) => this.describe(part, depth + 1, seen));
      // A union's members come in the checker's order, which is not the source's: sort them.
      return type.isUnion() ? parts.sort().join(' | ') : parts.join(' & ');
    }
    const isObject = (type.flags & ts.TypeFlags.Object) !== 0;
    if (!isObject) return this.named(type);
    if (!this.isOwn(type)) {
      // Another package's generic (an array, a Promise) around one of ours: write out its arguments.
      const isReference = ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) !== 0;
      const typeArguments = isReference ? this.checker.getTypeArguments(type as ts.TypeReference) : [];
      if (typeArguments.length === 0) return this.named(type);
      const name = type.getSymbol()?.getName() ?? this.named(type);
      return `${name}<${typeArguments.map((argument) => this.describe(argument, depth + 1, seen)).join(', ')}>`;
    }
    seen.add(type);
    try {
      const members = this.checker
        .getPropertiesOfType(type)
        .map((property) => {
          const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
          const propertyType = this.checker.getTypeOfSymbol(property);
          return `${property.getName()}${optional}: ${this.describe(propertyType, depth + 1, seen)}`;
        })
        .sort();
      const calls = type.getCallSignatures().map((signature) => this.signature(signature, depth, seen));
      const constructs = type
        .getConstructSignatures()
        .map((signature) => `new ${this.signature(signature, depth, seen)}`);
      const indexes = this.checker
        .getIndexInfosOfType(type)
        .map((info) => `[key: ${this.named(info.keyType)}]: ${this.describe(info.type, depth + 1, seen)}`);
      return `{ ${[...calls, ...constructs, ...indexes, ...members].join('; ')} }`;
    } finally {
      seen.delete(type);
    }
  }
}

/** Each value export of `entryFile` (by name) and its type written out, for the exports `names` lists. */
export function describeExports(
  packageDir: string,
  entryFile: string,
  names: readonly string[],
): Record<string, string> {
  const program = ts.createProgram([entryFile], compilerOptions(packageDir));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`cannot read the exports of ${entryFile}`);
  // The workspace packages resolve to their real folders; everything under node_modules is another package's.
  const describer = new TypeDescriber(checker, (fileName) => !fileName.includes('/node_modules/'));
  const wanted = new Set(names);
  const descriptions: Record<string, string> = {};
  for (const exported of checker.getExportsOfModule(module)) {
    if (!wanted.has(exported.getName())) continue;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    descriptions[exported.getName()] = describer.describe(checker.getTypeOfSymbol(symbol));
  }
  return descriptions;
}

const fingerprint = (description: string) =>
  createHash('sha256').update(description).digest('hex').slice(0, 16);

/**
 * The fingerprints of `names`, exports of the package in `packageDir`. Cached under `cacheKey`, which must change
 * whenever the answer could (the package's content version and this tooling's), as the type checker takes seconds
 * and every app's build asks the same of the same sources.
 */
export function exportSignatures(
  packageDir: string,
  entryFile: string,
  cacheKey: string,
  names: readonly string[],
): Record<string, string> {
  const cacheFile = path.join(
    os.tmpdir(),
    'studyhub-export-signatures',
    `${fingerprint(`${cacheKey}:${[...names].sort().join(',')}`)}.json`,
  );
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, string>;
  } catch {
    // Not cached yet (or unreadable): compute it.
  }
  const descriptions = describeExports(packageDir, entryFile, names);
  const signatures = Object.fromEntries(
    Object.keys(descriptions)
      .sort()
      .map((name) => [name, fingerprint(descriptions[name]!)]),
  );
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  // Written whole, then renamed: two builds at once never read half a file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(signatures));
  renameSync(partial, cacheFile);
  return signatures;
}
