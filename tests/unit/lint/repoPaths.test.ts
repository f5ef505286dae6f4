import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  check,
  checkedFiles,
  checkRepo,
  commentsOf,
  linksIn,
  pathsIn,
  proseOf,
  topFolders,
  tsconfigEntriesMissing,
  type Findings,
} from './repoPaths.ts';

/**
 * Comments and docs that point somewhere: every repository path a source comment or a Markdown
 * page names exists, and every relative link of a page, every file a tsconfig includes by name exists, and no comment cites a
 * section number of the specification, which is kept outside the repository (a comment states
 * the rule it relies on instead).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Deleted files a page names on purpose, each with why. The only one: docs/species-images.md
 * tells how to find the deleted generator of the illustrations in the history.
 */
const NAMED_ON_PURPOSE: ReadonlyArray<{ file: string; path: string }> = [
  { file: 'docs/species-images.md', path: 'scripts/species-images.mjs' },
];

describe('paths in comments and docs', () => {
  it('finds the repository’s top folders and reads its sources and docs', () => {
    expect(topFolders(root)).toEqual(expect.arrayContaining(['docs', 'domain', 'server', 'src', 'tests', 'worker']));
    expect(topFolders(root)).not.toContain('node_modules');
    const files = checkedFiles(root).map((f) => f.file);
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'server/http/errors.ts', 'eslint.config.js']),
    );
    expect(files.some((f) => f.startsWith('node_modules/') || f.startsWith('dist/'))).toBe(false);
  });

  let found: Findings;
  // Parses every source of the repository once (seconds on a busy machine).
  beforeAll(() => {
    found = checkRepo(root);
  }, 120_000);

  it('names no path that does not exist', () => {
    const missing = found.missing
      .filter((m) => !NAMED_ON_PURPOSE.some((n) => n.file === m.file && n.path === m.path))
      .map((m) => `${m.file}:${m.line}: ${m.path}`);
    expect(missing).toEqual([]);
  });

  it('has tsconfig files that include only files that exist', () => {
    expect(tsconfigEntriesMissing(root)).toEqual([]);
  });

  it('cites no section of the specification', () => {
    expect(found.citations.map((c) => `${c.file}:${c.line}`)).toEqual([]);
  });
});

describe('the path check itself', () => {
  const tops = ['docs', 'server', 'src', 'tests', 'worker'];

  it('reads repository paths: a top folder, then a path ending in an extension or a slash', () => {
    expect(pathsIn('see server/http/errors.ts, docs/architecture.md. And tests/e2e/ too', tops)).toEqual([
      'server/http/errors.ts',
      'docs/architecture.md',
      'tests/e2e/',
    ]);
    // No extension and no slash at the end: a folder named in passing, or not a path at all.
    expect(pathsIn('the server/http folder, src/state', tops)).toEqual([]);
  });

  it('skips patterns, templates, URLs and paths outside the repository', () => {
    const text = [
      'tests/e2e/*.test.ts',
      'server/api/schemas*.ts',
      'bench/${name}/run.ts',
      'docs/<page>.md',
      'https://github.com/openlayers/openlayers/blob/main/src/ol/Map.js',
      '/work/shared/SPEC.md and /tmp/src/x.ts',
      '../server/README.md',
      'node_modules/ol/src/Map.js',
    ].join('\n');
    expect(pathsIn(text, [...tops, 'bench'])).toEqual([]);
  });

  it('reads the comments of a source, not its strings or code', () => {
    const source = [
      "const a = 'server/nowhere/inString.ts'; // server/nowhere/trailing.ts",
      '/** TSDoc naming worker/nowhere/doc.ts. */',
      'export function f(): number {',
      '  const re = /\\/\\*not a comment/;',
      '  return 1;',
      '  /* before the closing brace: src/nowhere/brace.ts */',
      '}',
      'const t = `src/nowhere/template.ts ${a}`;',
      'export const el = <div>{/* src/nowhere/jsx.tsx */}</div>;',
    ].join('\n');
    const comments = commentsOf(source, 'fixture.tsx').map((c) => c.text);
    expect(comments.join('\n')).not.toMatch(/inString|template|not a comment/);
    for (const name of ['trailing', 'doc', 'brace', 'jsx']) expect(comments.join('\n')).toContain(`nowhere/${name}`);
  });

  it('reads Markdown outside its fenced code blocks', () => {
    const md = ['# Page', 'see docs/a.md', '```', 'node bench/x/out.json', '```', 'and docs/b.md'].join('\n');
    expect(proseOf(md).map((l) => l.text)).toEqual(['# Page', 'see docs/a.md', 'and docs/b.md']);
  });

  it('reports a path that does not exist, with its line, and not one that does', () => {
    const source = [
      '/**',
      ' * The errors are shaped in server/http/errors.ts (it exists); the old',
      ' * schemas were in server/api/nowhere/schemas.ts (it does not).',
      ' */',
      'export const x = 1;',
    ].join('\n');
    expect(check(root, 'server/fixture.ts', source, 'code').missing).toEqual([
      { file: 'server/fixture.ts', line: 3, path: 'server/api/nowhere/schemas.ts' },
    ]);
    const md = 'Read `docs/architecture.md` and `docs/nowhere.md`.';
    expect(check(root, 'docs/fixture.md', md, 'markdown').missing.map((m) => m.path)).toEqual(['docs/nowhere.md']);
  });

  it('follows a Markdown page’s relative links from its folder', () => {
    const md = [
      '[fine](architecture.md#written-once), [fine](../README.md), [web](https://example.org/x.md), [top](#top)',
      '[broken](nowhere.md), [wrong folder](docs/architecture.md)',
    ].join('\n');
    expect(linksIn(md.split('\n')[0]!)).toEqual(['architecture.md', '../README.md']);
    expect(check(root, 'docs/fixture.md', md, 'markdown').missing).toEqual([
      { file: 'docs/fixture.md', line: 2, path: 'nowhere.md' },
      { file: 'docs/fixture.md', line: 2, path: 'docs/architecture.md' },
    ]);
  });

  it('finds a citation of a specification section in a comment, not in code', () => {
    const source = "// the rule (SPEC §5)\nconst s = 'SPEC §5';\n/* fine: the rule in words */\n";
    expect(check(root, 'x.ts', source, 'code').citations).toEqual([{ file: 'x.ts', line: 1 }]);
    expect(check(root, 'x.md', 'Text\nas SPEC §4 says', 'markdown').citations).toEqual([{ file: 'x.md', line: 2 }]);
  });

  it('finds a tsconfig entry that names a missing file', () => {
    expect(
      tsconfigEntriesMissing(root, [
        {
          file: 'src/tsconfig.fixture.json',
          text: '{ // a comment\n "include": ["./**/*.ts", "../worker/api.ts", "../worker/nowhere.ts"] }',
        },
      ]),
    ).toEqual(['src/tsconfig.fixture.json: ../worker/nowhere.ts']);
  });
});
