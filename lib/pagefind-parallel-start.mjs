/**
 * Patch `pagefind-parallel-start` (patches/manifest.json): Pagefind's runtime starts with a chain of
 * fetches one after another. The page imports `pagefind.js`, which starts the worker
 * (`pagefind-worker.js`); the worker fetches `pagefind-entry.json` (with `?ts=<now>`, so never from
 * the cache) to learn the language's file names, and only then the metadata
 * (`pagefind.<lang>_<hash>.pf_meta`) and the wasm (`wasm.<lang>.pagefind`). Each waits for the one
 * before it, so on a loaded machine the runtime was still starting when a reader's first query came
 * and the index chunks were asked for 100 ms or more after the input (CONTRIBUTING.md, "Where a
 * first query's time goes").
 *
 * The names are known once the index is written, so this writes the entry into `pagefind.js` itself.
 * When the page starts the worker, it fetches the metadata and wasm at once, beside the worker's
 * script, and hands the worker the entry and then each file's bytes (transferred, not copied); the
 * worker's primary instance takes them instead of fetching the entry, metadata and wasm itself. The
 * chain is then the page script, then the worker's script, metadata and wasm together. Same URLs,
 * same base URL, same bytes; where the page's fetch fails the worker fetches the file itself as
 * before, and without a worker (Pagefind's main-thread fallback) nothing changes. Results are
 * unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { replaceOnce, rewriteWorker } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-parallel-start (patches/manifest.json; re-read it after a Pagefind upgrade)';

// The page: start the fetches when the worker is started, before the worker's `init` message.
const PAGE_INIT =
  'const workerAvailable=initSharedWorker(this.basePath);if(workerAvailable){try{sharedWorkerRefCount++;this.useWorker=true;';
const PAGE_INIT_HANDED = `${PAGE_INIT}handOffStart(this.basePath,this.initOptions.language||"unknown");`;
const PAGE_HELPER_BEFORE = 'function initSharedWorker(';

/**
 * The page's side, given the entry Pagefind wrote: picks the language's files as the worker's
 * `findIndex` does (the language, its base language, else the largest index), tells the worker
 * which files will come, then fetches each and posts its bytes (null when the fetch failed, so
 * the worker fetches it itself). Once per page: a second instance fetches as Pagefind does.
 */
export function pageHelper(entry) {
  return `var handedEntry=${JSON.stringify(entry)};var handedOff=false;function handOffStart(basePath,language){if(handedOff||!sharedWorker)return;handedOff=true;try{const langs=handedEntry.languages||{};let index=langs[language]||langs[language.split("-")[0]]||Object.values(langs).sort((a,b)=>b.page_count-a.page_count)[0];if(!index)return;const names=[\`pagefind.\${index.hash}.pf_meta\`,\`wasm.\${index.wasm?index.wasm:"unknown"}.pagefind\`];const worker=sharedWorker;worker.postMessage({handoff:"expect",entry:handedEntry,names});for(const name of names){fetch(\`\${basePath}\${name}\`).then((r)=>r.ok?r.arrayBuffer():null).catch(()=>null).then((bytes)=>{if(worker===sharedWorker)worker.postMessage({handoff:"bytes",name,bytes},bytes?[bytes]:[]);});}}catch(e){}}`;
}

// The worker: the handed messages are not Pagefind calls (no answer is posted for them).
const WORKER_LISTENER = 'self.addEventListener("message",async(event)=>{const message=event.data;';
const WORKER_LISTENER_HANDED = `${WORKER_LISTENER}if(message&&message.handoff){handOff(message);return;}`;

/** The worker's side: the entry and, per file name, a promise of the bytes the page will post. */
export const WORKER_HELPER =
  'var handedEntry=null;var handed=new Map();function handOff(message){if(message.handoff==="expect"){handedEntry=message.entry;for(const name of message.names){let resolve;const promise=new Promise((r)=>{resolve=r;});handed.set(name,{promise,resolve,taken:false});}}else if(message.handoff==="bytes"){const h=handed.get(message.name);if(h)h.resolve(message.bytes);}}' +
  'async function handedBytes(instance,url){const h=instance.primary?handed.get(url.slice(url.lastIndexOf("/")+1)):undefined;if(h&&!h.taken){h.taken=true;const bytes=await h.promise;if(bytes)return bytes;}const response=await instance.throttledFetch(url);return response.arrayBuffer();}\n';

const ENTRY_FETCH =
  'let entry_response=await this.throttledFetch(entryUrl);let entry_json=await entry_response.json();';
const ENTRY_HANDED =
  'let entry_json=this.primary&&handedEntry?handedEntry:await(await this.throttledFetch(entryUrl)).json();';
const META_FETCH =
  'let compressed_resp=await this.throttledFetch(`${this.basePath}pagefind.${index}.pf_meta`);let compressed_meta=await compressed_resp.arrayBuffer();';
const META_HANDED = 'let compressed_meta=await handedBytes(this,`${this.basePath}pagefind.${index}.pf_meta`);';
const WASM_FETCH =
  'let compressed_resp=await this.throttledFetch(wasm_url);let compressed_wasm=await compressed_resp.arrayBuffer();';
const WASM_HANDED = 'let compressed_wasm=await handedBytes(this,wasm_url);';

/** Rewrites `<outDir>/pagefind.js` and `<outDir>/pagefind-worker.js` in place; reads `<outDir>/pagefind-entry.json`. */
export function startInParallel(outDir) {
  const entry = JSON.parse(fs.readFileSync(path.join(outDir, 'pagefind-entry.json'), 'utf8'));
  const pageFile = path.join(outDir, 'pagefind.js');
  let page = fs.readFileSync(pageFile, 'utf8');
  page = replaceOnce(page, PAGE_INIT, PAGE_INIT_HANDED, pageFile, PATCH);
  page = replaceOnce(page, PAGE_HELPER_BEFORE, pageHelper(entry) + PAGE_HELPER_BEFORE, pageFile, PATCH);
  fs.writeFileSync(pageFile, page);
  rewriteWorker(outDir, PATCH, (text, file) => {
    let worker = replaceOnce(text, WORKER_LISTENER, WORKER_LISTENER_HANDED, file, PATCH);
    worker = replaceOnce(worker, ENTRY_FETCH, ENTRY_HANDED, file, PATCH);
    worker = replaceOnce(worker, META_FETCH, META_HANDED, file, PATCH);
    worker = replaceOnce(worker, WASM_FETCH, WASM_HANDED, file, PATCH);
    return WORKER_HELPER + worker;
  });
}
