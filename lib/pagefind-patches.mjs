/**
 * The Pagefind patches that decide what a search returns (patches/manifest.json), in one list for
 * both indexes that ship them: the built site's (scripts/build-search-index.mjs) and `npm start`'s
 * (plugins/site/dev-search/write-index.mjs), so a query gets the same results from either. Each
 * rewrites the scripts Pagefind wrote to `outDir` in place and fails naming itself when it no longer
 * applies.
 */
import { loadExtensionChunks } from './pagefind-extension-chunks.mjs';
import { inflateNatively } from './pagefind-native-gunzip.mjs';
import { copyFragments } from './pagefind-fragment-copy.mjs';

export function patchSearchResults(outDir) {
  loadExtensionChunks(outDir);
  inflateNatively(outDir);
  copyFragments(outDir);
}
