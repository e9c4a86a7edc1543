/**
 * 6.2.11.5 widths of Type 1 and CFF programs, codes outside /FirstChar–/LastChar, CIDs left to
 * /DW, and 6.2.11.8 .notdef references, on PDFs that embed real fonts of the system (Debian
 * fonts-urw-base35, which Ghostscript depends on): Nimbus Sans as a Type 1 program (FontFile) and
 * as the CFF table of its OpenType version (FontFile3).
 */
import { readFileSync } from 'node:fs'
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFRef } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { cffMetrics, openTypeCff } from '../../../src/pdf/cff-program.js'
import { cffStandardString } from '../../../src/pdf/cff-standard-strings.js'
import { embeddedCMap } from '../../../src/pdf/embedded-cmap.js'
import { fontGlyphs } from '../../../src/pdf/font-glyphs.js'
import { baseEncoding, glyphNameToUnicode } from '../../../src/pdf/latin-encodings.js'
import { loadPdf } from '../../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { shownCodes } from '../../../src/pdf/shown-text.js'
import { type1Metrics } from '../../../src/pdf/type1-program.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { readTrueType } from '../../../src/pdf/truetype.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { hasCorpus, readCorpusFile } from '../../helpers/corpus.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage as addContent, liberationDescriptor, type0Font } from './builders.js'

const URW = '/usr/share/fonts'
const pfb = new Uint8Array(readFileSync(`${URW}/X11/Type1/NimbusSans-Regular.pfb`))
const otf = new Uint8Array(readFileSync(`${URW}/opentype/urw-base35/NimbusSans-Regular.otf`))
/** The font's metrics file: glyph name → advance width (the truth the programs are checked against). */
const afm = new Map([...readFileSync(`${URW}/type1/urw-base35/NimbusSans-Regular.afm`, 'utf8').matchAll(/WX (\d+) ; N (\S+) ;/g)].map((m) => [m[2]!, Number(m[1])]))
const winAnsi = baseEncoding('WinAnsiEncoding')
const width = (name: string): number => afm.get(name)!
const cff = openTypeCff(otf)!
const cffGlyphs = cffMetrics(cff, (c) => baseEncoding('StandardEncoding')[c])!
const gidOf = (name: string): number => cffGlyphs.gidOfName(name)!
const hex4 = (n: number): string => n.toString(16).padStart(4, '0')

