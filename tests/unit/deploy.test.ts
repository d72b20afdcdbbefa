/**
 * Deploying anywhere: BASE_URL and SITE_URL as the build reads them, the pieces that put the base
 * into paths (twins, llms files, robots.txt, generated FHIR links, search result sections), the
 * cache rules shared by `npm run serve` and deploy/nginx.conf, the nginx config itself (parsed
 * always, `nginx -t` where nginx is installed), the Dockerfile and the GitHub Pages workflow.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { renderLlmsTxt } from '../../plugins/site/markdown-twins/llms-files';
import { markdownFile, markdownPath } from '../../plugins/site/markdown-twins/paths';
import { renderRobotsTxt } from '../../plugins/site/robots-txt';
import { CACHE_RULES, DEFAULT_CACHE_CONTROL, IMMUTABLE, REVALIDATE, cacheControlFor } from '../../lib/cache-rules';
import { nginxInclude, policyFor, scriptHash } from '../../lib/security-headers';
import { navSections, normalizeBaseUrl, normalizeSiteUrl } from '../../site.settings';
import { withBaseUrlLinks } from '../../src/components/fhir/base-links';
import { queryFromPath, sectionOf, withoutBase } from '../../src/components/Search/pagefind';

const SITE = path.join(__dirname, '..', '..');
const read = (rel: string) => fs.readFileSync(path.join(SITE, rel), 'utf8');

test('BASE_URL is normalized to a path with leading and trailing slash; bad values name the problem', () => {
  assert.equal(normalizeBaseUrl(undefined), '/');
  assert.equal(normalizeBaseUrl(''), '/');
  assert.equal(normalizeBaseUrl('/'), '/');
  assert.equal(normalizeBaseUrl('medplum-docs'), '/medplum-docs/');
  assert.equal(normalizeBaseUrl('/medplum-docs'), '/medplum-docs/');
  assert.equal(normalizeBaseUrl('/medplum-docs//'), '/medplum-docs/');
  assert.throws(() => normalizeBaseUrl('//cdn.example.org/docs/'), /not a URL/);
  assert.equal(normalizeBaseUrl('/a/b/'), '/a/b/');
  assert.throws(
    () => normalizeBaseUrl('https://example.org/docs/'),
    /BASE_URL=https:\/\/example\.org\/docs\/: give a path/,
  );
  assert.throws(() => normalizeBaseUrl('/docs/?x=1'), /may not contain/);
  assert.throws(() => normalizeBaseUrl('/a/../b/'), /\.\. are not allowed/);
});

test('SITE_URL is an origin; a path in it is pointed to BASE_URL', () => {
  assert.equal(normalizeSiteUrl(undefined), undefined);
  assert.equal(normalizeSiteUrl(''), undefined);
  assert.equal(normalizeSiteUrl('https://docs.example.org/'), 'https://docs.example.org');
  assert.throws(() => normalizeSiteUrl('https://example.org/docs'), /put the path in BASE_URL=\/docs\//);
  assert.throws(() => normalizeSiteUrl('docs.example.org'), /not a URL/);
});

test('navbar sections match pathnames under the base', () => {
  const nav = navSections('/medplum-docs/');
  assert.ok(new RegExp(nav.docs).test('/medplum-docs/docs/fhir-basics'));
  assert.ok(new RegExp(nav.reference).test('/medplum-docs/docs/api/oauth/token'));
  assert.ok(!new RegExp(nav.docs).test('/docs/fhir-basics'), 'a path without the base is not this site');
  assert.deepEqual(navSections('/'), { docs: '^/docs(?!/api(/|$))(?!/sdk/)', reference: '^/docs/(api(/|$)|sdk/)' });
  assert.ok(new RegExp(navSections('/a.b/').docs).test('/a.b/docs'));
  assert.ok(!new RegExp(navSections('/a.b/').docs).test('/axb/docs'), 'the base is matched literally');
});

test('twins: the URL keeps the base, the file in the build folder does not', () => {
  assert.equal(markdownPath('/medplum-docs/', '/medplum-docs/'), '/medplum-docs/index.md');
  assert.equal(markdownPath('/medplum-docs/docs', '/medplum-docs/'), '/medplum-docs/docs.md');
  assert.equal(markdownPath('/medplum-docs/docs/', '/medplum-docs/'), '/medplum-docs/docs.md');
  assert.equal(markdownFile('/medplum-docs/docs/search/basic-search', '/medplum-docs/'), 'docs/search/basic-search.md');
  assert.equal(markdownFile('/medplum-docs/', '/medplum-docs/'), 'index.md');
  assert.equal(markdownFile('/docs', '/'), 'docs.md');
  assert.throws(() => markdownFile('/docs', '/medplum-docs/'), /not under the base URL \/medplum-docs\//);
});

test('llms.txt links twins under the base, at SITE_URL when the build has one', () => {
  const sections = [
    { title: 'Start here', pages: [{ title: 'Overview', description: 'd', permalink: '/medplum-docs/docs' }] },
  ];
  const site = { title: 'Docs', summary: 's', details: '' };
  assert.match(
    renderLlmsTxt(site, sections, { baseUrl: '/medplum-docs/' }),
    /- \[Overview\]\(\/medplum-docs\/docs\.md\): d/,
  );
  assert.match(
    renderLlmsTxt(site, sections, { baseUrl: '/medplum-docs/', siteUrl: 'https://docs.example.org' }),
    /- \[Overview\]\(https:\/\/docs\.example\.org\/medplum-docs\/docs\.md\): d/,
  );
});

test('robots.txt names the sitemap at SITE_URL + base, and has no Sitemap line without SITE_URL', () => {
  assert.equal(
    renderRobotsTxt({ siteUrl: 'https://docs.example.org', baseUrl: '/medplum-docs/' }),
    'User-agent: *\nAllow: /medplum-docs/\n\nSitemap: https://docs.example.org/medplum-docs/sitemap.xml\n',
  );
  assert.equal(renderRobotsTxt({ baseUrl: '/' }), 'User-agent: *\nAllow: /\n');
});

test('generated FHIR tables get the base in their site links only', () => {
  const html =
    '<a href="/docs/api/fhir/datatypes/element">Element</a> <a href="#x">x</a> <a href="https://hl7.org/x">h</a> <a href="//cdn/x">c</a>';
  assert.equal(
    withBaseUrlLinks(html, '/medplum-docs/'),
    '<a href="/medplum-docs/docs/api/fhir/datatypes/element">Element</a> <a href="#x">x</a> <a href="https://hl7.org/x">h</a> <a href="//cdn/x">c</a>',
  );
  assert.equal(withBaseUrlLinks(html, '/'), html);
});

test('search result sections and the 404 query read the path below the base', () => {
  assert.equal(withoutBase('/medplum-docs/docs/sdk/core', '/medplum-docs/'), '/docs/sdk/core');
  assert.equal(withoutBase('/medplum-docs', '/medplum-docs/'), '/');
  assert.equal(withoutBase('/medplum-docsx/a', '/medplum-docs/'), '/medplum-docsx/a');
  assert.equal(sectionOf('/medplum-docs/docs/api/fhir/resources/patient', '/medplum-docs/'), 'FHIR resource');
  assert.equal(sectionOf('/medplum-docs/docs/sdk/core', '/medplum-docs/'), 'SDK');
  assert.equal(queryFromPath('/medplum-docs/docs/api/fhir/resources/patiant', '/medplum-docs/'), 'resources patiant');
});

test('cache rules: hashed assets and Pagefind chunks a year, immutable; entry files, pages and twins revalidated', () => {
  const immutable = [
    'assets/js/main.23f3ef99.js',
    'assets/js/runtime~main.2bb98197.js',
    'assets/js/10020.49784ae2.js',
    'assets/css/styles.e8448929.css',
    'assets/images/diagram-0a1b2c3d4e.png',
    'pagefind/fragment/en_0882d8b.pf_fragment',
    'pagefind/index/en_1234567.pf_index',
    'pagefind/filter/en_89abcde.pf_filter',
    'pagefind/pagefind.en_9cd4abedc6.pf_meta',
  ];
  const revalidated = [
    '',
    'index.html',
    'docs/fhir-basics',
    'docs/fhir-basics.html',
    'docs/fhir-basics.md',
    'llms.txt',
    'llms-full.txt',
    'sitemap.xml',
    'robots.txt',
    '404.html',
    'logo.svg',
    'pagefind/pagefind-entry.json',
    'pagefind/pagefind.js',
    'pagefind/pagefind-worker.js',
    'pagefind/wasm.en.pagefind',
    'fhir-tools/5.2.13/types.json',
    'assets/js/main.23f3ef99.js.LICENSE.txt',
  ];
  for (const p of immutable) assert.equal(cacheControlFor(p), IMMUTABLE, p);
  for (const p of revalidated) assert.equal(cacheControlFor(p), REVALIDATE, p);
  assert.equal(DEFAULT_CACHE_CONTROL, REVALIDATE);
});

/** The `{ ... }` block that starts at `from`; braces inside quotes (`{8,}` in a regex) are not syntax. */
function blockAt(conf: string, from: number): string {
  const masked = conf.replace(/"[^"]*"/g, (q) => `"${' '.repeat(q.length - 2)}"`);
  const open = masked.indexOf('{', from);
  let depth = 0;
  for (let i = open; i < masked.length; i++) {
    if (masked[i] === '{') depth++;
    if (masked[i] === '}' && --depth === 0) return conf.slice(open, i + 1);
  }
  throw new Error(`deploy/nginx.conf: the block at offset ${from} is not closed`);
}

