/**
 * Finds the Chrome, Chromium or Edge that draws the Mermaid diagrams at build time and runs the
 * browser tests, the way readers have one:
 *
 *   1. `CHROMIUM_PATH`, when set (it must exist: a wrong path is an error, not a fallback);
 *   2. Chrome, then Chromium, then Edge, in their standard install places on Linux (and on PATH),
 *      macOS and Windows;
 *   3. the Chromium `playwright-core` downloaded (`npx playwright install chromium`), if there is one.
 *
 * `findBrowser` is a pure function of the platform, the environment and a file test, so the unit
 * tests run it on fake Linux, macOS and Windows file systems. `locateBrowser` runs it on this machine.
 *
 * As a command (`npm run build` runs it first):
 *
 *   tsx scripts/find-browser.ts            prints the browser's path, or explains where it looked
 *   tsx scripts/find-browser.ts --install  the same, but when nothing is found on Debian or Ubuntu and
 *                                          it may (root, or `sudo -n` without a password), installs
 *                                          the `chromium` package with apt-get first
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export type Env = Record<string, string | undefined>;

export interface LookupInput {
  platform: NodeJS.Platform;
  env: Env;
  /** Whether a file exists at this absolute path. */
  exists(file: string): boolean;
  /** Where playwright-core's own Chromium is (or would be) installed; undefined when it cannot say. */
  playwrightExecutable?(): string | undefined;
}

export interface Candidate {
  path: string;
  /** What it is, for messages: "Google Chrome", "CHROMIUM_PATH", … */
  name: string;
}

export type Lookup = { found: true; path: string; name: string } | { found: false; looked: Candidate[] };

/** An environment variable, matched without regard to case on Windows (`ProgramFiles`, `PROGRAMFILES`). */
function envVar(env: Env, name: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[name] || undefined;
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  return (key && env[key]) || undefined;
}