const liberation = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/fonts/liberation/LiberationSans-Regular.ttf`))
const tt = readTrueType('LiberationSans-Regular.ttf', liberation)
/** Liberation's advance of a glyph in 1/1000 em, rounded as a writer declares it. */
const ttAdvance = (gid: number): number => Math.round((tt.advances[gid]! * 1000) / tt.unitsPerEm)
/** The same to two decimals, as findings print the program's width. */
const ttExact = (gid: number): number => Math.round((tt.advances[gid]! * 100000) / tt.unitsPerEm) / 100
const ttGid = (char: string): number => tt.cmap.get(char.codePointAt(0)!)!

/** A simple TrueType font over the whole Liberation Sans program, /Widths 32–lastChar by WinAnsi (Unicode) from the program. */
function trueTypeFont(doc: PDFDocument, o: { flags: number; lastChar?: number; encoding?: string | null; as?: 'FontFile2' | 'OpenType' }): PDFRef {
  const descriptor = liberationDescriptor(doc, liberation, o.flags, o.as)
  const last = o.lastChar ?? 126
  const widths: number[] = []
  for (let code = 32; code <= last; code++) {
    const name = winAnsi[code]
    const unicode = name === undefined ? undefined : glyphNameToUnicode(name)
    widths.push(unicode === undefined ? 0 : ttAdvance(tt.cmap.get(unicode) ?? 0))
  }
  return doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'TrueType',
      BaseFont: 'LiberationSans',
      FirstChar: 32,
      LastChar: last,
      Widths: widths,
      ...(o.encoding === null ? {} : { Encoding: o.encoding ?? 'WinAnsiEncoding' }),
      FontDescriptor: descriptor,
    }),
  )
}

/** A Type0 font over the full Liberation program as CIDFontType2 (Identity), with the given /W and /DW. */
function cidTrueType(doc: PDFDocument, w: (number | number[])[], dw: number | undefined, as: 'FontFile2' | 'OpenType' = 'FontFile2'): PDFRef {
  return type0Font(doc, { subtype: 'CIDFontType2', baseFont: 'LiberationSans', descriptor: liberationDescriptor(doc, liberation, 32, as), w, dw })
}

/** PFB segments → the clear-text, binary and trailer parts a FontFile stream holds (with /Length1–3). */
function pfbParts(data: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = []
  for (let at = 0; at + 6 <= data.length && data[at] === 0x80 && data[at + 1] !== 3; ) {
    const length = data[at + 2]! | (data[at + 3]! << 8) | (data[at + 4]! << 16) | (data[at + 5]! << 24)
    parts.push(data.subarray(at + 6, at + 6 + length))
    at += 6 + length
  }
  return parts
}

let base: Uint8Array
beforeAll(async () => {
  base = await makePdf({ subset: 'PDF/A-3b' })
})

const ruleIds = (r: { findings: readonly { ruleId: string }[] }): string[] => r.findings.map((f) => f.ruleId)
const findings = (r: { findings: readonly { ruleId: string; message: string }[] }, id: string): string[] => r.findings.filter((f) => f.ruleId === id).map((f) => f.message)

/** Appends text content to the first page with the fonts it names. */
const addToPage = (doc: PDFDocument, content: string, fonts: Record<string, PDFRef>): PDFRef => addContent(doc, content, { Font: fonts })

async function variant(edit: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const { doc } = await loadPdf(base)
  edit(doc)
  return doc.save({ useObjectStreams: false })
}

type SimpleOptions = { program: 'type1' | 'cff'; wrong?: Record<string, number>; encoding?: unknown; missingWidth?: number; lastChar?: number }

/** A simple font over Nimbus Sans, /Widths 32–lastChar from the AFM under WinAnsi names unless overridden. */
function simpleFont(doc: PDFDocument, o: SimpleOptions): PDFRef {
  let file: PDFRef
  if (o.program === 'type1') {
    const [clear, binary, trailer] = pfbParts(pfb)
    const bytes = new Uint8Array(clear!.length + binary!.length + trailer!.length)
    bytes.set(clear!, 0)
    bytes.set(binary!, clear!.length)
    bytes.set(trailer!, clear!.length + binary!.length)
    file = doc.context.register(doc.context.flateStream(bytes, { Length1: clear!.length, Length2: binary!.length, Length3: trailer!.length }))
  } else file = doc.context.register(doc.context.flateStream(cff, { Subtype: 'Type1C' }))
  const descriptor = doc.context.register(
    doc.context.obj({
      Type: 'FontDescriptor',
      FontName: 'NimbusSans-Regular',
      Flags: 32,
      FontBBox: [-200, -300, 1000, 950],
      ItalicAngle: 0,
      Ascent: 729,
      Descent: -218,
      CapHeight: 729,
      StemV: 85,
      ...(o.missingWidth === undefined ? {} : { MissingWidth: o.missingWidth }),
      [o.program === 'type1' ? 'FontFile' : 'FontFile3']: file,
    }),
  )
  const last = o.lastChar ?? 126
  const widths: number[] = []
  for (let code = 32; code <= last; code++) {
    const name = winAnsi[code] ?? 'space'
    widths.push(o.wrong?.[name] ?? width(name))
  }
  return doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'NimbusSans-Regular',
      FirstChar: 32,
      LastChar: last,
      Widths: widths,
      ...(o.encoding === null ? {} : { Encoding: (o.encoding ?? 'WinAnsiEncoding') as string }),
      FontDescriptor: descriptor,
    }),
  )
}

/** A Type0 font over the OpenType's CFF as CIDFontType0 (a CFF without CIDs: the CID is the glyph id). */
function cidFont(doc: PDFDocument, w: (number | number[])[] | undefined, dw: number | undefined): PDFRef {
  const file = doc.context.register(doc.context.flateStream(otf, { Subtype: 'OpenType' }))
  const descriptor = doc.context.register(
    doc.context.obj({ Type: 'FontDescriptor', FontName: 'NimbusSans-Regular', Flags: 32, FontBBox: [-200, -300, 1000, 950], ItalicAngle: 0, Ascent: 729, Descent: -218, CapHeight: 729, StemV: 85, FontFile3: file }),
  )
  return type0Font(doc, { subtype: 'CIDFontType0', baseFont: 'NimbusSans-Regular', descriptor, w, dw })
}

describe('the font program readers', () => {
  it('read every Type 1 charstring width (hsbw) as the AFM states it', () => {
    const m = type1Metrics(new Uint8Array(Buffer.concat(pfbParts(pfb))))!
    expect(m.encoding).toBe('StandardEncoding')
    expect(m.widths.size).toBe(afm.size)
    for (const [name, w] of afm) expect([name, m.widths.get(name)]).toEqual([name, w])
  })

  it('read every CFF (Type 2) charstring width and glyph name as the AFM states them', () => {
    expect(cffGlyphs.cidKeyed).toBe(false)
    for (const [name, w] of afm) expect([name, cffGlyphs.width(gidOf(name))]).toEqual([name, w])
    expect(cffGlyphs.gidOfName('no-such-glyph')).toBeUndefined()
    expect(cffGlyphs.width(cffGlyphs.numGlyphs)).toBeUndefined()
  })

  it('know the CFF standard strings by id', () => {
    expect([0, 1, 95, 96, 149, 150, 228, 229, 378, 379, 390].map(cffStandardString)).toEqual([
      '.notdef', 'space', 'asciitilde', 'exclamdown', 'germandbls', 'onesuperior', 'zcaron', 'exclamsmall', 'Ydieresissmall', '001.000', 'Semibold',
    ])
    expect(cffStandardString(391)).toBeUndefined()
  })

  it('give up on damaged programs without throwing', () => {
    const t1 = new Uint8Array(Buffer.concat(pfbParts(pfb)))
    for (const cut of [0, 10, 400, 2000, 6000]) expect(() => type1Metrics(t1.subarray(0, cut))).not.toThrow()
    expect(type1Metrics(t1.subarray(0, 400))).toBeUndefined()
    const garbage = Uint8Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)
    expect(type1Metrics(garbage)).toBeUndefined()
    for (const cut of [0, 3, 50, 500, 5000]) {
      const m = cffMetrics(cff.subarray(0, cut), () => undefined)
      expect(() => m?.width(40)).not.toThrow()
    }
    expect(cffMetrics(garbage, () => undefined)).toBeUndefined()
  })
})

describe('validatePdf: widths of Type 1 and CFF fonts (6.2.11.5)', () => {
  for (const program of ['type1', 'cff'] as const) {
    it(`accepts a ${program} simple font whose /Widths are the program widths, with WinAnsi and with the built-in encoding`, async () => {
      for (const encoding of ['WinAnsiEncoding', null]) {
        const pdf = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (Hello, World) Tj ET', { FN: simpleFont(doc, { program, encoding }) }))
        const r = await validatePdf(pdf)
        expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
        expect(ruleIds(r)).not.toContain('PDFA-FONT-NOTDEF')
      }
    })

    it(`reports a ${program} font whose declared width of a shown code disagrees, naming font, code and both widths`, async () => {
      const pdf = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (Hello) Tj ET', { FN: simpleFont(doc, { program, wrong: { H: width('H') + 40, o: width('o') + 1, Z: 0 } }) }))
      const r = await validatePdf(pdf)
      const messages = findings(r, 'PDFA-FONT-WIDTHS')
      expect(messages).toHaveLength(1)
      // 'o' is one unit off (within the tolerance); Z is not shown.
      expect(messages[0]).toContain('NimbusSans-Regular')
      expect(messages[0]).toContain(`code 72: ${width('H') + 40} declared, ${width('H')} in the program`)
      expect(messages[0]).not.toContain('code 111')
      expect(r.pdfaValid).toBe(false)
    })

    it(`compares a ${program} font's codes outside FirstChar–LastChar with /MissingWidth (0 when absent)`, async () => {
      // 0xE9 is eacute in WinAnsi; /LastChar 126 leaves it to /MissingWidth.
      const bad = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (caf\\351) Tj ET', { FN: simpleFont(doc, { program }) }))
      expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')[0]).toContain(`code 233: 0 declared, ${width('eacute')} in the program`)
      const good = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (caf\\351) Tj ET', { FN: simpleFont(doc, { program, missingWidth: width('eacute') }) }))
      expect(ruleIds(await validatePdf(good))).not.toContain('PDFA-FONT-WIDTHS')
    })
  }

  it('ignores the widths of text in rendering mode 3', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 3 Tr 72 600 Td (H) Tj ET', { FN: simpleFont(doc, { program: 'type1', wrong: { H: 100 } }) }))
    expect(ruleIds(await validatePdf(pdf))).not.toContain('PDFA-FONT-WIDTHS')
  })

  it('compares the CIDs of a CIDFontType0 with their /W entry, and the others with /DW (1000 when absent)', async () => {
    const [H, e, o] = [gidOf('H'), gidOf('e'), gidOf('o')]
    const show = `BT /FC 12 Tf 72 600 Td <${hex4(H)}${hex4(e)}${hex4(o)}> Tj ET`
    const noDw = await variant((doc) => addToPage(doc, show, { FC: cidFont(doc, [H, [width('H')]], undefined) }))
    const messages = findings(await validatePdf(noDw), 'PDFA-FONT-WIDTHS')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(`CID ${e}: 1000 declared, ${width('e')} in the program`)
    expect(messages[0]).toContain(`CID ${o}: 1000 declared`)
    // e and o are both 556 units wide: a /DW of that width makes every shown CID agree.
    expect(width('e')).toBe(width('o'))
    const withDw = await variant((doc) => addToPage(doc, show, { FC: cidFont(doc, [H, [width('H')]], width('e')) }))
    expect(ruleIds(await validatePdf(withDw))).not.toContain('PDFA-FONT-WIDTHS')
    const wrongW = await variant((doc) => addToPage(doc, show, { FC: cidFont(doc, [H, [width('H') - 30]], width('e')) }))
    expect(findings(await validatePdf(wrongW), 'PDFA-FONT-WIDTHS')[0]).toContain(`CID ${H}: ${width('H') - 30} declared, ${width('H')} in the program`)
  })

  it('does not compare a font whose program is damaged (and does not crash)', async () => {
    const pdf = await variant((doc) => {
      const ref = simpleFont(doc, { program: 'type1', wrong: { H: 100 } })
      const descriptor = (doc.context.lookup(ref) as PDFDict).lookup(PDFName.of('FontDescriptor')) as PDFDict
      descriptor.set(PDFName.of('FontFile'), doc.context.register(doc.context.flateStream(pfb.subarray(0, 900), { Length1: 800, Length2: 100, Length3: 0 })))
      addToPage(doc, 'BT /FN 12 Tf 72 600 Td (H) Tj ET', { FN: ref })
    })
    const r = await validatePdf(pdf)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(ruleIds(r)).not.toContain('PDFA-UNREADABLE')
  })

  it('pdf2pdfa rewrites wrong widths and widens /FirstChar–/LastChar for shown codes outside it', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (Hell\\351) Tj ET', { FN: simpleFont(doc, { program: 'type1', wrong: { H: 900 } }) }))
    expect(findings(await validatePdf(pdf), 'PDFA-FONT-WIDTHS')).toHaveLength(1)
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    const r = await validatePdf(out.pdf)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(r.pdfaValid).toBe(true)
    const { doc } = await loadPdf(out.pdf)
    const font = [...doc.context.enumerateIndirectObjects()].map(([, obj]) => obj).find((obj) => obj instanceof PDFDict && obj.get(PDFName.of('Subtype')) === PDFName.of('Type1')) as PDFDict
    expect(font.lookup(PDFName.of('LastChar'), PDFNumber).asNumber()).toBe(0xe9)
    const widths = font.lookup(PDFName.of('Widths'), PDFArray)
    expect(widths.lookup(0x48 - 32, PDFNumber).asNumber()).toBe(width('H'))
    expect(widths.lookup(0xe9 - 32, PDFNumber).asNumber()).toBe(width('eacute'))
    // Codes between the old /LastChar and the shown one keep the width they had (/MissingWidth, 0).
    expect(widths.lookup(0x80 - 32, PDFNumber).asNumber()).toBe(0)
  })
})

