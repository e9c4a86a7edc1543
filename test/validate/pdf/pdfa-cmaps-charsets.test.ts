/**
 * Rules found missing by the veraPDF PDF/A-3B audit (session 28): the CMaps of Type 0 fonts
 * (ISO 19005-3 6.2.11.3.1 character collections, 6.2.11.3.3 embedded or predefined, WMode, used
 * CMaps) and the /CharSet of subset Type 1 fonts (6.2.11.4.2), in the validator and in pdf2pdfa.
 * Set EINVOICE_PDFA_DUMP to a folder to keep the files (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { type PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFRef, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { cffMetrics, openTypeCff } from '../../../src/pdf/cff-program.js'
import { cmapProblems } from '../../../src/pdf/cmap-problems.js'
import { findGhostscript } from '../../../src/pdf/ghostscript.js'
import { baseEncoding } from '../../../src/pdf/latin-encodings.js'
import { loadPdf } from '../../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { type1Metrics } from '../../../src/pdf/type1-program.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { canPdfaCheck, makePdf, pdfaCheck } from '../../pdf/fixtures.js'
import { addToPage, editedPdf, keepForPdfaCheck, liberationDescriptor, type0Font } from './builders.js'

const URW = '/usr/share/fonts'
const pfb = new Uint8Array(readFileSync(`${URW}/X11/Type1/NimbusSans-Regular.pfb`))
const otf = new Uint8Array(readFileSync(`${URW}/opentype/urw-base35/NimbusSans-Regular.otf`))
const cff = openTypeCff(otf)!
const liberation = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/fonts/liberation/LiberationSans-Regular.ttf`))
const gs = findGhostscript()

/** PFB segments → one FontFile program with its /Length1–3. */
function type1Program(): { bytes: Uint8Array; lengths: [number, number, number] } {
  const parts: Uint8Array[] = []
  for (let at = 0; at + 6 <= pfb.length && pfb[at] === 0x80 && pfb[at + 1] !== 3; ) {
    const length = pfb[at + 2]! | (pfb[at + 3]! << 8) | (pfb[at + 4]! << 16) | (pfb[at + 5]! << 24)
    parts.push(pfb.subarray(at + 6, at + 6 + length))
    at += 6 + length
  }
  return { bytes: new Uint8Array(Buffer.concat(parts)), lengths: [parts[0]!.length, parts[1]!.length, parts[2]!.length] }
}
const t1 = type1Program()
const t1Glyphs = [...type1Metrics(t1.bytes, t1.lengths[0])!.widths.keys()]
const cffGlyphs = [...cffMetrics(cff, (c) => baseEncoding('StandardEncoding')[c])!.glyphNames()!]

let base: Uint8Array
beforeAll(async () => {
  base = await makePdf({ subset: 'PDF/A-3b' })
})

const variant = (name: string, edit: (doc: PDFDocument) => void): Promise<Uint8Array> => editedPdf(base, name, edit)
const of = (r: { findings: readonly { ruleId: string; params: Readonly<Record<string, string>> }[] }, id: string): Readonly<Record<string, string>>[] =>
  r.findings.filter((f) => f.ruleId === id).map((f) => f.params)
const ids = (r: { findings: readonly { ruleId: string }[] }): string[] => [...new Set(r.findings.map((f) => f.ruleId).filter((id) => id.startsWith('PDFA-CMAP') || id === 'PDFA-FONT-CHARSET'))].sort()

