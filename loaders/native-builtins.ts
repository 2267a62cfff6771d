/**
 * Built-ins that a dependency may patch process-wide. pdf.js's legacy build (behind pdf-parse)
 * bundles core-js, which replaces `Array.prototype.push`, `JSON.parse` and
 * `Function.prototype.toString` with JavaScript versions when it is imported and again when its
 * parser first runs: after that every `push` in the thread (the scanners' included) runs ~2.7x
 * slower.
 */
const guarded: ReadonlyArray<object> = [
  Array,
  Array.prototype,
  JSON,
  Function.prototype,
  Object,
  String.prototype,
  Number,
  Math,
  Promise,
  Map.prototype,
  Set.prototype,
  RegExp.prototype,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  ArrayBuffer.prototype,
];

/**
 * Remember the current descriptors of the guarded built-ins; the returned function puts back
 * every one that was replaced since. Additions (new methods a polyfill brings) are left alone.
 *
 * @example
 * const restore = snapshotBuiltins();
 * const { PDFParse } = await import("pdf-parse");
 * restore();
 */
export function snapshotBuiltins(): () => void {
  const saved = guarded.map((target) => {
    const descriptors = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (descriptor) descriptors.set(key, descriptor);
    }
    return { target, descriptors };
  });
  return () => {
    for (const { target, descriptors } of saved) {
      for (const [key, before] of descriptors) {
        const now = Reflect.getOwnPropertyDescriptor(target, key);
        const same =
          now !== undefined &&
          Object.is(now.value, before.value) &&
          now.get === before.get &&
          now.set === before.set;
        if (same) continue;
        Reflect.defineProperty(target, key, before);
      }
    }
  };
}
