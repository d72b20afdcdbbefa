/**
 * Patch `pagefind-excerpt-split` (patches/manifest.json): each time Pagefind builds an excerpt
 * (`build_excerpt`), it splits the page's whole text into words, marks every match in that list,
 * then joins the few dozen words it shows. A result's data builds one excerpt for the page and one
 * for each heading with a match (`calculate_sub_results`), so a long page matched in twenty
 * sections was split twenty-one times and had every match marked twenty-one times; on a freshly
 * loaded page, where that code is not yet optimised, excerpts were the worker's largest cost after
 * the index was loaded. The rewrite keeps the last text's split (the calls for one page follow
 * each other), and marks matches only in the words shown. The excerpts are the same, character for
 * character, for every input: its unit test compares both versions on generated pages, with the
 * calls Pagefind makes and with odd ones. Applied to the worker
 * and to the page script (which searches on the main thread where workers are unavailable).
 */
import { replaceInScripts } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-excerpt-split (patches/manifest.json; re-read it after a Pagefind upgrade)';

/** Pagefind 1.6.0's `build_excerpt`, whole, as both scripts hold it. */
export const ORIGINAL =
  'var build_excerpt=(content,start,length,locations,not_before,not_from,ellipsis)=>{let is_zws_delimited=content.includes("\\u200B");let fragment_words=[];if(is_zws_delimited){fragment_words=content.split("\\u200B");}else{fragment_words=content.split(word_separators);}let endcap=not_from??fragment_words.length;let startcap=not_before??0;if(endcap-startcap<length){length=endcap-startcap;}if(start+length>endcap){start=endcap-length;}if(start<startcap){start=startcap;}const joiner=is_zws_delimited?"":" ";const pre=ellipsis&&start>startcap?`${ellipsis}${joiner}`:"";const post=ellipsis&&start+length<endcap?`${joiner}${ellipsis}`:"";const plain_excerpt=pre+fragment_words.slice(start,start+length).join(joiner).trim()+post;for(let word of locations){if(fragment_words[word]?.startsWith(`<mark>`)){continue;}fragment_words[word]=`<mark>${fragment_words[word]}</mark>`;}const excerpt=pre+fragment_words.slice(start,start+length).join(joiner).trim()+post;return{excerpt,plain_excerpt};};';

/**
 * The same bounds and output; the split is kept for the next call with the same text (never
 * changed: the words shown are copied before marking), and a match outside the words shown is
 * skipped, as the original's marks there never reached its output. That holds when the window
 * and every match are whole numbers and the window does not start or run backwards, which is how
 * Pagefind calls it; any other call (an `excerptLength` of 24.5, say) takes the original's path
 * over a copy of the split, so the output is the original's for every input.
 */
export const PATCHED =
  'var excerptSplitOf=null,excerptSplitWords=null,excerptSplitZws=false;' +
  'var build_excerpt=(content,start,length,locations,not_before,not_from,ellipsis)=>{if(content!==excerptSplitOf){excerptSplitOf=content;excerptSplitZws=content.includes("\\u200B");excerptSplitWords=excerptSplitZws?content.split("\\u200B"):content.split(word_separators);}let is_zws_delimited=excerptSplitZws;const fragment_words=excerptSplitWords;let endcap=not_from??fragment_words.length;let startcap=not_before??0;if(endcap-startcap<length){length=endcap-startcap;}if(start+length>endcap){start=endcap-length;}if(start<startcap){start=startcap;}const joiner=is_zws_delimited?"":" ";const pre=ellipsis&&start>startcap?`${ellipsis}${joiner}`:"";const post=ellipsis&&start+length<endcap?`${joiner}${ellipsis}`:"";' +
  'if(!(Number.isInteger(start)&&Number.isInteger(length)&&start>=0&&length>=0&&locations.every(Number.isInteger))){const all=fragment_words.slice();const plain_excerpt=pre+all.slice(start,start+length).join(joiner).trim()+post;for(let word of locations){if(all[word]?.startsWith(`<mark>`)){continue;}all[word]=`<mark>${all[word]}</mark>`;}const excerpt=pre+all.slice(start,start+length).join(joiner).trim()+post;return{excerpt,plain_excerpt};}' +
  'const shown=fragment_words.slice(start,start+length);const plain_excerpt=pre+shown.join(joiner).trim()+post;for(let word of locations){const at=word-start;if(at<0||at>=length||shown[at]?.startsWith(`<mark>`)){continue;}shown[at]=`<mark>${shown[at]}</mark>`;}const excerpt=pre+shown.join(joiner).trim()+post;return{excerpt,plain_excerpt};};';

/** Rewrites `<outDir>/pagefind.js` and `<outDir>/pagefind-worker.js` in place. */
export function splitExcerptsOnce(outDir) {
  replaceInScripts(outDir, ORIGINAL, PATCHED, PATCH);
}
