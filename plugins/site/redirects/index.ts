/**
 * `@docusaurus/plugin-client-redirects` with its redirect list bound here instead of passed as
 * plugin options. Plugin options are part of siteConfig, which Docusaurus serializes into every
 * page's JavaScript: the ~750 generated SDK redirects cost each page about 8 KB gzip there, and
 * only the build (which writes one small HTML file per `from` path) needs them.
 *
 * The generated redirects are known only once the generators have run, inside the docs plugin's
 * `loadContent` (plugins/generate/plugin.ts): they are read in `postBuild`, the only step of the
 * stock plugin, which is created there.
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import clientRedirects from '@docusaurus/plugin-client-redirects';
import type { Redirect } from '../../generate/generators';

/** `fixed` redirects plus those `later` resolves to once the build has loaded its content. */
export function redirectsPlugin(fixed: Redirect[], later: () => Promise<Redirect[]> = async () => []) {
  return function clientRedirectsBound(context: LoadContext): Plugin<unknown> {
    return {
      name: 'docusaurus-plugin-client-redirects',
      async postBuild(props) {
        const redirects = [...fixed, ...(await later())];
        const plugin = (await clientRedirects(context, {
          id: 'default',
          redirects,
          fromExtensions: [],
          toExtensions: [],
        } as never)) as Plugin<unknown> | null;
        await plugin?.postBuild?.(props);
      },
    };
  };
}
