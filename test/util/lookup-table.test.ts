/**
 * Tables looked up by text from input answer nothing for Object's own property names: a glyph
 * name, font name, content operator, XMP namespace or currency code such as `constructor` is just
 * unknown.
 */
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../src/model/decimal.js'
import { glyphNameToUnicode } from '../../src/pdf/latin-encodings.js'
import { standardFontFace } from '../../src/pdf/standard-font-faces.js'
import { formatMoney } from '../../src/render/format.js'
import { writeToStorage } from '../../src/render/storage.js'
import { lookupTable } from '../../src/util/lookup-table.js'
import { TYPED_SCHEMAS } from '../../src/validate/pdf/xmp-predefined.js'

const OBJECT_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf']

describe('lookupTable', () => {
  it('finds its own entries only, and cannot be changed', () => {
    const table = lookupTable({ a: 1 })
    expect(table['a']).toBe(1)
    for (const name of OBJECT_NAMES) expect(table[name]).toBeUndefined()
    expect(Object.keys(table)).toEqual(['a'])
    expect(Object.isFrozen(table)).toBe(true)
  })

  it('keeps Object names unknown where input text is looked up', async () => {
    for (const name of OBJECT_NAMES) {
      expect(glyphNameToUnicode(name)).toBeUndefined()
      expect(standardFontFace(name)).toBeUndefined()
      expect(standardFontFace(`Helvetica-${name}`)).toBeUndefined()
      expect(TYPED_SCHEMAS[name]).toBeUndefined()
      expect(TYPED_SCHEMAS['http://purl.org/dc/elements/1.1/']?.[name]).toBeUndefined()
      expect(formatMoney(new Decimal('1.5'), name, 'EN')).toBe(`1.50\u00a0${name}`)
      await expect(writeToStorage(name, 'x', new Uint8Array(), {})).rejects.toThrow(/no .* storage configured/)
    }
    // The real entries still answer.
    expect(glyphNameToUnicode('Adieresis')).toBe(0xc4)
    expect(standardFontFace('Helvetica-Bold')).toBeDefined()
  })
})
