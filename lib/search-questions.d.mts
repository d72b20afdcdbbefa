/** The built file of a hand-written page, relative to the build folder (lib/search-questions.mjs). */
export function builtFileOf(relSource: string): string;
/** The `questions:` of a page's front matter, or undefined when it has none. */
export function questionsOf(text: string): string[] | undefined;
/** A question or a query reduced to its words: lower case, letters and digits only, single spaces (lib/search-questions.mjs). */
export function questionWords(text: string): string;
/** Built file -> the page's source file and its reader questions (lib/search-questions.mjs). */
export function readQuestions(siteDir: string, docsDir?: string): Map<string, { source: string; questions: string[] }>;
