/**
 * The docs plugin, with less sent to the browser.
 *
 * Stock `@docusaurus/plugin-content-docs` writes one "version metadata" JSON that every docs page
 * loads: both sidebars plus every doc's id, title and description. The theme reads that doc map
 * only through `useDocById`, i.e. in `DocCard` (category index pages and `<DocCardList>`, which
 * this site does not use) and doc navbar items (the navbar uses plain links). So the map ships
 * empty, and each added page costs every other page far fewer bytes. Sidebar links drop
 * `unlisted: false` (absent means the same) and carry `docId` as a flag only.
 *
 * The docs home cards need the area index pages' titles and descriptions: they get them from a
 * small JSON written here (`.generated/docs/area-cards.json`), bundled into that page alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule, RouteConfig } from '@docusaurus/types';
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import { GUIDE_AREAS } from '../../../sidebars/areas';
import { generated } from '../../generate/registry';

export interface AreaCard {
  id: string;
  title: string;
  description: string;
}

/** Where the docs home cards are read from (imported as `@site/.generated/docs/area-cards.json`). */
export const AREA_CARDS_FILE = path.join(generated('docs-area-cards').outDir, 'area-cards.json');

interface VersionMetadataProp {
  docs: Record<string, { id: string; title?: string; description?: string; sidebar?: string }>;
  [key: string]: unknown;
}

function isVersionMetadataProp(data: unknown): data is VersionMetadataProp {
  return typeof data === 'object' && data !== null && 'docsSidebars' in data && 'docs' in data;
}

/** Drops the doc map and `unlisted: false` from sidebar links (see above). */
export function slimVersionMetadata(data: VersionMetadataProp): VersionMetadataProp {
  const docs = {};
  const docsSidebars = Object.fromEntries(
    Object.entries(data.docsSidebars as Record<string, SidebarItem[]>).map(([name, items]) => [
      name,
      items.map(slimItem),
    ]),
  );
  return { ...data, docs, docsSidebars };
}

export interface SidebarItem {
  type: string;
  unlisted?: boolean;
  items?: SidebarItem[];
  [key: string]: unknown;
}

/**
 * A doc link's `docId` is read in the browser only as a flag ("this link is a doc": breadcrumbs)
 * and by `useDocById`, which this site does not use (see above). The id strings were a fifth of
 * the API sidebar's bytes, so the flag ships as `1`.
 */
const DOC_LINK = 1;

function slimItem(item: SidebarItem): SidebarItem {
  const { unlisted, items, docId, ...rest } = item;
  return {
    ...rest,
    ...(docId !== undefined && { docId: DOC_LINK }),
    ...(unlisted && { unlisted }),
    ...(items && { items: items.map(slimItem) }),
  };
}

/**
 * Global data reaches every page of the site (the home page too). Its per-version `docs` list
 * (every doc's id and path) feeds version banners, version dropdowns and doc navbar items, none
 * of which this single-version site uses, so it is left empty.
 */
export function slimGlobalData(data: unknown): unknown {
  const global = data as { versions?: { docs?: unknown[] }[] };
  if (!Array.isArray(global.versions)) return data;
  return { ...global, versions: global.versions.map((version) => ({ ...version, docs: [] })) };
}

/**
 * Each sidebar travels with the pages that show it. The docs plugin nests every doc route under
 * one `DocRoot` route and reads the sidebar from the version metadata, so every docs page loads
 * every sidebar (the API sidebar is most of it). Here each sidebar whose pages live under their
 * own top-level folders (e.g. `/docs/api/…` and `/docs/sdk/…`) gets its own `DocRoot` route,
 * matched first by a path pattern on those folders, with the sidebar as a route prop;
 * everything else stays in the catch-all `DocRoot` with the remaining sidebars.
 * src/theme/DocRoot puts the route's sidebars where the theme looks for them.
 */
