import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paramAnchorId, paramAnchorIds } from '../../src/components/Endpoint/anchors';

test('parameter anchors follow the param-<name> convention other pages link to', () => {
  assert.equal(paramAnchorId('grant_type'), 'param-grant_type');
  assert.equal(paramAnchorId('name.givenName', 'create'), 'param-create-name.givenName');
});

test('characters that are awkward in URLs are replaced', () => {
  assert.equal(paramAnchorId('(body)'), 'param--body-');
  assert.equal(paramAnchorId('a b/c'), 'param-a-b-c');
});

test('repeated names get their location so ids stay unique on the page', () => {
  const ids = paramAnchorIds(
    [
      { name: 'id', in: 'path' },
      { name: 'id', in: 'body' },
      { name: 'name', in: 'body' },
    ],
    'replace',
  );
  assert.deepEqual(ids, ['param-replace-id-path', 'param-replace-id-body', 'param-replace-name']);
  assert.equal(new Set(ids).size, ids.length);
});
