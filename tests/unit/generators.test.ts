/**
 * The generator run order comes from plugins/generate/registry.ts, and a generator file the
 * registry does not name (or a registered one that is missing) stops the run with its path.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { generatorFiles, generatorInputs } from '../../plugins/generate/generators';

const SITE = path.resolve(__dirname, '..', '..');

/** A site folder with `plugins/generate/<name>/generate.ts` for each name. */
function siteWith(names: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generators-'));
  for (const name of names) {
    fs.mkdirSync(path.join(dir, 'plugins', 'generate', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'plugins', 'generate', name, 'generate.ts'), 'export default async () => ({});\n');
  }
  return dir;
}

test('generators run in the order the registry first names them, each once', () => {
  const site = siteWith(['alpha', 'zeta']);
  const families = [
    { generator: 'plugins/generate/zeta/generate.ts' },
    { generator: 'plugins/bundle/docs-slim/index.ts' },
    { generator: 'plugins/generate/alpha/generate.ts' },
    { generator: 'plugins/generate/zeta/generate.ts' },
  ];
  assert.deepEqual(
    generatorFiles(site, families).map((file) => path.relative(site, file)),
    [path.join('plugins', 'generate', 'zeta', 'generate.ts'), path.join('plugins', 'generate', 'alpha', 'generate.ts')],
  );
});

test('a generator on disk that no family names stops the run, naming it', () => {
  const site = siteWith(['alpha', 'beta']);
  assert.throws(
    () => generatorFiles(site, [{ generator: 'plugins/generate/alpha/generate.ts' }]),
    /plugins\/generate\/beta\/generate\.ts is not the generator of any family/,
  );
});

test('a registered generator that does not exist stops the run, naming it', () => {
  const site = siteWith(['alpha']);
  assert.throws(
    () =>
      generatorFiles(site, [
        { generator: 'plugins/generate/alpha/generate.ts' },
        { generator: 'plugins/generate/gone/generate.ts' },
      ]),
    /the generator plugins\/generate\/gone\/generate\.ts does not exist/,
  );
});

test("this site's generators: the FHIR reference before the SDK reference, which links to its pages", () => {
  const names = generatorFiles(SITE).map((file) => path.basename(path.dirname(file)));
  assert.ok(names.includes('fhir-reference') && names.includes('sdk-reference'), names.join(', '));
  assert.ok(names.indexOf('fhir-reference') < names.indexOf('sdk-reference'), names.join(', '));
});

test('the development server watches the prose and data files beside each generator', () => {
  const inputs = generatorInputs(SITE).map((glob) => path.relative(SITE, glob));
  assert.ok(
    inputs.includes(path.join('plugins', 'generate', 'react-reference', '**', '*.{md,yaml,yml,json}')),
    inputs.join('\n'),
  );
});
