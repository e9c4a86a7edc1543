/**
 * Code generated per object schema for the single-pass reader (read-json-payload.ts): storing a
 * field by its index, matching a field's key in the text, and calling a field's reader.
 *
 * The reader builds every schema object with one closure, so V8 keeps one set of feedback for all
 * of them: `out[names[i]] = value` was a megamorphic keyed store (the reader's largest builtin
 * cost), a key was compared in a loop over the name's characters, and `readers[i]()` called a
 * different function each time. Code of its own per schema, with the names as constants, gives
 * each field a store site of its own (one or a few object shapes each), a key compare against
 * constant code units, and a call site that always calls the same reader.
 * @module
 */

/** The generated functions of one object schema; `i` is a field's index in the schema's key order. */
export type ShapeCode = {
  /** `out[names[i]] = value`. */
  store: (out: Record<string, unknown>, i: number, value: unknown) => void
  /** Where the key `"names[i]"` ends when `units` holds it (quotes included, nothing escaped) from `at` on, else -1. */
  keyEnd: (units: Uint16Array, at: number, i: number) => number
  /** The index of the field whose key (unescaped) `units` holds from `at` on, else -1. */
  find: (units: Uint16Array, at: number) => number
  /** `readers[i]()`. */
  read: (i: number) => unknown
}

type Compiled<T> = (...closure: unknown[]) => T

/** The switch on a field index: one case per field, `body(index)` its statement. */
function fieldSwitch(count: number, body: (index: number) => string): string {
  const cases: string[] = []
  for (let i = 0; i < count; i++) cases.push(`case ${i}: ${body(i)}`)
  return `switch (i) {\n${cases.join('\n')}\n}`
}

/** The test that `units` holds `"name"` from `at` on, one compare per code unit. */
function keyTest(name: string): string {
  const tests = ['units[at] === 34']
  for (let k = 0; k < name.length; k++) tests.push(`units[at + ${k + 1}] === ${name.charCodeAt(k)}`)
  tests.push(`units[at + ${name.length + 1}] === 34`)
  return tests.join(' && ')
}

/**
 * The code of one schema object with the keys `names`, each read by `readers[i]`. A name is
 * written as a string literal (JSON.stringify), so any name is safe to generate from.
 */
export function shapeCode(names: readonly string[], readers: readonly (() => unknown)[]): ShapeCode {
  const count = names.length
  const store = fieldSwitch(count, (i) => `out[${JSON.stringify(names[i])}] = value; return;`)
  const keyEnd = fieldSwitch(count, (i) => `return ${keyTest(names[i] as string)} ? at + ${(names[i] as string).length + 2} : -1;`)
  // Tried by the key's first character, so a key is compared with the few names that start alike.
  const byFirst = new Map<number, number[]>()
  names.forEach((name, i) => {
    // The unit after the opening quote: the closing one for the empty name.
    const first = name === '' ? 0x22 : name.charCodeAt(0)
    byFirst.set(first, [...(byFirst.get(first) ?? []), i])
  })
  const find = [...byFirst]
    .map(([first, indexes]) => `case ${first}:\n${indexes.map((i) => `if (${keyTest(names[i] as string)}) return ${i};`).join('\n')}\nreturn -1;`)
    .join('\n')
  // The readers are parameters of the outer function, so each case calls one fixed function.
  const params = readers.map((_, i) => `r${i}`)
  const read = fieldSwitch(count, (i) => `return r${i}();`)
  const source = `return {
  store(out, i, value) {\n${store}\n},
  keyEnd(units, at, i) {\n${keyEnd}\nreturn -1;\n},
  find(units, at) {\nswitch (units[at + 1]) {\n${find}\n}\nreturn -1;\n},
  read(i) {\n${read}\n},
};`
  let build: Compiled<ShapeCode>
  try {
    build = new Function(...params, source) as Compiled<ShapeCode>
  } catch (err) {
    // Code generation from strings is switched off (`--disallow-code-generation-from-strings`,
    // a CSP): the same functions as closures over the names, slower but equal.
    if (err instanceof EvalError) return genericShapeCode(names, readers)
    throw err
  }
  return build(...readers)
}

/** `shapeCode` without generated code: what the reader did before, field by field. */
export function genericShapeCode(names: readonly string[], readers: readonly (() => unknown)[]): ShapeCode {
  const keyEnd = (units: Uint16Array, at: number, i: number): number => {
    const name = names[i] as string
    if (units[at] !== 34) return -1
    for (let k = 0; k < name.length; k++) if (units[at + 1 + k] !== name.charCodeAt(k)) return -1
    return units[at + name.length + 1] === 34 ? at + name.length + 2 : -1
  }
  return {
    store: (out, i, value) => {
      out[names[i] as string] = value
    },
    keyEnd,
    find: (units, at) => {
      for (let i = 0; i < names.length; i++) if (keyEnd(units, at, i) >= 0) return i
      return -1
    },
    read: (i) => (readers[i] as () => unknown)(),
  }
}
