/** Selectors of page parts the search index leaves out (lib/search-fields.mjs). */
export const NOT_INDEXED: string[];
/** Groups of words readers use for the same thing (lib/search-fields.mjs). */
export const SYNONYMS: string[][];
