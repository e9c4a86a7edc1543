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
  const names = new Map<string, string | undefined>()
  for (const [code, name] of entries) names.set(code, name)
  const codes = Object.freeze([...names.keys()])
  return {
    id,
    version,
    has: (code) => names.has(code),
    name: (code) => names.get(code),
    codes,
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