/** The config without comments, quoted strings kept (a `#` or brace inside quotes is not syntax). */
function withoutComments(conf: string): string {
  return conf
    .split('\n')
    .map((line) => line.replace(/^((?:[^#"]|"[^"]*")*)#.*$/, '$1'))
    .join('\n');
}

test('deploy/nginx.conf: balanced braces, every cache rule as a location, clean URLs, 404 page, gzip', () => {
  const conf = withoutComments(read('deploy/nginx.conf'));
  const unquoted = conf.replace(/"[^"]*"/g, '""');
  let depth = 0;
  unquoted.split('\n').forEach((line, i) => {
    for (const ch of line) {
      if (ch === '{') depth++;
      if (ch === '}') depth--;
      assert.ok(depth >= 0, `deploy/nginx.conf:${i + 1}: } without {`);
    }
  });
  assert.equal(depth, 0, 'deploy/nginx.conf: unclosed {');
  const base = conf.indexOf('location /medplum-docs/ {');
  assert.ok(base >= 0, 'a location for the base /medplum-docs/');
  const site = blockAt(conf, base);
  assert.match(site, /try_files \$uri \$uri\.html \$uri\/index\.html =404;/);
  assert.match(site, /error_page 404 \/medplum-docs\/404\.html;/);
  assert.match(site, new RegExp(`add_header Cache-Control "${DEFAULT_CACHE_CONTROL}" always;`));
  for (const rule of CACHE_RULES) {
    const at = site.indexOf(`location ~ "^/medplum-docs/${rule.pattern}" {`);
    assert.ok(at >= 0, `no location for the rule "${rule.name}" (pattern ${rule.pattern})`);
    assert.ok(
      blockAt(site, at).includes(`add_header Cache-Control "${rule.cacheControl}" always;`),
      `the rule "${rule.name}" sends ${rule.cacheControl}`,
    );
  }
  assert.match(conf, /^\s*gzip on;/m);
  assert.match(conf, /^\s*listen 8080;/m);
});

/** The Dockerfile's RUN script that writes BASE_URL into the config, run on a copy at `file`. */
function applyDockerfileBase(baseUrl: string, file: string): void {
  const dockerfile = read('Dockerfile');
  const run = /^RUN (set -eu;[\s\S]*?nginx -t)$/m.exec(dockerfile)?.[1];
  assert.ok(run, 'Dockerfile: the RUN that sets BASE_URL in the config');
  fs.copyFileSync(path.join(SITE, 'deploy/nginx.conf'), file);
  const script = run
    .replace(/\\\n/g, '\n')
    .replaceAll('/etc/nginx/nginx.conf', file)
    .replace(/nginx -t$/, 'true');
  execFileSync('sh', ['-c', script], { env: { ...process.env, BASE_URL: baseUrl } });
}

test("Dockerfile: nginx image, the sample config, the build stage's output copied under BASE_URL", () => {
  const dockerfile = read('Dockerfile');
  assert.match(dockerfile, /^FROM nginx:[\w.-]+$/m);
  assert.match(dockerfile, /^ARG BASE_URL=\/$/m);
  assert.match(dockerfile, /^COPY deploy\/nginx\.conf \/etc\/nginx\/nginx\.conf$/m);
  assert.match(dockerfile, /^COPY --from=build \/site\/build\/ \/srv\/medplum-docs\$\{BASE_URL\}$/m);
  assert.match(dockerfile, /^EXPOSE 8080$/m);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-conf-'));
  for (const [base, location] of [
    ['/', 'location / {'],
    ['/medplum-docs/', 'location /medplum-docs/ {'],
    ['/team/docs/', 'location /team/docs/ {'],
  ]) {
    const file = path.join(dir, 'nginx.conf');
    applyDockerfileBase(base, file);
    const conf = withoutComments(fs.readFileSync(file, 'utf8'));
    assert.ok(conf.includes(location), `BASE_URL=${base}: ${location}`);
    if (base !== '/')
      assert.ok(!conf.includes('/medplum-docs/') || base === '/medplum-docs/', `BASE_URL=${base}: no sample path left`);
    if (base === '/') assert.ok(!conf.includes('location = '), 'BASE_URL=/: nothing is outside the base');
  }
  const bad = spawnSync('sh', ['-c', 'case "$BASE_URL" in /*/|/) ;; *) exit 1 ;; esac'], {
    env: { ...process.env, BASE_URL: 'docs' },
  });
  assert.equal(bad.status, 1, 'a BASE_URL without slashes is refused');
});

/** The stages of a Dockerfile: `FROM` line and the instructions under it, continuation lines joined. */
function dockerStages(dockerfile: string): { from: string; instructions: string[] }[] {
  const lines = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; instructions: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('FROM ')) stages.push({ from: line, instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}

test("Dockerfile: the site is built in a Node 24 stage with the README's commands, npm ci then npm run build", () => {
  const [build, serve, ...rest] = dockerStages(read('Dockerfile'));
  assert.equal(rest.length, 0, 'two stages: build, then nginx');
  assert.match(build.from, /^FROM node:24[\w.-]* AS build$/);
  assert.match(serve.from, /^FROM nginx:/);
  const npmRuns = build.instructions
    .filter((i) => i.startsWith('RUN npm '))
    .map((i) => i.replace(/^RUN /, '').replace(/ --no-audit --no-fund$/, ''));
  assert.deepEqual(npmRuns, ['npm ci', 'npm run build']);
  // The lock and package.json come in first, so the npm ci layer is reused while they do not change.
  const copyLock = build.instructions.indexOf('COPY package.json package-lock.json ./');
  const copyAll = build.instructions.indexOf('COPY . .');
  const ci = build.instructions.findIndex((i) => i.startsWith('RUN npm ci'));
  assert.ok(copyLock !== -1 && copyLock < ci && ci < copyAll, 'COPY the lock, npm ci, COPY the rest');
  assert.ok(
    build.instructions.some((i) => i.startsWith('ARG BASE_URL')),
    'the build stage reads BASE_URL',
  );
  // The README says the same commands, in its quick start and under Deploy.
  const readme = read('README.md');
  const shell = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
  assert.match(shell, /^npm ci\b/m, 'the README installs with npm ci');
  assert.match(shell, /(^|\s)npm run build\b/m, 'the README builds with npm run build');
  assert.ok(
    read('.dockerignore').split('\n').includes('node_modules'),
    '.dockerignore keeps the host node_modules out',
  );
});

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

test(
  'nginx -t accepts the config for each base',
  { skip: nginx ? false : 'nginx is not installed (apt-get install nginx-light)' },
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-t-'));
    for (const base of ['/', '/medplum-docs/', '/team/docs/']) {
      const file = path.join(dir, 'nginx.conf');
      applyDockerfileBase(base, file);
      // The security headers include the build writes (the Dockerfile copies it to /etc/nginx/).
      const include = path.join(dir, 'security-headers.conf');
      fs.writeFileSync(include, nginxInclude(policyFor([{ name: 'colour mode', hash: scriptHash('x') }])));
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('/etc/nginx/security-headers.conf', include));
      const result = spawnSync(
        nginx!,
        ['-t', '-q', '-p', dir, '-c', file, '-g', `pid ${dir}/nginx.pid; error_log stderr;`],
        {
          encoding: 'utf8',
        },
      );
      assert.equal(result.status, 0, `BASE_URL=${base}: nginx -t failed:\n${result.stderr}`);
    }
  },
);

test('the GitHub Pages workflow builds with BASE_URL from the repository name and SITE_URL from Pages, and deploys', () => {
  const workflow = yaml.load(read('.github/workflows/deploy-pages.yml')) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<
      string,
      {
        env?: Record<string, string>;
        needs?: string;
        steps: { uses?: string; run?: string; id?: string; with?: Record<string, unknown> }[];
      }
    >;
  };
  assert.ok('push' in workflow.on && 'workflow_dispatch' in workflow.on);
  assert.equal(workflow.permissions.pages, 'write');
  assert.equal(workflow.permissions['id-token'], 'write');
  const { build, deploy } = workflow.jobs;
  assert.match(build.env?.BASE_URL ?? '', /format\('\/\{0\}\/', github\.event\.repository\.name\)/);
  const uses = build.steps.map((s) => s.uses?.replace(/@.*/, '')).filter(Boolean);
  assert.deepEqual(uses, [
    'actions/checkout',
    'actions/setup-node',
    'actions/configure-pages',
    'actions/upload-pages-artifact',
  ]);
  const pages = build.steps.find((s) => s.uses?.startsWith('actions/configure-pages'));
  assert.equal(pages?.id, 'pages');
  assert.ok(
    build.steps.some(
      (s) =>
        s.run?.includes('SITE_URL=') && s.run.includes('steps.pages.outputs.base_url') && s.run.includes('.origin'),
    ),
    'SITE_URL is the origin of configure-pages base_url',
  );
  assert.ok(
    build.steps.some((s) => s.run?.startsWith('npm ci')),
    'npm ci installs the locked tree',
  );
  assert.ok(!build.steps.some((s) => s.run?.startsWith('npm install')));
  assert.ok(build.steps.some((s) => s.run === 'npm run build'));
  assert.equal(build.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path, 'build');
  assert.equal(deploy.needs, 'build');
  assert.ok(deploy.steps.some((s) => s.uses?.startsWith('actions/deploy-pages')));
  for (const step of [...build.steps, ...deploy.steps]) {
    if (step.uses)
      assert.match(step.uses, /^actions\/[\w-]+@v\d+$/, `${step.uses}: an official action at a major version`);
  }
});

test('the test workflow runs npm ci, npm test and the root build check on Node 22 and 24 on every push and pull request, with caches', () => {
  const workflow = yaml.load(read('.github/workflows/test.yml')) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<
      string,
      {
        'runs-on': string;
        strategy: { matrix: { node: number[] } };
        steps: { uses?: string; run?: string; with?: Record<string, unknown> }[];
      }
    >;
  };
  assert.ok('push' in workflow.on && 'pull_request' in workflow.on);
  assert.equal(workflow.permissions.contents, 'read');
  const { test: job } = workflow.jobs;
  assert.equal(job['runs-on'], 'ubuntu-latest');
  assert.deepEqual(job.strategy.matrix.node, [22, 24]);
  const setupNode = job.steps.find((s) => s.uses?.startsWith('actions/setup-node'));
  assert.equal(setupNode?.with?.['node-version'], '${{ matrix.node }}');
  assert.equal(setupNode?.with?.cache, 'npm');
  const runs = job.steps.map((s) => s.run).filter(Boolean);
  assert.ok(
    runs.some((r) => r!.startsWith('npm ci')),
    'npm ci, not npm install',
  );
  assert.ok(!runs.some((r) => r!.startsWith('npm install')));
  assert.deepEqual(runs.slice(-2), ['npm test', 'npm run test:root-build']);
  assert.ok(
    job.steps.some((s) => s.uses?.startsWith('actions/cache') && String(s.with?.path).includes('ms-playwright')),
  );
  assert.ok(
    runs.some((r) => r!.includes('scripts/find-browser.ts')),
    'the browser comes from the lookup',
  );
  for (const step of job.steps) {
    if (step.uses)
      assert.match(step.uses, /^actions\/[\w-]+@v\d+$/, `${step.uses}: an official action at a major version`);
  }
});
