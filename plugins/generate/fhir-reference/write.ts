/**
 * Writes generated pages to docs/, clearing each family folder first so removed definitions do
 * not leave stale pages behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generated } from '../registry';
import { FAMILY_IDS } from './links';
import type { Family } from './model';
import type { GeneratedPage } from './pages';

/** Each family's folder, relative to the site, from the registry of generated content. */
export const FAMILY_DIRS: Record<Family, string> = {
  resources: generated(FAMILY_IDS.resources).outDir,
  datatypes: generated(FAMILY_IDS.datatypes).outDir,
  medplum: generated(FAMILY_IDS.medplum).outDir,
};

export function writePages(siteDir: string, pages: GeneratedPage[]): void {
  for (const dir of Object.values(FAMILY_DIRS)) {
    const full = path.join(siteDir, dir);
    fs.rmSync(full, { recursive: true, force: true });
    fs.mkdirSync(path.join(full, '_data'), { recursive: true });
  }
  for (const page of pages) {
    const dir = path.join(siteDir, FAMILY_DIRS[page.family]);
    fs.writeFileSync(path.join(dir, `${page.slug}.mdx`), page.mdx);
    fs.writeFileSync(path.join(dir, '_data', `${page.slug}.json`), JSON.stringify(page.data));
  }
}