describe('validatePdf: .notdef references (6.2.11.8)', () => {
  it('reports codes a predefined encoding leaves unassigned or /Differences names .notdef, in any rendering mode', async () => {
    const pdf = await variant((doc) => {
      addToPage(doc, 'BT /FN 12 Tf 72 600 Td (A\\001) Tj 3 Tr (\\037) Tj ET', { FN: simpleFont(doc, { program: 'type1', missingWidth: 0 }) })
      const differences = doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: [66, PDFName.of('.notdef')] })
      addToPage(doc, 'BT /FD 12 Tf 72 500 Td (AB) Tj ET', { FD: simpleFont(doc, { program: 'cff', encoding: differences }) })
    })
    const r = await validatePdf(pdf)
    const messages = findings(r, 'PDFA-FONT-NOTDEF')
    expect(messages).toHaveLength(2)
    expect(messages.join('\n')).toContain('code 1, code 31')
    expect(messages.join('\n')).toContain('code 66')
    expect(messages.join('\n')).not.toContain('code 65')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports CID 0 and CIDs the program lacks in a CIDFontType0', async () => {
    const pdf = await variant((doc) => addToPage(doc, `BT /FC 12 Tf 72 600 Td <0000${hex4(gidOf('H'))}${hex4(cffGlyphs.numGlyphs + 5)}> Tj ET`, { FC: cidFont(doc, undefined, width('H')) }))
    const messages = findings(await validatePdf(pdf), 'PDFA-FONT-NOTDEF')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(`CID 0, CID ${cffGlyphs.numGlyphs + 5}`)
    expect(messages[0]).not.toContain(`CID ${gidOf('H')}`)
  })

  it('accepts text whose every code names a glyph', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (Hello) Tj ET', { FN: simpleFont(doc, { program: 'cff' }) }))
    expect(ruleIds(await validatePdf(pdf))).not.toContain('PDFA-FONT-NOTDEF')
  })

  it('is never labelled PDF/A by pdf2pdfa: its final check is the validator, which names the rule', async () => {
    // Nothing pdf2pdfa routes to Ghostscript is wrong here; until session 28 the file came out "PDF/A".
    const pdf = await variant((doc) => addToPage(doc, `BT /FC 12 Tf 72 600 Td <0000${hex4(gidOf('H'))}> Tj ET`, { FC: cidFont(doc, undefined, width('H')) }))
    await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toMatchObject({ errorCode: 'NOT_PDFA', message: expect.stringContaining('PDFA-FONT-NOTDEF') })
    // Ghostscript 10 keeps the reference: refused after it too, not labelled.
    await expect(pdfToPdfa(pdf)).rejects.toThrow(/even with Ghostscript: \[PDFA-FONT-NOTDEF\]/)
  })
})

