/**
 * A step of a walk over a document tree: a generator that yields the sub-walks it needs (and gets
 * each one's result back from the `yield`) and returns its own result.
 */
export type Walk<T> = Generator<Walk<unknown>, T, unknown>;

/**
 * Runs a walk with its stack on the heap: the walk recurses in form, but however deep the document
 * nests, the call stack stays flat (no "Maximum call stack size exceeded").
 */
export function runWalk<T>(walk: Walk<T>): T {
  const stack: Walk<unknown>[] = [walk];
  let value: unknown;
  for (;;) {
    const step = stack[stack.length - 1]!.next(value);
    if (step.done) {
      stack.pop();
      value = step.value;
      if (!stack.length) return value as T;
    } else {
      stack.push(step.value);
      value = undefined;
    }
  }
}
