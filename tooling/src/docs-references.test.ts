/**
 * @jest-environment node
 */
/**
 * The repository explains itself: no file cites a document kept outside it, every "product §N" /
 * "architecture §N" names a section that exists in docs/product.md / docs/architecture.md, and every file a
 * document or a comment cites by its path from the repository's root, or a page links to, exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(__dirname, '../..');
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|css|html|sh)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'deploy', 'data', 'coverage', '.git', 'test-results']);
const OWN_PAGES = new Set(['docs/product.md', 'docs/architecture.md']);

/** Tracked files; a checkout without git (an area's own pipeline) walks the tree instead. */
function repoFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\n')
      .filter(Boolean);
  } catch {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!SKIP_DIRS.has(entry.name)) walk(rel);
        } else found.push(rel);
      }
    };
    walk('');
    return found;
  }
}

const files = repoFiles()
  .filter((file) => TEXT.test(file) && file !== 'package-lock.json')
  .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

/** Citations of the outside documents: a section of either, or any of their files by name. */
const OUTSIDE = [
  /\b(SPEC|DESIGN)(\s*(?:(?:\*|\/\/|#)[ \t]*)?)§/g,
  /(?<![/\w])(SPEC|DESIGN|SECURITY|STYLE)\.md\b/g,
];
const CITATION = /\b(product|architecture) §(\d+)((?:\s*(?:,|–|-|and|or|to)\s*§\d+)*)/g;

/** A path from the repository's root into one of its packages or docs, with a file's extension. */
const ROOT_PATH =
  /(?<![\w./@-])((?:api|shell|shared|contract|tooling|mfe-auth|mfe-notes|mfe-syllabus|mfe-admin|e2e|scripts|docs)\/[\w./-]*[\w-]\.(?:tsx?|mjs|md|json|sh|js|css|html))/g;
/** What a build makes, cited by the path it will have. */
const BUILD_OUTPUT = /^api\/dist\//;
/** A Markdown link's target, without its #fragment. */
const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;

function sections(page: string): Set<number> {
  const text = readFileSync(path.join(ROOT, 'docs', page), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));
}

describe('references to the project documents', () => {
  it('never cites a document kept outside the repository', () => {
    const offenders = files
      .filter(({ file }) => !OWN_PAGES.has(file))
      .flatMap(({ file, text }) =>
        OUTSIDE.flatMap((pattern) =>
          [...text.matchAll(pattern)].map((match) => {
            const line = text.slice(0, match.index).split('\n').length;
            return `${file}:${line}: ${match[0].replace(/\s+/g, ' ')}`;
          }),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('cites only sections that exist', () => {
    const known = { product: sections('product.md'), architecture: sections('architecture.md') };
    expect(known.product.size).toBeGreaterThan(0);
    expect(known.architecture.size).toBeGreaterThan(0);
    const missing = files.flatMap(({ file, text }) =>
      [...text.matchAll(CITATION)].flatMap((match) => {
        const page = match[1] as keyof typeof known;
        const numbers = [match[2], ...[...(match[3] ?? '').matchAll(/§(\d+)/g)].map((m) => m[1])].map(Number);
        return numbers.filter((n) => !known[page].has(n)).map((n) => `${file}: ${page} §${n}`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it('every decision says its status and when it was decided', () => {
    const decisions = files.filter(({ file }) => /^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(file));
    expect(decisions.length).toBeGreaterThan(0);
    const undated = decisions
      .filter(
        ({ text }) =>
          !/^# \d{3} — .+\n\n\*\*Status:\*\* \S.*\. \*\*Decided:\*\* \d{4}-\d{2}-\d{2}\.\n/.test(text),
      )
      .map(({ file }) => file);
    expect(undated).toEqual([]);
  });

  it('cites only files that exist', () => {
    const tracked = new Set(repoFiles());
    const folders = new Set(
      [...tracked].flatMap((file) => file.split('/').map((_part, i, parts) => parts.slice(0, i).join('/'))),
    );
    const exists = (target: string) =>
      tracked.has(target) || folders.has(target) || existsSync(path.join(ROOT, target));
    const missing = files.flatMap(({ file, text }) => [
      ...[...text.matchAll(ROOT_PATH)]
        .map((match) => match[1]!)
        .filter((cited) => !BUILD_OUTPUT.test(cited) && !exists(cited))
        .map((cited) => `${file}: ${cited}`),
      ...(file.endsWith('.md')
        ? [...text.matchAll(LINK)]
            .map((match) => match[1]!)
            .filter((target) => !/^[a-z]+:/i.test(target))
            .filter(
              (target) => !exists(path.posix.normalize(path.posix.join(path.posix.dirname(file), target))),
            )
            .map((target) => `${file}: link ${target}`)
        : []),
    ]);
    expect(missing).toEqual([]);
  });
});