describe('validatePdf: TrueType widths as veraPDF reads them (6.2.11.5)', () => {
  it('compares codes outside FirstChar–LastChar of a TrueType font with /MissingWidth', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (caf\\351) Tj ET', { FT: trueTypeFont(doc, { flags: 32 }) }))
    expect(findings(await validatePdf(pdf), 'PDFA-FONT-WIDTHS')[0]).toContain(`code 233: 0 declared, ${ttExact(ttGid('é'))} in the program`)
    const full = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (caf\\351) Tj ET', { FT: trueTypeFont(doc, { flags: 32, lastChar: 255 }) }))
    expect(ruleIds(await validatePdf(full))).not.toContain('PDFA-FONT-WIDTHS')
  })

  it('reads a font with both the Symbolic and the Nonsymbolic flag as symbolic: the code goes through the (1,0) cmap', async () => {
    // Under (1,0), code 0xE9 is Mac Roman's Egrave, not WinAnsi's eacute.
    const pdf = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (caf\\351) Tj ET', { FT: trueTypeFont(doc, { flags: 4 | 32, lastChar: 255 }) }))
    expect(findings(await validatePdf(pdf), 'PDFA-FONT-WIDTHS')[0]).toContain(`code 233: ${ttAdvance(ttGid('é'))} declared, ${ttExact(ttGid('È'))} in the program`)
    const ascii = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (Hello) Tj ET', { FT: trueTypeFont(doc, { flags: 4 | 32 }) }))
    expect(ruleIds(await validatePdf(ascii))).not.toContain('PDFA-FONT-WIDTHS')
  })

  it('compares the CIDs of a full CIDFontType2 without a /W entry with /DW (1000 when absent)', async () => {
    const [H, e] = [ttGid('H'), ttGid('e')]
    const show = `BT /FC 12 Tf 72 600 Td <${hex4(H)}${hex4(e)}> Tj ET`
    const noDw = await variant((doc) => addToPage(doc, show, { FC: cidTrueType(doc, [H, [ttAdvance(H)]], undefined) }))
    const messages = findings(await validatePdf(noDw), 'PDFA-FONT-WIDTHS')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(`CID ${e}: 1000 declared, ${ttExact(e)} in the program`)
    const withDw = await variant((doc) => addToPage(doc, show, { FC: cidTrueType(doc, [H, [ttAdvance(H)]], ttAdvance(e)) }))
    expect(ruleIds(await validatePdf(withDw))).not.toContain('PDFA-FONT-WIDTHS')
  })

  it('reports code 0 of a TrueType font without /Encoding, and CID 0 of a CIDFontType2, as .notdef', async () => {
    const pdf = await variant((doc) => {
      addToPage(doc, 'BT /FT 12 Tf 72 600 Td <0041> Tj ET', { FT: trueTypeFont(doc, { flags: 4, encoding: null }) })
      addToPage(doc, `BT /FC 12 Tf 72 500 Td <0000${hex4(ttGid('H'))}> Tj ET`, { FC: cidTrueType(doc, [ttGid('H'), [ttAdvance(ttGid('H'))]], undefined) })
    })
    const messages = findings(await validatePdf(pdf), 'PDFA-FONT-NOTDEF')
    expect(messages).toHaveLength(2)
    expect(messages.join('\n')).toMatch(/LiberationSans.*\(code 0\)/)
    expect(messages.join('\n')).toMatch(/LiberationSans.*\(CID 0\)/)
  })
})

describe('validatePdf: TrueType programs in FontFile3 /OpenType (6.2.11.5, 6.2.11.8)', () => {
  it('reads the OpenType program of a TrueType font as TrueType: widths through its cmap and hmtx', async () => {
    const good = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (Hello) Tj ET', { FT: trueTypeFont(doc, { flags: 32, as: 'OpenType' }) }))
    expect(ruleIds(await validatePdf(good))).not.toContain('PDFA-FONT-WIDTHS')
    const bad = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (caf\\351) Tj ET', { FT: trueTypeFont(doc, { flags: 32, as: 'OpenType' }) }))
    expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')[0]).toContain(`code 233: 0 declared, ${ttExact(ttGid('é'))} in the program`)
  })

  it('reads the OpenType program of a CIDFontType2 as TrueType: CID 0 is .notdef, CIDs without /W against /DW', async () => {
    const [H, e] = [ttGid('H'), ttGid('e')]
    const pdf = await variant((doc) => addToPage(doc, `BT /FC 12 Tf 72 600 Td <0000${hex4(H)}${hex4(e)}> Tj ET`, { FC: cidTrueType(doc, [H, [ttAdvance(H)]], undefined, 'OpenType') }))
    const report = await validatePdf(pdf)
    expect(findings(report, 'PDFA-FONT-WIDTHS')).toEqual([expect.stringContaining(`CID ${e}: 1000 declared, ${ttExact(e)} in the program`)])
    expect(findings(report, 'PDFA-FONT-NOTDEF')).toEqual([expect.stringMatching(/LiberationSans.*\(CID 0\)/)])
  })

  it('pdf2pdfa rewrites the widths of a TrueType font whose program is OpenType', async () => {
    const bad = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (caf\\351) Tj ET', { FT: trueTypeFont(doc, { flags: 32, as: 'OpenType' }) }))
    expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')).toHaveLength(1)
    const fixed = await pdfToPdfa(bad, { ghostscript: false })
    expect(ruleIds(await validatePdf(fixed.pdf))).not.toContain('PDFA-FONT-WIDTHS')
  })
})

