/** lib/find-browser.ts on fake Linux, macOS and Windows machines. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findBrowser, isDebianLike, notFoundMessage, type Env, type Lookup } from '../../lib/find-browser';

function lookup(platform: NodeJS.Platform, files: string[], env: Env = {}, playwright?: string): Lookup {
  const fs = new Set(files);
  return findBrowser({
    platform,
    env,
    exists: (f) => fs.has(f),
    playwrightExecutable: playwright ? () => playwright : undefined,
  });
}

function found(result: Lookup): string {
  assert.ok(
    result.found,
    `expected a browser, looked at ${result.found ? '' : result.looked.map((c) => c.path).join(', ')}`,
  );
  return result.path;
}

test('CHROMIUM_PATH wins over every installed browser, and a wrong one is an error, not a fallback', () => {
  assert.equal(
    found(lookup('linux', ['/usr/bin/google-chrome', '/opt/chrome'], { CHROMIUM_PATH: '/opt/chrome' })),
    '/opt/chrome',
  );
  const missing = lookup('linux', ['/usr/bin/google-chrome'], { CHROMIUM_PATH: '/nope/chrome' });
  assert.equal(missing.found, false);
  assert.match(
    notFoundMessage(missing as Extract<Lookup, { found: false }>, 'linux'),
    /CHROMIUM_PATH is \/nope\/chrome, which does not exist/,
  );
});

test('Linux: Chrome, then Chromium, then Edge in the packages’ places, then on PATH', () => {
  assert.equal(
    found(lookup('linux', ['/usr/bin/chromium', '/usr/bin/google-chrome-stable'])),
    '/usr/bin/google-chrome-stable',
  );
  assert.equal(found(lookup('linux', ['/usr/bin/chromium', '/usr/bin/microsoft-edge'])), '/usr/bin/chromium');
  assert.equal(found(lookup('linux', ['/snap/bin/chromium'])), '/snap/bin/chromium');
  assert.equal(found(lookup('linux', ['/opt/microsoft/msedge/msedge'])), '/opt/microsoft/msedge/msedge');
  // Fedora, Arch, NixOS: somewhere on PATH.
  const env = { PATH: '/home/me/.nix-profile/bin:/usr/local/bin:relative/bin' };
  assert.equal(
    found(lookup('linux', ['/home/me/.nix-profile/bin/chromium'], env)),
    '/home/me/.nix-profile/bin/chromium',
  );
});

test('macOS: the .app bundles in /Applications, then in ~/Applications', () => {
  const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
  const userChromium = '/Users/me/Applications/Chromium.app/Contents/MacOS/Chromium';
  const edge = '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge';
  assert.equal(found(lookup('darwin', [edge, chrome], { HOME: '/Users/me' })), chrome);
  assert.equal(found(lookup('darwin', [edge, userChromium], { HOME: '/Users/me' })), userChromium);
  assert.equal(found(lookup('darwin', [edge], { HOME: '/Users/me' })), edge);
  assert.equal(lookup('darwin', ['/usr/bin/chromium'], { HOME: '/Users/me' }).found, false);
});

test('Windows: Program Files, Program Files (x86) and the user’s AppData, whatever the variables’ case', () => {
  const env = {
    ProgramFiles: 'C:\\Program Files',
    'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
    LocalAppData: 'C:\\Users\\me\\AppData\\Local',
  };
  assert.equal(
    found(
      lookup(
        'win32',
        [
          'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
          'C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
        ],
        env,
      ),
    ),
    'C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
  );
  assert.equal(
    found(lookup('win32', ['C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'], env)),
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
  );
  assert.equal(
    found(lookup('win32', ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'], {})),
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  );
  assert.equal(found(lookup('win32', ['D:\\chrome.exe'], { chromium_path: 'D:\\chrome.exe' })), 'D:\\chrome.exe');
});

test("playwright-core's downloaded Chromium comes after the installed browsers", () => {
  const pw = '/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';
  assert.equal(found(lookup('linux', [pw, '/usr/bin/chromium'], {}, pw)), '/usr/bin/chromium');
  assert.equal(found(lookup('linux', [pw], {}, pw)), pw);
  // Not downloaded: looked at, not found.
  const none = lookup('linux', [], {}, pw);
  assert.ok(!none.found && none.looked.some((c) => c.path === pw));
});

test('nothing found: the message names every place looked and how to set CHROMIUM_PATH', () => {
  for (const platform of ['linux', 'darwin', 'win32'] as const) {
    const result = lookup(
      platform,
      [],
      { HOME: '/Users/me', PATH: '/usr/local/bin', ProgramFiles: 'C:\\Program Files' },
      '/pw/chrome',
    );
    assert.ok(!result.found);
    const message = notFoundMessage(result, platform);
    for (const c of result.looked) assert.ok(message.includes(c.path), `${platform}: ${c.path} in the message`);
    assert.match(message, /CHROMIUM_PATH/);
    assert.match(message, /npx playwright install chromium/);
  }
  assert.match(notFoundMessage({ found: false, looked: [] }, 'win32'), /set CHROMIUM_PATH=C:\\/);
  assert.match(
    notFoundMessage({ found: false, looked: [] }, 'darwin'),
    /export CHROMIUM_PATH="\/Applications\/Google Chrome\.app/,
  );
});

test('apt-get is only for Debian and Ubuntu (and their derivatives)', () => {
  assert.equal(isDebianLike('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'), true);
  assert.equal(isDebianLike('ID=ubuntu\nID_LIKE=debian\n'), true);
  assert.equal(isDebianLike('ID=linuxmint\nID_LIKE="ubuntu debian"\n'), true);
  assert.equal(isDebianLike('ID="fedora"\n'), false);
  assert.equal(isDebianLike('ID=arch\n'), false);
});
