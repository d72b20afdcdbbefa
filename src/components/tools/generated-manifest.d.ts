/**
 * The manifest plugins/generate/fhir-tools/generate.ts writes at build time. Declared here so the type
 * check passes on a clean checkout, before any build has generated the file.
 */
declare module '@site/.generated/fhir-tools/manifest.json' {
  const manifest: { version: string; types: string[] };
  export default manifest;
}

/** Each tool's answer for its sample (plugins/generate/fhir-tools/first-frames.ts). */
declare module '@site/.generated/fhir-tools/first-frame/fhirpath.json' {
  const frame: import('@site/src/components/tools/engine-protocol').EngineOutcome;
  export default frame;
}
declare module '@site/.generated/fhir-tools/first-frame/validator.json' {
  const frame: import('@site/src/components/tools/engine-protocol').EngineOutcome;
  export default frame;
}
declare module '@site/.generated/fhir-tools/first-frame/search-builder.json' {
  const frame: Record<'params' | 'search', import('@site/src/components/tools/engine-protocol').EngineOutcome>;
  export default frame;
}
