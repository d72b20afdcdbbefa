import React, { useState } from 'react';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { markdownPath } from '../../paths';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<CopyState, string> = { idle: '', copied: 'Copied', failed: 'Could not copy' };

/**
 * "Copy page as Markdown" and "View as Markdown" for the current doc, reading the twin the build
 * writes at `<route>.md`. Only in production builds: the development server has no twins.
 */
export default function PageMarkdownActions(): React.JSX.Element | null {
  const { metadata } = useDoc();
  const { siteConfig } = useDocusaurusContext();
  const [state, setState] = useState<CopyState>('idle');
  if (process.env.NODE_ENV !== 'production') return null;
  // The permalink carries the base URL, so the twin's URL does too.
  const href = markdownPath(metadata.permalink, siteConfig.baseUrl);

  const copy = async () => {
    try {
      await copyText(
        fetch(href).then(async (res) => {
          if (!res.ok) throw new Error(`${href}: ${res.status}`);
          return res.text();
        }),
      );
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={styles.actions} data-twin-skip="" data-pagefind-ignore="all">
      <button type="button" className={styles.action} onClick={copy}>
        Copy page as Markdown
      </button>
      <a className={styles.action} href={href}>
        View as Markdown
      </a>
      <span className={styles.status} role="status">
        {MESSAGES[state]}
      </span>
    </div>
  );
}

/**
 * Writes text that is still being fetched. A ClipboardItem holding a promise keeps the click's
 * user activation in Safari, which a write after `await fetch` would lose.
 */
async function copyText(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}
