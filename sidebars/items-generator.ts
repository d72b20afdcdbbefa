/**
 * Post-processes the items Docusaurus generates for a folder:
 * - drops the folder's own index page, which is already the category's link;
 * - labels nested categories from their index page's sidebar_label or title, so a label is
 *   written once, on the page.
 */
import type { PluginOptions } from '@docusaurus/plugin-content-docs';

type Generator = NonNullable<PluginOptions['sidebarItemsGenerator']>;
type GeneratorArgs = Parameters<Generator>[0];
type Items = Awaited<ReturnType<Generator>>;

export const docsSidebarItemsGenerator: Generator = async ({ defaultSidebarItemsGenerator, ...args }) => {
  const items = await defaultSidebarItemsGenerator(args);
  // The category links to <dir>/index, or to <dir>/overview when there is no index.
  const dir = args.item.dirName;
  const hasIndexDoc = args.docs.some((d) => d.id === `${dir}/index`);
  const ownLink = hasIndexDoc ? `${dir}/index` : `${dir}/overview`;
  return relabel(
    items.filter((item) => !(item.type === 'doc' && item.id === ownLink)),
    args.docs,
  );
};

function relabel(items: Items, docs: GeneratorArgs['docs']): Items {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const link = item.link;
    const linkDoc = link && link.type === 'doc' ? docs.find((d) => d.id === link.id) : undefined;
    const label = linkDoc ? ((linkDoc.frontMatter.sidebar_label as string | undefined) ?? linkDoc.title) : item.label;
    return { ...item, label, collapsible: true, collapsed: true, items: relabel(item.items, docs) };
  });
}
