/**
 * The search builder's SDK call is built from escaped literals: whatever a shared link puts in a
 * parameter name, modifier or value, the snippet parses to one call with literal arguments equal
 * to what the tool shows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ts from 'typescript';
import { sdkSearchCall, tsStringLiteral } from '../../src/components/tools/snippets';

/** Parses a snippet and returns the string arguments of its one `medplum.searchResources` call. */
function callArguments(snippet: string): string[] {
  const file = ts.createSourceFile('snippet.ts', snippet, ts.ScriptTarget.Latest, true);
  const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  assert.deepEqual(
    diagnostics.map((d) => d.messageText),
    [],
    `does not parse: ${snippet}`,
  );
  assert.equal(file.statements.length, 1, `one statement: ${snippet}`);
  const statement = file.statements[0];
  assert.ok(ts.isVariableStatement(statement));
  const init = statement.declarationList.declarations[0].initializer;
  assert.ok(init && ts.isAwaitExpression(init));
  const call = init.expression;
  assert.ok(ts.isCallExpression(call));
  assert.equal(call.expression.getText(file), 'medplum.searchResources');
  return call.arguments.map((arg) => {
    assert.ok(ts.isStringLiteral(arg), `literal argument: ${arg.getText(file)}`);
    return arg.text;
  });
}

const NASTY = [
  "x\\');alert(document.domain);//=1",
  "it's",
  'back\\slash\\',
  'line\nbreak\r\n',
  '</script><script>alert(1)</script>',
  'sep\u2028arator\u2029',
  'tab\tand\u0000nul\u007f',
  'emoji 🩺 and ünïcödé',
  '${template}`',
  '"double"',
];

test('every generated name, modifier and value comes back as the literal it was', () => {
  for (const a of NASTY) {
    for (const b of NASTY) {
      const query = `${encodeURIComponent(a)}:${encodeURIComponent(b)}=${a}${b}`;
      assert.deepEqual(callArguments(sdkSearchCall('Patient', query)), ['Patient', query]);
      assert.deepEqual(callArguments(sdkSearchCall(a, b)), [a, b]);
    }
  }
});

test('the link from the report cannot run code when its snippet is pasted', () => {
  const query =
    new URLSearchParams("type=Patient&query=x%5C')%3Balert(document.domain)%3B%2F%2F%3D1").get('query') ?? '';
  const snippet = sdkSearchCall('Patient', query);
  assert.deepEqual(callArguments(snippet), ['Patient', query]);
  assert.doesNotMatch(snippet.replace(/'(?:[^'\\]|\\.)*'/g, "''"), /alert/);
});

test('ordinary searches read as before', () => {
  assert.equal(
    sdkSearchCall('Patient', 'birthdate=ge2000-01-01&name:contains=smi'),
    "const results = await medplum.searchResources('Patient', 'birthdate=ge2000-01-01&name:contains=smi');",
  );
  assert.equal(sdkSearchCall('Observation', ''), "const results = await medplum.searchResources('Observation');");
  assert.equal(tsStringLiteral('<b>'), "'\\u003cb>'");
});
