/**
 * Pull the first item of an async iterable and give back an iterable that replays it, so a stream
 * can be checked (and failed over) before the first byte goes to the client.
 */
export async function peekFirst<T>(
  source: AsyncIterable<T>,
): Promise<{ empty: boolean; events: AsyncIterable<T> }> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* replay(): AsyncGenerator<T> {
    if (first.done === true) return;
    yield first.value;
    while (true) {
      const next = await iterator.next();
      if (next.done === true) return;
      yield next.value;
    }
  }
  return { empty: first.done === true, events: replay() };
}
