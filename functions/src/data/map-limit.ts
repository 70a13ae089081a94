/** Runs `fn` over `items` with at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * A pool of `limit` slots shared by every call of the function it returns: however many callers run at once,
 * at most `limit` of their tasks do; the others wait their turn, first come first served. A freed slot passes
 * straight to the next waiter, so a newcomer cannot take it in between.
 */
export function sharedLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <R>(task: () => Promise<R>): Promise<R> => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
