/// <reference lib="webworker" />
/**
 * The FHIR engine of the FHIR tools, run off the page's main thread.
 *
 * A FHIRPath expression can take exponential time (`.select()` inside `.select()`, a
 * backtracking regular expression in `matches()`, a long union, which @medplum/core dedupes in
 * quadratic time) and `validateResource` walks a whole resource. On the main thread either can
 * freeze the page for seconds. Here the page stays responsive, and engine.ts can stop a run that
 * passes its time limit by terminating this worker.
 *
 * The search builder's parsing runs here too: parseSearchRequest needs the type's search
 * parameters indexed, and indexing a type's definitions is itself a long task on a phone.
 *
 * What each request computes is in engine-runs.ts (shared with the build, which answers each
 * tool's sample). The worker loads definitions itself (they must be indexed in the
 * @medplum/core that evaluates) from the site's own origin; its requests carry no page address.
 */
import { loadType } from './definitions';
import type { EngineRequest, EngineResponse } from './engine-protocol';
import { errorMessage, runRequest } from './engine-runs';

declare const self: DedicatedWorkerGlobalScope;

function reply(response: EngineResponse): void {
  self.postMessage(response);
}

self.onmessage = (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  const load = (resourceType: string) => loadType(request.baseUrl, resourceType);
  const run = runRequest(request, load, () => reply({ id: request.id, kind: 'started' }));
  run.then(reply, (err: unknown) => reply({ id: request.id, kind: 'error', message: errorMessage(err) }));
};
