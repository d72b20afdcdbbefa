// #region pick-pages
/**
 * Reads an llms.txt index and returns the Markdown links of one section, e.g. "Bots", so a
 * script can hand an assistant just the pages it needs instead of the whole site.
 */
export function pagesInSection(llmsTxt: string, section: string): { title: string; href: string }[] {
  const lines = llmsTxt.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${section}`);
  if (start === -1) return [];
  const pages: { title: string; href: string }[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    const match = /^- \[([^\]]+)\]\(([^)]+)\)/.exec(line);
    if (match) pages.push({ title: match[1], href: match[2] });
  }
  return pages;
}
// #endregion pick-pages
