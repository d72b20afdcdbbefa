/** The rows of a FHIR reference index table (src/components/fhir/DefinitionIndex.tsx). */
import { escapeUTF8 as escapeHtml } from 'entities/lib/escape.js';

export interface DefinitionIndexItem {
  name: string;
  href: string;
  category: string;
  maturity: string;
  description: string;
}

/**
 * The table's rows as HTML. Rows are plain HTML rather than React elements: the FHIR resources
 * index has 147 rows (about 900 elements), which hydration walked on every visit although only
 * filtering changes them, and only by hiding rows. Text is escaped; hrefs are the site's own.
 */
export function rowsHtml(items: DefinitionIndexItem[], withBase: (href: string) => string): string {
  return items
    .map(
      (i) =>
        `<tr><td><a href="${escapeHtml(withBase(i.href))}">${escapeHtml(i.name)}</a></td>` +
        `<td>${escapeHtml(i.category)}</td><td>${escapeHtml(i.maturity)}</td><td>${escapeHtml(i.description)}</td></tr>`,
    )
    .join('');
}
