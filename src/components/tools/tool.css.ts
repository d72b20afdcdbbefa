/**
 * Styles of the tools, written into the tool pages by ToolSection. An imported CSS file would be
 * merged into the stylesheet that every page of the site downloads.
 */
export const TOOL_CSS = `
.fhir-tool-section { margin: 1rem 0 1.5rem; padding: 1rem; border: 1px solid var(--ifm-color-emphasis-300);
  border-radius: var(--ifm-global-radius); min-height: 6rem; }
.fhir-tool label { display: block; font-weight: var(--ifm-font-weight-semibold); margin: 0.75rem 0 0.25rem; }
.fhir-tool textarea, .fhir-tool input[type=text], .fhir-tool select {
  width: 100%; font-family: var(--ifm-font-family-monospace); font-size: 0.85rem; padding: 0.4rem;
  border: 1px solid var(--ifm-color-emphasis-500); border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-color); color: var(--ifm-font-color-base);
}
.fhir-tool select { font-family: inherit; width: auto; max-width: 100%; }
.fhir-tool textarea { min-height: 14rem; resize: vertical; }
.fhir-tool-error { color: var(--ifm-color-danger-contrast-foreground); background: var(--ifm-color-danger-contrast-background);
  border-left: 4px solid var(--ifm-color-danger-dark); padding: 0.4rem 0.6rem; margin: 0.4rem 0; }
.fhir-tool-ok { color: var(--ifm-color-success-contrast-foreground); background: var(--ifm-color-success-contrast-background);
  border-left: 4px solid var(--ifm-color-success-dark); padding: 0.4rem 0.6rem; margin: 0.4rem 0; }
.fhir-tool-note { color: var(--ifm-color-emphasis-800); font-size: 0.85rem; margin: 0.4rem 0; }
.fhir-tool pre { margin: 0.25rem 0 0.75rem; white-space: pre-wrap; word-break: break-word; }
.fhir-tool-chips { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.4rem 0; padding: 0; list-style: none; }
.fhir-tool-chips button { font-family: var(--ifm-font-family-monospace); font-size: 0.8rem; }
.fhir-tool-issues { padding-left: 0; list-style: none; }
.fhir-tool-issues button { text-align: left; width: 100%; margin: 0.2rem 0; font-weight: normal; white-space: normal; }
.fhir-tool-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0.4rem 0; }
.fhir-tool-row > div { flex: 1 1 9rem; }
.fhir-tool-row label { margin-top: 0; }
.fhir-tool-output h3 { margin: 1rem 0 0.25rem; font-size: 1rem; }
`;
