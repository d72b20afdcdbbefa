/**
 * Patch `pagefind-batch-release` (patches/manifest.json): Pagefind's search runs in a web worker,
 * and the page tells the worker to drop a result's data when that result object is garbage
 * collected, one message per result (a FinalizationRegistry). A query returns every page that
 * matches, often hundreds; the panel reads ten. So each search was followed, at the next garbage
 * collection, by hundreds to thousands of messages in each direction, which the worker answered
 * before the next search's work: the slowest long questions waited about 0.2 s behind them. This
 * rewrites the two files Pagefind writes so the page sends the dropped ids once per 100 ms, in
 * one message, and the worker accepts a list. Each replacement must apply exactly once, or the
 * build fails naming the patch.
 */
import fs from 'node:fs';
import path from 'node:path';

const PATCH = 'pagefind-batch-release (patches/manifest.json; re-read it after a Pagefind upgrade)';

const PAGE_RELEASE = 'sendWorkerMessage(this.instanceId,"releaseData",[dataId]).catch(()=>{});';
const PAGE_BATCHED = 'releaseSoon(this.instanceId,dataId);';
/** Collects dropped ids per instance and sends them as one list after 100 ms. */
const PAGE_HELPER = `var releaseQueue=new Map();var releaseTimer=0;function releaseSoon(instanceId,dataId){let ids=releaseQueue.get(instanceId);if(!ids){ids=[];releaseQueue.set(instanceId,ids);}ids.push(dataId);if(releaseTimer)return;releaseTimer=setTimeout(()=>{releaseTimer=0;for(const[instance,list]of releaseQueue){if(sharedWorker)sendWorkerMessage(instance,"releaseData",[list]).catch(()=>{});}releaseQueue.clear();},100);}`;
const PAGE_HELPER_BEFORE = 'function sendWorkerMessage(';

const WORKER_RELEASE =
  'case"releaseData":{const[dataId]=args;dataCallbacks.delete(dataId);instanceDataIds.get(instanceId)?.delete(dataId);';
const WORKER_BATCHED =
  'case"releaseData":{for(const dataId of[].concat(args[0])){dataCallbacks.delete(dataId);instanceDataIds.get(instanceId)?.delete(dataId);}';

/** `text` with `from` replaced by `to`; throws, naming `patch`, unless `from` occurs exactly once. */
export function replaceOnce(text, from, to, file, patch = PATCH) {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) {
    throw new Error(
      `${file}: expected exactly one ${JSON.stringify(from.slice(0, 60))}…: patch ${patch} no longer applies`,
    );
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Replaces `from` by `to` exactly once in each of the two scripts Pagefind writes to `outDir`, in place. */
export function replaceInScripts(outDir, from, to, patch) {
  for (const name of ['pagefind.js', 'pagefind-worker.js']) {
    const file = path.join(outDir, name);
    fs.writeFileSync(file, replaceOnce(fs.readFileSync(file, 'utf8'), from, to, file, patch));
  }
}

/**
 * Rewrites `<outDir>/pagefind-worker.js` in place with `rewrite(text, file)`, and fails naming
 * `patch` when the result no longer parses: Pagefind falls back to searching on the page's main
 * thread when its worker fails, so a broken worker would only show as a slower page.
 */
export function rewriteWorker(outDir, patch, rewrite) {
  const file = path.join(outDir, 'pagefind-worker.js');
  const text = rewrite(fs.readFileSync(file, 'utf8'), file);
  try {
    new Function(text);
  } catch (error) {
    throw new Error(
      `${file}: the rewritten worker does not parse (${error.message}): patch ${patch} no longer applies`,
    );
  }
  fs.writeFileSync(file, text);
}

/** Rewrites `<outDir>/pagefind.js` and `<outDir>/pagefind-worker.js` in place. */
export function batchReleases(outDir) {
  const page = path.join(outDir, 'pagefind.js');
  let text = fs.readFileSync(page, 'utf8');
  text = replaceOnce(text, PAGE_RELEASE, PAGE_BATCHED, page);
  text = replaceOnce(text, PAGE_HELPER_BEFORE, PAGE_HELPER + PAGE_HELPER_BEFORE, page);
  fs.writeFileSync(page, text);
  const worker = path.join(outDir, 'pagefind-worker.js');
  fs.writeFileSync(worker, replaceOnce(fs.readFileSync(worker, 'utf8'), WORKER_RELEASE, WORKER_BATCHED, worker));
}
