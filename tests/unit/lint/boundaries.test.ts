import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

/**
 * The import boundaries of eslint.config.js refuse a planted violation of each arrow the
 * architecture forbids, and let the allowed ones through (docs/architecture.md, "Parts and
 * allowed arrows"). The planted files do not exist: ESLint lints the text as if it were there,
 * and the imported files are real, so the path rules resolve them as they would in the tree.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const boundaryRules = /no-restricted-paths|no-restricted-imports/;

describe('import boundaries', () => {
  // The first lint loads the config, the plugins and the TypeScript parser (seconds on a busy machine).
  beforeAll(async () => {
    await problems('domain/planted.ts', 'export const x = 1;\n');
  }, 60_000);

  const refused: [string, string, string][] = [
    ['worker → src', 'worker/planted.ts', "import { core } from '../src/core.ts';\nexport const x = core;\n"],
    [
      'worker → server',
      'worker/planted.ts',
      "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n",
    ],
    ['worker → react', 'worker/planted.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['worker → OpenLayers rendering', 'worker/planted.ts', "import Map from 'ol/Map.js';\nexport const x = Map;\n"],
    [
      'src → worker at run time',
      'src/planted.ts',
      "import { thinLevels } from '../worker/layer/thin.ts';\nexport const x = thinLevels;\n",
    ],
    [
      'src → server',
      'src/planted.ts',
      "import type { ServerConfig } from '../server/config.ts';\nexport type X = ServerConfig;\n",
    ],
    [
      'src/state → OpenLayers',
      'src/state/planted.ts',
      "import { fromLonLat } from 'ol/proj.js';\nexport const x = fromLonLat;\n",
    ],
    [
      'server → worker',
      'server/planted.ts',
      "import type { DataCore } from '../worker/api.ts';\nexport type X = DataCore;\n",
    ],
    ['server → src', 'server/planted.ts', "import { sl } from '../src/i18n/sl.ts';\nexport const x = sl;\n"],
    [
      'domain → worker',
      'domain/planted.ts',
      "import type { DataCore } from '../worker/api.ts';\nexport type X = DataCore;\n",
    ],
    [
      'domain → server',
      'domain/planted.ts',
      "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n",
    ],
    ['domain → a library', 'domain/planted.ts', "import { wrap } from 'comlink';\nexport const x = wrap;\n"],
    ['domain → Node', 'domain/planted.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
  ];
  for (const [arrow, file, code] of refused) {
    it(`refuses ${arrow}`, async () => {
      const found = await problems(file, code);
      expect(
        found.filter((p) => boundaryRules.test(p)),
        found.join('\n'),
      ).not.toHaveLength(0);
    });
  }

  const allowed: [string, string, string][] = [
    [
      'src → worker as types',
      'src/planted.ts',
      "import type { DataCore } from '../worker/api.ts';\nexport type X = DataCore;\n",
    ],
    ['src → domain', 'src/planted.ts', "import { COL } from '../domain/columns.ts';\nexport const x = COL;\n"],
    [
      'worker → OpenLayers tile grid',
      'worker/planted.ts',
      "import { createXYZ } from 'ol/tilegrid.js';\nexport const x = createXYZ;\n",
    ],
    ['worker → domain', 'worker/planted.ts', "import { COL } from '../domain/columns.ts';\nexport const x = COL;\n"],
    ['server → domain', 'server/planted.ts', "import { COL } from '../domain/columns.ts';\nexport const x = COL;\n"],
    ['domain → proj4', 'domain/planted.ts', "import proj4 from 'proj4';\nexport const x = proj4;\n"],
    ['domain → domain', 'domain/planted.ts', "import { COL } from './columns.ts';\nexport const x = COL;\n"],
  ];
  for (const [arrow, file, code] of allowed) {
    it(`allows ${arrow}`, async () => {
      expect(await problems(file, code)).toEqual([]);
    });
  }
});
