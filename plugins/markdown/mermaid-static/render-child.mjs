// Renders Mermaid diagrams with mermaid-isomorphic in its own Node process. It is an ES module
// that finds its page through `import.meta.resolve`, which the CommonJS-compiling loaders of the
// Docusaurus build do not provide, so ./render.ts runs it here.
// Input on stdin: {"chromium": path, "prefix": string, "diagrams": [string]}.
// Output on stdout: [{"ok": true, "svg": string} | {"ok": false, "message": string}] in order.
import { createMermaidRenderer } from 'mermaid-isomorphic';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { chromium, prefix, diagrams, mermaidConfig } = JSON.parse(input);
const render = createMermaidRenderer({
  launchOptions: {
    executablePath: chromium,
    // Root in a container needs --no-sandbox; Mermaid needs no network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  },
});
const results = await render(diagrams, { prefix, mermaidConfig });
const out = results.map((r) =>
  r.status === 'fulfilled'
    ? { ok: true, svg: r.value.svg }
    : { ok: false, message: String(r.reason?.message ?? r.reason) },
);
process.stdout.write(JSON.stringify(out));
