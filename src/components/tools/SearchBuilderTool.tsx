/**
 * Search builder: pick a resource type, add its real search parameters with the modifiers and
 * prefixes their type allows, and read the query string, the SDK call and the parsed request.
 *
 * The type's definitions and parseSearchRequest live in the engine worker (engine.worker.ts):
 * indexing definitions and parsing a long shared query are long tasks on a phone, and a link
 * can hold any query. The page keeps only string work: splitting the query into rows and
 * writing it back. The sample's parameters and parse were computed at build time
 * (first-frame/search-builder.json), so the built page shows them and the worker starts only
 * for the reader's own type or query.
 */
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import frame from '@site/.generated/fhir-tools/first-frame/search-builder.json';
import { type JSX, useEffect, useId, useMemo, useState } from 'react';
import { CopyButton } from './CopyButton';
import { RESOURCE_TYPES } from './resource-types';
import { useDebounced } from './debounce';
import { limitMessage, useEngine } from './engine';
import type { EngineOutcome, SearchParameterSummary } from './engine-protocol';
import { sdkSearchCall } from './snippets';
import { LinkTooLong } from './LinkState';
import { SEARCH_QUERY, SEARCH_TYPE } from './samples';
import { ToolSection, useHydrated } from './ToolSection';
import { useUrlParam } from './url-state';
import { formatCount } from './format-count';

/**
 * Most parameter rows the builder draws. Real searches use a handful; a shared link can carry
 * thousands, and drawing a form row for each blocks the page for seconds. Rows past this stay
 * in the query unchanged and are counted in a note.
 */
export const MAX_ROWS = 100;

/** Until a type's definitions arrive (one value, so the rows are not recomputed every render). */
const NO_PARAMETERS = new Map<string, SearchParameterSummary>();

/** Modifiers the FHIR R4 search specification allows per parameter type (and @medplum/core parses). */
const MODIFIERS: Record<string, string[]> = {
  string: ['exact', 'contains', 'missing'],
  token: ['not', 'text', 'in', 'not-in', 'above', 'below', 'of-type', 'missing'],
  reference: ['identifier', 'missing'],
  uri: ['above', 'below', 'missing'],
  date: ['missing'],
  number: ['missing'],
  quantity: ['missing'],
  composite: ['missing'],
  special: ['missing'],
};

/** Comparison prefixes; only number, date and quantity values take them. */
const PREFIXES: Record<string, string> = {
  eq: 'equal (default)',
  ne: 'not equal',
  gt: 'greater than',
  lt: 'less than',
  ge: 'greater or equal',
  le: 'less or equal',
  sa: 'starts after',
  eb: 'ends before',
  ap: 'approximately',
};
const ORDERED = new Set(['number', 'date', 'quantity']);

/** Placeholder for the value box, by parameter type. */
const VALUE_HINTS: Record<string, string> = {
  string: 'smith',
  token: 'http://loinc.org|8867-4 or male',
  reference: 'Patient/123',
  date: '2024-01-01',
  number: '5',
  quantity: '5.4|http://unitsofmeasure.org|mg',
  uri: 'https://example.org/fhir',
};

/**
 * Result parameters FHIR defines for every search. They are not SearchParameter resources, so
 * no type's definitions list them; without this table the builder would call them unknown.
 * `suffix` is the label of the part after the name's colon (`_has:Observation:subject:code`).
 */
interface SpecialParameter {
  description: string;
  hint: string;
  guide: string;
  suffix?: { label: string; hint: string };
}
export const SPECIAL_PARAMETERS: Record<string, SpecialParameter> = {
  _count: { description: 'results per page', hint: '20', guide: '/docs/search/paginated-search' },
  _sort: {
    description: 'comma-separated parameter names to sort by; a leading - sorts descending',
    hint: '-_lastUpdated,name',
    guide: '/docs/search/advanced-search-parameters#sorting-with-_sort',
  },
  _include: {
    description: 'also return resources these reference, as Type:parameter',
    hint: 'Patient:organization',
    guide: '/docs/search/includes',
    suffix: { label: 'Modifier (iterate or empty)', hint: 'iterate' },
  },
  _revinclude: {
    description: 'also return resources that reference these, as Type:parameter',
    hint: 'Observation:subject',
    guide: '/docs/search/includes',
    suffix: { label: 'Modifier (iterate or empty)', hint: 'iterate' },
  },
  _filter: {
    description: 'a filter expression with and, or and comparison operators',
    hint: 'name co "smi" and birthdate ge 2000-01-01',
    guide: '/docs/search/filter-search-parameter',
  },
  _has: {
    description: 'reverse chaining: keep resources that another type points at, as _has:Type:reference:parameter',
    hint: '8867-4',
    guide: '/docs/search/chained-search',
    suffix: { label: 'Type:reference:parameter', hint: 'Observation:subject:code' },
  },
  _summary: {
    description: 'true, text, data, count or false',
    hint: 'count',
    guide: '/docs/search/advanced-search-parameters#smaller-responses-_summary-and-_elements',
  },
  _elements: {
    description: 'comma-separated top-level elements to return',
    hint: 'id,name,birthDate',
    guide: '/docs/search/advanced-search-parameters#smaller-responses-_summary-and-_elements',
  },
  _total: {
    description: 'none, estimate or accurate',
    hint: 'accurate',
    guide: '/docs/search/advanced-search-parameters#totals-with-_total',
  },
};

