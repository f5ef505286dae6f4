import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/** What the path check reads: source files by their comments, Markdown by its text. */
export type TextKind = 'code' | 'markdown';

/** One place a text names a path of the repository that is not there. */
export interface MissingPath {
  /** The file, relative to the repository root, with `/`. */
  file: string;
  line: number;
  path: string;
}

/** Folders never read (as git ignores them): build output, data, results; node_modules and hidden folders anywhere. */
const SKIPPED_DIRS = new Set(['dist', 'data', 'coverage', 'bench/results', 'tests/e2e/screenshots']);
const CODE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

/** The folders at the top of the repository (not hidden, not dependencies or build output): the first part of a repository path. */
export function topFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules' && !SKIPPED_DIRS.has(d.name))
    .map((d) => d.name)
    .sort();
}

/** Every file under `dir` (recursively) but in the skipped folders. */
function walk(root: string, dir: string, out: string[] = []): string[] {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.name.startsWith('.') || d.name === 'node_modules') continue;
    const p = join(dir, d.name);
    if (d.isDirectory()) {
      if (!SKIPPED_DIRS.has(relative(root, p).split(sep).join('/'))) walk(root, p, out);
    } else if (d.isFile()) out.push(p);
  }
  return out;
}

/**
 * The texts the path check reads: the comments of every source file (TypeScript and JavaScript)
 * in the top folders and at the root, and every Markdown file there and the root README.
 */
export function checkedFiles(root: string): Array<{ file: string; kind: TextKind }> {
  const files = [
    ...readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(root, d.name)),
    ...topFolders(root).flatMap((f) => walk(root, join(root, f))),
  ];
  const out: Array<{ file: string; kind: TextKind }> = [];
  for (const f of files) {
    const rel = relative(root, f).split(sep).join('/');
    if (CODE.test(f) && !f.endsWith('.d.ts')) out.push({ file: rel, kind: 'code' });
    else if (f.endsWith('.md')) out.push({ file: rel, kind: 'markdown' });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** The comments of a TypeScript or JavaScript source, each with the line it starts on (1-based). */
export function commentsOf(source: string, fileName = 'x.tsx'): Array<{ line: number; text: string }> {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const seen = new Set<number>();
  const out: Array<{ line: number; text: string }> = [];
  const take = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push({ line: sf.getLineAndCharacterOfPosition(r.pos).line + 1, text: source.slice(r.pos, r.end) });
    }
  };
  // The trivia before and after every node holds every comment: one before a closing brace is
  // after the last statement's end. In a JSX expression the comment follows its opening brace.
  const around = (pos: number): void => {
    take(ts.getLeadingCommentRanges(source, pos));
    take(ts.getTrailingCommentRanges(source, pos));
  };
  const visit = (node: ts.Node): void => {
    around(node.pos);
    around(node.end);
    if (ts.isJsxExpression(node)) around(node.getStart(sf) + 1);
    ts.forEachChild(node, visit);
  };
  around(0);
  visit(sf);
  return out.sort((a, b) => a.line - b.line);
}

