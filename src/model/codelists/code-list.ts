/**
 * A code list as data with O(1) lookups. Each list module exports one `CodeList`.
 * @module
 */

/** The CEN EN 16931 validation artefacts release whose BR-CL rules the values come from. */
export const EN16931_CODE_LISTS_VERSION = 'CEN EN 16931 validation artefacts 1.3.16'

export type CodeListEntry = {
  code: string
  /** English name of the code (the list's own wording). */
  name?: string | undefined
}

export type CodeList = {
  /** Short id, e.g. `UNTDID 1001`, `ISO 4217`. */
  readonly id: string
  /** The list version the values were taken from (e.g. the CEN code-list release). */
  readonly version: string
  has(code: string): boolean
  name(code: string): string | undefined
  readonly codes: readonly string[]
}

export function defineCodeList(
  id: string,
  version: string,
  entries: readonly (readonly [code: string, name?: string])[],
): CodeList {
  // The lookup table is built on first use: a process loads every list (some 5,000 codes) and a
  // document consults a handful. `new Map(entries)` and `Array.from` iterate natively: in a cold
  // (interpreted) process about twice as fast as a destructuring loop.
  let names: Map<string, string | undefined> | undefined
  // A one-element entry has no name: the Map reads its missing second element as undefined.
  const table = (): Map<string, string | undefined> => (names ??= new Map(entries as readonly (readonly [string, string | undefined])[]))
  let codes: readonly string[] | undefined
  return {
    id,
    version,
    has: (code) => table().has(code),
    name: (code) => table().get(code),
    get codes() {
      return (codes ??= Object.freeze(Array.from(table().keys())))
    },
  }
}

/**
 * A list of some of `base`'s codes, with their names taken from `base` (for the lists where one
 * syntax or document type accepts fewer codes). Throws if `base` lacks one of `codes`.
 */
export function subsetCodeList(base: CodeList, id: string, codes: readonly string[]): CodeList {
  return defineCodeList(
    id,
    base.version,
    codes.map((code): readonly [string, string?] => {
      if (!base.has(code)) throw new Error(`${base.id} has no code ${code}`)
      const name = base.name(code)
      return name === undefined ? [code] : [code, name]
    }),
  )
}
