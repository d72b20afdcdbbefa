/**
 * `@docusaurus/plugin-client-redirects` with its redirect list bound here instead of passed as
 * plugin options. Plugin options are part of siteConfig, which Docusaurus serializes into every
 * page's JavaScript: the ~750 generated SDK redirects cost each page about 8 KB gzip there, and
 * only the build (which writes one small HTML file per `from` path) needs them.
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import clientRedirects from '@docusaurus/plugin-client-redirects';
import type { Redirect } from '../../generate/generators';

export function redirectsPlugin(redirects: Redirect[]) {
  return function clientRedirectsBound(context: LoadContext): Promise<Plugin<unknown>> {
    return Promise.resolve(
      clientRedirects(context, { id: 'default', redirects, fromExtensions: [], toExtensions: [] } as never),
    ) as Promise<Plugin<unknown>>;
  };
}
