/**
 * HTML helpers for the generated tables. Every piece of definition text goes through `escapeHtml`
 * or `renderText`; nothing from the definitions is inserted raw.
 */
import { decodeHTMLStrict as decodeEntities } from 'entities';
import { escapeUTF8 } from 'entities/lib/escape.js';

/** Text for HTML content or a quoted attribute: `& < > " '` become references (`entities`, as Docusaurus uses). */
export const escapeHtml: (text: string) => string = escapeUTF8;

/**
 * Definition text is markdown, where a character reference stands for its character: the R4
 * definitions write `&quot;Commitment Type Indication&quot;` and `Request &amp; Response`.
 * Decoded before escaping, so the page shows `"` and `&`, not `&quot;` and `&amp;`: by the
 * `entities` package (also used by Docusaurus's HTML minifier), strictly, so a reference must end
 * with `;` as in CommonMark.
 */
export { decodeEntities };

/** An `<a>` with escaped text and href. */
export function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/**
 * Definition text is FHIR markdown. The links in it are relative to the HL7 site, so they become
 * their text; inline code stays code; blank lines become paragraphs; everything else is escaped.
 */
export function renderText(markdown: string | undefined): string {
  if (!markdown) return '';
  const paragraphs = markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return paragraphs.map((p) => `<p>${renderInline(p)}</p>`).join('');
}

/** One line of text: escaped, markdown links reduced to their text, `code` kept. */
export function renderInline(markdown: string): string {
  const withoutLinks = markdown.replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1');
  return withoutLinks
    .split(/(`[^`]+`)/)
    .map((part) =>
      /^`[^`]+`$/.test(part) ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : escapeHtml(decodeEntities(part)),
    )
    .join('')
    .replace(/\n/g, ' ');
}

/** Plain one-line text for front matter and index tables: markdown links reduced, whitespace folded. */
export function plainText(markdown: string | undefined, maxLength = 200): string {
  if (!markdown) return '';
  const text = decodeEntities(markdown)
    .replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const sentenceEnd = cut.lastIndexOf('. ');
  return sentenceEnd > maxLength / 2 ? cut.slice(0, sentenceEnd + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}

/**
 * A table in its own scroll container, so wide tables never widen the page. The container is a
 * labelled, focusable region so keyboard users can scroll it too.
 */
export function table(className: string, label: string, headers: string[], rows: string[]): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  return `${scrollOpen(label)}<table class="${className}"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

export function scrollOpen(label: string): string {
  return `<div class="fhir-table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(label)}">`;
}
