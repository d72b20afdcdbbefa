/**
 * FHIRPath playground: a resource, an expression, and the typed result of
 * `evalFhirPathTyped` from @medplum/core, updated as the reader types.
 */
import { evalFhirPathTyped, parseFhirPath, type TypedValue } from '@medplum/core';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { type JSX, useEffect, useId, useMemo, useState } from 'react';
import { loadType } from './definitions';
import { useDebounced } from './debounce';
import { errorText, parseResourceText } from './parse-input';
import { mountToolStyles } from './tool.css';
import { LinkProblem, LinkTooLong } from './LinkState';
import { useResourceParam, useUrlParam } from './url-state';

const DEFAULT_RESOURCE = JSON.stringify(
  {
    resourceType: 'Patient',
    id: 'example',
    active: true,
    name: [
      { use: 'official', family: 'Chalmers', given: ['Peter', 'James'] },
      { use: 'nickname', given: ['Jim'] },
    ],
    gender: 'male',
    birthDate: '1974-12-25',
    telecom: [{ system: 'phone', value: '(03) 5555 6473', use: 'work' }],
  },
  null,
  2,
);

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
  values?: TypedValue[];
  resourceError?: string;
  expressionError?: string;
}

export default function FhirPathTool(): JSX.Element {
  useEffect(mountToolStyles, []);
  // Definitions are static files of this site: fetched from its own origin, under its base URL.
  const baseUrl = useBaseUrl('/');
  const id = useId();
  const { text, setText, linkProblem } = useResourceParam(DEFAULT_RESOURCE);
  const [expression, setExpression] = useUrlParam('expression', "name.where(use = 'official').given");
  const settledText = useDebounced(text);
  const settledExpression = useDebounced(expression);
  const parsed = useMemo(() => parseResourceText(settledText), [settledText]);
  const resourceType = parsed.ok ? parsed.resource.resourceType : undefined;
  // Loaded definitions give results their FHIR types (date, HumanName…) instead of guesses.
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [loadedType, setLoadedType] = useState<string>();
  useEffect(() => {
    if (!resourceType) return;
    let live = true;
    loadType(baseUrl, resourceType)
      .then((slice) => {
        if (!live) return;
        setSuggestions(
          expressionsFor(
            resourceType,
            slice.searchParameters.map((sp) => sp.expression ?? ''),
          ),
        );
        setLoadedType(resourceType);
      })
      .catch(() => live && setLoadedType(resourceType));
    return () => {
      live = false;
    };
  }, [baseUrl, resourceType]);

  const outcome: Outcome = useMemo(() => {
    if (!parsed.ok) return { resourceError: parsed.message };
    if (!settledExpression.trim()) return { expressionError: 'Type a FHIRPath expression, for example name.given.' };
    try {
      parseFhirPath(settledExpression);
    } catch (err) {
      return { expressionError: `The expression cannot be parsed: ${errorText(err)}` };
    }
    try {
      const root: TypedValue = { type: parsed.resource.resourceType, value: parsed.resource };
      // The environment variables FHIRPath defines for a whole-resource context.
      const variables = { '%resource': root, '%rootResource': root, '%context': root };
      return { values: evalFhirPathTyped(settledExpression, [root], variables) };
    } catch (err) {
      return { expressionError: `The expression parsed but could not be evaluated: ${errorText(err)}` };
    }
    // loadedType re-runs the evaluation once the type's definitions have arrived.
  }, [parsed, settledExpression, loadedType]);

  return (
    <div className="fhir-tool" data-ready={loadedType ? 'true' : undefined}>
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
        {outcome.values && (
          <>
            <p className="fhir-tool-note" data-testid="fhirpath-count">
              {outcome.values.length === 0
                ? 'The expression returned an empty collection: nothing in the resource matched.'
                : `${outcome.values.length} ${outcome.values.length === 1 ? 'value' : 'values'}, each with its FHIRPath type:`}
            </p>
            {outcome.values.length > 0 && (
              <pre aria-labelledby={`${id}-result-label`} data-testid="fhirpath-result">
                {JSON.stringify(
                  outcome.values.map((v) => ({ type: v.type, value: v.value })),
                  null,
                  2,
                )}
              </pre>
            )}
          </>
        )}
        {!outcome.values && (
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
