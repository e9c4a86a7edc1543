/**
 * A constant table looked up by text that comes from input (glyph names, content-stream
 * operators, XMP namespaces, currency codes). It has no prototype, so a key such as `constructor`
 * or `toString` finds nothing instead of an Object method.
 * @module
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries))
}
