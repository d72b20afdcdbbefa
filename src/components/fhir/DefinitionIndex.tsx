import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBaseUrlUtils } from '@docusaurus/useBaseUrl';
import { useDelegatedLinks } from '@theme/StaticBody';
import { rowsHtml, type DefinitionIndexItem } from './definition-rows';
import { useInnerHtml } from '../useInnerHtml';
import './fhir-reference.css';

export type { DefinitionIndexItem };

const ALL = '';

/** Sorted by code unit, not `localeCompare`: its first call on a page sets up collation data
 * (tens of milliseconds on a phone), and these labels are plain English. */
function distinct(values: string[]): string[] {
  return [...new Set(values)].sort();
}

/**
 * The filterable table on each FHIR reference index page: free text over name and description,
 * plus category and maturity selects. The full list renders on the server, so it works without
 * JavaScript; filtering starts once the page hydrates, and hides rows rather than re-rendering
 * them. Links in the rows navigate client-side through one delegated handler.
 */
export default function DefinitionIndex({
  items,
  label,
}: {
  items: DefinitionIndexItem[];
  label: string;
}): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const [maturity, setMaturity] = useState(ALL);
  const id = useId();
  const categories = useMemo(() => distinct(items.map((i) => i.category)), [items]);
  const maturities = useMemo(() => distinct(items.map((i) => i.maturity)), [items]);
  const needle = query.trim().toLowerCase();
  const matches = items.map(
    (i) =>
      (category === ALL || i.category === category) &&
      (maturity === ALL || i.maturity === maturity) &&
      (needle === '' || i.name.toLowerCase().includes(needle) || i.description.toLowerCase().includes(needle)),
  );
  const shown = matches.filter(Boolean).length;
  const { withBaseUrl } = useBaseUrlUtils();
  // The same string on the server and in the browser; React leaves the server's rows in place,
  // and, given the same object on every render, never writes them again (which would show the
  // rows this filter hid: the effect below runs only when the matches change).
  const rowsInner = useInnerHtml(useMemo(() => rowsHtml(items, withBaseUrl), [items, withBaseUrl]));
  const tbody = useRef<HTMLTableSectionElement>(null);
  const followLink = useDelegatedLinks();
  const filterKey = matches.map((m) => (m ? 1 : 0)).join('');
  useEffect(() => {
    const rows = tbody.current?.rows;
    if (!rows) return;
    for (let index = 0; index < rows.length; index++) rows[index].hidden = filterKey[index] !== '1';
  }, [filterKey]);
  return (
    <div className="fhir-index">
      <div className="fhir-index-controls" role="search" aria-label={`Filter ${label}`}>
        <label htmlFor={`${id}-q`}>
          Name or text
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            placeholder="e.g. Patient, medication"
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <label htmlFor={`${id}-c`}>
          Category
          <select id={`${id}-c`} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value={ALL}>All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-m`}>
          Maturity
          <select id={`${id}-m`} value={maturity} onChange={(e) => setMaturity(e.target.value)}>
            <option value={ALL}>Any maturity</option>
            {maturities.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <span className="fhir-index-count" aria-live="polite">
          {shown} of {items.length}
        </span>
      </div>
      <div className="fhir-table-scroll" role="region" tabIndex={0} aria-label={label}>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col">Maturity</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          {/* Clicks are delegated to the links inside, which stay focusable. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <tbody ref={tbody} onClick={followLink} dangerouslySetInnerHTML={rowsInner} />
        </table>
      </div>
    </div>
  );
}
