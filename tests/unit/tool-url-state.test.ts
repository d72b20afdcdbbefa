/**
 * The tools' link state (src/components/tools/url-state.ts) and depth check (json-depth.ts):
 * a damaged link's resource is reported with a reason instead of replaced by a sample, state
 * past the link bound is refused, and nesting is measured without recursion.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../src/components/tools/json-depth';
import {
  decodeResource,
  encodeResource,
  fragmentFor,
  linkLength,
  MAX_LINK_LENGTH,
} from '../../src/components/tools/url-state';

const patient = JSON.stringify({ resourceType: 'Patient', name: [{ given: ['Zoë', '山田'] }] });

describe('decodeResource', () => {
  test('round-trips UTF-8 JSON and pretty-prints it', () => {
    const decoded = decodeResource(encodeResource(patient));
    assert.deepEqual(decoded, { ok: true, text: JSON.stringify(JSON.parse(patient), null, 2) });
  });

  test('a truncated link says the JSON is incomplete and keeps the text it held', () => {
    const encoded = encodeResource(patient);
    // Cut at a multiple of four so the base64 itself still decodes: only the JSON is short.
    const cut = encoded.slice(0, encoded.length - (encoded.length % 4) - 8);
    const decoded = decodeResource(cut);
    assert.equal(decoded.ok, false);
    assert.match(!decoded.ok ? decoded.reason : '', /incomplete or broken .*cut short/);
    assert.ok(!decoded.ok && patient.startsWith(decoded.text) && decoded.text.length > 10, JSON.stringify(decoded));
    // Cut inside the three bytes of 山: still read as a truncation, not as foreign bytes.
    const at = Buffer.from(patient).indexOf(Buffer.from('山')) + 1;
    const mid = decodeResource(Buffer.from(patient).subarray(0, at).toString('base64url'));
    assert.ok(!mid.ok && /cut short/.test(mid.reason), JSON.stringify(mid));
  });

  test('a link cut inside a base64 group, or with foreign characters, is reported as such', () => {
    const encoded = encodeResource(patient);
    const oneOver = encoded.slice(0, Math.floor(encoded.length / 4) * 4 - 3);
    const r1 = decodeResource(oneOver);
    assert.ok(!r1.ok && /cut short/.test(r1.reason), JSON.stringify(r1));
    const r2 = decodeResource(`${encoded.slice(0, 10)}%20${encoded.slice(10)}`);
    assert.ok(!r2.ok && /"%"/.test(r2.reason) && r2.text === '', JSON.stringify(r2));
  });

  test('bytes that are not UTF-8 are refused rather than shown as replacement characters', () => {
    const r = decodeResource(Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d]).toString('base64url'));
    assert.ok(!r.ok && /not UTF-8/.test(r.reason), JSON.stringify(r));
  });

  test('a 10,000-level nested resource is refused before JSON.parse runs', () => {
    const deep = `{"resourceType":"Patient","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const r = decodeResource(encodeResource(deep));
    assert.ok(!r.ok && /more than 100 levels/.test(r.reason), JSON.stringify(r).slice(0, 200));
  });
});

describe('exceedsDepth', () => {
  test('counts objects and arrays, not brackets inside strings', () => {
    const at = (n: number) => '['.repeat(n) + ']'.repeat(n);
    assert.equal(exceedsDepth(at(MAX_JSON_DEPTH)), false);
    assert.equal(exceedsDepth(at(MAX_JSON_DEPTH + 1)), true);
    assert.equal(exceedsDepth(JSON.stringify({ a: '['.repeat(500) })), false);
    assert.equal(exceedsDepth(JSON.stringify({ a: '\\"[[[' })), false);
    // Unclosed brackets count: a truncated paste is measured as well.
    assert.equal(exceedsDepth('{"a":'.repeat(200)), true);
    // Iterative: a million levels is a quick "too deep", not a stack overflow.
    assert.equal(exceedsDepth('['.repeat(1_000_000)), true);
  });
});

describe('link length bound', () => {
  const base = 'https://docs.example.org/docs/tools/validator';

  test('fits short state and refuses state past MAX_LINK_LENGTH', () => {
    assert.equal(
      fragmentFor(base, [
        ['expression', 'name.given'],
        ['resource', ''],
      ]),
      'expression=name.given',
    );
    const room = MAX_LINK_LENGTH - base.length - 1 - 'resource='.length;
    const exact = fragmentFor(base, [['resource', 'a'.repeat(room)]]);
    assert.equal(exact && linkLength(base, exact), MAX_LINK_LENGTH);
    assert.equal(fragmentFor(base, [['resource', 'a'.repeat(room + 1)]]), undefined);
  });

  test('a resource of realistic size fits; a large Bundle does not', () => {
    assert.ok(fragmentFor(base, [['resource', encodeResource(patient)]]));
    const bundle = JSON.stringify({
      resourceType: 'Bundle',
      entry: Array.from({ length: 200 }, (_, i) => ({ resource: { resourceType: 'Patient', id: `p${i}` } })),
    });
    assert.equal(fragmentFor(base, [['resource', encodeResource(bundle)]]), undefined);
  });
});
