/** The TrueType reader and subsetter behind pdf2pdfa's native font embedding. */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GLYPH_UNICODE, baseEncoding, glyphNameToUnicode } from '../../src/pdf/latin-encodings.js'
import { standardFontFace } from '../../src/pdf/standard-font-faces.js'
import { readTrueType } from '../../src/pdf/truetype.js'
import { subsetTrueType, tableTags } from '../../src/pdf/truetype-subset.js'
import { PACKAGE_ROOT } from '../../src/version.js'

const DIR = join(PACKAGE_ROOT, 'assets', 'fonts', 'liberation')
const files = readdirSync(DIR).filter((f) => f.endsWith('.ttf'))
const load = (file: string) => readTrueType(file, new Uint8Array(readFileSync(join(DIR, file))))

describe('bundled Liberation fonts', () => {
  it('are the twelve faces, with the OFL licence beside them', () => {
    expect(files).toHaveLength(12)
    expect(readFileSync(join(DIR, 'LICENSE-OFL.txt'), 'utf8')).toMatch(/SIL OPEN FONT LICENSE Version 1\.1/)
  })

  it('have a glyph for every name of StandardEncoding, WinAnsiEncoding and MacRomanEncoding', () => {
    const names = new Set(['StandardEncoding', 'WinAnsiEncoding', 'MacRomanEncoding'].flatMap((e) => baseEncoding(e as 'StandardEncoding').filter((n) => n !== undefined)))
    for (const file of files) {
      const font = load(file)
      const missing = [...names].filter((n) => !font.cmap.has(glyphNameToUnicode(n)!))
      expect(missing, file).toEqual([])
    }
  })

  it('have Helvetica/Times/Courier advance widths (metric compatibility)', () => {
    // AFM widths of the standard fonts: Helvetica A 667, a 556; Times-Roman A 722, a 444; Courier 600.
    const sans = load('LiberationSans-Regular.ttf')
    const serif = load('LiberationSerif-Regular.ttf')
    const mono = load('LiberationMono-Regular.ttf')
    const w = (f: ReturnType<typeof load>, ch: string) => Math.round((f.advances[f.cmap.get(ch.charCodeAt(0))!]! * 1000) / f.unitsPerEm)
    expect([w(sans, 'A'), w(sans, 'a'), w(serif, 'A'), w(serif, 'a'), w(mono, 'W'), w(mono, 'i')]).toEqual([667, 556, 722, 444, 600, 600])
  })
})

describe('subsetTrueType', () => {
  const font = load('LiberationSans-Bold.ttf')
  const chars = new Map([...'Aäé€fi '].map((c) => [c.codePointAt(0)!, font.cmap.get(c.codePointAt(0)!)!]))

  it('keeps glyph ids, maps exactly the kept characters and drops layout tables', () => {
    const subset = subsetTrueType(font, chars)
    expect(subset.length).toBeLessThan(font.bytes.length / 5)
    const again = readTrueType('subset', subset)
    expect(again.numGlyphs).toBe(font.numGlyphs)
    expect([...again.cmap]).toEqual([...chars].sort(([a], [b]) => a - b))
    for (const glyph of chars.values()) expect(again.advances[glyph]).toBe(font.advances[glyph])
    expect(tableTags(subset).sort()).toEqual(['OS/2', 'cmap', 'cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'post', 'prep'])
  })

  it('keeps the components of composite glyphs (ä is built from a and the dieresis)', () => {
    const subset = readTrueType('subset', subsetTrueType(font, chars))
    const length = (f: ReturnType<typeof load>, g: number) => f.loca[g + 1]! - f.loca[g]!
    const aGlyph = font.cmap.get(0x61)!
    expect(length(subset, font.cmap.get(0xe4)!)).toBeGreaterThan(0)
    // 'a' itself was not asked for; it is present only if ä references it as a component.
    expect(length(subset, aGlyph) === 0 || length(subset, aGlyph) === length(font, aGlyph)).toBe(true)
    expect(length(subset, font.cmap.get(0x7a)!)).toBe(0)
  })

  it('writes a whole-file checksum of 0xB1B0AFBA', () => {
    const subset = subsetTrueType(font, chars)
    const padded = new Uint8Array((subset.length + 3) & ~3)
    padded.set(subset)
    const view = new DataView(padded.buffer)
    let sum = 0
    for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0
    expect(sum).toBe(0xb1b0afba)
  })

  it('rejects a program that is not TrueType', () => {
    expect(() => readTrueType('x.otf', new TextEncoder().encode('OTTO and more bytes here'))).toThrow(/x\.otf is damaged: not a TrueType/)
  })
})

describe('standardFontFace', () => {
  it.each([
    ['Helvetica', 'LiberationSans-Regular.ttf', 32],
    ['Helvetica-BoldOblique', 'LiberationSans-BoldItalic.ttf', 96],
    ['Times-Roman', 'LiberationSerif-Regular.ttf', 34],
    ['Times-Bold', 'LiberationSerif-Bold.ttf', 34],
    ['Courier', 'LiberationMono-Regular.ttf', 33],
    ['Courier-Oblique', 'LiberationMono-Italic.ttf', 97],
    ['Arial,Bold', 'LiberationSans-Bold.ttf', 32],
    ['ABCDEF+Arial-BoldMT', 'LiberationSans-Bold.ttf', 32],
    ['TimesNewRomanPSMT', 'LiberationSerif-Regular.ttf', 34],
    ['TimesNewRomanPS-BoldItalicMT', 'LiberationSerif-BoldItalic.ttf', 98],
    ['CourierNew,Italic', 'LiberationMono-Italic.ttf', 97],
  ])('%s → %s (flags %i)', (name, file, flags) => {
    expect(standardFontFace(name)).toMatchObject({ file, flags })
  })

  it.each(['Symbol', 'ZapfDingbats', 'Helvetica-Narrow', 'Verdana', 'Arial-Black'])('%s has no replacement', (name) => {
    expect(standardFontFace(name)).toBeUndefined()
  })
})

describe('glyphNameToUnicode', () => {
  it('reads AGL names and the uniXXXX / uXXXXX forms', () => {
    expect([glyphNameToUnicode('Euro'), glyphNameToUnicode('uni20AC'), glyphNameToUnicode('u1F600'), glyphNameToUnicode('Ydieresis')]).toEqual([0x20ac, 0x20ac, 0x1f600, 0x178])
    expect(Object.keys(GLYPH_UNICODE).length).toBeGreaterThan(220)
  })

  it('gives nothing for unknown names and surrogates', () => {
    expect([glyphNameToUnicode('g123'), glyphNameToUnicode('uniD800'), glyphNameToUnicode('uni20ac')]).toEqual([undefined, undefined, undefined])
  })
})