export function splitDocRoot(root: RouteConfig, sidebars: Record<string, SidebarItem[]>): RouteConfig[] {
  const children = root.routes ?? [];
  const segmentOf = (routePath: string) => routePath.slice(root.path.length).split('/')[1] ?? '';
  const segmentsBySidebar = new Map<string, Set<string>>();
  for (const child of children) {
    const name = typeof child.sidebar === 'string' ? child.sidebar : '';
    const set = segmentsBySidebar.get(name) ?? new Set<string>();
    set.add(segmentOf(child.path));
    segmentsBySidebar.set(name, set);
  }
  const own = [...segmentsBySidebar].filter(
    ([name, segments]) =>
      name !== '' &&
      Object.prototype.hasOwnProperty.call(sidebars, name) &&
      ![...segments].some((seg) => seg === '' || !/^[\w-]+$/.test(seg)) &&
      [...segmentsBySidebar].every(
        ([other, otherSegs]) => other === name || ![...otherSegs].some((seg) => segments.has(seg)),
      ),
  );
  const ownNames = new Set(own.map(([name]) => name));
  const dedicated = own.map(([name, segments]) => ({
    ...root,
    path: `${root.path}/:section(${[...segments].sort().join('|')})`,
    routes: children.filter((child) => child.sidebar === name),
    props: { ...root.props, sidebars: { [name]: sidebars[name] } },
  }));
  const rest: RouteConfig = {
    ...root,
    routes: children.filter((child) => !ownNames.has(String(child.sidebar))),
    props: {
      ...root.props,
      sidebars: Object.fromEntries(Object.entries(sidebars).filter(([name]) => !ownNames.has(name))),
    },
  };
  return [...dedicated, rest];
}

/** The route with every nested version route's metadata slimmed and its DocRoot split by sidebar. */
function slimRoute(route: RouteConfig, docRootComponent: string): RouteConfig {
  const version = route.props?.version;
  if (isVersionMetadataProp(version)) {
    const slim = slimVersionMetadata(version);
    const sidebars = slim.docsSidebars as Record<string, SidebarItem[]>;
    return {
      ...route,
      props: { ...route.props, version: { ...slim, docsSidebars: {} } },
      routes: (route.routes ?? []).flatMap((child) =>
        child.component === docRootComponent ? splitDocRoot(child, sidebars) : [child],
      ),
    };
  }
  return { ...route, ...(route.routes && { routes: route.routes.map((r) => slimRoute(r, docRootComponent)) }) };
}

/**
 * `DocCard` (generated category index pages, `<DocCardList>`) looks docs up in the doc map this
 * plugin empties, and throws for a missing id: fail the build with the reason instead.
 */
function assertNoDocCards(siteDir: string, content: LoadedContent): void {
  for (const version of content.loadedVersions) {
    const generated = JSON.stringify(version.sidebars).match(/"type":"generated-index"/);
    if (generated) {
      throw new Error(
        'docs-slim: a sidebar category has a generated index page; its cards need the doc map that plugins/bundle/docs-slim drops. Link the category to a doc instead.',
      );
    }
    for (const doc of version.docs) {
      const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
      if (fs.existsSync(file) && /<DocCard(List)?\b/.test(fs.readFileSync(file, 'utf8'))) {
        throw new Error(
          `docs-slim: ${doc.source} uses <DocCardList>/<DocCard>, which need the doc map that plugins/bundle/docs-slim drops.`,
        );
      }
    }
  }
}

async function docsSlim(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  return {
    ...plugin,
    async contentLoaded(args) {
      const docs = args.content.loadedVersions.flatMap((v) => v.docs);
      assertNoDocCards(context.siteDir, args.content);
      const cards: AreaCard[] = GUIDE_AREAS.flatMap((area) => {
        const doc = docs.find((d) => d.id === `${area}/index`);
        return doc ? [{ id: doc.id, title: doc.title, description: doc.description }] : [];
      });
      const file = path.join(context.siteDir, AREA_CARDS_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(cards, null, 2)}\n`);

      // The version route carries the metadata as `props.version`; core serializes route props
      // into the JSON module each docs page loads.
      const { actions } = args;
      const addRoute: typeof actions.addRoute = (route) => actions.addRoute(slimRoute(route, options.docRootComponent));
      const setGlobalData: typeof actions.setGlobalData = (data) => actions.setGlobalData(slimGlobalData(data));
      await plugin.contentLoaded?.({ ...args, actions: { ...actions, addRoute, setGlobalData } });
    },
  };
}

/** Used like the stock plugin (same options, same validation). */
export default Object.assign(docsSlim, { validateOptions }) as unknown as PluginModule;
