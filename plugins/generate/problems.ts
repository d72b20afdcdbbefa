/**
 * Problems found in the hand-written prose of the React references, each at its file and line,
 * reported together as one `ProseError`. Kept apart from react-reference/prose.ts (which reads
 * the YAML and Markdown files) so that mdast.ts, which prose.ts uses to check MDX, can report
 * template problems the same way.
 */
export class ProseError extends Error {
  /** Each problem as `file:line: message`. */
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid reference prose (${problems.length === 1 ? 'one problem' : `${problems.length} problems`}):\n  ${problems.join('\n  ')}`,
    );
    this.name = 'ProseError';
    this.problems = problems;
  }
}

/** Collects problems across files; `done()` throws them together, in file and line order. */
export class ProseProblems {
  private readonly found: { file: string; line: number; text: string }[] = [];

  /** Records `message` at `at`, a `file:line`. */
  add(at: string, message: string): void {
    const colon = at.lastIndexOf(':');
    this.found.push({ file: at.slice(0, colon), line: Number(at.slice(colon + 1)), text: `${at}: ${message}` });
  }

  get list(): string[] {
    return [...this.found]
      .sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1))
      .map((p) => p.text);
  }

  done(): void {
    if (this.found.length > 0) throw new ProseError(this.list);
  }
}
