/**
 * Reads the hand-written prose of the React component and hook references: YAML files and
 * Markdown notes with YAML front matter, kept beside each generator so writers edit text, not
 * TypeScript. Every value is checked against the shape the generator expects; anything else (an
 * unknown or missing key, a value of the wrong type, an unusable `sources:` entry, text that is
 * not valid MDX) is collected with its file and line, and all of them are thrown at once as a
 * `ProseError`.
 */
import path from 'node:path';
import yaml, { EVENT_ID, type Event, SCALAR_STYLE } from 'js-yaml';
import { frontMatterBlock } from '../../markdown/docs-frontmatter-check/check';
import { parseSourceEntry, sourceFileKey, unusableSourceReason } from '../../markdown/docs-frontmatter-check/sources';
import { checkProse, type LineOf, type ProseKind } from '../mdast';
import { ProseProblems } from '../problems';

export { ProseError, ProseProblems } from '../problems';

/** The site folder, which error messages name files relative to. */
export const SITE_DIR = path.resolve(__dirname, '..', '..', '..');

type Key = string | number;
const keyOf = (p: readonly Key[]): string => JSON.stringify(p);

/** One YAML text (a file, or a note's front matter) and the line each of its keys and items is on. */
export class YamlText {
  private readonly lines = new Map<string, number>();
  /** Plain and block scalars: the line their text starts on and their source text. */
  private readonly scalars = new Map<string, { line: number; source: string }>();

  private constructor(
    readonly file: string,
    readonly problems: ProseProblems,
  ) {}

  /**
   * Parses `source`, which starts on line `firstLine` of `file` (a path relative to the site).
   * Returns the root value, or undefined after recording a syntax error (duplicate keys included).
   */
  static parse(file: string, source: string, problems: ProseProblems, firstLine = 1): Value | undefined {
    const doc = new YamlText(file, problems);
    let data: unknown;
    try {
      data = yaml.load(source);
      doc.index(yaml.parseEvents(source, {}), source, firstLine);
    } catch (err) {
      const e = err as { mark?: { line: number }; reason?: string; message: string };
      problems.add(`${file}:${(e.mark?.line ?? 0) + firstLine}`, `invalid YAML: ${e.reason ?? e.message}`);
      return undefined;
    }
    return new Value(doc, [], data);
  }

  /** `file:line` of the key or item at `p`, or of its nearest ancestor that has a line. */
  at(p: readonly Key[]): string {
    return `${this.file}:${this.line(p)}`;
  }

  /** The line of the key or item at `p`, or of its nearest ancestor that has a line. */
  line(p: readonly Key[]): number {
    for (let n = p.length; n >= 0; n--) {
      const line = this.lines.get(keyOf(p.slice(0, n)));
      if (line !== undefined) return line;
    }
    return 1;
  }

  /**
   * The file line of a point (line and column) in `value`, the text of the scalar at `p`. In a
   * plain or block scalar (`|`, `>`), where folding turns line breaks into spaces and no escapes
   * exist, the point is found by counting the non-space characters before it; in a quoted scalar
   * it is the scalar's own line.
   */
  lineIn(p: readonly Key[], value: string): LineOf {
    const scalar = this.scalars.get(keyOf(p));
    if (!scalar) return () => this.line(p);
    return (line, column) => {
      const lines = value.split('\n');
      const before = [...lines.slice(0, line - 1), (lines[line - 1] ?? '').slice(0, column - 1)].join('\n');
      let n = before.replace(/\s/g, '').length;
      const source = scalar.source.split('\n');
      let last = 0;
      for (let i = 0; i < source.length; i++) {
        const count = source[i].replace(/\s/g, '').length;
        if (count === 0) continue;
        if (n < count) return scalar.line + i;
        n -= count;
        last = i;
      }
      return scalar.line + last;
    };
  }

