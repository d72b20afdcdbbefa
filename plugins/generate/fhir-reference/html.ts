/**
 * HTML helpers for the generated tables. The tables are hast trees made with `hastscript`, and
 * definition text enters them only as text nodes (through `renderText` and `renderInline`), so
 * nothing from the definitions can become markup. `toHtml` (hast-util-to-html) serializes each
 * section once, escaping as HTML requires.
 */
import type { Element, ElementContent, Text } from 'hast';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import { decodeHTMLStrict as decodeEntities } from 'entities';

/**
 * Definition text is markdown, where a character reference stands for its character: the R4
 * definitions write `&quot;Commitment Type Indication&quot;` and `Request &amp; Response`.
 * Decoded into the text nodes, so the page shows `"` and `&`, not `&quot;` and `&amp;`: by the
 * `entities` package (also used by Docusaurus's HTML minifier), strictly, so a reference must end
 * with `;` as in CommonMark.
 */
export { decodeEntities };

/** The HTML string of one section, as stored in a page's JSON data. */
export function sectionHtml(content: ElementContent | ElementContent[]): string {
  return toHtml(Array.isArray(content) ? content : [content]);
}

/** A text node. */
export function text(value: string): Text {
  return { type: 'text', value };
}

/** The items with a text separator between each two (`, `, ` | `). */
export function joinWith(items: (ElementContent | ElementContent[])[], separator: string): ElementContent[] {
  const out: ElementContent[] = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(text(separator));
    out.push(...(Array.isArray(item) ? item : [item]));
  });
  return out;
}

/** An `<a>`. */
export function link(href: string, label: string): Element {
  return h('a', { href }, label);
}

/** A `<code>` holding the text. */
export function code(value: string): Element {
  return h('code', value);
}

/**
 * Definition text is FHIR markdown. The links in it are relative to the HL7 site, so they become
 * their text; inline code stays code; blank lines become paragraphs; everything else is text.
 */
export function renderText(markdown: string | undefined): Element[] {
  if (!markdown) return [];
  const paragraphs = markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return paragraphs.map((p) => h('p', renderInline(p)));
}

function oneLine(value: string): string {
  return value.replace(/\n/g, ' ');
}

/** One line of text: markdown links reduced to their text, `code` kept, character references decoded. */
export function renderInline(markdown: string): ElementContent[] {
  const withoutLinks = markdown.replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1');
  return withoutLinks
    .split(/(`[^`]+`)/)
    .filter((part) => part.length > 0)
    .map((part) => (/^`[^`]+`$/.test(part) ? code(oneLine(part.slice(1, -1))) : text(oneLine(decodeEntities(part)))));
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
export function table(className: string, label: string, headers: string[], rows: Element[]): Element {
  return scrollRegion(
    label,
    h('table', { className }, [
      h(
        'thead',
        h(
          'tr',
          headers.map((header) => h('th', { scope: 'col' }, header)),
        ),
      ),
      h('tbody', rows),
    ]),
  );
}

/** The scroll container of a table: a labelled, focusable region. */
export function scrollRegion(label: string, content: Element): Element {
  return h('div', { className: 'fhir-table-scroll', role: 'region', tabIndex: 0, ariaLabel: label }, content);
}
