/**
 * The docs plugin, with less sent to the browser.
 *
 * Stock `@docusaurus/plugin-content-docs` writes one "version metadata" JSON that every docs page
 * loads: both sidebars plus every doc's id, title and description. The theme reads that doc map
 * only through `useDocById`, i.e. in `DocCard` (category index pages and `<DocCardList>`, which
 * this site does not use) and doc navbar items (the navbar uses plain links). So the map ships
 * empty, and each added page costs every other page far fewer bytes. Sidebar links drop
 * `unlisted: false` (absent means the same).
 *
 * The docs home cards need the area index pages' titles and descriptions: they get them from a
 * small JSON written here (`.generated/docs/area-cards.json`), bundled into that page alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule, RouteConfig } from '@docusaurus/types';
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import { GUIDE_AREAS } from '../../sidebars/areas';

export interface AreaCard {
  id: string;
  title: string;
  description: string;
}

/** Where the docs home cards are read from (imported as `@site/.generated/docs/area-cards.json`). */
export const AREA_CARDS_FILE = path.join('.generated', 'docs', 'area-cards.json');

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

interface SidebarItem {
  type: string;
  unlisted?: boolean;
  items?: SidebarItem[];
  [key: string]: unknown;
}

function slimItem(item: SidebarItem): SidebarItem {
  const { unlisted, items, ...rest } = item;
  return { ...rest, ...(unlisted && { unlisted }), ...(items && { items: items.map(slimItem) }) };
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

/** The route with every nested version route's metadata slimmed. */
function slimRoute(route: RouteConfig): RouteConfig {
  const version = route.props?.version;
  return {
    ...route,
    ...(isVersionMetadataProp(version) && { props: { ...route.props, version: slimVersionMetadata(version) } }),
    ...(route.routes && { routes: route.routes.map(slimRoute) }),
  };
}

async function docsSlim(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  return {
    ...plugin,
    async contentLoaded(args) {
      const docs = args.content.loadedVersions.flatMap((v) => v.docs);
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
      const addRoute: typeof actions.addRoute = (route) => actions.addRoute(slimRoute(route));
      const setGlobalData: typeof actions.setGlobalData = (data) => actions.setGlobalData(slimGlobalData(data));
      await plugin.contentLoaded?.({ ...args, actions: { ...actions, addRoute, setGlobalData } });
    },
  };
}

/** Used like the stock plugin (same options, same validation). */
export default Object.assign(docsSlim, { validateOptions }) as unknown as PluginModule;
