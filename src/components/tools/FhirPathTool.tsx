/**
 * FHIRPath playground: a resource, an expression, and the typed result of
 * `evalFhirPathTyped` from @medplum/core, updated as the reader types. The evaluation runs in
 * a worker (engine.worker.ts) with a time limit, so no expression can freeze the page. The
 * sample's result was computed at build time (first-frame/fhirpath.json), so the built page
 * shows it and the worker starts only for the reader's own input.
 */
import useBaseUrl from '@docusaurus/useBaseUrl';
import frame from '@site/.generated/fhir-tools/first-frame/fhirpath.json';
import { type JSX, useEffect, useId, useMemo, useState } from 'react';
import { useDebounced } from './debounce';
import { limitMessage, useEngine } from './engine';
import type { EngineOutcome } from './engine-protocol';
import { LinkProblem, LinkTooLong } from './LinkState';
import { parseResourceText } from './parse-input';
import { FHIRPATH_EXPRESSION, FHIRPATH_RESOURCE } from './samples';
import { ToolSection, useHydrated } from './ToolSection';
import { useResourceParam, useUrlParam } from './url-state';

/** Expressions that work on any resource; type-specific ones come from its search parameters. */
const GENERIC_EXPRESSIONS = ['resourceType', 'id', 'meta.lastUpdated', 'extension.url'];

/**
 * Parts of the type's search parameter expressions, one per top-level element (so Patient
 * offers birthDate and name rather than six address fields).
 */
function expressionsFor(resourceType: string, searchExpressions: string[]): string[] {
  const out: string[] = [];
  const elements = new Set<string>();
  for (const expr of searchExpressions) {
    for (const part of expr.split('|').map((p) => p.trim())) {
      const element = /^[A-Za-z]+\.([A-Za-z]+)/.exec(part)?.[1];
      if (!part.startsWith(`${resourceType}.`) || !element || elements.has(element)) continue;
      elements.add(element);
      out.push(part);
    }
  }
  return out.slice(0, 10);
}

interface Outcome {
  count?: number;
  json?: string;
  resourceError?: string;
  expressionError?: string;
  limit?: string;
  running?: boolean;
}

/** What to show for the current input and the latest run of the engine. */
function outcomeOf(
  parsed: ReturnType<typeof parseResourceText>,
  expression: string,
  run: EngineOutcome | { kind: 'running' },
): Outcome {
  if (!parsed.ok) return { resourceError: parsed.message };
  if (!expression.trim()) return { expressionError: 'Type a FHIRPath expression, for example name.given.' };
  switch (run.kind) {
    case 'fhirpath':
      return { count: run.count, json: run.json };
    case 'expression-error':
      return {
        expressionError:
          run.stage === 'parse'
            ? `The expression cannot be parsed: ${run.message}`
            : `The expression parsed but could not be evaluated: ${run.message}`,
      };
    case 'time-limit':
    case 'too-large':
      return { limit: limitMessage(run, 'evaluation') };
    case 'error':
      return { expressionError: `The expression could not be evaluated: ${run.message}` };
    default:
      return { running: true };
  }
}

/** The examples offered for a run's answer: the generic ones, then the type's own. */
function suggestionsOf(resourceType: string, outcome: EngineOutcome): string[] {
  return 'searchExpressions' in outcome ? expressionsFor(resourceType, outcome.searchExpressions) : [];
}

export default function FhirPathTool(): JSX.Element {
  return (
    <ToolSection tool="fhirpath" label="FHIRPath playground">
      <FhirPath />
    </ToolSection>
  );
}

