/**
 * The manifest plugins/fhir-tools/generate.ts writes at build time. Declared here so the type
 * check passes on a clean checkout, before any build has generated the file.
 */
declare module '@site/.generated/fhir-tools/manifest.json' {
  const manifest: { version: string; types: string[] };
  export default manifest;
}
