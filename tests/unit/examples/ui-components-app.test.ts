/**
 * The app-level React examples of the UI components pages (QuantityInput, the sign-in page),
 * rendered with MockClient (server rendering); the handlers the examples pass to the Medplum
 * components are called as the components would call them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Quantity } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { GlucoseResult } from '../../../examples/ui-components/quantity-input';
import { SignInPage } from '../../../examples/ui-components/sign-in-page';
import { renderAndCapture } from './support/render';

test('GlucoseResult draws the comparator, value and unit of its Quantity', () => {
  const { html, element } = renderAndCapture<{
    name: string;
    path: string;
    defaultValue: Quantity;
    disableWheel: boolean;
  }>(new MockClient(), GlucoseResult);
  assert.equal(element.props.name, 'glucose');
  assert.equal(element.props.path, 'Observation.valueQuantity');
  assert.equal(element.props.disableWheel, true);
  assert.deepEqual(element.props.defaultValue, { comparator: '>', value: 100, unit: 'mg/dL' });
  assert.match(html, /<option value="&gt;" selected="">/);
  assert.match(html, /<input[^>]*name="glucose"[^>]*value="100"|<input[^>]*value="100"[^>]*name="glucose"/);
  assert.match(html, /value="mg\/dL"/);
});

test('SignInPage shows the heading and the email step, and its handlers navigate', () => {
  const paths: string[] = [];
  const { html, element } = renderAndCapture<{
    projectId: string;
    googleClientId: string;
    onSuccess: () => void;
    onForgotPassword: () => void;
    onRegister: () => void;
  }>(new MockClient({ profile: null }), SignInPage, (path) => paths.push(path));
  assert.match(html, /Sign in to Example Clinic/);
  assert.match(html, /name="email"/);
  // onRegister adds the register link under the email step.
  assert.match(html, /Register/);
  assert.equal(element.props.projectId, 'b2a4c6d8-1e3f-4a5b-8c7d-9e0f1a2b3c4d');
  assert.equal(
    element.props.googleClientId,
    '418203957716-k2v9qd0rjm5h8tce1pnw7s3fxbu4lga6.apps.googleusercontent.com',
  );
  element.props.onSuccess();
  element.props.onForgotPassword();
  element.props.onRegister();
  assert.deepEqual(paths, ['/', '/resetpassword', '/register']);
});
