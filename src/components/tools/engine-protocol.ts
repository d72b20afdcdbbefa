/**
 * Messages between the tool pages and engine.worker.ts, and the limits both sides apply.
 * Type-only imports: the page's side must not pull @medplum/core into the main thread's bundle.
 */
import type { OperationOutcomeIssue } from '@medplum/fhirtypes';

/**
 * Longest an evaluation or validation may run, counted from when the definitions have loaded.
 * Real expressions and resources take a few milliseconds; two seconds is past any of them and
 * short enough that a reader waiting for an answer still gets one.
 */
export const TIME_LIMIT_MS = 2_000;
/** Time allowed for the definitions a run needs to download, before the run itself starts. */
export const LOAD_LIMIT_MS = 30_000;
/** Most values a FHIRPath result may hold: beyond this nobody reads the list. */
export const MAX_RESULT_VALUES = 10_000;
/**
 * Largest result the page will render, in characters of JSON. Rendering much more in a <pre>
 * blocks the main thread for longer than the worker saves.
 */
export const MAX_RESULT_CHARS = 200_000;

export type EngineResource = Record<string, unknown> & { resourceType: string };

export type EngineRequest =
  | { id: number; kind: 'fhirpath'; baseUrl: string; resource: EngineResource; expression: string }
  | { id: number; kind: 'validate'; baseUrl: string; resource: EngineResource }
  | { id: number; kind: 'search-parameters'; baseUrl: string; resourceType: string }
  | { id: number; kind: 'search'; baseUrl: string; resourceType: string; query: string };

/** A search parameter as the search builder shows it (the worker holds the full definitions). */
export interface SearchParameterSummary {
  code: string;
  type: string;
  description: string;
}

export type EngineResponse =
  | { id: number; kind: 'started' }
  | { id: number; kind: 'fhirpath'; count: number; json: string; searchExpressions: string[] }
  | {
      id: number;
      kind: 'expression-error';
      stage: 'parse' | 'evaluate';
      message: string;
      searchExpressions: string[];
    }
  | { id: number; kind: 'validate'; issues: OperationOutcomeIssue[] }
  | { id: number; kind: 'search-parameters'; params: SearchParameterSummary[] }
  | { id: number; kind: 'search'; json?: string; parseError?: string }
  | { id: number; kind: 'too-large'; values?: number; chars?: number }
  | { id: number; kind: 'error'; message: string };

/** What a run ended with, as the page sees it: a reply, or a limit the page enforced. */
export type EngineOutcome =
  | Exclude<EngineResponse, { kind: 'started' }>
  | { id: number; kind: 'time-limit'; phase: 'load' | 'run' }
  | { id: number; kind: 'superseded' };
