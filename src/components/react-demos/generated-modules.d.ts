/**
 * The demo schema is written by plugins/generate/react-reference at build time (see demo-schema.ts) and
 * is not committed. This declaration lets the type-check pass before the first build.
 */
declare module '@site/.generated/react-reference/demo-schema.json' {
  const schema: {
    structureDefinitions: import('@medplum/fhirtypes').StructureDefinition[];
    searchParameters: import('@medplum/fhirtypes').SearchParameter[];
  };
  export default schema;
}

declare module '@site/.generated/react-reference/demo-styles.json' {
  const styles: { css: string };
  export default styles;
}
