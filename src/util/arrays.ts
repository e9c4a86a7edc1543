/**
 * Array helpers for lists whose length comes from the input (findings, name-tree entries, CMap
 * ranges): spreading such a list into a call (`push(...items)`, `Math.max(...values)`) passes
 * every item as an argument and throws a RangeError somewhere past 100,000 of them.
 * @module
 */

/** Appends `items` to `target`, one by one. */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item)
}

/** The largest of `values`; -Infinity for none, as Math.max(). */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity
  for (const v of values) if (v > max) max = v
  return max
}
