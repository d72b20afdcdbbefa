/**
 * Stands in for `prism-react-renderer` in the browser bundle (see plugins/markdown/code-highlight). The
 * theme's Prism client module imports `Prism` from it and hands it to the no-op in
 * src/theme/prism-include-languages.ts; nothing else in the bundle imports it.
 */
export const Prism = { languages: {} };
