/**
 * Checks generated MDX before Docusaurus sees it, so a doc comment that would break MDX fails
 * with the symbol's name instead of a parser position in a generated file.
 *
 * A full MDX parse of every page takes tens of seconds on a loaded machine, so the build runs a
 * fast check of exactly what MDX treats specially outside code: `<` (JSX) and `{` (expressions),
 * plus ES module lines. The unit tests parse every page with @mdx-js/mdx as well.
 */
import { SdkRenderError } from './model';

/** JSX the generator itself writes. */
const ALLOWED_TAGS = /^<\/?small>/;

/** Returns a description of the first unsafe construct, or undefined when the MDX is safe. */
export function findUnsafeMdx(source: string): string | undefined {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const lines = body.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1])
        fence = undefined;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    if (/^(import|export)\s/.test(line))
      return `line ${i + 1}: a line starting with "${line.split(/\s/)[0]}" is read as an ES module statement`;
    // Drop inline code spans (any backtick run closes with the same run) and explicit heading ids.
    const text = line.replace(/(`+)[\s\S]*?\1/g, '').replace(/^(#{1,6} .*) \{#[\w-]+\}$/, '$1');
    for (let j = 0; j < text.length; j++) {
      const c = text[j];
      if (c === '{' || c === '}') return `line ${i + 1}: raw "${c}" outside code: ${line.trim().slice(0, 120)}`;
      if (c === '<' && !ALLOWED_TAGS.test(text.slice(j))) {
        return `line ${i + 1}: raw "<" outside code: ${line.trim().slice(0, 120)}`;
      }
    }
  }
  if (fence) return `unclosed code fence ${fence}`;
  return undefined;
}

/**
 * Throws SdkRenderError naming the symbol whose section is unsafe. `sections` maps each symbol
 * name to the MDX written for it.
 */
export function assertMdxSafe(pageFile: string, source: string, sections: Map<string, string>): void {
  if (!findUnsafeMdx(source)) return;
  for (const [name, mdx] of sections) {
    const problem = findUnsafeMdx(mdx);
    if (problem) throw new SdkRenderError(name, `generated MDX is not safe (${pageFile}): ${problem}`);
  }
  throw new SdkRenderError(pageFile, `generated MDX is not safe: ${findUnsafeMdx(source)}`);
}
