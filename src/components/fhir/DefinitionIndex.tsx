import React, { useId, useMemo, useState } from 'react';
import Link from '@docusaurus/Link';
import './fhir-reference.css';

export interface DefinitionIndexItem {
  name: string;
  href: string;
  category: string;
  maturity: string;
  description: string;
}

const ALL = '';

function distinct(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

/**
 * The filterable table on each FHIR reference index page: free text over name and description,
 * plus category and maturity selects. The full list renders on the server, so it works without
 * JavaScript; filtering starts once the page hydrates.
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
  const shown = items.filter(
    (i) =>
      (category === ALL || i.category === category) &&
      (maturity === ALL || i.maturity === maturity) &&
      (needle === '' || i.name.toLowerCase().includes(needle) || i.description.toLowerCase().includes(needle)),
  );
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
          {shown.length} of {items.length}
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
          <tbody>
            {shown.map((i) => (
              <tr key={i.name}>
                <td>
                  <Link to={i.href}>{i.name}</Link>
                </td>
                <td>{i.category}</td>
                <td>{i.maturity}</td>
                <td>{i.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
