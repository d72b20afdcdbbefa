/**
 * Patch `pagefind-filter-counts` (patches/manifest.json): Pagefind's wasm answers every search with
 * the number of results for each value of every filter loaded so far (`filtered_counts`, and
 * `total_counts` over the whole index), in the JSON text it returns before the results. Once a
 * page has run the panel's name lookups, that is every value of `defines`, `named`, `keyword`,
 * `message` and `operation`, about 3,300, twice: some 230 KB of text per search, which the worker
 * parsed and copied to the page a dozen times a query. The panel reads no count. The rewrite cuts
 * the counts out of the text before it is parsed (the results, which follow them, are parsed as
 * before), so a search answers with empty `filters` and `totalFilters`. Text of another shape is
 * parsed whole, as before. Worker only: searches run in the worker, and the page script's
 * no-worker fallback, used only where a worker cannot be created or does not answer its `init`
 * within 5 seconds (or with the `noWorker` option, which the site does not set), is left as
 * Pagefind wrote it.
 */
import { replaceOnce, rewriteWorker } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-filter-counts (patches/manifest.json; re-read it after a Pagefind upgrade)';

/** Where the worker parses the wasm's answer to a search. */
export const PARSE =
  'let{filtered_counts,total_counts,results,unfiltered_total,search_keywords,query_term_idfs}=JSON.parse(result);';

/**
 * The answer without its counts. The wasm writes its keys in a fixed order (the counts, then
 * `results`), and `"results":[` can only be that key: a quote inside a filter's name or value is
 * escaped, each filter's counts are an object (`{`), never an array, and a count is a number.
 */
export const WITHOUT_COUNTS =
  '((raw)=>{const at=raw.indexOf(\'"results":[\');return raw.startsWith(\'{"filtered_counts":\')&&at>0?\'{"filtered_counts":{},"total_counts":{},\'+raw.slice(at):raw;})';

/** Rewrites `<outDir>/pagefind-worker.js` in place. */
export function dropFilterCounts(outDir) {
  rewriteWorker(outDir, PATCH, (text, file) =>
    replaceOnce(text, PARSE, PARSE.replace('JSON.parse(result)', `JSON.parse(${WITHOUT_COUNTS}(result))`), file, PATCH),
  );
}
