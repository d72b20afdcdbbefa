/** Shared by the React and React-hooks reference tests: what a ProseError from their prose lists. */
import assert from 'node:assert/strict';
import { ProseError } from '../../plugins/generate/react-reference/prose';

/** The problems a ProseError lists, or fails when `run` does not throw one. */
export function proseProblems(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    assert.ok(err instanceof ProseError, `expected a ProseError, got ${String(err)}`);
    assert.match(err.message, /Invalid reference prose/);
    return err.problems;
  }
  assert.fail('expected a ProseError');
}
