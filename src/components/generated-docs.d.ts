/** Written by plugins/bundle/docs-slim when the docs load (gitignored, like all of .generated/). */
declare module '@site/.generated/docs/area-cards.json' {
  const cards: import('../../plugins/bundle/docs-slim').AreaCard[];
  export default cards;
}
