/**
 * Font dictionary rules found missing by the audit against veraPDF's PDF/A-3B profile (session
 * 27): the dictionary's form (ISO 19005-3 6.2.11.2), /CIDToGIDMap (6.2.11.3.2), and a TrueType
 * font's encoding and cmap subtables by its Symbolic flag (6.2.11.6). Set EINVOICE_PDFA_DUMP to a
 * folder to keep the files (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { type PDFDocument, PDFName, type PDFRef } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadPdf } from '../../../src/pdf/load-pdf.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage, keepForPdfaCheck, liberationDescriptor, type0Font } from './builders.js'

const liberation = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/fonts/liberation/LiberationSans-Regular.ttf`))
let base: Uint8Array
beforeAll(async () => {
  base = await makePdf({ subset: 'PDF/A-3b' })
})

async function variant(name: string, edit: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const { doc } = await loadPdf(base)
  edit(doc)
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}
const rules = (r: { findings: readonly { ruleId: string; severity: string }[] }, prefix: string): string[] =>
  [...new Set(r.findings.filter((f) => f.severity === 'error' && f.ruleId.startsWith(prefix)).map((f) => f.ruleId))].sort()
const params = (r: { findings: readonly { ruleId: string; params: Readonly<Record<string, string>> }[] }, id: string): string[] => r.findings.filter((f) => f.ruleId === id).map((f) => f.params.problem ?? f.params.font!)

/** A simple TrueType font over the whole Liberation Sans program (widths not compared: no text is shown). */
function trueType(doc: PDFDocument, o: { flags: number; encoding?: unknown; widths?: number; firstChar?: number | null; type?: string }): PDFRef {
  const n = o.widths ?? 95
  return doc.context.register(
    doc.context.obj({
      Type: o.type ?? 'Font',
      Subtype: 'TrueType',
      BaseFont: 'LiberationSans',
      ...(o.firstChar === null ? {} : { FirstChar: o.firstChar ?? 32 }),
      LastChar: 126,
      Widths: Array.from({ length: n }, () => 500),
      ...(o.encoding === undefined ? {} : { Encoding: o.encoding }),
      FontDescriptor: liberationDescriptor(doc, liberation, o.flags),
    } as never),
  )
}

describe('validatePdf: font dictionaries (6.2.11.2, 6.2.11.3.2)', () => {
  it('reports a font without /Type /Font, one without /FirstChar, a /Widths of the wrong size and a FontFile3 of an unknown /Subtype', async () => {
    const r = await validatePdf(
      await variant('font-dict', (doc) => {
        const typeless = trueType(doc, { flags: 32, encoding: 'WinAnsiEncoding', type: 'Fnt' })
        const noFirst = trueType(doc, { flags: 32, encoding: 'WinAnsiEncoding', firstChar: null })
        const short = trueType(doc, { flags: 32, encoding: 'WinAnsiEncoding', widths: 90 })
        const cff = doc.context.register(doc.context.stream(new Uint8Array([1, 0, 4, 1]), { Subtype: 'Type2' }))
        const fd = doc.context.register(doc.context.obj({ Type: 'FontDescriptor', FontName: 'X', Flags: 32, FontBBox: [0, 0, 1000, 1000], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80, FontFile3: cff }))
        const type1 = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'X', FirstChar: 32, LastChar: 32, Widths: [250], FontDescriptor: fd }))
        addToPage(doc, '', { Font: { Zf1: typeless, Zf2: noFirst, Zf3: short, Zf4: type1 } })
      }),
    )
    expect(rules(r, 'PDFA-FONT-DICT')).toEqual(['PDFA-FONT-DICT'])
    expect(params(r, 'PDFA-FONT-DICT').sort()).toEqual([
      'has 90 /Widths for the codes 32–126 (95 expected)',
      'has a FontFile3 of /Subtype /Type2 (Type1C, CIDFontType0C or OpenType)',
      'lacks /FirstChar',
      'lacks /Type /Font',
    ])
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-FONT-DICT').every((f) => /^object \d+ 0$/.test(f.location))).toBe(true)
  })

  it('reports an embedded CIDFontType2 without /CIDToGIDMap, and accepts one with it', async () => {
    const r = await validatePdf(
      await variant('font-cidtogid', (doc) => {
        const font = type0Font(doc, { subtype: 'CIDFontType2', baseFont: 'LiberationSans', descriptor: liberationDescriptor(doc, liberation, 32) })
        const cid = (doc.context.lookup(font) as unknown as { lookup(k: PDFName): { lookup(i: number): { delete(k: PDFName): void } } }).lookup(PDFName.of('DescendantFonts')).lookup(0)
        cid.delete(PDFName.of('CIDToGIDMap'))
        addToPage(doc, '', { Font: { Zf1: font } })
      }),
    )
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-FONT-CIDTOGID').map((f) => f.params.font)).toEqual(['LiberationSans'])
    const ok = await validatePdf(
      await variant('font-cidtogid-ok', (doc) => addToPage(doc, '', { Font: { Zf1: type0Font(doc, { subtype: 'CIDFontType2', baseFont: 'LiberationSans', descriptor: liberationDescriptor(doc, liberation, 32) }) } })),
    )
    expect(rules(ok, 'PDFA-FONT')).toEqual([])
  })
})

