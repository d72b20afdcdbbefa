/**
 * Code is highlighted at build time (plugins/markdown/code-highlight), so the theme's client module that
 * registers Prism languages in the browser has nothing to do. Together with the
 * `prism-react-renderer` stub (plugins/markdown/code-highlight/prism-stub.ts) this keeps Prism out of the bundle.
 */
export default function prismIncludeLanguages(): void {}
