// The UI's typecheck must not compile the data core's implementation: src/ sees worker/ only
// through its type modules (worker/api.ts and the types.ts files it re-exports). Lists what
// `tsc -p src/tsconfig.json` compiles and fails on any other file of worker/ or server/.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const r = spawnSync(tsc, ['-p', join(root, 'src/tsconfig.json'), '--listFilesOnly'], { encoding: 'utf8' });
if (r.status !== 0) {
  process.stderr.write(r.stdout + r.stderr);
  process.exit(r.status ?? 1);
}
const typeModule = /^worker\/(?:api\.ts|(?:[\w-]+\/)*types\.ts)$/;
const bad = r.stdout
  .split('\n')
  .map((f) => f.trim())
  .filter((f) => f.startsWith(root))
  .map((f) => f.slice(root.length))
  .filter((f) => (f.startsWith('worker/') && !typeModule.test(f)) || f.startsWith('server/'));
if (bad.length > 0) {
  console.error(
    `src/ compiles ${bad.length} implementation file(s) of the worker or the server:\n  ${bad.join('\n  ')}`,
  );
  console.error('Import them with `import type` from a types module, or move the shared rule to domain/.');
  process.exit(1);
}
console.log("src/ compiles only the data core's type modules.");
