/**
 * `<FhirTool tool="fhirpath" />`: an in-browser FHIR tool on a docs/tools page.
 *
 * This island is all that the page's own bundle carries. The tool itself, @medplum/core and the
 * definitions load through `React.lazy` inside `BrowserOnly`, so they are fetched only after the
 * page has hydrated, and only on the pages that render a tool. `data-boot="visible"` starts the
 * page's app when the tool scrolls into view (plugins/boot-on-intent), not on the reader's first action.
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import { type JSX, lazy, Suspense } from 'react';
import styles from './tools.module.css';

const TOOLS = {
  fhirpath: lazy(() => import(/* webpackChunkName: "fhir-tool-fhirpath" */ './FhirPathTool')),
  validator: lazy(() => import(/* webpackChunkName: "fhir-tool-validator" */ './ValidatorTool')),
  'search-builder': lazy(() => import(/* webpackChunkName: "fhir-tool-search-builder" */ './SearchBuilderTool')),
};

export type ToolName = keyof typeof TOOLS;

function Placeholder(): JSX.Element {
  return <p className={styles.placeholder}>Loading the tool…</p>;
}

export default function FhirTool({ tool, label }: { tool: ToolName; label: string }): JSX.Element {
  const Tool = TOOLS[tool];
  return (
    <section className={styles.tool} aria-label={label} data-tool={tool} data-boot="visible">
      <BrowserOnly fallback={<Placeholder />}>
        {() => (
          <Suspense fallback={<Placeholder />}>
            <Tool />
          </Suspense>
        )}
      </BrowserOnly>
    </section>
  );
}
