/**
 * A module imported on first use, for operations whose code `einvoice --help` must not load.
 * Later calls reuse the first call's promise: `await import()` of a module already loaded still
 * resolves the specifier and builds a namespace promise, several µs per call on a server's path.
 * A failed import is not kept, so the next call tries again.
 * @module
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined
      throw err
    }))
}
