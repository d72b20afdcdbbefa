/**
 * The demos must not load anything from other hosts; localizeUrls rewrites the remote photo and
 * attachment URLs of the mock's sample resources to a local image.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BartSimpson, DrAliceSmith, HomerSimpson } from '@medplum/mock';
import { localizeUrls } from '../../src/components/react-demos/localize';

test('rewrites remote attachment URLs of the mock sample people and reports the change', () => {
  for (const sample of [HomerSimpson, BartSimpson, DrAliceSmith]) {
    const copy = structuredClone(sample);
    const remote = copy.photo?.[0]?.url;
    assert.match(remote ?? '', /^https?:\/\//, `${copy.id} starts with a remote photo`);
    assert.equal(localizeUrls(copy, '/logo.svg'), true);
    assert.equal(copy.photo?.[0]?.url, '/logo.svg');
    assert.ok(!JSON.stringify(copy).includes(remote!), 'the remote URL is gone');
  }
});

test('leaves URLs that are not attachments, and local ones, alone', () => {
  const questionnaire = { resourceType: 'Questionnaire', url: 'https://example.com/q', item: [] };
  const attachment = { contentType: 'image/png', url: '/already-local.png' };
  assert.equal(localizeUrls(questionnaire, '/logo.svg'), false);
  assert.equal(localizeUrls(attachment, '/logo.svg'), false);
  assert.equal(questionnaire.url, 'https://example.com/q');
  assert.equal(attachment.url, '/already-local.png');
});
