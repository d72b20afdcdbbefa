/**
 * Deploying a bot whose bundle is too large for `$deploy` with a `code` parameter: the bundle is
 * uploaded as a Binary (not parsed as JSON, so the server's `maxJsonSize` does not apply), the
 * bot's `executableCode` points at it, and `$deploy` without a body installs the stored file.
 */
import type { MedplumClient } from '@medplum/core';
import { ContentType } from '@medplum/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// #region deploy-from-binary
/** Uploads a built bundle (for example `dist/welcome-call.js`) as a Binary and deploys it. */
export async function deployBundleAsBinary(medplum: MedplumClient, botId: string, bundlePath: string): Promise<void> {
  const filename = path.basename(bundlePath);
  const binary = await medplum.createBinary({
    data: readFileSync(bundlePath, 'utf8'),
    contentType: ContentType.JAVASCRIPT,
    filename,
  });
  const bot = await medplum.readResource('Bot', botId);
  await medplum.updateResource({
    ...bot,
    // Must be a `Binary/` reference with the new id: the server reads the stored code through it.
    executableCode: { contentType: ContentType.JAVASCRIPT, url: `Binary/${binary.id}`, title: filename },
  });
  // No body: the server deploys the Binary that executableCode points at.
  await medplum.post(medplum.fhirUrl('Bot', botId, '$deploy'));
}
// #endregion deploy-from-binary