interface Row {
  code: string;
  modifier: string;
  prefix: string;
  value: string;
}

function parseQuery(query: string, params: Map<string, SearchParameterSummary>): Row[] {
  const rows: Row[] = [];
  for (const [key, raw] of new URLSearchParams(query)) {
    // Only the first colon ends the name: `_has:Observation:subject:code` keeps its whole chain.
    const colon = key.indexOf(':');
    const code = colon < 0 ? key : key.slice(0, colon);
    const modifier = colon < 0 ? '' : key.slice(colon + 1);
    let value = raw;
    let prefix = '';
    const type = params.get(code)?.type ?? '';
    if (ORDERED.has(type) && /^[a-z]{2}/.test(raw) && raw.slice(0, 2) in PREFIXES) {
      prefix = raw.slice(0, 2);
      value = raw.slice(2);
    }
    rows.push({ code, modifier, prefix, value });
  }
  return rows;
}

function formatQuery(rows: Row[]): string {
  return rows
    .filter((r) => r.code)
    .map((r) => {
      // Names are encoded too: a `&`, `=` or `#` in a shared link's name must not split the query.
      // Each colon-separated part is encoded on its own, so `_has:A:b:c` keeps its colons.
      const key = [r.code, ...(r.modifier ? r.modifier.split(':') : [])].map(encodeURIComponent).join(':');
      const value = r.modifier === 'missing' ? r.value || 'true' : `${r.prefix}${r.value}`;
      // Keep the FHIR delimiters (| , :) readable; encode everything else a URL needs encoded.
      return `${key}=${encodeURIComponent(value).replace(/%7C/gi, '|').replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%2F/gi, '/')}`;
    })
    .join('&');
}

type Known = { type: string; params?: Map<string, SearchParameterSummary>; error?: string };

/** What the type's parameters request answered, as the builder keeps it. */
function knownOf(resourceType: string, outcome: EngineOutcome): Known {
  if (outcome.kind === 'search-parameters') {
    return { type: resourceType, params: new Map(outcome.params.map((sp) => [sp.code, sp])) };
  }
  const message = outcome.kind === 'error' ? outcome.message : limitMessage(outcome, 'parsing');
  return { type: resourceType, error: message ?? 'The definitions could not be loaded.' };
}

/** The sample type's parameters, from the build. */
const SAMPLE_KNOWN = knownOf(SEARCH_TYPE, frame.params);

export default function SearchBuilderTool(): JSX.Element {
  return (
    <ToolSection tool="search-builder" label="Search builder">
      <SearchBuilder />
    </ToolSection>
  );
}

