/**
 * Which page documents which component. Commonly used components get a page of their own; the
 * many small building blocks share a page per family, one section (anchor) each, which keeps the
 * reference at a few dozen routes instead of one per export.
 *
 * A component that appears in no family gets its own page, so a component added in a future
 * release is documented without an edit.
 *
 * The families (and the one-line summaries of components without a doc comment) are prose and
 * live in families.yaml beside this file; this module reads and checks it, and places components.
 */
import fs from 'node:fs';
import path from 'node:path';
import { routeOf } from '../registry';
import { IDENTIFIER, labelOf, ProseProblems, Registry, SITE_DIR, SLUG, YamlText } from './prose';

export interface Family {
  /** Page slug under /docs/api/react-components/. */
  slug: string;
  title: string;
  /** One-line summary shown in the page's front matter and on the overview. */
  description: string;
  /** Opening paragraph of the page (MDX, parsed into the page's tree). */
  intro: string;
  members: string[];
}

/** Where the families and summaries are written. */
export const FAMILIES_FILE = path.join(__dirname, 'families.yaml');

/**
 * The families and summaries in a families.yaml text. Throws a `ProseError` listing every
 * problem with its file and line: an unknown or missing key, a value of the wrong type, a slug
 * used twice, a component listed twice (in one family or two), an intro or summary that is not
 * valid MDX (or a summary of more than one paragraph).
 */
export function parseFamilies(
  text: string,
  file = path.relative(SITE_DIR, FAMILIES_FILE),
): { families: Family[]; summaries: Record<string, string> } {
  const problems = new ProseProblems();
  const families: Family[] = [];
  const summaries: Record<string, string> = {};
  const root = YamlText.parse(file, text, problems)?.record('families.yaml', ['families', 'summaries']);
  if (root) {
    const slugs = new Registry('family slug');
    const members = new Registry('component');
    for (const item of root.families.list('"families"') ?? []) {
      const f = item.record(labelOf('family', item), ['slug', 'title', 'description', 'intro', 'members']);
      if (!f) continue;
      const slug = f.slug.name('"slug"', SLUG, 'lower-case words joined by "-"');
      if (slug !== undefined) slugs.add(slug, f.slug);
      const names = (f.members.list('"members"') ?? []).map((m) => {
        const name = m.name('each member', IDENTIFIER, 'a component name');
        if (name !== undefined) members.add(name, m);
        return name;
      });
      const title = f.title.text('"title"');
      const description = f.description.text('"description"');
      const intro = f.intro.mdx('"intro"', 'block');
      if (slug && title && description && intro && names.length > 0 && names.every((n) => n !== undefined)) {
        families.push({ slug, title, description, intro, members: names as string[] });
      }
    }
    for (const [name, value] of root.summaries.entries('"summaries"', IDENTIFIER, 'a component name') ?? []) {
      const summary = value.mdx(`the summary of ${name}`, 'inline');
      if (summary !== undefined) summaries[name] = summary;
    }
  }
  problems.done();
  return { families, summaries };
}

const loaded = parseFamilies(fs.readFileSync(FAMILIES_FILE, 'utf8'));

export const FAMILIES: Family[] = loaded.families;

/**
 * One-line summaries for components that ship without a doc comment, written from their props
 * and source (@medplum/react 5.2.13 dist/esm/index.mjs.map). Used only when the declarations
 * have no description of their own.
 */
export const SUMMARIES: Record<string, string> = loaded.summaries;

/** Lower-case page slug of a component that has a page of its own. */
export function componentSlug(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** Anchor of a component's section on a family page (Docusaurus heading ids are lower case). */
export function componentAnchor(name: string): string {
  return name.toLowerCase();
}

export interface Placement {
  /** Route of the page, e.g. /docs/api/react-components/resource-table. */
  route: string;
  /** File name under docs/api/react-components/ without extension. */
  slug: string;
  /** Section anchor for components on a family page. */
  anchor?: string;
  family?: Family;
}

export const ROUTE_BASE = routeOf('react-components');

export function placementOf(name: string): Placement {
  const family = FAMILIES.find((f) => f.members.includes(name));
  if (family) {
    return { route: `${ROUTE_BASE}/${family.slug}`, slug: family.slug, anchor: componentAnchor(name), family };
  }
  const slug = componentSlug(name);
  return { route: `${ROUTE_BASE}/${slug}`, slug };
}

/** The link to a component's documentation, with its anchor when it shares a page. */
export function componentHref(name: string): string {
  const p = placementOf(name);
  return p.anchor ? `${p.route}#${p.anchor}` : p.route;
}