function FhirPath(): JSX.Element {
  const hydrated = useHydrated();
  // Definitions are static files of this site: fetched from its own origin, under its base URL.
  const baseUrl = useBaseUrl('/');
  const id = useId();
  const engine = useEngine();
  const { text, setText, linkProblem } = useResourceParam(FHIRPATH_RESOURCE);
  const [expression, setExpression] = useUrlParam('expression', FHIRPATH_EXPRESSION);
  // The first values are the initial ones, so the tool evaluates at once on load; edits wait
  // for a pause in typing.
  const settledText = useDebounced(text);
  const settledExpression = useDebounced(expression);
  const parsed = useMemo(() => parseResourceText(settledText), [settledText]);
  const resourceType = parsed.ok ? parsed.resource.resourceType : undefined;
  // The sample's answer is known from the build; anything else is asked of the worker.
  const atSample = settledText === FHIRPATH_RESOURCE && settledExpression === FHIRPATH_EXPRESSION;
  const [run, setRun] = useState<EngineOutcome | { kind: 'running' }>(atSample ? frame : { kind: 'running' });
  // Examples from the type's search parameters, which the worker reads with the definitions.
  const [suggestions, setSuggestions] = useState<string[]>(() =>
    atSample && parsed.ok ? suggestionsOf(parsed.resource.resourceType, frame) : [],
  );
  const [answered, setAnswered] = useState(atSample);

  useEffect(() => {
    if (!parsed.ok || !settledExpression.trim()) return;
    if (atSample) {
      setRun(frame);
      setSuggestions(suggestionsOf(parsed.resource.resourceType, frame));
      setAnswered(true);
      return;
    }
    let live = true;
    setRun({ kind: 'running' });
    const { resource } = parsed;
    engine.run({ kind: 'fhirpath', baseUrl, resource, expression: settledExpression }).then((outcome) => {
      if (!live || outcome.kind === 'superseded') return;
      setRun(outcome);
      setAnswered(true);
      if ('searchExpressions' in outcome) setSuggestions(suggestionsOf(resource.resourceType, outcome));
    });
    return () => {
      live = false;
    };
  }, [engine, baseUrl, parsed, settledExpression, atSample]);

  const outcome = outcomeOf(parsed, settledExpression, run);

  return (
    // data-ready: the tool runs in this browser and has answered (tests wait for it).
    <div className="fhir-tool" data-ready={hydrated && answered ? 'true' : undefined}>
      <label htmlFor={`${id}-expression`}>Expression</label>
      <input
        id={`${id}-expression`}
        type="text"
        value={expression}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => setExpression(e.target.value)}
        aria-invalid={outcome.expressionError ? true : undefined}
        aria-describedby={outcome.expressionError ? `${id}-expression-error` : undefined}
      />
      {outcome.expressionError && (
        <p id={`${id}-expression-error`} className="fhir-tool-error" role="alert">
          {outcome.expressionError}
        </p>
      )}
      <p className="fhir-tool-note" id={`${id}-examples-label`}>
        Examples{resourceType ? ` for ${resourceType}` : ''} (click to use):
      </p>
      <ul className="fhir-tool-chips" aria-labelledby={`${id}-examples-label`}>
        {[...GENERIC_EXPRESSIONS, ...suggestions].map((expr) => (
          <li key={expr}>
            <button
              type="button"
              className="button button--sm button--outline button--primary"
              onClick={() => setExpression(expr)}
            >
              {expr}
            </button>
          </li>
        ))}
      </ul>
      <div className="fhir-tool-output" aria-live="polite">
        <h3 id={`${id}-result-label`}>Result</h3>
        {outcome.count !== undefined && (
          <>
            <p className="fhir-tool-note" data-testid="fhirpath-count">
              {outcome.count === 0
                ? 'The expression returned an empty collection: nothing in the resource matched.'
                : `${outcome.count} ${outcome.count === 1 ? 'value' : 'values'}, each with its FHIRPath type:`}
            </p>
            {outcome.count > 0 && (
              <pre aria-labelledby={`${id}-result-label`} data-testid="fhirpath-result">
                {outcome.json}
              </pre>
            )}
          </>
        )}
        {outcome.limit && (
          <p className="fhir-tool-error" role="alert" data-testid="engine-limit">
            {outcome.limit}
          </p>
        )}
        {outcome.running && <p className="fhir-tool-note">Evaluating…</p>}
        {outcome.count === undefined && !outcome.limit && !outcome.running && (
          <p className="fhir-tool-note">No result until the resource and the expression are valid.</p>
        )}
      </div>
      <LinkTooLong text={text} what="resource JSON" />
      <label htmlFor={`${id}-resource`}>Resource</label>
      <LinkProblem problem={linkProblem} />
      <textarea
        id={`${id}-resource`}
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={outcome.resourceError ? true : undefined}
        aria-describedby={outcome.resourceError ? `${id}-resource-error` : undefined}
      />
      {outcome.resourceError && (
        <p id={`${id}-resource-error`} className="fhir-tool-error" role="alert">
          {outcome.resourceError}
        </p>
      )}
    </div>
  );
}
