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
  // A planted module's text: it uses `name` of module `from` at run time, as its default export, or as a type only.
  const uses = (name: string, from: string): string =>
    `import { ${name} } from '${from}';\nexport const x = ${name};\n`;
  const usesDefault = (name: string, from: string): string =>
    `import ${name} from '${from}';\nexport const x = ${name};\n`;
  const usesType = (name: string, from: string): string =>
    `import type { ${name} } from '${from}';\nexport type X = ${name};\n`;
  // The modules planted in more than one folder.
  const dataCoreType = usesType('DataCore', '../worker/api.ts');
  const loadConfig = uses('loadConfig', '../server/config.ts');
  const domainColumns = uses('COL', '../domain/columns.ts');

  const cases: ['refuses' | 'allows', string, string][] = [
    ['refuses', 'worker → src', uses('core', '../src/core.ts')],
    ['refuses', 'worker → server', loadConfig],
    ['refuses', 'worker → react', uses('useState', 'react')],
    ['refuses', 'worker → OpenLayers rendering', usesDefault('Map', 'ol/Map.js')],
    ['refuses', 'src → worker at run time', uses('thinLevels', '../worker/layer/thin.ts')],
    ['refuses', 'src → server', usesType('ServerConfig', '../server/config.ts')],
    ['refuses', 'src/state → OpenLayers', uses('fromLonLat', 'ol/proj.js')],
    ['refuses', 'src/panels → OpenLayers map', usesDefault('Map', 'ol/Map.js')],
    ['refuses', 'src/panels → the map scene at run time', uses('MapScene', '../../mapscene/MapScene.ts')],
    ['refuses', 'mapscene → src', uses('sl', '../src/i18n/sl.ts')],
    ['refuses', 'mapscene → worker at run time', uses('thinLevels', '../worker/layer/thin.ts')],
    ['refuses', 'mapscene → react', uses('useState', 'react')],
    ['refuses', 'server → worker', dataCoreType],
    ['refuses', 'server → src', uses('sl', '../src/i18n/sl.ts')],
    ['refuses', 'domain → worker', dataCoreType],
    ['refuses', 'domain → server', loadConfig],
    ['refuses', 'domain → a library', uses('wrap', 'comlink')],
    ['refuses', 'domain → Node', uses('readFileSync', 'node:fs')],
    ['allows', 'src → worker as types', dataCoreType],
    ['allows', 'src → domain', domainColumns],
    ['allows', 'src/panels → the map scene as types', usesType('MapScene', '../../mapscene/MapScene.ts')],
    ['allows', 'src/panels → OpenLayers proj', uses('toLonLat', 'ol/proj.js')],
    ['allows', 'worker → OpenLayers tile grid', uses('createXYZ', 'ol/tilegrid.js')],
    ['allows', 'worker → domain', domainColumns],
    ['allows', 'mapscene → OpenLayers map', usesDefault('Map', 'ol/Map.js')],
    ['allows', 'mapscene → worker as types', dataCoreType],
    ['allows', 'server → domain', domainColumns],
    ['allows', 'domain → proj4', usesDefault('proj4', 'proj4')],
    ['allows', 'domain → typebox (the API shapes)', "import Type from 'typebox';\nexport const x = Type.String();\n"],
    ['allows', 'domain → domain', uses('COL', './columns.ts')],
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