describe.skipIf(!hasCorpus)('corpus files veraPDF passes that embed Type 1 and CID-keyed CFF programs', () => {
  const files = [
    'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EN16931/zugferd_2p0_EN16931_Miete.pdf',
    'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EN16931/zugferd_2p0_EN16931_RechnungsUebertragung.pdf',
    'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EXTENDED/zugferd_2p0_EXTENDED_Fremdwaehrung.pdf',
    'mustang/library/src/test/resources/zugferd_invoice.pdf',
  ]
  it.each(files)('%s: every shown code of its Type 1 / CIDFontType0C fonts is read from the program and agrees', async (file) => {
    const { doc } = await loadPdf(readCorpusFile(file))
    const shown = shownCodes(doc, (f) => (f.lookup(PDFName.of('Subtype')) === PDFName.of('Type0') ? 2 : 1))
    let compared = 0
    for (const [dict, codes] of shown) {
      const font = fontGlyphs(doc, dict)
      const kind = font?.kind === 'cid' ? font.widthsOwner.lookup(PDFName.of('Subtype')) : dict.lookup(PDFName.of('Subtype'))
      if (font === undefined || (kind !== PDFName.of('Type1') && kind !== PDFName.of('CIDFontType0'))) continue
      for (const code of codes.visible) {
        const program = font.program(code)
        expect(program, `${font.baseFont} code ${code}`).toBeDefined()
        expect(Math.abs(program! - font.declared(code)), `${font.baseFont} code ${code}`).toBeLessThanOrEqual(1)
        expect(font.notdef(code)).toBe(false)
        compared++
      }
    }
    expect(compared).toBeGreaterThan(0)
  })
})

describe('validatePdf: TrueType glyph names found only through the post table (6.2.11.5)', () => {
  /** Liberation Sans under /Differences [65 /name], /Widths 65–65 declaring `declared`. */
  function named(doc: PDFDocument, name: string, declared: number): PDFRef {
    const ref = trueTypeFont(doc, { flags: 32, encoding: null })
    const font = doc.context.lookup(ref) as PDFDict
    font.set(PDFName.of('Encoding'), doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: [65, PDFName.of(name)] }))
    font.set(PDFName.of('FirstChar'), PDFNumber.of(65))
    font.set(PDFName.of('LastChar'), PDFNumber.of(65))
    font.set(PDFName.of('Widths'), doc.context.obj([declared]))
    return ref
  }
  // Tcommaaccent (U+0162) is not among the names this library maps to Unicode: only `post` finds it.
  const tComma = tt.cmap.get(0x162)!

  it('compares the glyph a post name selects', async () => {
    const good = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (A) Tj ET', { FT: named(doc, 'Tcommaaccent', ttAdvance(tComma)) }))
    expect(ruleIds(await validatePdf(good))).not.toContain('PDFA-FONT-WIDTHS')
    const bad = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (A) Tj ET', { FT: named(doc, 'Tcommaaccent', 100) }))
    expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')[0]).toContain(`code 65: 100 declared, ${ttExact(tComma)} in the program`)
  })

  it('compares a name the program does not know with its .notdef glyph', async () => {
    const bad = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (A) Tj ET', { FT: named(doc, 'nosuchglyph', 100) }))
    expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')[0]).toContain(`code 65: 100 declared, ${ttExact(0)} in the program`)
  })
})

describe('validatePdf: TrueType glyph names looked up in a (1,0) cmap by their Mac OS Roman code (6.2.11.5)', () => {
  /**
   * A minimal TrueType program (head, hhea, hmtx, maxp, a format-0 (1,0) cmap, a `post` 3.0 that
   * names nothing): no (3,1) subtable, so a non-symbolic font's glyph names reach (1,0).
   */
  function macOnlyProgram(advances: number[], mac: Record<number, number>): Uint8Array {
    const table = (length: number, fill: (v: DataView) => void): Uint8Array => {
      const bytes = new Uint8Array(length)
      fill(new DataView(bytes.buffer))
      return bytes
    }
    const tables: [string, Uint8Array][] = [
      ['cmap', table(4 + 8 + 262, (v) => {
        v.setUint16(2, 1) // one subtable
        v.setUint16(4, 1) // platform 1 (Macintosh), encoding 0 (Roman)
        v.setUint32(8, 12)
        v.setUint16(14, 262) // format 0, length 262
        for (const [code, gid] of Object.entries(mac)) v.setUint8(18 + Number(code), gid)
      })],
      ['head', table(54, (v) => {
        v.setUint32(0, 0x10000)
        v.setUint32(12, 0x5f0f3cf5)
        v.setUint16(18, 1000) // unitsPerEm
      })],
      ['hhea', table(36, (v) => {
        v.setUint32(0, 0x10000)
        v.setUint16(34, advances.length)
      })],
      ['hmtx', table(advances.length * 4, (v) => advances.forEach((a, gid) => v.setUint16(gid * 4, a)))],
      ['maxp', table(6, (v) => {
        v.setUint32(0, 0x5000)
        v.setUint16(4, advances.length)
      })],
      ['post', table(32, (v) => v.setUint32(0, 0x30000))],
    ]
    const total = 12 + tables.length * 16 + tables.reduce((n, [, t]) => n + t.length, 0)
    const out = new Uint8Array(total)
    const view = new DataView(out.buffer)
    view.setUint32(0, 0x10000)
    view.setUint16(4, tables.length)
    let at = 12 + tables.length * 16
    tables.forEach(([tag, bytes], i) => {
      for (let k = 0; k < 4; k++) out[12 + i * 16 + k] = tag.charCodeAt(k)
      view.setUint32(12 + i * 16 + 8, at)
      view.setUint32(12 + i * 16 + 12, bytes.length)
      out.set(bytes, at)
      at += bytes.length
    })
    return out
  }
  // Glyphs: .notdef 500; 1 at Mac code 32 (space), 2 at 202 (PDF's MacRoman also names 202 `space`),
  // 3 at 0xAD (Mac OS Roman's notequal, which PDF's MacRomanEncoding leaves out).
  const program = macOnlyProgram([500, 250, 700, 900], { 32: 1, 0xca: 2, 0xad: 3 })

  /** A non-symbolic TrueType font over that program, /Differences [65 /space /notequal], /Widths 65–66. */
  function macFont(doc: PDFDocument, widths: [number, number]): PDFRef {
    const file = doc.context.register(doc.context.flateStream(program, { Length1: program.length }))
    const descriptor = doc.context.register(
      doc.context.obj({ Type: 'FontDescriptor', FontName: 'MacOnly', Flags: 32, FontBBox: [0, -200, 1000, 800], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80, FontFile2: file }),
    )
    return doc.context.register(
      doc.context.obj({
        Type: 'Font',
        Subtype: 'TrueType',
        BaseFont: 'MacOnly',
        FirstChar: 65,
        LastChar: 66,
        Widths: widths,
        Encoding: doc.context.obj({ Type: 'Encoding', Differences: [65, PDFName.of('space'), PDFName.of('notequal')] }),
        FontDescriptor: descriptor,
      }),
    )
  }

  it('finds `space` at Mac code 32 (not 202) and notequal at 0xAD, as veraPDF\'s Mac OS Roman table does', async () => {
    const good = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (AB) Tj ET', { FT: macFont(doc, [250, 900]) }))
    expect(findings(await validatePdf(good), 'PDFA-FONT-WIDTHS')).toEqual([])
    const bad = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (AB) Tj ET', { FT: macFont(doc, [700, 500]) }))
    const messages = findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS').join('\n')
    expect(messages).toContain('code 65: 700 declared, 250 in the program')
    expect(messages).toContain('code 66: 500 declared, 900 in the program')
  })
})

