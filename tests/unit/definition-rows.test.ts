/** The FHIR index table's rows are built as HTML text: every value must arrive escaped. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rowsHtml } from '../../src/components/fhir/definition-rows';

test('names, categories, descriptions and hrefs are escaped; the base is applied to each href', () => {
  const html = rowsHtml(
    [
      {
        name: 'Patient',
        href: '/docs/api/fhir/resources/patient',
        category: 'Base › Individuals',
        maturity: 'FMM 5 · normative',
        description: `Demographics & "other" <admin> info, it's here`,
      },
      {
        name: '<img src=x onerror=alert(1)>',
        href: '/docs/x"onmouseover="y',
        category: '',
        maturity: '',
        description: '',
      },
    ],
    (href) => `/medplum-docs${href}`,
  );
  assert.equal(
    html.split('</tr>')[0],
    '<tr><td><a href="/medplum-docs/docs/api/fhir/resources/patient">Patient</a></td><td>Base › Individuals</td>' +
      '<td>FMM 5 · normative</td><td>Demographics &amp; &quot;other&quot; &lt;admin&gt; info, it&apos;s here</td>',
  );
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
  assert.ok(html.includes('href="/medplum-docs/docs/x&quot;onmouseover=&quot;y"'));
  assert.equal((html.match(/<tr>/g) ?? []).length, 2);
});
