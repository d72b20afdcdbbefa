/** Written by plugins/docs-slim when the docs load (gitignored, like all of .generated/). */
declare module '@site/.generated/docs/area-cards.json' {
  const cards: import('../../plugins/docs-slim').AreaCard[];
  export default cards;
}
