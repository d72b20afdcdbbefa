/**
 * Runs the reader's own criteria test (examples/subscriptions/lab-result-criteria.test.ts) as it
 * is: loading it declares its two node:test tests, which assert that the Subscription fires when a
 * lab result becomes final and not when a final result is edited again.
 */
import '../../../examples/subscriptions/lab-result-criteria.test';
