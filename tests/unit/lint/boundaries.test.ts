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

  // Each case plants its module in the folder the arrow starts from: 'src/state → …' plants planted.ts in src/state.
  const planted = (arrow: string): string => `${arrow.split(' → ')[0]}/planted.ts`;
  // The modules planted in more than one folder.
  const dataCoreType = "import type { DataCore } from '../worker/api.ts';\nexport type X = DataCore;\n";
  const loadConfig = "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n";
  const domainColumns = "import { COL } from '../domain/columns.ts';\nexport const x = COL;\n";

  const cases: ['refuses' | 'allows', string, string][] = [
    ['refuses', 'worker → src', "import { core } from '../src/core.ts';\nexport const x = core;\n"],
    ['refuses', 'worker → server', loadConfig],
    ['refuses', 'worker → react', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['refuses', 'worker → OpenLayers rendering', "import Map from 'ol/Map.js';\nexport const x = Map;\n"],
    [
      'refuses',
      'src → worker at run time',
      "import { thinLevels } from '../worker/layer/thin.ts';\nexport const x = thinLevels;\n",
    ],
    [
      'refuses',
      'src → server',
      "import type { ServerConfig } from '../server/config.ts';\nexport type X = ServerConfig;\n",
    ],
    ['refuses', 'src/state → OpenLayers', "import { fromLonLat } from 'ol/proj.js';\nexport const x = fromLonLat;\n"],
    ['refuses', 'src/panels → OpenLayers map', "import Map from 'ol/Map.js';\nexport const x = Map;\n"],
    [
      'refuses',
      'src/panels → the map scene at run time',
      "import { MapScene } from '../../mapscene/MapScene.ts';\nexport const x = MapScene;\n",
    ],
    ['refuses', 'mapscene → src', "import { sl } from '../src/i18n/sl.ts';\nexport const x = sl;\n"],
    [
      'refuses',
      'mapscene → worker at run time',
      "import { thinLevels } from '../worker/layer/thin.ts';\nexport const x = thinLevels;\n",
    ],
    ['refuses', 'mapscene → react', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['refuses', 'server → worker', dataCoreType],
    ['refuses', 'server → src', "import { sl } from '../src/i18n/sl.ts';\nexport const x = sl;\n"],
    ['refuses', 'domain → worker', dataCoreType],
    ['refuses', 'domain → server', loadConfig],
    ['refuses', 'domain → a library', "import { wrap } from 'comlink';\nexport const x = wrap;\n"],
    ['refuses', 'domain → Node', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['allows', 'src → worker as types', dataCoreType],
    ['allows', 'src → domain', domainColumns],
    [
      'allows',
      'src/panels → the map scene as types',
      "import type { MapScene } from '../../mapscene/MapScene.ts';\nexport type X = MapScene;\n",
    ],
    ['allows', 'src/panels → OpenLayers proj', "import { toLonLat } from 'ol/proj.js';\nexport const x = toLonLat;\n"],
    [
      'allows',
      'worker → OpenLayers tile grid',
      "import { createXYZ } from 'ol/tilegrid.js';\nexport const x = createXYZ;\n",
    ],
    ['allows', 'worker → domain', domainColumns],
    ['allows', 'mapscene → OpenLayers map', "import Map from 'ol/Map.js';\nexport const x = Map;\n"],
    ['allows', 'mapscene → worker as types', dataCoreType],
    ['allows', 'server → domain', domainColumns],
    ['allows', 'domain → proj4', "import proj4 from 'proj4';\nexport const x = proj4;\n"],
    ['allows', 'domain → typebox (the API shapes)', "import Type from 'typebox';\nexport const x = Type.String();\n"],
    ['allows', 'domain → domain', "import { COL } from './columns.ts';\nexport const x = COL;\n"],
  ];
  for (const [verdict, arrow, code] of cases) {
    it(`${verdict} ${arrow}`, async () => {
      const found = await problems(planted(arrow), code);
      // A refused arrow is named by a boundary rule; an allowed one draws no problem at all.
      if (verdict === 'refuses')
        expect(
          found.filter((p) => boundaryRules.test(p)),
          found.join('\n'),
        ).not.toHaveLength(0);
      else expect(found).toEqual([]);
    });
  }
});
