/**
 * Which @medplum/react-hooks exports each component calls, read from the TypeScript sources that
 * @medplum/react's source map carries: the file that declares a component, and the names that
 * file imports from '@medplum/react-hooks'. Component pages link those hooks to their reference
 * pages (plugins/generate/react-hooks-reference).
 */
import fs from 'node:fs';
import path from 'node:path';

interface SourceMap {
  sources: string[];
  sourcesContent?: (string | null)[];
}

export interface HooksUsed {
  hooks: string[];
  /** The component's source file inside the package, e.g. `src/ThreadInbox/ThreadInbox.tsx`. */
  file: string;
}

/** Component name → the hooks its own source file imports (sorted) and that file. */
export function hooksUsedByComponents(siteDir: string, componentNames: string[]): Map<string, HooksUsed> {
  const mapFile = path.join(siteDir, 'node_modules', '@medplum', 'react', 'dist', 'esm', 'index.mjs.map');
  const result = new Map<string, HooksUsed>();
  if (!fs.existsSync(mapFile)) return result;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMap;
  const contents = map.sourcesContent ?? [];
  for (const name of componentNames) {
    const declares = new RegExp(`export (?:function|const|class) ${name}\\b`);
    const index = contents.findIndex((text) => typeof text === 'string' && declares.test(text));
    if (index < 0) continue;
    const file = contents[index] as string;
    const used = new Set<string>();
    for (const m of file.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@medplum\/react-hooks'/g)) {
      for (const part of m[1].split(',')) {
        const imported = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (/^use[A-Z]\w*$/.test(imported) && !part.trim().startsWith('type ')) used.add(imported);
      }
    }
    if (used.size > 0)
      result.set(name, { hooks: [...used].sort(), file: map.sources[index].replace(/^(\.\.\/)+/, '') });
  }
  return result;
}
