/**
 * The reader's generated per-schema code must do exactly what its generic form did: store under
 * the field's name, match a key only when the text holds it quoted and unescaped, call the field's
 * own reader. Names with characters that need care in generated source are included.
 */
import { describe, expect, it } from 'vitest'
import { genericShapeCode, shapeCode } from '../../src/json/object-shape.js'

const names = ['price', 'product', 'pri', 'x"y', 'back\\slash', 'é€😀', '', 'constructor', 'line\nbreak', '${x}']

/** The text's code units, with two 0 units after it as the reader keeps them. */
function units(text: string): Uint16Array {
  const out = new Uint16Array(text.length + 2)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i)
  return out
}

describe.each([
  ['shapeCode (generated)', shapeCode],
  ['genericShapeCode (no code generation)', genericShapeCode],
])('%s', (_, make) => {
  const code = make(
    names,
    names.map((name) => () => `read ${name}`),
  )

  it('stores each field under its own name, in the order stored', () => {
    const out: Record<string, unknown> = {}
    for (const i of [3, 0, 6, 9, 7, 5]) code.store(out, i, i)
    expect(Object.entries(out)).toEqual([
      ['x"y', 3],
      ['price', 0],
      ['', 6],
      ['${x}', 9],
      ['constructor', 7],
      ['é€😀', 5],
    ])
  })

  it('calls the reader of the field asked for', () => {
    names.forEach((name, i) => expect(code.read(i)).toBe(`read ${name}`))
  })

  it('matches a key only when the text holds exactly that name in quotes, and ends after it', () => {
    names.forEach((name, i) => {
      const text = ` "${name}": 1`
      expect(code.keyEnd(units(text), 1, i)).toBe(name.length + 3)
      expect(code.find(units(text), 1)).toBe(i)
      // Any other field's key at the same place is no match.
      names.forEach((_, j) => {
        if (j !== i) expect(code.keyEnd(units(text), 1, j)).toBe(-1)
      })
    })
  })

  it('finds no field for a prefix, an extension, an escaped or unknown key, or no string at all', () => {
    for (const text of ['"pric":1', '"prices":1', '"pr\\u0069ce":1', '"quantity":1', 'price', '"price', '1']) {
      expect(code.find(units(text), 0), text).toBe(-1)
      expect(code.keyEnd(units(text), 0, 0), text).toBe(-1)
    }
    // The text's end: the 0 units after it are no quote.
    expect(code.keyEnd(units('"pri'), 0, 2)).toBe(-1)
  })
})

describe('shapeCode where code generation from strings is refused', () => {
  it('falls back to the generic functions (as under --disallow-code-generation-from-strings)', () => {
    const original = globalThis.Function
    globalThis.Function = function refuse(): never {
      throw new EvalError('Code generation from strings disallowed for this context')
    } as unknown as FunctionConstructor
    let code: ReturnType<typeof shapeCode>
    try {
      code = shapeCode(['price', 'quantity'], [() => 'p', () => 'q'])
    } finally {
      globalThis.Function = original
    }
    const out: Record<string, unknown> = {}
    code.store(out, 1, 2)
    expect(out).toEqual({ quantity: 2 })
    expect(code.read(0)).toBe('p')
    expect(code.find(units('"quantity":2'), 0)).toBe(1)
  })
})
