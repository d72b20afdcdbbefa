/**
 * Where the Markdown twin of a route lives, following the llms-txt plugin's naming
 * (`/` -> `/index.md`, `/docs/x` -> `/docs/x.md`). Shared by the build and the page buttons.
 */
export function markdownPath(permalink: string): string {
  return permalink === '/' ? '/index.md' : `${permalink.replace(/\/$/, '')}.md`;
}
