/**
 * Keeps docs/cli honest against the pinned @medplum/cli. The test walks the CLI's own command
 * tree through `--help` (the package exports no commander program), then fails when a page names
 * a `medplum <command>` or a `--flag` the CLI does not have, or when a top-level command is not
 * documented at all.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';

// The CommonJS build runs its program when executed directly; the ESM build does not.
const CLI = path.join(process.cwd(), 'node_modules', '@medplum', 'cli', 'dist', 'cjs', 'index.cjs');
const DOCS_DIR = path.join(process.cwd(), 'docs', 'cli');

interface CommandInfo {
  subcommands: Map<string, string>; // name or alias -> canonical name
  options: Set<string>;
}

/**
 * Every command's `--help` text, keyed by command path ('' for the root), from one run of the CLI:
 * a preload stops the program where it would parse its arguments and prints each command's help
 * (commander's helpInformation, what `--help` prints) instead. Loading the CLI once instead of once
 * per command saves a minute or more of `npm test`.
 */
function allHelp(): Map<string, string> {
  const preload = path.join(mkdtempSync(path.join(tmpdir(), 'cli-help-')), 'preload.cjs');
  writeFileSync(
    preload,
    `const { Command } = require(require.resolve('commander', { paths: [${JSON.stringify(path.dirname(CLI))}] }));
    const dump = function () {
      const out = {};
      const walk = (cmd, names) => {
        out[names.join(' ')] = cmd.helpInformation();
        for (const sub of cmd.commands) walk(sub, [...names, sub.name()]);
      };
      walk(this, []);
      process.stdout.write(JSON.stringify(out), () => process.exit(0));
      return new Promise(() => {});
    };
    Command.prototype.parse = dump;
    Command.prototype.parseAsync = dump;`,
  );
  const stdout = execFileSync(process.execPath, ['--require', preload, CLI], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return new Map(Object.entries(JSON.parse(stdout) as Record<string, string>));
}

/** Parses one help screen into its subcommands (with aliases) and long flags. */
export function parseHelp(text: string): CommandInfo {
  const info: CommandInfo = { subcommands: new Map(), options: new Set() };
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^([A-Za-z ]+):\s*$/.exec(line);
    if (heading) {
      section = heading[1];
      continue;
    }
    if (section === 'Commands' && /^ {2}\S/.test(line)) {
      const names = line.trim().split(/\s+/)[0].split('|');
      for (const n of names) {
        info.subcommands.set(n, names[0]);
      }
    }
    if ((section === 'Options' || section === 'Global Options') && /^ {2}-/.test(line)) {
      const flagPart = line.trim().split(/\s{2,}/)[0];
      for (const m of flagPart.matchAll(/--[a-zA-Z][\w-]*/g)) {
        info.options.add(m[0]);
      }
    }
  }
  return info;
}

/** Walks the whole tree: key is the command path joined by spaces ('' for the root). */
function readTree(): Map<string, CommandInfo> {
  const helps = allHelp();
  const help = (cmdPath: string[]): string => {
    const text = helps.get(cmdPath.join(' '));
    if (text === undefined) throw new Error(`no help for \`medplum ${cmdPath.join(' ')}\``);
    return text;
  };
  const tree = new Map<string, CommandInfo>();
  const walk = (cmdPath: string[]): void => {
    const info = parseHelp(help(cmdPath));
    tree.set(cmdPath.join(' '), info);
    for (const [name, canonical] of info.subcommands) {
      // `help` is commander's built-in command; its --help is the parent's help again.
      if (name === canonical && name !== 'help') {
        walk([...cmdPath, name]);
      }
    }
  };
  walk([]);
  return tree;
}

/** Code a reader would type: fenced code blocks and inline code spans. */
function codeOf(mdx: string): string[] {
  const blocks = [...mdx.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]);
  const withoutBlocks = mdx.replace(/```[\s\S]*?```/g, '');
  const spans = [...withoutBlocks.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...blocks.flatMap((b) => b.split('\n')), ...spans];
}

interface Invocation {
  file: string;
  line: string;
  words: string[];
  flags: string[];
}

/** Finds `medplum ...` invocations (with or without npx) in the code of every CLI page. */
function invocations(): Invocation[] {
  const out: Invocation[] = [];
  for (const file of readdirSync(DOCS_DIR).filter((f) => f.endsWith('.mdx'))) {
    for (const line of codeOf(readFileSync(path.join(DOCS_DIR, file), 'utf8'))) {
      for (const m of line.matchAll(/(?:^|[\s;&|(])medplum((?:[ \t]+[^\s;&|)]+)*)/g)) {
        const tokens = m[1].trim().split(/\s+/).filter(Boolean);
        const words: string[] = [];
        for (const t of tokens) {
          if (!/^[a-z][a-z0-9-]*$/.test(t)) {
            break;
          }
          words.push(t);
        }
        const flags = tokens.filter((t) => t.startsWith('--')).map((t) => t.split('=')[0]);
        out.push({ file, line, words, flags });
      }
    }
  }
  return out;
}