describe('validatePdf: Type0 fonts under an embedded CMap (6.2.11.5, 6.2.11.8)', () => {
  const [H, e] = [ttGid('H'), ttGid('e')]
  /** Liberation as CIDFontType2 (CID = glyph id) under an embedded CMap with the given body. */
  function cmapFont(doc: PDFDocument, body: string, w: (number | number[])[], extra: Record<string, unknown> = {}): PDFRef {
    const ref = cidTrueType(doc, w, undefined)
    const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Test-H def /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> def\n${body}\nendcmap CMapName currentdict /CMap defineresource pop end end`
    const stream = doc.context.register(doc.context.flateStream(cmap, { Type: 'CMap', CMapName: 'Test-H', ...extra } as never))
    ;(doc.context.lookup(ref) as PDFDict).set(PDFName.of('Encoding'), stream)
    return ref
  }
  const oneByte = `1 begincodespacerange <00> <7F> endcodespacerange\n2 begincidchar <48> ${H} <65> ${e} endcidchar`
  const mixed = `2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange\n1 begincidchar <48> ${H} endcidchar\n1 begincidrange <8000> <8001> ${e - 1} endcidrange`

  it('reads codes as veraPDF does: a byte no codespace starts with is code 0 of the shortest length last matched', async () => {
    const { doc } = await loadPdf(base)
    const stream = doc.context.flateStream('2 begincodespacerange <00> <7F> <8140> <9FFC> endcodespacerange 1 begincidrange <00> <7F> 1 endcidrange')
    const cmap = embeddedCMap(doc, stream)!
    expect(cmap.codes(Uint8Array.of(0xa0, 0x41, 0x81, 0x20, 0x81, 0x40, 0x42))).toEqual([0, 0x41, 0, 0x8140, 0x42])
    expect([0x41, 0x8140].map(cmap.cid)).toEqual([0x42, 0])
    expect(embeddedCMap(doc, doc.context.flateStream('1 begincodespacerange <00> <FF> endcodespacerange 1 begincidrange <00> (x) 1 endcidrange'))).toBeUndefined()
  })

  it('splits strings by the codespace ranges and compares the CID each code selects', async () => {
    const good = await variant((doc) => addToPage(doc, 'BT /FC 12 Tf 72 600 Td (He) Tj ET', { FC: cmapFont(doc, oneByte, [H, [ttAdvance(H)], e, [ttAdvance(e)]]) }))
    const r = await validatePdf(good)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(ruleIds(r)).not.toContain('PDFA-FONT-NOTDEF')
    const bad = await variant((doc) => addToPage(doc, 'BT /FC 12 Tf 72 600 Td <48 8001> Tj ET', { FC: cmapFont(doc, mixed, [H, [ttAdvance(H)]]) }))
    expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')).toEqual([expect.stringContaining(`CID ${e}: 1000 declared, ${ttExact(e)} in the program`)])
  })

  it('reports a code no mapping covers (CID 0) and code 0 whatever it maps to as .notdef', async () => {
    const unmapped = await variant((doc) => addToPage(doc, 'BT /FC 12 Tf 72 600 Td (Hx) Tj ET', { FC: cmapFont(doc, oneByte, [H, [ttAdvance(H)]]) }))
    expect(findings(await validatePdf(unmapped), 'PDFA-FONT-NOTDEF')).toEqual([expect.stringMatching(/LiberationSans.*\(CID 0\)/)])
    const zero = `1 begincodespacerange <00> <7F> endcodespacerange\n1 begincidchar <00> ${H} endcidchar`
    const codeZero = await variant((doc) => addToPage(doc, 'BT /FC 12 Tf 72 600 Td <00> Tj ET', { FC: cmapFont(doc, zero, [H, [ttAdvance(H)]]) }))
    expect(findings(await validatePdf(codeZero), 'PDFA-FONT-NOTDEF')).toHaveLength(1)
  })

  it('reads `/Identity-H usecmap` and /UseCMap streams; a CMap using another predefined CMap is not compared', async () => {
    const show = `BT /FC 12 Tf 72 600 Td <${hex4(H)}${hex4(e)}> Tj ET`
    const identity = await variant((doc) => addToPage(doc, show, { FC: cmapFont(doc, '/Identity-H usecmap', [H, [ttAdvance(H)]]) }))
    expect(findings(await validatePdf(identity), 'PDFA-FONT-WIDTHS')).toEqual([expect.stringContaining(`CID ${e}: 1000 declared`)])
    const viaStream = await variant((doc) => {
      const base = doc.context.register(doc.context.stream(`1 begincodespacerange <00> <7F> endcodespacerange\n1 begincidchar <65> ${e} endcidchar`))
      addToPage(doc, 'BT /FC 12 Tf 72 600 Td (He) Tj ET', { FC: cmapFont(doc, `1 begincidchar <48> ${H} endcidchar`, [H, [ttAdvance(H)]], { UseCMap: base }) })
    })
    expect(findings(await validatePdf(viaStream), 'PDFA-FONT-WIDTHS')).toEqual([expect.stringContaining(`CID ${e}: 1000 declared`)])
    const predefined = await variant((doc) => addToPage(doc, show, { FC: cmapFont(doc, '/UniJIS-UCS2-H usecmap', [H, [ttAdvance(H)]]) }))
    const r = await validatePdf(predefined)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(ruleIds(r)).not.toContain('PDFA-FONT-NOTDEF')
  })

  it('pdf2pdfa adds /W entries for the CIDs an embedded CMap selects', async () => {
    const bad = await variant((doc) => addToPage(doc, 'BT /FC 12 Tf 72 600 Td <48 8001> Tj ET', { FC: cmapFont(doc, mixed, [H, [ttAdvance(H)]]) }))
    expect(findings(await validatePdf(bad), 'PDFA-FONT-WIDTHS')).toHaveLength(1)
    const fixed = await pdfToPdfa(bad, { ghostscript: false })
    expect(ruleIds(await validatePdf(fixed.pdf))).not.toContain('PDFA-FONT-WIDTHS')
  })
})

/**
 * A minimal CFF (Adobe TN #5176) over a predefined charset: glyphs .notdef, space and one more,
 * each `w endchar` with the given advance (nominalWidthX 0), the third named by `charset`.
 */
function tinyCff(charset: 1 | 2, widths: [number, number, number]): Uint8Array {
  const index = (items: number[][]): number[] => {
    if (items.length === 0) return [0, 0]
    const offsets = [1]
    for (const item of items) offsets.push(offsets.at(-1)! + item.length)
    return [0, items.length, 1, ...offsets, ...items.flat()] // offSize 1: every item here is short
  }
  const int5 = (v: number): number[] => [29, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]
  const small = (v: number): number[] => (v >= -107 && v <= 107 ? [v + 139] : [247 + ((v - 108) >> 8), (v - 108) & 0xff])
  const charstrings = index(widths.map((w) => [...small(w), 14]))
  const privateDict = [...int5(0), 21] // nominalWidthX 0
  const header = [1, 0, 4, 1]
  const name = index([[0x54]])
  const topLength = (top: number[]): number => index([top]).length
  // Top DICT: charset (15), CharStrings (17), Private (18); offsets fixed-size, so two passes suffice.
  const top = (at: number, privateAt: number): number[] => [...int5(charset), 15, ...int5(at), 17, ...int5(privateDict.length), ...int5(privateAt), 18]
  const before = header.length + name.length + topLength(top(0, 0)) + 2 + 2 // + empty String and Global Subr INDEX
  const charstringsAt = before
  const privateAt = charstringsAt + charstrings.length
  return Uint8Array.from([...header, ...name, ...index([top(charstringsAt, privateAt)]), 0, 0, 0, 0, ...charstrings, ...privateDict])
}

describe('validatePdf: MacExpertEncoding and the CFF Expert charsets (6.2.11.5, 6.2.11.8)', () => {
  it('reads the glyph names of CFF charsets 1 (Expert) and 2 (ExpertSubset)', () => {
    const expert = cffMetrics(tinyCff(1, [0, 250, 600]), () => undefined)!
    expect(expert.gidOfName('exclamsmall')).toBe(2) // SID 229
    expect(expert.width(2)).toBe(600)
    const subset = cffMetrics(tinyCff(2, [0, 250, 600]), () => undefined)!
    expect(subset.gidOfName('dollaroldstyle')).toBe(2) // SID 231
    expect(subset.gidOfName('exclamsmall')).toBeUndefined()
  })

  /** A Type1 font over the tiny CFF under MacExpertEncoding, /Widths 32–36. */
  function expertFont(doc: PDFDocument, widths: number[]): PDFRef {
    const file = doc.context.register(doc.context.flateStream(tinyCff(1, [0, 250, 600]), { Subtype: 'Type1C' }))
    const descriptor = doc.context.register(
      doc.context.obj({ Type: 'FontDescriptor', FontName: 'TinyExpert', Flags: 32, FontBBox: [0, 0, 1000, 1000], ItalicAngle: 0, Ascent: 1000, Descent: 0, CapHeight: 1000, StemV: 80, FontFile3: file }),
    )
    return doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'TinyExpert', FirstChar: 32, LastChar: 36, Widths: widths, Encoding: 'MacExpertEncoding', FontDescriptor: descriptor }))
  }

  it('compares the glyph MacExpertEncoding names (code 33 exclamsmall) and reports the codes it leaves unassigned as .notdef', async () => {
    const good = await variant((doc) => addToPage(doc, 'BT /FX 12 Tf 72 600 Td ( !) Tj ET', { FX: expertFont(doc, [250, 600, 0, 0, 0]) }))
    const r = await validatePdf(good)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(ruleIds(r)).not.toContain('PDFA-FONT-NOTDEF')
    const bad = await variant((doc) => addToPage(doc, 'BT /FX 12 Tf 72 600 Td ( !\\001) Tj ET', { FX: expertFont(doc, [250, 500, 0, 0, 0]) }))
    const report = await validatePdf(bad)
    expect(findings(report, 'PDFA-FONT-WIDTHS')).toEqual([expect.stringContaining('code 33: 500 declared, 600 in the program')])
    expect(findings(report, 'PDFA-FONT-NOTDEF')).toEqual([expect.stringMatching(/TinyExpert.*\(code 1\)/)])
  })
})

describe('validatePdf: glyphs the embedded program lacks (6.2.11.4.1, veraPDF isGlyphPresent)', () => {
  const glyphFindings = (r: { findings: readonly { ruleId: string; message: string }[] }): string[] => findings(r, 'PDFA-FONT-GLYPH')
  /** /Differences over WinAnsi naming, for code 65, a glyph no font here has (uniE000 is no Adobe Glyph List name). */
  const strange = (doc: PDFDocument, name = 'uniE000'): PDFDict => doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: [65, PDFName.of(name)] })

  it('reports a simple TrueType code whose glyph name no cmap nor the post table finds; rendering mode 3 is exempt', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (HAe) Tj ET', { FT: trueTypeFont(doc, { flags: 32, encoding: strange(doc) as unknown as string }) }))
    const r = await validatePdf(pdf)
    expect(glyphFindings(r)).toEqual([expect.stringMatching(/LiberationSans.*\(code 65\)/)])
    expect(ruleIds(r)).not.toContain('PDFA-FONT-NOTDEF')
    expect(r.pdfaValid).toBe(false)
    const invisible = await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (He) Tj 3 Tr (A) Tj ET', { FT: trueTypeFont(doc, { flags: 32, encoding: strange(doc) as unknown as string }) }))
    expect(ruleIds(await validatePdf(invisible))).not.toContain('PDFA-FONT-GLYPH')
  })

  it('accepts text whose every glyph the program defines, and code 0 whatever it selects', async () => {
    const pdf = await variant((doc) => {
      addToPage(doc, 'BT /FT 12 Tf 72 600 Td (Hello, World) Tj ET', { FT: trueTypeFont(doc, { flags: 32 }) })
      addToPage(doc, 'BT /FN 12 Tf 72 500 Td (Hello) Tj ET', { FN: simpleFont(doc, { program: 'type1' }) })
      addToPage(doc, 'BT /FF 12 Tf 72 400 Td (Hello) Tj ET', { FF: simpleFont(doc, { program: 'cff' }) })
      addToPage(doc, `BT /FC 12 Tf 72 300 Td <0000${hex4(ttGid('H'))}> Tj ET`, { FC: cidTrueType(doc, [ttGid('H'), [ttAdvance(ttGid('H'))]], undefined) })
    })
    expect(ruleIds(await validatePdf(pdf))).not.toContain('PDFA-FONT-GLYPH')
    const m = await fontGlyphsOf(pdf)
    expect([...'Hello, World'].map((ch) => m.present(ch.charCodeAt(0)))).toEqual(Array(12).fill(true))
  })

  it('reads a symbolic TrueType font through its (1,0) cmap: a code it does not map has no glyph', async () => {
    const m = await fontGlyphsOf(await variant((doc) => addToPage(doc, 'BT /FT 12 Tf 72 600 Td (A) Tj ET', { FT: trueTypeFont(doc, { flags: 4, encoding: null }) })))
    const unmapped = [...Array(256).keys()].filter((code) => code > 0 && m.present(code) === false)
    expect(unmapped.length).toBeGreaterThan(0)
    expect(m.present(0x41)).toBe(true)
    const code = unmapped[0]!
    const pdf = await variant((doc) => addToPage(doc, `BT /FT 12 Tf 72 600 Td <41${code.toString(16).padStart(2, '0')}> Tj ET`, { FT: trueTypeFont(doc, { flags: 4, encoding: null }) }))
    expect(glyphFindings(await validatePdf(pdf))).toEqual([expect.stringContaining(`(code ${code})`)])
  })

  it('reports a CID beyond a CIDFontType2 program as .notdef and as missing, the latter only when visible', async () => {
    const beyond = tt.advances.length + 3
    const show = `<${hex4(ttGid('H'))}${hex4(beyond)}>`
    const pdf = await variant((doc) => addToPage(doc, `BT /FC 12 Tf 72 600 Td ${show} Tj ET`, { FC: cidTrueType(doc, [ttGid('H'), [ttAdvance(ttGid('H'))]], 1000) }))
    const r = await validatePdf(pdf)
    expect(glyphFindings(r)).toEqual([expect.stringMatching(new RegExp(`LiberationSans.*\\(CID ${beyond}\\)`))])
    expect(findings(r, 'PDFA-FONT-NOTDEF')).toEqual([expect.stringContaining(`CID ${beyond}`)])
    const invisible = await variant((doc) => addToPage(doc, `BT /FC 12 Tf 3 Tr 72 600 Td ${show} Tj ET`, { FC: cidTrueType(doc, [ttGid('H'), [ttAdvance(ttGid('H'))]], 1000) }))
    const ri = await validatePdf(invisible)
    expect(ruleIds(ri)).not.toContain('PDFA-FONT-GLYPH')
    expect(findings(ri, 'PDFA-FONT-NOTDEF')).toHaveLength(1)
  })

  for (const program of ['type1', 'cff'] as const) {
    it(`reports a ${program} code whose /Differences name the program lacks`, async () => {
      const pdf = await variant((doc) => addToPage(doc, 'BT /FN 12 Tf 72 600 Td (HAe) Tj ET', { FN: simpleFont(doc, { program, encoding: strange(doc, 'nosuchglyph'), missingWidth: 0 }) }))
      const r = await validatePdf(pdf)
      expect(glyphFindings(r)).toEqual([expect.stringMatching(/NimbusSans-Regular.*\(code 65\)/)])
      expect(ruleIds(r)).not.toContain('PDFA-FONT-NOTDEF')
    })
  }

  it('counts a Type 1 code named .notdef as missing too (veraPDF never finds .notdef in a Type 1 program), a CFF one as present', async () => {
    const pdf = await variant((doc) => {
      addToPage(doc, 'BT /FN 12 Tf 72 600 Td (HA) Tj ET', { FN: simpleFont(doc, { program: 'type1', encoding: strange(doc, '.notdef') }) })
      addToPage(doc, 'BT /FF 12 Tf 72 500 Td (HA) Tj ET', { FF: simpleFont(doc, { program: 'cff', encoding: strange(doc, '.notdef') }) })
    })
    const r = await validatePdf(pdf)
    expect(findings(r, 'PDFA-FONT-NOTDEF')).toHaveLength(2)
    expect(glyphFindings(r)).toEqual([expect.stringMatching(/\(code 65\)/)])
  })
})

/** The glyph model of the simple TrueType font text shows in a PDF. */
async function fontGlyphsOf(pdf: Uint8Array): Promise<NonNullable<ReturnType<typeof fontGlyphs>>> {
  const { doc } = await loadPdf(pdf)
  const dict = [...shownCodes(doc, () => 1).keys()].find((f) => f.lookup(PDFName.of('Subtype')) === PDFName.of('TrueType'))!
  return fontGlyphs(doc, dict)!
}
