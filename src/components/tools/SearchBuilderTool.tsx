/**
 * Search builder: pick a resource type, add its real search parameters with the modifiers and
 * prefixes their type allows, and read the query string, the SDK call and the parsed request.
 */
import { parseSearchRequest } from '@medplum/core';
import type { SearchParameter } from '@medplum/fhirtypes';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { type JSX, useEffect, useId, useMemo, useState } from 'react';
import { CopyButton } from './CopyButton';
import { loadType, RESOURCE_TYPES } from './definitions';
import { errorText } from './parse-input';
import { sdkSearchCall } from './snippets';
import { mountToolStyles } from './tool.css';
import { LinkTooLong } from './LinkState';
import { useUrlParam } from './url-state';

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

interface Row {
  code: string;
  modifier: string;
  prefix: string;
  value: string;
}

function parseQuery(query: string, params: Map<string, SearchParameter>): Row[] {
  const rows: Row[] = [];
  for (const [key, raw] of new URLSearchParams(query)) {
    const [code, modifier = ''] = key.split(':');
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
      const key = r.modifier
        ? `${encodeURIComponent(r.code)}:${encodeURIComponent(r.modifier)}`
        : encodeURIComponent(r.code);
      const value = r.modifier === 'missing' ? r.value || 'true' : `${r.prefix}${r.value}`;
      // Keep the FHIR delimiters (| , :) readable; encode everything else a URL needs encoded.
      return `${key}=${encodeURIComponent(value).replace(/%7C/gi, '|').replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%2F/gi, '/')}`;
    })
    .join('&');
}

export default function SearchBuilderTool(): JSX.Element {
  useEffect(mountToolStyles, []);
  // Definitions are static files of this site: fetched from its own origin, under its base URL.
  const baseUrl = useBaseUrl('/');
  const id = useId();
  const [resourceType, setResourceType] = useUrlParam('type', 'Patient');
  const [query, setQuery] = useUrlParam('query', '');
  const [params, setParams] = useState<Map<string, SearchParameter>>();
  const [typeError, setTypeError] = useState<string>();
  const [choice, setChoice] = useState('');

  useEffect(() => {
    let live = true;
    setParams(undefined);
    setTypeError(undefined);
    loadType(baseUrl, resourceType)
      .then((slice) => {
        if (!live) return;
        const map = new Map(slice.searchParameters.map((sp) => [sp.code as string, sp]));
        setParams(new Map([...map].sort(([a], [b]) => a.localeCompare(b))));
      })
      .catch((err: unknown) => live && setTypeError(errorText(err)));
    return () => {
      live = false;
    };
  }, [baseUrl, resourceType]);

  const rows = useMemo(() => (params ? parseQuery(query, params) : []), [query, params]);
  const setRows = (next: Row[]): void => setQuery(formatQuery(next));
  const updateRow = (index: number, patch: Partial<Row>): void =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const queryString = formatQuery(rows);
  const parsed = useMemo(() => {
    if (!params) return undefined;
    try {
      return { request: parseSearchRequest(`${resourceType}${queryString ? `?${queryString}` : ''}`) };
    } catch (err) {
      return { error: errorText(err) };
    }
  }, [params, resourceType, queryString]);

  const url = `GET /fhir/R4/${resourceType}${queryString ? `?${queryString}` : ''}`;
  const sdkCall = sdkSearchCall(resourceType, queryString);
  const parsedJson = parsed?.request ? JSON.stringify(parsed.request, null, 2) : '';
  const unknownCodes = params ? rows.filter((r) => r.code && !params.has(r.code)).map((r) => r.code) : [];

  return (
    <div className="fhir-tool" data-ready={params ? 'true' : undefined}>
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
                {[...params.values()].map((sp) => (
                  <option key={sp.code} value={sp.code}>
                    {sp.code} ({sp.type})
                  </option>
                ))}
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
          {rows.map((row, index) => {
            const sp = params.get(row.code);
            const type = sp?.type ?? 'string';
            const rowId = `${id}-row${index}`;
            return (
              <fieldset key={index} className="fhir-tool-row" data-testid="search-row">
                <legend className="fhir-tool-note">
                  <code>{row.code}</code> (
                  {sp ? `${type}: ${sp.description ?? ''}` : 'not a search parameter of this type'})
                </legend>
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
                {ORDERED.has(type) && row.modifier !== 'missing' && (
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
                    placeholder={row.modifier === 'missing' ? 'true or false' : VALUE_HINTS[type]}
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
              {resourceType} has no search parameter named {unknownCodes.map((c) => `"${c}"`).join(', ')}. A server
              rejects unknown parameters or ignores them, depending on its settings.
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
