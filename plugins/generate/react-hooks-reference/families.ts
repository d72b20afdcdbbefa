/**
 * Which page documents which export of @medplum/react-hooks, the purpose group each page is
 * listed under on the overview, and the example each page shows.
 *
 * Every page needs an example (a region of a file under examples/react-hooks/, type-checked by
 * `npm run typecheck` and run by tests/unit/examples/react-hooks.test.ts). An exported function
 * that no page lists fails the build with a `HooksReferenceError` naming it: add it to a page in
 * families.yaml, or give it a page of its own with an example.
 *
 * The pages and groups are prose and live in families.yaml beside this file; this module reads
 * and checks it. Facts in `intro` and `notes` were read from the package's TypeScript sources,
 * which its source map (dist/esm/index.mjs.map) carries; `sources` names the files each page
 * rests on.
 */
import type { Link } from 'mdast';
import fs from 'node:fs';
import path from 'node:path';
import { routeOf } from '../registry';
import { IDENTIFIER, labelOf, ProseProblems, Registry, SITE_DIR, SLUG, YamlText } from '../react-reference/prose';

export const ROUTE_BASE = routeOf('react-hooks');

export interface ExampleRef {
  /** Path from the site root, e.g. examples/react-hooks/data.tsx. */
  file: string;
  region: string;
  /** One sentence said before the code. */
  caption: string;
}

export interface HookPage {
  /** Page slug under /docs/api/react-hooks/. */
  slug: string;
  title: string;
  /** Front matter description: one sentence for search results and link previews. */
  description: string;
  /** Opening paragraph (MDX, parsed into the page's tree). */
  intro: string;
  /** Optional further sections, starting at heading level 2, trimmed (MDX, parsed into the page's tree). */
  notes?: string;
  /** Exports documented on the page, in the order shown. */
  members: string[];
  /** The overview group the page is listed under. */
  group: string;
  examples: ExampleRef[];
  /** Package source files the intro and notes rest on, besides the declarations. */
  sources: string[];
}

/** An overview group: its heading, anchor and the sentence under the heading. */
export interface HookGroup {
  title: string;
  anchor: string;
  blurb: string;
}

/** Where the pages and groups are written. */
export const FAMILIES_FILE = path.join(__dirname, 'families.yaml');

/**
 * The groups and pages in a families.yaml text. Throws a `ProseError` listing every problem with
 * its file and line: an unknown or missing key, a value of the wrong type, a slug, group or
 * anchor used twice, an export listed twice (on one page or two), a page in a group that is not
 * listed under `groups`, a blurb, intro, notes or caption that is not valid MDX.
 */
export function parseHookPages(
  text: string,
  file = path.relative(SITE_DIR, FAMILIES_FILE),
): { groups: HookGroup[]; pages: HookPage[] } {
  const problems = new ProseProblems();
  const groups: HookGroup[] = [];
  const pages: HookPage[] = [];
  const root = YamlText.parse(file, text, problems)?.record('families.yaml', ['groups', 'pages']);
  if (root) {
    const titles = new Registry('group title');
    const anchors = new Registry('group anchor');
    // Every group title given, the group valid or not, so that its pages are not refused too.
    const listed: string[] = [];
    for (const item of root.groups.list('"groups"') ?? []) {
      const g = item.record(labelOf('group', item, 'title'), ['title', 'anchor', 'blurb']);
      if (!g) continue;
      const title = g.title.text('"title"');
      const anchor = g.anchor.name('"anchor"', SLUG, 'lower-case words joined by "-"');
      const blurb = g.blurb.mdx('"blurb"', 'block');
      if (title !== undefined) {
        titles.add(title, g.title);
        listed.push(title);
      }
      if (anchor !== undefined) anchors.add(anchor, g.anchor);
      if (title && anchor && blurb) groups.push({ title, anchor, blurb });
    }
    const slugs = new Registry('page slug');
    const exports = new Registry('export');
    for (const item of root.pages.list('"pages"') ?? []) {
      const p = item.record(
        labelOf('page', item),
        ['slug', 'title', 'description', 'intro', 'members', 'group', 'examples', 'sources'],
        ['notes'],
      );
      if (!p) continue;
      const slug = p.slug.name('"slug"', SLUG, 'lower-case words joined by "-"');
      if (slug !== undefined) slugs.add(slug, p.slug);
      const members = (p.members.list('"members"') ?? []).map((m) => {
        const name = m.name('each member', IDENTIFIER, 'the name of an export');
        if (name !== undefined) exports.add(name, m);
        return name;
      });
      const group = p.group.text('"group"');
      if (group !== undefined && !listed.includes(group)) {
        p.group.fail(`"group" "${group}" is not the title of one of the "groups"`);
      }
      const examples = (p.examples.list('"examples"') ?? []).map((e) => {
        const ex = e.record('an example', ['file', 'region', 'caption']);
        if (!ex) return undefined;
        const example = ex.file.text('"file"');
        const region = ex.region.text('"region"');
        const caption = ex.caption.mdx('"caption"', 'block');
        return example && region && caption ? { file: example, region, caption } : undefined;
      });
      const title = p.title.text('"title"');
      const description = p.description.text('"description"');
      const intro = p.intro.mdx('"intro"', 'block');
      const notes = p.notes?.mdx('"notes"', 'block', true);
      const sources = p.sources.sources('"sources"');
      const complete =
        members.length > 0 &&
        members.every((m) => m !== undefined) &&
        examples.length > 0 &&
        examples.every((e) => e !== undefined);
      if (!slug || !title || !description || !intro || !group || !sources || !complete) continue;
      if (p.notes && notes === undefined) continue;
      pages.push({
        slug,
        title,
        description,
        intro,
        ...(notes === undefined ? {} : { notes }),
        members: members as string[],
        group,
        examples: examples as ExampleRef[],
        sources,
      });
    }
  }
  problems.done();
  return { groups, pages };
}

const loaded = parseHookPages(fs.readFileSync(FAMILIES_FILE, 'utf8'));

/** Overview groups, in the order the overview lists them. */
export const GROUPS: HookGroup[] = loaded.groups;

/** Every page, in the order of the sidebar. */
export const PAGES: HookPage[] = loaded.pages;

export interface Placement {
  page: HookPage;
  /** Route of the page, e.g. /docs/api/react-hooks/use-search. */
  route: string;
  /** Section anchor when the page documents more than one export. */
  anchor?: string;
}

/** The page an export is documented on, or undefined when no page lists it. */
export function placementOf(name: string): Placement | undefined {
  const page = PAGES.find((p) => p.members.includes(name));
  if (!page) return undefined;
  return {
    page,
    route: `${ROUTE_BASE}/${page.slug}`,
    anchor: page.members.length > 1 ? name.toLowerCase() : undefined,
  };
}

/** The link to an export's documentation, with its anchor on a shared page. */
export function hookHref(name: string): string {
  const p = placementOf(name);
  if (!p) throw new Error(`react-hooks-reference: no page documents ${name}`);
  return p.anchor ? `${p.route}#${p.anchor}` : p.route;
}

/** A link to an export's documentation, its name as code. */
export function hookLink(name: string): Link {
  return { type: 'link', url: hookHref(name), children: [{ type: 'inlineCode', value: name }] };
}
