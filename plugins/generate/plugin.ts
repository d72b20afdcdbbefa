/**
 * The docs plugin with the reference generators run inside its own `loadContent`, before it reads
 * `docs/`: the build's one place where generated content is written, as Docusaurus's own website
 * does with its content plugins. Docusaurus runs every plugin's `loadContent` at once, so the
 * generators must run inside the docs plugin's, not in a plugin of their own, or the docs plugin
 * could read `docs/` half written. `getPathsToWatch` adds the generators' prose and data files, so
 * the development server regenerates when one changes (./generators.ts).
 *
 * `docusaurus serve` loads no plugin content, so it generates nothing.
 */
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { generatorInputs, runGenerators } from './generators';

type DocsPluginModule = PluginModule & { validateOptions?: unknown };

/** `docsPlugin` (the stock docs plugin or a wrapper of it), generating first. */
export function withGeneratedPages(docsPlugin: DocsPluginModule): PluginModule {
  async function generatedDocs(context: LoadContext, options: unknown): Promise<Plugin<unknown>> {
    const plugin = (await docsPlugin(context, options as never)) as Plugin<unknown>;
    return {
      ...plugin,
      async loadContent() {
        await runGenerators(context.siteDir);
        return plugin.loadContent?.();
      },
      getPathsToWatch() {
        return [...(plugin.getPathsToWatch?.() ?? []), ...generatorInputs(context.siteDir)];
      },
    };
  }
  return Object.assign(generatedDocs, { validateOptions: docsPlugin.validateOptions }) as unknown as PluginModule;
}
