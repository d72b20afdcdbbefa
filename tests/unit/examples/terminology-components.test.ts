/**
 * Renders the ValueSetAutocomplete example with MockClient (server rendering: the dropdown stays
 * closed, so no expansion is requested) and calls the onChange it passes, as the picker would.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ValueSetExpansionContains } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { ConditionCodePicker } from '../../../examples/terminology/condition-code-picker';
import { renderAndCapture } from './support/render';
import { countCalls } from './support/count-calls';

test('ConditionCodePicker asks for condition codes in Spanish, 25 at a time, one code from the expansion only', () => {
  type PickerProps = {
    name: string;
    binding: string;
    expandParams?: Record<string, unknown>;
    creatable?: boolean;
    maxValues?: number;
    onChange: (items: ValueSetExpansionContains[]) => void;
  };
  const medplum = new MockClient();
  const expansions = countCalls(medplum, 'valueSetExpand');
  const { html, element: picker } = renderAndCapture<PickerProps>(medplum, ConditionCodePicker);
  assert.match(html, /<input[^>]*name="condition-code"/);
  assert.equal(expansions.count, 0, 'nothing is expanded before the user types');

  assert.equal(picker.props.binding, 'http://hl7.org/fhir/ValueSet/condition-code');
  assert.deepEqual(picker.props.expandParams, { count: 25, displayLanguage: 'es' });
  assert.equal(picker.props.creatable, false);
  assert.equal(picker.props.maxValues, 1);

  const logged: unknown[][] = [];
  const realLog = console.log;
  console.log = (...args: unknown[]) => logged.push(args);
  try {
    picker.props.onChange([
      { system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes mellitus type 2' },
    ]);
    picker.props.onChange([]);
  } finally {
    console.log = realLog;
  }
  assert.deepEqual(logged, [
    ['http://snomed.info/sct', '44054006'],
    [undefined, undefined],
  ]);
});
