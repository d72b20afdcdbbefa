/** Selectors of page parts the search index leaves out (scripts/search-fields.mjs). */
export const NOT_INDEXED: string[];
/** Groups of words readers use for the same thing (scripts/search-fields.mjs). */
export const SYNONYMS: string[][];
