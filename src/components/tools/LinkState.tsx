/**
 * Messages about the page address as a link: a shared link whose resource could not be read,
 * and state too long to keep in a link (offered as JSON to copy instead).
 */
import type { JSX } from 'react';
import { CopyButton } from './CopyButton';
import { MAX_LINK_LENGTH, useLinkTooLong } from './url-state';
import { formatCount } from './format-count';

export function LinkProblem({ problem }: { problem: string | undefined }): JSX.Element | null {
  if (!problem) return null;
  return (
    <p className="fhir-tool-error" role="alert" data-testid="link-problem">
      The link&apos;s resource could not be read: {problem}. This is not the built-in sample; paste the resource again
      or ask for a new link.
    </p>
  );
}

/** Shown while the tool's state is past MAX_LINK_LENGTH; `text` is what to copy instead. */
export function LinkTooLong({ text, what }: { text: string; what: string }): JSX.Element | null {
  const tooLong = useLinkTooLong();
  if (!tooLong) return null;
  return (
    <p className="fhir-tool-note" data-testid="link-too-long">
      A link to this would be longer than {formatCount(MAX_LINK_LENGTH)} characters, more than many servers, chat apps
      and mail programs accept, so the page address no longer holds it. To share it, copy the {what} instead:{' '}
      <CopyButton text={text} label={`Copy the ${what}`} />
    </p>
  );
}
