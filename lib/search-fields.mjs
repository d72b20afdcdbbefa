/**
 * What the search index leaves out of page text, shared by scripts/build-search-index.mjs and the
 * tests' excerpt checks (tests/search/excerpts.ts).
 */

/**
 * Parts of a page a reader does not read as its text: the collapsed "Checked against the source"
 * line with its list of source files (plugins/markdown/remark-verified-line), navigation, the table of
 * contents, the edit and pagination links, the copy-page buttons. Pagefind leaves them out of the
 * index, so neither results nor excerpts come from them. The generated HTTP, curl and Python
 * example panels carry `data-pagefind-ignore` themselves (plugins/markdown/remark-example-code/http-tabs.ts).
 */
export const NOT_INDEXED = [
  'nav',
  '.theme-doc-toc-mobile',
  '.theme-doc-toc-desktop',
  '.table-of-contents',
  '.theme-doc-footer',
  '.pagination-nav',
  '.theme-doc-breadcrumbs',
  '.hash-link',
  '.verified-line',
];

/**
 * Words readers use for the same thing. A guide that uses one of them is also indexed under the
 * others (hand-written pages only), so "log in with the CLI" finds a page that says "sign in".
 * Groups are of everyday equivalents, not of one page's vocabulary.
 */
export const SYNONYMS = [
  ['sign in', 'signs in', 'log in', 'login', 'signin'],
  ['sign out', 'log out', 'logout', 'signout'],
  ['expire', 'expires', 'expired', 'expiry', 'expiration', 'lifetime'],
  ['delete', 'remove', 'erase', 'purge'],
  ['fails', 'failed', 'failure', 'stopped working', 'not working', 'broken'],
  ['permission', 'permissions', 'access rights', 'authorization'],
  ['translate', 'map', 'mapping', 'convert'],
  ['assign', 'assigned', 'owner', 'performer'],
  ['member', 'membership', 'account', 'user'],
  ['webhook', 'rest-hook', 'callback'],
  ['download link', 'presigned url', 'signed url', 'file link'],
  ['cli', 'command line', 'command-line', 'terminal'],
  ['environment variable', 'environment variables', 'env var', 'env vars'],
  ['sign up', 'signs up', 'signup', 'register', 'registration'],
  ['resend', 'retrigger', 'redeliver', 'replay'],
  ['trigger', 'triggers', 'triggered', 'triggering', 'fire', 'fires'],
];