describe('validatePdf: TrueType encodings and cmaps (6.2.11.6)', () => {
  it('reports a symbolic font with an /Encoding and a non-symbolic one with /StandardEncoding or none', async () => {
    const r = await validatePdf(
      await variant('truetype-encoding', (doc) => {
        const symbolic = trueType(doc, { flags: 4, encoding: 'WinAnsiEncoding' })
        const standard = trueType(doc, { flags: 32, encoding: { Type: 'Encoding', BaseEncoding: 'StandardEncoding' } })
        const none = trueType(doc, { flags: 32 })
        addToPage(doc, '', { Font: { Zf1: symbolic, Zf2: standard, Zf3: none } })
      }),
    )
    expect(params(r, 'PDFA-FONT-TRUETYPE-ENCODING').sort()).toEqual([
      'carries an /Encoding, which a symbolic TrueType font must not',
      'has /StandardEncoding; it needs /MacRomanEncoding or /WinAnsiEncoding (as /Encoding or its /BaseEncoding)',
      'has no /Encoding; it needs /MacRomanEncoding or /WinAnsiEncoding (as /Encoding or its /BaseEncoding)',
    ])
  })

  it('reports a symbolic font whose program has several cmap subtables and no (3,0) one', async () => {
    // Liberation Sans has (0,3), (1,0) and (3,1) subtables: fine for a non-symbolic font, not for a symbolic one.
    const r = await validatePdf(await variant('truetype-cmap', (doc) => addToPage(doc, '', { Font: { Zf1: trueType(doc, { flags: 4 }) } })))
    expect(rules(r, 'PDFA-FONT')).toEqual(['PDFA-FONT-TRUETYPE-CMAP'])
    expect(params(r, 'PDFA-FONT-TRUETYPE-CMAP')[0]).toMatch(/^has \d+ cmap subtables and none \(3,0\)/)
  })

  it('accepts a non-symbolic font with WinAnsi, or MacRoman with /Differences, over a program with a (3,1) cmap', async () => {
    const r = await validatePdf(
      await variant('truetype-ok', (doc) => {
        const winAnsi = trueType(doc, { flags: 32, encoding: 'WinAnsiEncoding' })
        const mac = trueType(doc, { flags: 32, encoding: { Type: 'Encoding', BaseEncoding: 'MacRomanEncoding', Differences: [65, 'Aring'] } })
        addToPage(doc, '', { Font: { Zf1: winAnsi, Zf2: mac } })
      }),
    )
    expect(rules(r, 'PDFA-FONT')).toEqual([])
  })
})

describe('validatePdf: font names as UTF-8 (6.1.8)', () => {
  it('reports a /BaseFont whose bytes are not UTF-8 (Shift-JIS), and accepts one in UTF-8', async () => {
    const r = await validatePdf(
      await variant('font-name-utf8', (doc) => {
        const sjis = doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: PDFName.of('MS\x82\x6c\x82\x72Gothic'), FirstChar: 32, LastChar: 32, Widths: [278], Encoding: 'WinAnsiEncoding', FontDescriptor: liberationDescriptor(doc, liberation, 32) })
        const utf8 = doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: PDFName.of('Caf\xc3\xa9Sans'), FirstChar: 32, LastChar: 32, Widths: [278], Encoding: 'WinAnsiEncoding', FontDescriptor: liberationDescriptor(doc, liberation, 32) })
        addToPage(doc, '', { Font: { Zf1: doc.context.register(sjis), Zf2: doc.context.register(utf8) } })
      }),
    )
    expect(rules(r, 'PDFA-')).toEqual(['PDFA-NAME-UTF8'])
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-NAME-UTF8').map((f) => f.params.font)).toEqual(['MS#82l#82rGothic'])
  })
})