/** The lines of a Markdown text outside fenced code blocks (examples and commands), with their line numbers. */
export function proseOf(markdown: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, i) => {
    const m = /^\s*(```|~~~)/.exec(text);
    if (m) fence = fence === null ? m[1]! : fence === m[1] ? null : fence;
    else if (fence === null) out.push({ line: i + 1, text });
  });
  return out;
}

/**
 * The repository paths a text names: a top folder's name, a slash, and the rest of a path,
 * ending in a file extension (`server/http/errors.ts`) or a slash (`tests/e2e/`). Not a path:
 * one inside a longer path or a URL (`/work/shared/SPEC.md`, `https://…/src/ol/Map.js`), a
 * pattern or a template (`tests/e2e/*.test.ts`, `bench/${name}/run.ts`, `docs/<page>.md`).
 */
export function pathsIn(text: string, tops: readonly string[]): string[] {
  if (tops.length === 0) return [];
  const names = tops.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const re = new RegExp(`(?<![\\w./@~:$*-])(?:${names})/[\\w./-]*`, 'g');
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const next = text[(m.index ?? 0) + m[0].length] ?? '';
    if (/[*{<$[?%]/.test(next)) continue;
    const path = m[0].replace(/[.,:;]+$/, '');
    if (path.includes('//') || path.includes('/./') || path.includes('/../')) continue;
    if (/\.[A-Za-z0-9]+$/.test(path) || path.endsWith('/')) out.push(path);
  }
  return out;
}

/** The targets of a Markdown line's relative links (`[text](../README.md#part)` gives `../README.md`). */
export function linksIn(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (m[1] ?? '').replace(/[#?].*$/, '');
    if (target !== '' && !/^[a-z][\w+.-]*:/i.test(target) && !target.startsWith('/')) out.push(target);
  }
  return out;
}

/** The parts of a text the checks read, line by line: a source's comment lines, a page's prose lines. */
function linesOf(file: string, text: string, kind: TextKind): Array<{ line: number; text: string }> {
  const parts = kind === 'code' ? commentsOf(text, file) : proseOf(text);
  return parts.flatMap((part) => part.text.split('\n').map((t, i) => ({ line: part.line + i, text: t })));
}

/** What the checks found in one text: the paths that are not there, and the lines citing a specification section. */
export interface Findings {
  missing: MissingPath[];
  citations: Array<{ file: string; line: number }>;
}

/**
 * Whether `path` exists, or is one that git ignores (`tests/e2e/screenshots/`, `dist/`, `data/`):
 * those are made by a run, so a clean clone does not have them yet and a page may still name them.
 */
function present(root: string, path: string): boolean {
  if (existsSync(join(root, path))) return true;
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks one text (`file` is where it is, relative to `root`): every repository path named in a
 * source's comments or a page's prose must exist, and in Markdown every relative link must lead
 * to a file from the page's folder; a line citing a numbered section of the specification ("SPEC"
 * and a section sign) is a citation.
 */
export function check(root: string, file: string, text: string, kind: TextKind, tops = topFolders(root)): Findings {
  const found: Findings = { missing: [], citations: [] };
  for (const { line, text: lineText } of linesOf(file, text, kind)) {
    const gone = new Set<string>();
    for (const path of pathsIn(lineText, tops)) if (!present(root, path)) gone.add(path);
    if (kind === 'markdown')
      for (const target of linksIn(lineText)) if (!existsSync(join(root, dirname(file), target))) gone.add(target);
    for (const path of gone) found.missing.push({ file, line, path });
    if (/\bSPEC\s*§/.test(lineText)) found.citations.push({ file, line });
  }
  return found;
}

/** The same checks over every file `checkedFiles` lists. */
export function checkRepo(root: string): Findings {
  const tops = topFolders(root);
  const found: Findings = { missing: [], citations: [] };
  for (const { file, kind } of checkedFiles(root)) {
    const f = check(root, file, readFileSync(join(root, file), 'utf8'), kind, tops);
    found.missing.push(...f.missing);
    found.citations.push(...f.citations);
  }
  return found;
}

/** The tsconfig files of the repository, with their text. */
function tsconfigs(root: string): Array<{ file: string; text: string }> {
  return [root, ...topFolders(root).map((f) => join(root, f))]
    .flatMap((dir) => (dir === root ? readdirSync(root).map((n) => join(root, n)) : walk(root, dir)))
    .filter((f) => /(^|[\\/])tsconfig[\w.]*\.json$/.test(f))
    .map((f) => ({ file: relative(root, f).split(sep).join('/'), text: readFileSync(f, 'utf8') }));
}

/** Each file a tsconfig names in `include` or `files` (not a pattern) that does not exist, as "tsconfig: entry". */
export function tsconfigEntriesMissing(root: string, configs = tsconfigs(root)): string[] {
  const out: string[] = [];
  for (const { file, text } of configs) {
    const { config, error } = ts.parseConfigFileTextToJson(file, text);
    if (error) {
      out.push(`${file}: unreadable`);
      continue;
    }
    const c = (config ?? {}) as { include?: unknown; files?: unknown };
    const entries = [c.include, c.files].flatMap((e) => (Array.isArray(e) ? e : [])).map(String);
    for (const entry of entries)
      if (!/[*?]/.test(entry) && !existsSync(join(root, dirname(file), entry))) out.push(`${file}: ${entry}`);
  }
  return out;
}
