/**
 * Validator: checks a pasted resource with `validateResource` from @medplum/core against the
 * R4 and Medplum StructureDefinitions, loading each resource type's definition on demand. The
 * validation runs in a worker (engine.worker.ts) with a time limit, off the page's main thread.
 * The sample's issues were found at build time (first-frame/validator.json), so the built page
 * lists them and the worker starts only for the reader's own resource.
 */
import type { OperationOutcomeIssue } from '@medplum/fhirtypes';
import useBaseUrl from '@docusaurus/useBaseUrl';
import frame from '@site/.generated/fhir-tools/first-frame/validator.json';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { useDebounced } from './debounce';
import { limitMessage, useEngine } from './engine';
import { LinkProblem, LinkTooLong } from './LinkState';
import { parseResourceText } from './parse-input';
import { VALIDATOR_RESOURCE } from './samples';
import { ToolSection, useHydrated } from './ToolSection';
import { useResourceParam } from './url-state';

type Result =
  | { state: 'checking' }
  | { state: 'input-error'; message: string }
  | { state: 'limit'; message: string }
  | { state: 'done'; resourceType: string; issues: OperationOutcomeIssue[] };

/**
 * Where an issue's path points in the text: the line of the last property it names, searched
 * after the lines of the properties before it. Good enough to put the cursor near the problem.
 */
export function rangeForPath(text: string, path: string | undefined): [number, number] | undefined {
  if (!path) return undefined;
  const names = path
    .split('.')
    .slice(1)
    .map((segment) => segment.replace(/\[\d+\]$/, ''));
  let from = 0;
  let at = -1;
  for (const name of names) {
    const found = text.indexOf(`"${name}"`, from);
    if (found < 0) break;
    at = found;
    from = found + name.length + 2;
  }
  if (at < 0) return undefined;
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return [start, end < 0 ? text.length : end];
}

/** The sample's result, from the build. */
const SAMPLE_RESULT: Result =
  frame.kind === 'validate'
    ? {
        state: 'done',
        resourceType: (JSON.parse(VALIDATOR_RESOURCE) as { resourceType: string }).resourceType,
        issues: frame.issues,
      }
    : { state: 'input-error', message: 'The sample could not be validated at build time.' };

export default function ValidatorTool(): JSX.Element {
  return (
    <ToolSection tool="validator" label="Resource validator">
      <Validator />
    </ToolSection>
  );
}

function Validator(): JSX.Element {
  const hydrated = useHydrated();
  // Definitions are static files of this site: fetched from its own origin, under its base URL.
  const baseUrl = useBaseUrl('/');
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { text, setText, linkProblem } = useResourceParam(VALIDATOR_RESOURCE);
  const settled = useDebounced(text, 300);
  const [result, setResult] = useState<Result>(settled === VALIDATOR_RESOURCE ? SAMPLE_RESULT : { state: 'checking' });
  const engine = useEngine();

  useEffect(() => {
    if (settled === VALIDATOR_RESOURCE) {
      setResult(SAMPLE_RESULT);
      return;
    }
    const parsed = parseResourceText(settled);
    if (!parsed.ok) {
      setResult({ state: 'input-error', message: parsed.message });
      return;
    }
    let live = true;
    setResult({ state: 'checking' });
    engine.run({ kind: 'validate', baseUrl, resource: parsed.resource }).then((outcome) => {
      if (!live || outcome.kind === 'superseded') return;
      if (outcome.kind === 'validate') {
        setResult({ state: 'done', resourceType: parsed.resource.resourceType, issues: outcome.issues });
      } else if (outcome.kind === 'time-limit' || outcome.kind === 'too-large') {
        setResult({ state: 'limit', message: limitMessage(outcome, 'validation') ?? '' });
      } else if (outcome.kind === 'error') {
        setResult({ state: 'input-error', message: outcome.message });
      }
    });
    return () => {
      live = false;
    };
  }, [engine, baseUrl, settled]);

  const select = (path: string | undefined): void => {
    const range = rangeForPath(text, path);
    const el = textarea.current;
    if (!range || !el) return;
    el.focus();
    el.setSelectionRange(range[0], range[1]);
  };

  const errors =
    result.state === 'done' ? result.issues.filter((i) => i.severity === 'error' || i.severity === 'fatal') : [];
  return (
    // data-state only once the tool runs in this browser (tests wait for "done").
    <div className="fhir-tool" data-state={hydrated ? result.state : undefined}>
      <label htmlFor={`${id}-resource`}>Resource</label>
      <LinkProblem problem={linkProblem} />
      <textarea
        id={`${id}-resource`}
        ref={textarea}
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={result.state === 'input-error' || errors.length > 0 ? true : undefined}
        aria-describedby={`${id}-result`}
      />
      <LinkTooLong text={text} what="resource JSON" />
      <div id={`${id}-result`} className="fhir-tool-output" aria-live="polite">
        {result.state === 'checking' && <p className="fhir-tool-note">Loading the definitions and validating…</p>}
        {result.state === 'input-error' && (
          <p className="fhir-tool-error" role="alert" data-testid="validator-input-error">
            {result.message}
          </p>
        )}
        {result.state === 'limit' && (
          <p className="fhir-tool-error" role="alert" data-testid="engine-limit">
            {result.message}
          </p>
        )}
        {result.state === 'done' && errors.length === 0 && (
          <p className="fhir-tool-ok" data-testid="validator-valid">
            Valid: this {result.resourceType} conforms to the {result.resourceType} StructureDefinition
            {result.issues.length > 0 ? `, with ${result.issues.length} warning(s) below` : ''}.
          </p>
        )}
        {result.state === 'done' && errors.length > 0 && (
          <p className="fhir-tool-error" data-testid="validator-invalid">
            Not valid: {errors.length} {errors.length === 1 ? 'error' : 'errors'}. Select an issue to find its line.
          </p>
        )}
        {result.state === 'done' && result.issues.length > 0 && (
          <ul className="fhir-tool-issues" data-testid="validator-issues">
            {result.issues.map((issue, i) => {
              const path = issue.expression?.[0];
              return (
                <li key={`${path}-${i}`}>
                  <button
                    type="button"
                    className="button button--sm button--outline button--secondary"
                    onClick={() => select(path)}
                  >
                    <strong>{issue.severity}</strong> at <code>{path ?? '(resource)'}</code>:{' '}
                    {issue.details?.text ?? issue.diagnostics}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
