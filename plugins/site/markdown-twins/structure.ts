/**
 * Reads the resolved sidebars and doc metadata that the docs plugin loaded, and turns them into
 * the outline llms.txt lists: one section per guide area, hand-written pages in sidebar order,
 * generated reference families by their index page only.
 */
import { GENERATED_DOC_DIRS } from '../../../site.settings';

export interface OutlinePage {
  title: string;
  description: string;
  /** The page's route, e.g. `/docs/search/basic-search`. */
  permalink: string;
}

export interface OutlineSection {
  title: string;
  pages: OutlinePage[];
}

/** The subset of the docs plugin's loaded content this module reads. */
export interface LoadedDocs {
  docs: { id: string; title: string; description: string; permalink: string }[];
  sidebars: Record<string, SidebarItem[]>;
}

type SidebarItem =
  | { type: 'doc' | 'ref'; id: string; label?: string }
  | { type: 'category'; label: string; link?: { type: string; id?: string }; items: SidebarItem[] }
  | { type: 'html' | 'link'; value?: string; label?: string };

/** True for pages a generator writes at build time rather than a person. */
export function isGenerated(docId: string): boolean {
  return GENERATED_DOC_DIRS.some((dir) => docId === dir || docId.startsWith(`${dir}/`));
}

/**
 * One section per top-level category of each sidebar (its label as the title), plus a first
 * section for top-level pages. A category whose link page is generated stands for its whole
 * family: only that index page is listed.
 */
export function buildOutline(loaded: LoadedDocs, sidebarTitles: Record<string, string>): OutlineSection[] {
  const byId = new Map(loaded.docs.map((doc) => [doc.id, doc]));
  const page = (id: string): OutlinePage => {
    const doc = byId.get(id);
    if (!doc) throw new Error(`llms.txt: the sidebar names doc "${id}", which the docs plugin did not load`);
    return { title: doc.title, description: doc.description, permalink: doc.permalink };
  };
  const sections: OutlineSection[] = [];
  for (const [sidebarId, sectionTitle] of Object.entries(sidebarTitles)) {
    const items = loaded.sidebars[sidebarId];
    if (!items) continue;
    const loose: OutlinePage[] = [];
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') loose.push(page(item.id));
      if (item.type !== 'category') continue;
      const linkId = item.link?.type === 'doc' ? item.link.id : undefined;
      if (linkId && isGenerated(linkId)) {
        loose.push(page(linkId));
        continue;
      }
      const pages = collectDocIds(item)
        .filter((id) => !isGenerated(id))
        .map(page);
      if (pages.length > 0) sections.push({ title: item.label, pages });
    }
    if (loose.length > 0) sections.push({ title: sectionTitle, pages: loose });
  }
  // Top-level pages of the guide (home, FHIR basics) read best first.
  const first = sections.findIndex((s) => s.title === sidebarTitles.guide);
  if (first > 0) sections.unshift(...sections.splice(first, 1));
  return sections;
}

/** Doc ids of a category in sidebar order: its link page first, then its items, depth first. */
function collectDocIds(item: SidebarItem): string[] {
  if (item.type === 'doc' || item.type === 'ref') return [item.id];
  if (item.type !== 'category') return [];
  const own = item.link?.type === 'doc' && item.link.id ? [item.link.id] : [];
  return [...own, ...item.items.flatMap(collectDocIds)];
}
