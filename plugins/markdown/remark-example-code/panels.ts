/**
 * The example tabs in the browser: src/client/example-tabs.ts switches them and remembers the
 * reader's choice. The generated HTTP, curl and Python panels stay out of the pages' JavaScript
 * because every page that has them keeps its body as server HTML (plugins/markdown/static-body).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function examplePanelsPlugin(context: { siteDir: string }): Plugin {
  return {
    name: 'example-panels',
    // Switching the example tabs (plain HTML, see ./http-tabs.ts) and remembering the choice.
    getClientModules() {
      return [path.join(context.siteDir, 'src', 'client', 'example-tabs.ts')];
    },
  };
}