  /** Records the line of every mapping key (for its value) and every sequence item. */
  private index(events: Event[], source: string, firstLine: number): void {
    const starts = [0];
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
    const lineAt = (offset: number): number => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + firstLine;
    };
    // `path` undefined: inside a complex (non-scalar) key, whose contents have no path.
    type Frame = { kind: 'doc' | 'map' | 'seq'; path?: Key[]; index: number; key?: string | null };
    const stack: Frame[] = [];
    for (const e of events) {
      if (e.type === EVENT_ID.POP) {
        stack.pop();
        continue;
      }
      if (e.type === EVENT_ID.DOCUMENT) {
        stack.push({ kind: 'doc', path: [], index: 0 });
        continue;
      }
      const marks = [
        e.type === EVENT_ID.SCALAR ? e.valueStart : e.type === EVENT_ID.ALIAS ? -1 : e.start,
        e.anchorStart,
        e.type === EVENT_ID.ALIAS ? -1 : e.tagStart,
      ].filter((n) => n >= 0);
      const offset = marks.length > 0 ? Math.min(...marks) : 0;
      const parent = stack[stack.length - 1];
      let own: Key[] | undefined;
      if (!parent.path) own = undefined;
      else if (parent.kind === 'doc') own = [];
      else if (parent.kind === 'seq') own = [...parent.path, parent.index++];
      else if (parent.key === undefined) {
        // A mapping key: its line stands for the entry.
        parent.key = e.type === EVENT_ID.SCALAR ? yaml.getScalarValue(source, e) : null;
        if (parent.key !== null) this.lines.set(keyOf([...parent.path, parent.key]), lineAt(offset));
        if (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE) stack.push({ kind: 'map', index: 0 });
        continue;
      } else {
        own = parent.key === null ? undefined : [...parent.path, parent.key];
        parent.key = undefined;
      }
      if (own && !this.lines.has(keyOf(own))) this.lines.set(keyOf(own), lineAt(offset));
      if (
        own &&
        e.type === EVENT_ID.SCALAR &&
        e.style !== SCALAR_STYLE.SINGLE_QUOTED &&
        e.style !== SCALAR_STYLE.DOUBLE_QUOTED
      )
        this.scalars.set(keyOf(own), { line: lineAt(e.valueStart), source: source.slice(e.valueStart, e.valueEnd) });
      if (e.type === EVENT_ID.MAPPING) stack.push({ kind: 'map', path: own, index: 0 });
      else if (e.type === EVENT_ID.SEQUENCE) stack.push({ kind: 'seq', path: own, index: 0 });
    }
  }
}

/** A value read from YAML, with where it is; each check records a problem and returns undefined on a mismatch. */
export class Value {
  constructor(
    readonly doc: YamlText,
    readonly path: readonly Key[],
    readonly raw: unknown,
  ) {}

  get at(): string {
    return this.doc.at(this.path);
  }

  fail(message: string): undefined {
    this.doc.problems.add(this.at, message);
    return undefined;
  }

  private child(key: Key, raw: unknown): Value {
    return new Value(this.doc, [...this.path, key], raw);
  }

  private isMapping(): boolean {
    return this.raw !== null && typeof this.raw === 'object' && !Array.isArray(this.raw);
  }

  /**
   * A mapping with exactly these keys: every `required` key present (not null), no key outside
   * `required` and `optional`. Returns the values present, by key, unless a required one is
   * missing (an unknown key is recorded, and the known ones are still checked).
   */
  record<R extends string, O extends string = never>(
    what: string,
    required: readonly R[],
    optional: readonly O[] = [],
  ): ({ [K in R]: Value } & { [K in O]?: Value }) | undefined {
    if (!this.isMapping()) return this.fail(`${what} must be a mapping of ${required.join(', ')}`);
    const known: readonly string[] = [...required, ...optional];
    const out: Record<string, Value> = {};
    for (const [key, v] of Object.entries(this.raw as Record<string, unknown>)) {
      const value = this.child(key, v);
      if (!known.includes(key)) {
        value.fail(`unknown key "${key}" in ${what} (allowed: ${known.map((k) => `"${k}"`).join(', ')})`);
      } else if (v === null || v === undefined) value.fail(`"${key}" of ${what} has no value`);
      else out[key] = value;
    }
    let complete = true;
    for (const key of required) {
      if (!(key in (this.raw as object))) {
        this.fail(`${what} is missing the required key "${key}"`);
        complete = false;
      } else if (!(key in out)) complete = false;
    }
    return complete ? (out as { [K in R]: Value } & { [K in O]?: Value }) : undefined;
  }

  /** A mapping of any keys matching `keyPattern`, as [key, value] pairs in file order (other keys are recorded as problems). */
  entries(what: string, keyPattern: RegExp, keyRule: string): [string, Value][] | undefined {
    if (!this.isMapping()) return this.fail(`${what} must be a mapping`);
    const out: [string, Value][] = [];
    for (const [key, v] of Object.entries(this.raw as Record<string, unknown>)) {
      const value = this.child(key, v);
      if (!keyPattern.test(key)) value.fail(`key "${key}" of ${what} must be ${keyRule}`);
      else out.push([key, value]);
    }
    return out;
  }

