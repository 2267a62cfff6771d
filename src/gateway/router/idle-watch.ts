/**
 * Relay `source`, failing with `onIdle()` when the source gives nothing for `idleMs` while it
 * is being waited on (time the consumer spends on an item does not count). `onIdle` also stops
 * the source (the attempt's abort), so its pending read ends.
 */
export async function* failWhenIdle<T>(
  source: AsyncIterable<T>,
  idleMs: number,
  onIdle: () => Error,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(onIdle()), idleMs);
      });
      let next: IteratorResult<T>;
      try {
        next = await Promise.race([iterator.next(), idle]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done === true) return;
      yield next.value;
    }
  } finally {
    void iterator.return?.()?.catch(() => {});
  }
}
