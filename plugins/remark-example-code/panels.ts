/**
 * The example tabs in the browser: src/client/example-tabs.ts switches them. And keeps the
 * generated HTTP, curl and Python panels of the example tabs out of the pages'
 * JavaScript (the first-visit JavaScript budget): the client build runs ./panels-loader.js after the
 * MDX loader. `npm start` renders in the browser only, so there the panels stay in JavaScript.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function examplePanelsPlugin(context: { siteDir: string }): Plugin {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'example-panels',
    // Switching the example tabs (plain HTML, see ./http-tabs.ts) and remembering the choice.
    getClientModules() {
      return [path.join(context.siteDir, 'src', 'client', 'example-tabs.ts')];
    },
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/,
              include: [docsDir],
              enforce: 'post',
              use: [{ loader: path.join(__dirname, 'panels-loader.js') }],
            },
          ],
        },
      };
    },
  };
}