  /** Non-empty text. */
  text(what: string): string | undefined {
    if (typeof this.raw !== 'string' || this.raw.trim() === '') return this.fail(`${what} must be non-empty text`);
    return this.raw;
  }

  /**
   * Non-empty text that parses as MDX the way the pages parse it (`kind`: sections, or one
   * paragraph); `trim` when the page uses it trimmed. A parser error is recorded at the line of
   * the text it points at.
   */
  mdx(what: string, kind: ProseKind, trim = false): string | undefined {
    const raw = this.text(what);
    if (raw === undefined) return undefined;
    const text = trim ? raw.trim() : raw;
    return checkMdx(this.doc.problems, this.doc.file, what, text, kind, this.doc.lineIn(this.path, text))
      ? text
      : undefined;
  }

  /** Text matching `pattern` (an identifier, a slug). */
  name(what: string, pattern: RegExp, rule: string): string | undefined {
    const text = this.text(what);
    if (text === undefined) return undefined;
    if (!pattern.test(text)) return this.fail(`${what} "${text}" must be ${rule}`);
    return text;
  }

  /** A non-empty list, item by item. */
  list(what: string): Value[] | undefined {
    if (!Array.isArray(this.raw) || this.raw.length === 0) return this.fail(`${what} must be a non-empty list`);
    return this.raw.map((item, i) => this.child(i, item));
  }

  /** A `sources:` list: entries the front matter check accepts, each file once. */
  sources(what: string): string[] | undefined {
    const items = this.list(what);
    if (!items) return undefined;
    const seen = new Map<string, string>();
    const out: string[] = [];
    for (const item of items) {
      const text = item.text(`each entry of ${what}`);
      if (text === undefined) continue;
      const key = sourceFileKey(parseSourceEntry(text));
      const why =
        unusableSourceReason(text) ??
        (seen.has(key)
          ? `names the file of the entry at ${seen.get(key)}: list each file once, with all its notes`
          : undefined);
      if (why) item.fail(`source entry ${JSON.stringify(text.slice(0, 80))}: ${why}`);
      else out.push(text);
      if (!seen.has(key)) seen.set(key, item.at);
    }
    return out.length === items.length ? out : undefined;
  }
}

/** A Markdown file with YAML front matter: the front matter's root value and the body after it. */
export function parseMarkdown(
  file: string,
  text: string,
  problems: ProseProblems,
): { front: Value; body: string; bodyLine: number } | undefined {
  const block = frontMatterBlock(text);
  if ('message' in block) {
    problems.add(`${file}:${block.line}`, block.message.replace('the page', 'the note'));
    return undefined;
  }
  const front = YamlText.parse(file, block.yaml, problems, 2);
  if (!front) return undefined;
  return { front, body: block.lines.slice(block.end + 1).join('\n'), bodyLine: block.end + 2 };
}

/**
 * Whether `text` (the `what` of a page, read from `file`) parses as MDX of `kind`; when it does
 * not, the parser's reason is recorded at the line `lineOf` gives for the place it points at.
 */
export function checkMdx(
  problems: ProseProblems,
  file: string,
  what: string,
  text: string,
  kind: ProseKind,
  lineOf: LineOf,
): boolean {
  const failure = checkProse(text, kind, lineOf);
  if (failure) problems.add(`${file}:${failure.line}`, `${what} is not valid MDX: ${failure.reason}`);
  return !failure;
}

/** Reports a name listed twice (a slug, a member), pointing at both places. */
export class Registry {
  private readonly seen = new Map<string, string>();
  constructor(private readonly what: string) {}

  /** False (after recording a problem) when `name` was already registered. */
  add(name: string, value: Value): boolean {
    const first = this.seen.get(name);
    if (first) {
      value.fail(`${this.what} "${name}" is listed twice: first at ${first}`);
      return false;
    }
    this.seen.set(name, value.at);
    return true;
  }
}

/** `family "timelines"` for an item whose slug is readable, else `a family`. */
export function labelOf(kind: string, item: Value, key = 'slug'): string {
  const raw = item.raw as Record<string, unknown> | null;
  const name = raw !== null && typeof raw === 'object' ? raw[key] : undefined;
  return typeof name === 'string' ? `${kind} "${name}"` : `a ${kind}`;
}

/** PascalCase or camelCase identifiers, as components, hooks and types are named. */
export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Lower-case words joined by "-": page slugs and anchors. */
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