/**
 * Commands and flags of the CLI release the pages describe (5.1.12, packages/cli/src at medplum
 * 53eba89) that the docs' installed dev copy of the package (5.0.10) does not have:
 * `agent stats` (packages/cli/src/agent.ts) and `aws update-bucket-policies
 * --guardduty-malware-protection` (packages/cli/src/aws/index.ts). Without them this test would
 * report real 5.1.12 commands as unknown.
 */
const NOT_IN_INSTALLED_CLI: { path: string; options: string[] }[] = [
  { path: 'agent stats', options: ['--criteria', '--output'] },
  { path: 'aws update-bucket-policies', options: ['--guardduty-malware-protection'] },
];

function addNewerCommands(tree: Map<string, CommandInfo>): void {
  for (const { path: cmdPath, options } of NOT_IN_INSTALLED_CLI) {
    const words = cmdPath.split(' ');
    const parent = tree.get(words.slice(0, -1).join(' '));
    const name = words[words.length - 1];
    if (parent && !parent.subcommands.has(name)) {
      parent.subcommands.set(name, name);
    }
    const info = tree.get(cmdPath) ?? { subcommands: new Map<string, string>(), options: new Set<string>() };
    for (const o of options) {
      info.options.add(o);
    }
    tree.set(cmdPath, info);
  }
}

describe('docs/cli against @medplum/cli', () => {
  let tree: Map<string, CommandInfo>;
  before(() => {
    tree = readTree();
    addNewerCommands(tree);
  });

  test('the CLI tree was read', () => {
    const root = tree.get('') as CommandInfo;
    assert.ok(root.subcommands.has('bot'));
    assert.ok(root.options.has('--auth-type'));
    assert.ok(tree.get('bot create')?.options.has('--runtime-version'));
  });

  test('every medplum command and flag named on a page exists', () => {
    const problems: string[] = [];
    const found = invocations();
    assert.ok(found.length > 20, 'expected the CLI pages to show commands');
    for (const inv of found) {
      let key = '';
      const chain: CommandInfo[] = [tree.get('') as CommandInfo];
      for (const word of inv.words) {
        const current = tree.get(key) as CommandInfo;
        const canonical = current.subcommands.get(word);
        if (!canonical) {
          // Leaf commands take positional arguments (a URL, a bot name); stop at the first one.
          if (current.subcommands.size > 0 && key === '') {
            problems.push(`${inv.file}: unknown command "medplum ${word}" in: ${inv.line.trim()}`);
          } else if (current.subcommands.size > 0) {
            problems.push(`${inv.file}: unknown subcommand "${key} ${word}" in: ${inv.line.trim()}`);
          }
          break;
        }
        key = key ? `${key} ${canonical}` : canonical;
        chain.push(tree.get(key) as CommandInfo);
      }
      for (const flag of inv.flags) {
        if (!chain.some((c) => c.options.has(flag))) {
          problems.push(`${inv.file}: "${flag}" is not an option of "medplum ${key}" in: ${inv.line.trim()}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  test('every top-level command is documented', () => {
    const documented = new Set(invocations().map((i) => i.words[0]));
    const root = tree.get('') as CommandInfo;
    const missing = [...new Set(root.subcommands.values())].filter((c) => c !== 'help' && !documented.has(c));
    assert.deepEqual(missing, []);
  });

  test('deprecated and AWS-only commands are marked as such where they are named', () => {
    const text = readdirSync(DOCS_DIR)
      .filter((f) => f.endsWith('.mdx'))
      .map((f) => readFileSync(path.join(DOCS_DIR, f), 'utf8'))
      .join('\n');
    for (const cmd of ['save-bot', 'deploy-bot', 'create-bot']) {
      assert.ok(
        new RegExp(`${cmd}[^\\n]*[Dd]eprecated|[Dd]eprecated[^\\n]*${cmd}`).test(text),
        `${cmd} not marked deprecated`,
      );
    }
    // The aws group only manages AWS deployments. (bot deploy's help says "to AWS", but the
    // $deploy call it makes also installs vmcontext bots, so it is not marked AWS-only.)
    assert.ok(/aws init[^\n]*AWS only/.test(text), 'aws init not marked as AWS-only');
    assert.ok(/^##[^\n]*AWS only/m.test(text), 'no AWS-only section heading');
  });
});
