/**
 * Counts the calls made to one method of an object (a client's `search`, `valueSetExpand`) while
 * passing each call through unchanged: how the example tests check that rendering a component
 * sends no request, or that matching a batch of rows costs one search.
 */
export function countCalls<T extends object, K extends keyof T>(target: T, method: K): { readonly count: number } {
  const real = (target[method] as (...args: unknown[]) => unknown).bind(target);
  const counter = { count: 0 };
  target[method] = ((...args: unknown[]) => {
    counter.count++;
    return real(...args);
  }) as T[K];
  return counter;
}