const LINUX_PLACES: Candidate[] = [
  { name: 'Google Chrome', path: '/usr/bin/google-chrome' },
  { name: 'Google Chrome', path: '/usr/bin/google-chrome-stable' },
  { name: 'Google Chrome', path: '/opt/google/chrome/chrome' },
  { name: 'Chromium', path: '/usr/bin/chromium' },
  { name: 'Chromium', path: '/usr/bin/chromium-browser' },
  { name: 'Chromium', path: '/snap/bin/chromium' },
  { name: 'Microsoft Edge', path: '/usr/bin/microsoft-edge' },
  { name: 'Microsoft Edge', path: '/usr/bin/microsoft-edge-stable' },
  { name: 'Microsoft Edge', path: '/opt/microsoft/msedge/msedge' },
];
const LINUX_COMMANDS: Candidate[] = [
  { name: 'Google Chrome', path: 'google-chrome-stable' },
  { name: 'Google Chrome', path: 'google-chrome' },
  { name: 'Chromium', path: 'chromium' },
  { name: 'Chromium', path: 'chromium-browser' },
  { name: 'Microsoft Edge', path: 'microsoft-edge-stable' },
  { name: 'Microsoft Edge', path: 'microsoft-edge' },
];
const MAC_APPS: Candidate[] = [
  { name: 'Google Chrome', path: 'Google Chrome.app/Contents/MacOS/Google Chrome' },
  { name: 'Chromium', path: 'Chromium.app/Contents/MacOS/Chromium' },
  { name: 'Microsoft Edge', path: 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge' },
];
const WINDOWS_APPS: Candidate[] = [
  { name: 'Google Chrome', path: 'Google\\Chrome\\Application\\chrome.exe' },
  { name: 'Chromium', path: 'Chromium\\Application\\chrome.exe' },
  { name: 'Microsoft Edge', path: 'Microsoft\\Edge\\Application\\msedge.exe' },
];

/** The standard places of Chrome, Chromium and Edge on a platform, in the order they are tried. */
export function browserCandidates(platform: NodeJS.Platform, env: Env): Candidate[] {
  if (platform === 'darwin') {
    const home = envVar(env, 'HOME', platform);
    const dirs = ['/Applications', ...(home ? [path.posix.join(home, 'Applications')] : [])];
    return MAC_APPS.flatMap((app) => dirs.map((dir) => ({ name: app.name, path: path.posix.join(dir, app.path) })));
  }
  if (platform === 'win32') {
    const bases = ['ProgramFiles', 'ProgramFiles(x86)', 'LOCALAPPDATA']
      .map((v) => envVar(env, v, platform))
      .filter((b): b is string => !!b);
    const dirs = bases.length ? [...new Set(bases)] : ['C:\\Program Files', 'C:\\Program Files (x86)'];
    return WINDOWS_APPS.flatMap((app) => dirs.map((dir) => ({ name: app.name, path: path.win32.join(dir, app.path) })));
  }
  // Linux and the other Unixes: the packages' fixed places, then the same commands on PATH (Fedora,
  // Arch, NixOS and Homebrew on Linux put them elsewhere).
  const pathDirs = (envVar(env, 'PATH', platform) ?? '').split(':').filter((d) => d.startsWith('/'));
  const onPath = LINUX_COMMANDS.flatMap((cmd) =>
    pathDirs.map((dir) => ({ name: cmd.name, path: path.posix.join(dir, cmd.path) })),
  );
  const seen = new Set<string>();
  return [...LINUX_PLACES, ...onPath].filter((c) => !seen.has(c.path) && seen.add(c.path));
}

/** The browser to use, or every place looked at when there is none. */
export function findBrowser(input: LookupInput): Lookup {
  const explicit = envVar(input.env, 'CHROMIUM_PATH', input.platform);
  if (explicit) {
    const candidate = { name: 'CHROMIUM_PATH', path: explicit };
    return input.exists(explicit) ? { found: true, ...candidate } : { found: false, looked: [candidate] };
  }
  const looked: Candidate[] = [];
  for (const candidate of browserCandidates(input.platform, input.env)) {
    looked.push(candidate);
    if (input.exists(candidate.path)) return { found: true, ...candidate };
  }
  let playwright: string | undefined;
  try {
    playwright = input.playwrightExecutable?.();
  } catch {
    playwright = undefined;
  }
  if (playwright) {
    const candidate = { name: "playwright-core's Chromium", path: playwright };
    looked.push(candidate);
    if (input.exists(playwright)) return { found: true, ...candidate };
  }
  return { found: false, looked };
}

/** What to tell a reader who has no browser the lookup finds. */
export function notFoundMessage(lookup: Extract<Lookup, { found: false }>, platform: NodeJS.Platform): string {
  if (lookup.looked.length === 1 && lookup.looked[0].name === 'CHROMIUM_PATH') {
    return `CHROMIUM_PATH is ${lookup.looked[0].path}, which does not exist. Point it at a Chrome, Chromium or Edge executable, or unset it to look in the usual places.`;
  }
  const example =
    platform === 'win32'
      ? 'set CHROMIUM_PATH=C:\\path\\to\\chrome.exe   (PowerShell: $env:CHROMIUM_PATH="C:\\path\\to\\chrome.exe")'
      : platform === 'darwin'
        ? 'export CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"'
        : 'export CHROMIUM_PATH=/path/to/chrome';
  return [
    'No Chrome, Chromium or Edge found. The build draws the Mermaid diagrams with one, and the browser tests drive it.',
    'Looked at:',
    ...lookup.looked.map((c) => `  ${c.path}  (${c.name})`),
    'Install Google Chrome or Chromium, or point CHROMIUM_PATH at a Chrome, Chromium or Edge executable:',
    `  ${example}`,
    "Or download playwright-core's own Chromium: npx playwright install chromium",
    ...(platform === 'linux'
      ? [
          'On Debian or Ubuntu, `tsx scripts/find-browser.ts --install` installs the chromium package (as root or with sudo).',
        ]
      : []),
  ].join('\n');
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The lookup on this machine. */
export function lookupHere(env: Env = process.env): Lookup {
  return findBrowser({
    platform: process.platform,
    env,
    exists: isExecutableFile,
    playwrightExecutable: () => chromium.executablePath(),
  });
}

let located: string | undefined;
/** The browser's path on this machine; throws with `notFoundMessage` when there is none. */
export function locateBrowser(): string {
  if (located) return located;
  const lookup = lookupHere();
  if (!lookup.found) throw new Error(notFoundMessage(lookup, process.platform));
  located = lookup.path;
  return located;
}

/** Whether /etc/os-release says Debian or Ubuntu (or a derivative of either). */
export function isDebianLike(osRelease: string): boolean {
  const ids = osRelease
    .split('\n')
    .filter((l) => /^(ID|ID_LIKE)=/.test(l))
    .flatMap((l) =>
      l
        .replace(/^[A-Z_]+=/, '')
        .replace(/"/g, '')
        .split(/\s+/),
    );
  return ids.includes('debian') || ids.includes('ubuntu');
}

/** Installs the chromium package with apt-get when this is Debian or Ubuntu and root or `sudo -n` may; returns why not otherwise. */
function installWithApt(): string | undefined {
  if (process.platform !== 'linux') return 'apt-get is only tried on Linux';
  let osRelease = '';
  try {
    osRelease = fs.readFileSync('/etc/os-release', 'utf8');
  } catch {
    return 'no /etc/os-release';
  }
  if (!isDebianLike(osRelease)) return 'not Debian or Ubuntu, so apt-get was not tried';
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
    return 'not root and `sudo -n` needs a password, so apt-get was not tried';
  }
  const sudo = root ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...sudo, ...args];
    // apt's output goes to stderr: stdout is the browser's path alone.
    execFileSync(cmd, rest, { stdio: ['ignore', 2, 2], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.error('[find-browser] no browser found: installing the chromium package with apt-get');
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  return undefined;
}

/**
 * The browser's path on this machine, after installing Debian's chromium with apt-get when `install`
 * is set and nothing was found (never when CHROMIUM_PATH is set); throws with `notFoundMessage`.
 */
export function ensureBrowser(install: boolean): string {
  let lookup = lookupHere();
  let aptNote: string | undefined;
  if (!lookup.found && install && !process.env.CHROMIUM_PATH) {
    aptNote = installWithApt();
    lookup = lookupHere();
  }
  if (!lookup.found) throw new Error(notFoundMessage(lookup, process.platform) + (aptNote ? `\n(${aptNote}.)` : ''));
  return lookup.path;
}
