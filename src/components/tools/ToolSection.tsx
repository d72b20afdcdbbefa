/**
 * The frame of a FHIR tool on a docs/tools page: the labelled section, the tools' styles, and the
 * switch from the built sample to the state a link carries.
 *
 * The tool itself is rendered into the built HTML with its sample and the sample's result
 * (computed at build time, plugins/generate/fhir-tools/first-frames.ts), so the page needs no script to
 * show a working example, and its app starts on the reader's first action like any other page
 * (plugins/bundle/boot-on-intent). The server never sees the address's fragment, so hydration renders
 * the sample too; when the address holds tool state, the tool is then mounted again, reading
 * that state. Addresses with state start the app at load.
 */
import { Fragment, type JSX, type ReactNode, startTransition, useEffect, useState } from 'react';
import { TOOL_CSS } from './tool.css';
import { hasLinkState, ReadLinkState } from './url-state';

/** One object: React 19 writes `innerHTML` again whenever this prop is a new object. */
const TOOL_STYLE = { __html: TOOL_CSS };

export function ToolSection({
  tool,
  label,
  children,
}: {
  tool: string;
  label: string;
  children: ReactNode;
}): JSX.Element {
  const [fromLink, setFromLink] = useState(false);
  useEffect(() => {
    // After hydration and as a transition, in tasks of its own: decoding and drawing a large
    // linked resource is the tool's work, and must not lengthen the page's start-up task.
    if (hasLinkState()) startTransition(() => setFromLink(true));
  }, []);
  return (
    <section className="fhir-tool-section" aria-label={label} data-tool={tool}>
      {/* In the page, not in the site's stylesheet: only three pages use it. A constant, never input. */}
      <style dangerouslySetInnerHTML={TOOL_STYLE} />
      <ReadLinkState.Provider value={fromLink}>
        <Fragment key={fromLink ? 'link' : 'sample'}>{children}</Fragment>
      </ReadLinkState.Provider>
    </section>
  );
}

/**
 * True once this tool instance has mounted in the browser: marks the tool live for tests and
 * readers' tools alike. Not Docusaurus's useIsBrowser, which is true for the whole app at once: a
 * tool that remounts when its link state is read (ToolSection) must not report its sample's
 * result as its own before it has checked what the link holds.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