function SearchBuilder(): JSX.Element {
  const hydrated = useHydrated();
  // Definitions are static files of this site: fetched from its own origin, under its base URL.
  const baseUrl = useBaseUrl('/');
  const id = useId();
  const engine = useEngine();
  const [resourceType, setResourceType] = useUrlParam('type', SEARCH_TYPE);
  const [query, setQuery] = useUrlParam('query', SEARCH_QUERY);
  const [choice, setChoice] = useState('');
  // Parameter definitions of a type, or why they could not be loaded.
  const [known, setKnown] = useState<Known | undefined>(resourceType === SEARCH_TYPE ? SAMPLE_KNOWN : undefined);
  const params = known?.type === resourceType ? known.params : undefined;
  const typeError = known?.type === resourceType ? known.error : undefined;
  // The latest parse, and the query it was for.
  const [run, setRun] = useState<{ query: string; outcome: EngineOutcome } | undefined>(
    resourceType === SEARCH_TYPE && query === SEARCH_QUERY ? { query, outcome: frame.search } : undefined,
  );

  // A prefix is only split off for ordered types, and written back in front of the value, so the
  // query string does not depend on whether the definitions have arrived.
  const rows = useMemo(() => parseQuery(query, params ?? NO_PARAMETERS), [query, params]);
  const setRows = (next: Row[]): void => setQuery(formatQuery(next));
  const updateRow = (index: number, patch: Partial<Row>): void =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const queryString = useMemo(() => formatQuery(rows), [rows]);
  // Parsed once on load, then after a pause in typing.
  const settledQuery = useDebounced(queryString);

  // First the type's parameters, then (below) the parse: one run at a time in the worker.
  useEffect(() => {
    if (resourceType === SEARCH_TYPE) {
      setKnown(SAMPLE_KNOWN);
      return;
    }
    let live = true;
    engine.run({ kind: 'search-parameters', baseUrl, resourceType }).then((outcome) => {
      if (live && outcome.kind !== 'superseded') setKnown(knownOf(resourceType, outcome));
    });
    return () => {
      live = false;
    };
  }, [engine, baseUrl, resourceType]);

  useEffect(() => {
    if (!params) return;
    if (resourceType === SEARCH_TYPE && settledQuery === SEARCH_QUERY) {
      setRun({ query: settledQuery, outcome: frame.search });
      return;
    }
    let live = true;
    engine.run({ kind: 'search', baseUrl, resourceType, query: settledQuery }).then((outcome) => {
      if (live && outcome.kind !== 'superseded') setRun({ query: settledQuery, outcome });
    });
    return () => {
      live = false;
    };
  }, [engine, baseUrl, resourceType, params, settledQuery]);

  const outcome = run?.query === queryString && params ? run.outcome : undefined;
  const limit = outcome && limitMessage(outcome, 'parsing');
  const parsed =
    outcome?.kind === 'search'
      ? outcome.parseError
        ? { error: outcome.parseError }
        : { json: outcome.json ?? '' }
      : outcome?.kind === 'error'
        ? { error: outcome.message }
        : undefined;
  const state = outcome ? 'done' : 'running';

  const url = `GET /fhir/R4/${resourceType}${queryString ? `?${queryString}` : ''}`;
  const sdkCall = sdkSearchCall(resourceType, queryString);
  const parsedJson = parsed?.json ?? '';
  const unknownCodes = params
    ? rows.filter((r) => r.code && !params.has(r.code) && !(r.code in SPECIAL_PARAMETERS)).map((r) => r.code)
    : [];
  const shownRows = rows.slice(0, MAX_ROWS);

  return (
    // data-ready and data-state only once the tool runs in this browser (tests wait for them).
    <div
      className="fhir-tool"
      data-ready={hydrated && params ? 'true' : undefined}
      data-state={hydrated ? state : undefined}
    >
      <label htmlFor={`${id}-type`}>Resource type</label>
      <select
        id={`${id}-type`}
        value={resourceType}
        onChange={(e) => {
          setQuery('');
          setResourceType(e.target.value);
        }}
      >
        {!RESOURCE_TYPES.includes(resourceType) && <option value={resourceType}>{resourceType}</option>}
        {RESOURCE_TYPES.filter((t) => t !== 'Resource' && t !== 'DomainResource').map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      {typeError && (
        <p className="fhir-tool-error" role="alert">
          {typeError}
        </p>
      )}
      {params && (
        <>
          <div className="fhir-tool-row">
            <div>
              <label htmlFor={`${id}-add`}>Search parameter to add</label>
              <select id={`${id}-add`} value={choice} onChange={(e) => setChoice(e.target.value)}>
                <option value="">Choose one of {params.size} parameters…</option>
                <optgroup label={`Search parameters of ${resourceType}`}>
                  {[...params.values()].map((sp) => (
                    <option key={sp.code} value={sp.code}>
                      {sp.code} ({sp.type})
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Result parameters of every search">
                  {Object.entries(SPECIAL_PARAMETERS).map(([code, special]) => (
                    <option key={code} value={code}>
                      {code} ({special.description.split(/[;,(]/)[0]})
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <button
              type="button"
              className="button button--primary"
              disabled={!choice}
              onClick={() => {
                setRows([...rows, { code: choice, modifier: '', prefix: '', value: '' }]);
                setChoice('');
              }}
            >
              Add parameter
            </button>
          </div>
          {rows.length > MAX_ROWS && (
            <p className="fhir-tool-error" role="alert" data-testid="search-rows-capped">
              This search has {formatCount(rows.length)} parameters. The builder shows the first {formatCount(MAX_ROWS)}{' '}
              as rows; the rest stay in the query string below, unchanged.
            </p>
          )}
          {shownRows.map((row, index) => {
            const sp = params.get(row.code);
            const special = sp ? undefined : SPECIAL_PARAMETERS[row.code];
            const type = sp?.type ?? 'string';
            const rowId = `${id}-row${index}`;
            // The name as it goes on the wire, so a reader sees exactly what a link or request holds.
            const wireName = formatQuery([{ ...row, value: '' }]).replace(/=.*$/, '');
            return (
              <fieldset key={index} className="fhir-tool-row" data-testid="search-row">
                <legend className="fhir-tool-note">
                  <code data-testid="search-row-name">{wireName}</code> (
                  {sp ? (
                    `${type}: ${sp.description ?? ''}`
                  ) : special ? (
                    <>
                      result parameter: {special.description}; see <Link to={special.guide}>the guide</Link>
                    </>
                  ) : (
                    'not a search parameter of this type'
                  )}
                  )
                </legend>
                {special ? (
                  special.suffix && (
                    <div>
                      <label htmlFor={`${rowId}-modifier`}>{special.suffix.label}</label>
                      <input
                        id={`${rowId}-modifier`}
                        type="text"
                        value={row.modifier}
                        placeholder={special.suffix.hint}
                        onChange={(e) => updateRow(index, { modifier: e.target.value })}
                      />
                    </div>
                  )
                ) : (
                  <div>
                    <label htmlFor={`${rowId}-modifier`}>Modifier</label>
                    <select
                      id={`${rowId}-modifier`}
                      value={row.modifier}
                      onChange={(e) => updateRow(index, { modifier: e.target.value })}
                    >
                      <option value="">none</option>
                      {(MODIFIERS[type] ?? []).map((m) => (
                        <option key={m} value={m}>
                          :{m}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                {!special && ORDERED.has(type) && row.modifier !== 'missing' && (
                  <div>
                    <label htmlFor={`${rowId}-prefix`}>Prefix</label>
                    <select
                      id={`${rowId}-prefix`}
                      value={row.prefix}
                      onChange={(e) => updateRow(index, { prefix: e.target.value })}
                    >
                      <option value="">none (eq)</option>
                      {Object.entries(PREFIXES).map(([p, label]) => (
                        <option key={p} value={p}>
                          {p}: {label}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <div>
                  <label htmlFor={`${rowId}-value`}>Value of {row.code}</label>
                  <input
                    id={`${rowId}-value`}
                    type="text"
                    value={row.value}
                    placeholder={special?.hint ?? (row.modifier === 'missing' ? 'true or false' : VALUE_HINTS[type])}
                    onChange={(e) => updateRow(index, { value: e.target.value })}
                  />
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Remove ${row.code}`}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </fieldset>
            );
          })}
          {unknownCodes.length > 0 && (
            <p className="fhir-tool-error" role="alert">
              {resourceType} has no search parameter named{' '}
              {unknownCodes
                .slice(0, 20)
                .map((c) => `"${encodeURIComponent(c)}"`)
                .join(', ')}
              {unknownCodes.length > 20 && ` and ${formatCount(unknownCodes.length - 20)} more`}. A server rejects
              unknown parameters or ignores them, depending on its settings.
            </p>
          )}
          <div className="fhir-tool-output" aria-live="polite">
            <LinkTooLong text={url} what="query string" />
            <h3>Query string</h3>
            <pre data-testid="search-url">{url}</pre>
            <CopyButton text={url} label="Copy the query string" />
            <h3>SDK call</h3>
            <pre data-testid="search-sdk">{sdkCall}</pre>
            <CopyButton text={sdkCall} label="Copy the SDK call" />
            <h3>Parsed by parseSearchRequest</h3>
            {limit && (
              <p className="fhir-tool-error" role="alert" data-testid="engine-limit">
                {limit}
              </p>
            )}
            {parsed?.error && (
              <p className="fhir-tool-error" role="alert" data-testid="search-error">
                This query cannot be parsed: {parsed.error}
              </p>
            )}
            {parsedJson && (
              <>
                <pre data-testid="search-parsed">{parsedJson}</pre>
                <CopyButton text={parsedJson} label="Copy the parsed search request" />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
