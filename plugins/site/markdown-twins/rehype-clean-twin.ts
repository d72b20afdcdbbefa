/**
 * Runs on each built page's HTML before the llms-txt plugin turns it into Markdown: drops what
 * only makes sense on screen (copy buttons, heading anchors, interactive demos) and rewrites the
 * theme's markup into plain HTML the converter maps to clean Markdown (code fences with their
 * language, admonitions as quotes).
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';

type Parent = Root | Element;

export function rehypeCleanTwin() {
  return (tree: Root): void => {
    clean(tree);
  };
}

/**
 * Turns `http://host/docs/x.md` links into `/docs/x.md` for links to this site. The llms-txt
 * plugin runs its "after" plugins once the page is already a Markdown tree, so this rewrites
 * Markdown `link` nodes (and, to be safe, any HTML `a` element still present).
 *
 * Under a base URL the plugin writes `<origin><base>` in front of a link that already starts
 * with the base (`http://host/medplum-docs/medplum-docs/docs/x.md`): cutting `<origin><base>`
 * (without its last slash) leaves the link as the page had it, plus `.md`.
 */
export function rehypeSiteRelativeLinks(siteUrl: string, baseUrl = '/') {
  const prefix = new URL(siteUrl).origin + baseUrl.replace(/\/$/, '');
  const local = (href: string) => (href.startsWith(`${prefix}/`) ? href.slice(prefix.length) : href);
  type AnyNode = {
    type: string;
    url?: unknown;
    tagName?: string;
    properties?: Record<string, unknown>;
    children?: AnyNode[];
  };
  const visit = (node: AnyNode): void => {
    if (node.type === 'link' && typeof node.url === 'string') node.url = local(node.url);
    const href = node.properties?.href;
    if (node.tagName === 'a' && typeof href === 'string') node.properties!.href = local(href);
    node.children?.forEach(visit);
  };
  return () =>
    (tree: unknown): void =>
      visit(tree as AnyNode);
}

function clean(parent: Parent): void {
  const out: (RootContent | ElementContent)[] = [];
  for (const child of parent.children) {
    // React's `<!-- -->` text separators carry nothing.
    if (child.type === 'comment') continue;
    if (child.type !== 'element') {
      out.push(child);
      continue;
    }
    if (isScreenOnly(child)) continue;
    if (child.tagName === 'pre') {
      out.push(codeFence(child));
      continue;
    }
    // A diagram drawn at build time (plugins/markdown/mermaid-static) goes back to its Mermaid source.
    if (hasClass(child, 'mermaid-static') && typeof child.properties?.dataMermaid === 'string') {
      out.push(mermaidFence(child.properties.dataMermaid));
      continue;
    }
    if (hasClass(child, 'theme-admonition')) {
      out.push(admonitionQuote(child));
      continue;
    }
    clean(child);
    out.push(child);
  }
  parent.children = out as typeof parent.children;
}

function classes(el: Element): string[] {
  const value: unknown = el.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
}

function hasClass(el: Element, name: string): boolean {
  return classes(el).includes(name);
}

/**
 * Elements a reader of Markdown cannot use. Of an example's tab group (plugins/markdown/remark-example-code/
 * http-tabs.ts) the twin keeps the TypeScript and HTTP panels, in that order: the tab list and the
 * curl and Python panels (the same requests again) are left out.
 */
function isScreenOnly(el: Element): boolean {
  if (el.tagName === 'button' || el.tagName === 'script' || el.tagName === 'style') return true;
  if (hasClass(el, 'hash-link')) return true;
  if (el.properties?.role === 'tablist') return true;
  if (hasClass(el, 'example-tab-curl') || hasClass(el, 'example-tab-python')) return true;
  return el.properties?.dataTwinSkip !== undefined;
}

/** The theme's highlighted block (one span per line) as `<pre><code class="language-x">`. */
function codeFence(pre: Element): Element {
  const language = findLanguage(pre);
  const lines = collectLines(pre);
  const text = lines.length > 0 ? lines.join('\n') : textOf(pre).replace(/\n$/, '');
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: language ? { className: [`language-${language}`] } : {},
    children: [{ type: 'text', value: text } as Text],
  };
  return { type: 'element', tagName: 'pre', properties: {}, children: [code] };
}

function mermaidFence(source: string): Element {
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: { className: ['language-mermaid'] },
    children: [{ type: 'text', value: source } as Text],
  };
  return { type: 'element', tagName: 'pre', properties: {}, children: [code] };
}

function findLanguage(el: Element): string | undefined {
  for (const name of classes(el)) {
    const match = /^language-(.+)$/.exec(name);
    if (match) return match[1];
  }
  for (const child of el.children) {
    if (child.type === 'element') {
      const found = findLanguage(child);
      if (found) return found;
    }
  }
  return el.properties?.dataLanguage ? String(el.properties.dataLanguage) : undefined;
}

/** Text of each `.token-line` (Prism) or `.line` (Shiki) span, in order. */
function collectLines(el: Element): string[] {
  const lines: string[] = [];
  for (const child of el.children) {
    if (child.type !== 'element') continue;
    if (hasClass(child, 'token-line') || hasClass(child, 'line')) lines.push(textOf(child).replace(/\n$/, ''));
    else lines.push(...collectLines(child));
  }
  return lines;
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  if (node.tagName === 'br') return '\n';
  return node.children.map(textOf).join('');
}

/** `:::note Title` boxes become a quote whose first line names the kind, e.g. "**Note:**". */
function admonitionQuote(box: Element): Element {
  const [heading, ...rest] = box.children.filter((c): c is Element => c.type === 'element');
  const label = heading ? textOf(heading).trim() : '';
  const body: ElementContent[] = rest.flatMap((c) => c.children);
  const wrapper: Element = { type: 'element', tagName: 'div', properties: {}, children: body };
  clean(wrapper);
  const title: Element = {
    type: 'element',
    tagName: 'p',
    properties: {},
    children: [
      { type: 'element', tagName: 'strong', properties: {}, children: [{ type: 'text', value: `${label}:` }] },
    ],
  };
  return { type: 'element', tagName: 'blockquote', properties: {}, children: [title, ...wrapper.children] };
}