const japan = (supplement: number): Record<string, unknown> => ({ Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Japan1'), Supplement: supplement })

/** A Type 0 font over Liberation Sans (CIDFontType2, Identity) with the given /Encoding and CIDFont /CIDSystemInfo. */
function cidFont(doc: PDFDocument, encoding: PDFRef | string, systemInfo?: Record<string, unknown>): PDFRef {
  const ref = type0Font(doc, { subtype: 'CIDFontType2', baseFont: 'LiberationSans', descriptor: liberationDescriptor(doc, liberation, 32) })
  const font = doc.context.lookup(ref) as PDFDict
  font.set(PDFName.of('Encoding'), typeof encoding === 'string' ? PDFName.of(encoding) : encoding)
  const cid = (font.lookup(PDFName.of('DescendantFonts')) as unknown as { lookup(i: number): PDFDict }).lookup(0)
  if (systemInfo !== undefined) cid.set(PDFName.of('CIDSystemInfo'), doc.context.obj(systemInfo as never))
  return ref
}

/** An embedded CMap stream: a two-byte identity-like program with extra PostScript `extra`, and dictionary entries. */
function cmapStream(doc: PDFDocument, dict: Record<string, unknown>, extra = ''): PDFRef {
  const program = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Japan1) def /Supplement 2 def end def
/CMapName /Test-H def ${extra}
1 begincodespacerange <0000> <FFFF> endcodespacerange
1 begincidrange <0000> <FFFF> 0 endcidrange
endcmap CMapName currentdict /CMap defineresource pop end end`
  return doc.context.register(doc.context.flateStream(program, { Type: 'CMap', CMapName: 'Test-H', ...dict } as never))
}

describe('validatePdf: CIDSystemInfo of a Type 0 font and its CMap (6.2.11.3.1)', () => {
  it('accepts Identity-H with any collection, a predefined CMap whose supplement covers the CIDFont, and an embedded CMap named Identity-V', async () => {
    const r = await validatePdf(
      await variant('cmap-ros-ok', (doc) => {
        addToPage(doc, '', {
          Font: {
            Zc1: cidFont(doc, 'Identity-H'),
            Zc2: cidFont(doc, 'UniJIS-UCS2-H', japan(4)),
            Zc3: cidFont(doc, '90ms-RKSJ-V', japan(1)),
            Zc4: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2) }), japan(2)),
            Zc5: cidFont(doc, cmapStream(doc, { CMapName: 'Identity-V' }), japan(7)),
            Zc6: cidFont(doc, cmapStream(doc, { CIDSystemInfo: [japan(3)] }), japan(3)),
          },
        })
      }),
    )
    expect(ids(r)).toEqual([])
  })

  it('reports other collections, a higher CIDFont supplement, and a side without Registry/Ordering (an embedded CMap\'s own definitions do not count)', async () => {
    const r = await validatePdf(
      await variant('cmap-ros', (doc) => {
        addToPage(doc, '', {
          Font: {
            Zc1: cidFont(doc, 'UniJIS-UCS2-H'),
            Zc2: cidFont(doc, 'UniJIS-UCS2-H', japan(5)),
            Zc3: cidFont(doc, cmapStream(doc, {}), japan(2)),
            Zc4: cidFont(doc, 'UniGB-UCS2-H', { Registry: 'Adobe', Ordering: 'GB1', Supplement: 2 }),
          },
        })
      }),
    )
    expect(ids(r)).toEqual(['PDFA-CMAP-CIDSYSTEMINFO'])
    expect(of(r, 'PDFA-CMAP-CIDSYSTEMINFO').map((p) => `${p.cmap}: ${p.fontSystem} / ${p.cmapSystem}`).sort()).toEqual([
      '/UniGB-UCS2-H: (no Registry)-(no Ordering)-2 / Adobe-GB1-4',
      '/UniJIS-UCS2-H: Adobe-Identity-0 / Adobe-Japan1-4',
      '/UniJIS-UCS2-H: Adobe-Japan1-5 / Adobe-Japan1-4',
      'an embedded CMap named Test-H: Adobe-Japan1-2 / (no Registry)-(no Ordering)-0',
    ])
  })
})

describe('validatePdf: CMaps embedded or predefined, WMode, used CMaps (6.2.11.3.3)', () => {
  it('reports a CMap that is neither embedded nor predefined, and accepts the predefined ones', async () => {
    const r = await validatePdf(
      await variant('cmap-embedded', (doc) => {
        addToPage(doc, '', { Font: { Zc1: cidFont(doc, 'Custom-H', japan(0)), Zc2: cidFont(doc, 'KSCpc-EUC-H', { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Korea1'), Supplement: 0 }) } })
      }),
    )
    expect(of(r, 'PDFA-CMAP-EMBEDDED').map((p) => p.cmap)).toEqual(['/Custom-H'])
    expect(ids(r)).toEqual(['PDFA-CMAP-CIDSYSTEMINFO', 'PDFA-CMAP-EMBEDDED'])
  })

  it('reports an embedded CMap whose dictionary /WMode differs from its program (both 0 by default)', async () => {
    const r = await validatePdf(
      await variant('cmap-wmode', (doc) => {
        addToPage(doc, '', {
          Font: {
            Zc1: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2) }, '/WMode 1 def'), japan(2)),
            Zc2: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2), WMode: 1 }), japan(2)),
            Zc3: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2), WMode: 1 }, '/WMode 1 def'), japan(2)),
            Zc4: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2), WMode: 0 }), japan(2)),
          },
        })
      }),
    )
    expect(ids(r)).toEqual(['PDFA-CMAP-WMODE'])
    expect(of(r, 'PDFA-CMAP-WMODE').map((p) => `${p.dictWMode}/${p.streamWMode}`).sort()).toEqual(['0/1', '1/0'])
  })

  it('reports an embedded CMap that uses a CMap which is not predefined (/UseCMap or usecmap), and follows /UseCMap chains and cycles', async () => {
    const r = await validatePdf(
      await variant('cmap-usecmap', (doc) => {
        const byName = cmapStream(doc, { CIDSystemInfo: japan(2), UseCMap: 'Custom-H' })
        const fine = cmapStream(doc, { CIDSystemInfo: japan(2), UseCMap: '90ms-RKSJ-H' }, '/90ms-RKSJ-H usecmap')
        const inProgram = cmapStream(doc, { CIDSystemInfo: japan(2) }, '/Custom-V usecmap')
        const other = cmapStream(doc, { CMapName: 'Other' })
        const chained = cmapStream(doc, { CIDSystemInfo: japan(2), UseCMap: other })
        ;(doc.context.lookup(other) as unknown as { dict: PDFDict }).dict.set(PDFName.of('UseCMap'), chained)
        addToPage(doc, '', {
          Font: { Zc1: cidFont(doc, byName, japan(2)), Zc2: cidFont(doc, fine, japan(2)), Zc3: cidFont(doc, inProgram, japan(2)), Zc4: cidFont(doc, chained, japan(2)) },
        })
      }),
    )
    expect(ids(r)).toEqual(['PDFA-CMAP-EMBEDDED', 'PDFA-CMAP-USECMAP'])
    expect(of(r, 'PDFA-CMAP-USECMAP').map((p) => `${p.cmap} ${p.how} ${p.used}`).sort()).toEqual([
      'Other /UseCMap an embedded CMap named Test-H',
      'Test-H /UseCMap /Custom-H',
      'Test-H /UseCMap an embedded CMap named Other',
      'Test-H usecmap /Custom-V',
    ])
    expect(of(r, 'PDFA-CMAP-EMBEDDED').map((p) => p.cmap)).toEqual(['/Custom-H'])
  })

  it('reads broken CMap streams safely: garbage, a filter that fails, a huge count, a truncated definition', async () => {
    const { doc } = await loadPdf(base)
    const garbage = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 256)
    const streams = [
      doc.context.register(doc.context.stream(garbage, { Type: 'CMap', CMapName: 'G' } as never)),
      doc.context.register(doc.context.stream(garbage, { Type: 'CMap', Filter: 'FlateDecode', WMode: 1 } as never)),
      doc.context.register(doc.context.stream('99999999999 begincidrange <00> <FF> 0 endcidrange /WMode', { Type: 'CMap' } as never)),
      doc.context.register(doc.context.stream('/WMode 1', { Type: 'CMap', UseCMap: PDFNumber.of(3) } as never)),
    ]
    addToPage(doc, '', { Font: Object.fromEntries(streams.map((s, i) => [`Zb${i}`, cidFont(doc, s, japan(0))])) })
    expect(() => cmapProblems(doc)).not.toThrow()
    const problems = cmapProblems(doc)
    // Only the stream that cannot be decoded is not judged for WMode; the others define none (0).
    expect(problems.filter((p) => p.kind === 'wmode')).toEqual([])
    expect(problems.filter((p) => p.kind === 'useCMap').map((p) => p.kind === 'useCMap' && p.used)).toEqual(['(not a name or stream)'])
  })
})

/** A simple Type 1 font over Nimbus Sans (FontFile, or FontFile3 /Type1C) with the given /BaseFont and /CharSet. */
function type1Font(doc: PDFDocument, o: { program: 'type1' | 'cff'; baseFont: string; charSet?: string[] }): PDFRef {
  const file =
    o.program === 'type1'
      ? doc.context.register(doc.context.flateStream(t1.bytes, { Length1: t1.lengths[0], Length2: t1.lengths[1], Length3: t1.lengths[2] }))
      : doc.context.register(doc.context.flateStream(cff, { Subtype: 'Type1C' }))
  const descriptor = doc.context.register(
    doc.context.obj({
      Type: 'FontDescriptor', FontName: o.baseFont, Flags: 32, FontBBox: [-200, -300, 1000, 950], ItalicAngle: 0, Ascent: 729, Descent: -218, CapHeight: 729, StemV: 85,
      ...(o.charSet === undefined ? {} : { CharSet: PDFString.of(o.charSet.map((n) => `/${n}`).join('')) }),
      [o.program === 'type1' ? 'FontFile' : 'FontFile3']: file,
    }),
  )
  return doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: o.baseFont, FirstChar: 32, LastChar: 32, Widths: [278], Encoding: 'WinAnsiEncoding', FontDescriptor: descriptor }))
}

describe('validatePdf: /CharSet of subset Type 1 fonts (6.2.11.4.2)', () => {
  for (const program of ['type1', 'cff'] as const) {
    const glyphs = program === 'type1' ? t1Glyphs : cffGlyphs
    const withoutNotdef = glyphs.filter((g) => g !== '.notdef')

    it(`accepts a complete ${program} CharSet, with or without .notdef, and ignores fonts that are not subsets`, async () => {
      const r = await validatePdf(
        await variant(`charset-${program}-ok`, (doc) => {
          addToPage(doc, '', {
            Font: {
              Zt1: type1Font(doc, { program, baseFont: 'ABCDEF+NimbusSans', charSet: glyphs }),
              Zt2: type1Font(doc, { program, baseFont: 'ABCDEG+NimbusSans', charSet: withoutNotdef }),
              Zt3: type1Font(doc, { program, baseFont: 'NimbusSans', charSet: ['A'] }),
              Zt4: type1Font(doc, { program, baseFont: 'ABCDEH+NimbusSans' }),
            },
          })
        }),
      )
      expect(glyphs).toContain('.notdef')
      expect(ids(r)).toEqual([])
    })

    it(`reports a ${program} CharSet that omits glyphs or names glyphs the program lacks`, async () => {
      const r = await validatePdf(
        await variant(`charset-${program}`, (doc) => {
          addToPage(doc, '', {
            Font: {
              Zt1: type1Font(doc, { program, baseFont: 'ABCDEF+NimbusSans', charSet: withoutNotdef.filter((g) => g !== 'A' && g !== 'Z') }),
              Zt2: type1Font(doc, { program, baseFont: 'ABCDEG+NimbusSans', charSet: [...glyphs, 'Foo'] }),
            },
          })
        }),
      )
      expect(of(r, 'PDFA-FONT-CHARSET').map((p) => `${p.font}: ${p.problem}`).sort()).toEqual([
        'ABCDEF+NimbusSans: it omits A Z',
        'ABCDEG+NimbusSans: it names Foo, which the program lacks',
      ])
    })
  }
})

describe('validatePdf: damaged CharSets and programs (6.2.11.4.2)', () => {
  it('reads a CharSet of garbage as the names it holds, and does not judge a program it cannot read', async () => {
    const r = await validatePdf(
      await variant('charset-broken', (doc) => {
        const garbage = type1Font(doc, { program: 'type1', baseFont: 'ABCDEF+NimbusSans' })
        const descriptor = (doc.context.lookup(garbage) as PDFDict).lookup(PDFName.of('FontDescriptor')) as PDFDict
        descriptor.set(PDFName.of('CharSet'), PDFHexString.of(Buffer.from('/A 12 ]] >> /#zz\x00\xff /B (((/C', 'latin1').toString('hex')))
        const truncated = type1Font(doc, { program: 'type1', baseFont: 'ABCDEG+NimbusSans', charSet: ['A'] })
        const fd = (doc.context.lookup(truncated) as PDFDict).lookup(PDFName.of('FontDescriptor')) as PDFDict
        fd.set(PDFName.of('FontFile'), doc.context.register(doc.context.stream(t1.bytes.subarray(0, 700), { Length1: 600, Length2: 100, Length3: 0 })))
        const asName = type1Font(doc, { program: 'cff', baseFont: 'ABCDEH+NimbusSans' })
        ;((doc.context.lookup(asName) as PDFDict).lookup(PDFName.of('FontDescriptor')) as PDFDict).set(PDFName.of('CharSet'), PDFName.of('A'))
        addToPage(doc, '', { Font: { Zt1: garbage, Zt2: truncated, Zt3: asName } })
      }),
    )
    expect(of(r, 'PDFA-FONT-CHARSET').map((p) => p.font)).toEqual(['ABCDEF+NimbusSans'])
    // The names /A, /#zz (kept as written) and /B; the unclosed string swallows /C.
    expect(of(r, 'PDFA-FONT-CHARSET')[0]!.problem).toMatch(/^it omits (?!A )(?!.* B ).*; it names #zz, which the program lacks$/)
  })
})

describe('pdf2pdfa: CMaps and CharSets', () => {
  it('drops an incomplete CharSet, aligns a CMap dictionary\'s /WMode with its program and gives an embedded CIDFont its CMap\'s collection, in place', async () => {
    const input = await variant('charset-wmode-input', (doc) => {
      addToPage(doc, '', {
        Font: {
          Zt1: type1Font(doc, { program: 'type1', baseFont: 'ABCDEF+NimbusSans', charSet: ['A'] }),
          Zc1: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2) }, '/WMode 1 def'), japan(2)),
          Zc2: cidFont(doc, 'UniJIS-UCS2-H', japan(6)),
          // No /CIDSystemInfo in the CMap's dictionary: its program's (Adobe-Japan1-2) is written there.
          Zc3: cidFont(doc, cmapStream(doc, {}), { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 }),
        },
      })
    })
    expect(ids(await validatePdf(input))).toEqual(['PDFA-CMAP-CIDSYSTEMINFO', 'PDFA-CMAP-WMODE', 'PDFA-FONT-CHARSET'])
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    const after = await validatePdf(keepForPdfaCheck('charset-wmode-output', out.pdf))
    expect(ids(after)).toEqual([])
    expect(after.pdfaValid).toBe(true)
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })

  it('refuses a CMap neither embedded nor predefined, as a font\'s /Encoding or used by another, with or without Ghostscript (which draws .notdef)', async () => {
    const input = await variant('cmap-missing-input', (doc) => {
      const using = cmapStream(doc, { CIDSystemInfo: japan(2) }, '/Custom-V usecmap')
      addToPage(doc, 'BT /Zc1 12 Tf 72 600 Td <00240025> Tj /Zc2 12 Tf <0026> Tj ET', { Font: { Zc1: cidFont(doc, 'Custom-H', japan(0)), Zc2: cidFont(doc, using, japan(2)) } })
    })
    for (const ghostscript of [false, undefined] as const) {
      await expect(pdfToPdfa(input, { ghostscript })).rejects.toThrow(
        /^the PDF cannot be made PDF\/A-3: the CMap \/Custom-H is neither embedded nor .*; an embedded CMap uses the CMap \/Custom-V, which is neither embedded nor predefined \(PDF\/A 6\.2\.11\.3\.3\)$/,
      )
    }
  })

  it('sends a CMap problem it cannot repair in place to Ghostscript, and refuses without it', async () => {
    const input = await variant('cmap-gs-input', (doc) => {
      const other = cmapStream(doc, { CMapName: 'Other', CIDSystemInfo: japan(2) })
      addToPage(doc, 'BT /Zc1 12 Tf 72 600 Td <00240025> Tj ET', { Font: { Zc1: cidFont(doc, cmapStream(doc, { CIDSystemInfo: japan(2), UseCMap: other }), japan(2)) } })
    })
    expect(ids(await validatePdf(input))).toEqual(['PDFA-CMAP-USECMAP'])
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(/without Ghostscript .*embedded CMaps that use a CMap which is not predefined \(PDF\/A 6\.2\.11\.3\.3\)/)
    if (gs === undefined) return
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    const after = await validatePdf(keepForPdfaCheck('cmap-gs-output', out.pdf))
    expect(ids(after)).toEqual([])
    expect(after.pdfaValid).toBe(true)
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })
})
