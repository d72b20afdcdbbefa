/**
 * The browser that draws the Mermaid diagrams and runs the browser tests (lib/find-browser.ts says
 * where it looks). `npm run build` runs it first:
 *
 *   tsx scripts/find-browser.ts            prints the browser's path, or explains where it looked
 *   tsx scripts/find-browser.ts --install  the same, but when nothing is found on Debian or Ubuntu and
 *                                          it may (root, or `sudo -n` without a password), installs
 *                                          the `chromium` package with apt-get first
 */
import { ensureBrowser } from '../lib/find-browser';

try {
  console.log(ensureBrowser(process.argv.includes('--install')));
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
