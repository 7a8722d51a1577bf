/** Copies `source` into the start of the (larger) `target` and returns `target`: how the pools grow. */
export function copyInto<T extends Float64Array | Int32Array | Uint8Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
