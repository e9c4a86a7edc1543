import { PDFDict, type PDFDocument, PDFName, type PDFRef, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadPdf } from '../../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { largestCid } from '../../../src/validate/pdf/object-limits-check.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage } from './builders.js'

let base: Uint8Array

beforeAll(async () => {
  base = await makePdf({ subset: 'PDF/A-3b' })
})

type Findings = { findings: readonly { ruleId: string; location: string; message: string }[]; pdfaValid: boolean }
const ruleIds = (r: Findings): string[] => r.findings.map((f) => f.ruleId)
const finding = (r: Findings, id: string): Findings['findings'][number] | undefined => r.findings.find((f) => f.ruleId === id)

async function variant(edit: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const { doc } = await loadPdf(base)
  edit(doc)
  return doc.save({ useObjectStreams: false })
}

const form = (doc: PDFDocument, content: string, extra: Record<string, unknown> = {}): PDFRef =>
  doc.context.register(doc.context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], ...extra } as never))

const tiling = (doc: PDFDocument, content: string, resources: Record<string, unknown> = {}): PDFRef =>
  doc.context.register(doc.context.stream(content, { Type: 'Pattern', PatternType: 1, PaintType: 1, TilingType: 1, BBox: [0, 0, 10, 10], XStep: 10, YStep: 10, Resources: resources } as never))

/** A Type 3 font whose glyph `a` (code 97) is drawn by `glyph`. */
function type3(doc: PDFDocument, glyph: string, resources?: Record<string, unknown>): PDFRef {
  const proc = doc.context.register(doc.context.stream(`1000 0 0 0 750 750 d1 ${glyph}`))
  return doc.context.register(
    doc.context.obj({
      Type: 'Font', Subtype: 'Type3', FontBBox: [0, 0, 750, 750], FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { a: proc }, Encoding: { Type: 'Encoding', Differences: [97, 'a'] }, FirstChar: 97, LastChar: 97, Widths: [1000],
      ...(resources === undefined ? {} : { Resources: resources }),
    } as never),
  )
}

describe('validatePdf: the starting file passes every new check', () => {
  it('has no limit, operator or page-group finding', async () => {
    const r = await validatePdf(base)
    expect(ruleIds(r).filter((id) => id.startsWith('PDFA-LIMIT') || id === 'PDFA-UNDEFINED-OPERATOR' || id === 'PDFA-PAGE-GROUP-CS')).toEqual([])
    expect(r.pdfaValid).toBe(true)
  })
})

describe('validatePdf: undefined content-stream operators (6.2.2)', () => {
  it('reports an operator ISO 32000-1 does not define, with its stream and byte offset', async () => {
    const pdf = await variant((doc) => {
      addToPage(doc, 'q 1 0 0 1 0 0 cm foo Q')
    })
    const r = await validatePdf(pdf)
    const f = finding(r, 'PDFA-UNDEFINED-OPERATOR')
    expect(f?.location).toMatch(/^page 1 content \(object \d+ 0\)$/)
    expect(f?.message).toContain('"foo" at byte 17')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports it inside a BX/EX compatibility section too, and inside a form XObject', async () => {
    const bx = await validatePdf(await variant((doc) => addToPage(doc, 'BX 1 2 xyz EX')))
    expect(finding(bx, 'PDFA-UNDEFINED-OPERATOR')?.message).toContain('"xyz"')
    const inForm = await validatePdf(await variant((doc) => addToPage(doc, '/X1 Do', { XObject: { X1: form(doc, '0 0 5 5 re f sparkle') } })))
    expect(finding(inForm, 'PDFA-UNDEFINED-OPERATOR')?.location).toMatch(/^form XObject \d+ 0$/)
  })

  it('reports it in a tiling pattern cell and a Type 3 glyph procedure', async () => {
    const pattern = await validatePdf(await variant((doc) => addToPage(doc, '/Pattern cs /P1 scn 0 0 9 9 re f', { Pattern: { P1: tiling(doc, '0 0 5 5 re f zz') } })))
    expect(finding(pattern, 'PDFA-UNDEFINED-OPERATOR')?.location).toMatch(/^tiling pattern \d+ 0$/)
    const glyph = await validatePdf(await variant((doc) => addToPage(doc, 'BT /T3 12 Tf (a) Tj ET', { Font: { T3: type3(doc, '0 0 750 750 re f qq') } })))
    expect(finding(glyph, 'PDFA-UNDEFINED-OPERATOR')?.location).toMatch(/^Type 3 font \d+ 0 glyph \/a$/)
  })

  it('accepts every defined operator, inline images and true/false/null operands', async () => {
    const content = [
      'q 1 0 0 1 0 0 cm 1 w 0 J 0 j 4 M [] 0 d /RelativeColorimetric ri 1 i',
      '0 0 m 1 1 l 1 2 3 4 5 6 c 1 2 3 4 v 1 2 3 4 y h 0 0 1 1 re W n 0 0 1 1 re W* n',
      '/DeviceGray cs 0 sc /DeviceGray CS 0 SC 0 scn 0 SCN 0 g 0 G 0 0 0 rg 0 0 0 RG 0 0 0 0 k 0 0 0 0 K',
      '0 0 1 1 re f 0 0 1 1 re F 0 0 1 1 re f* 0 0 1 1 re S 0 0 1 1 re s 0 0 1 1 re B 0 0 1 1 re B* 0 0 1 1 re b 0 0 1 1 re b*',
      'BT 0 Tc 0 Tw 100 Tz 0 TL 0 Tr 0 Ts 1 0 0 1 0 0 Tm 0 0 Td 0 0 TD T* ET',
      '/Tag MP /Tag << /X true /Y null /Z false >> DP /Tag BMC EMC /Tag << /MCID 0 >> BDC EMC BX EX',
      'BI /W 1 /H 1 /CS /G /BPC 8 ID \x01 EI Q',
    ].join('\n')
    const r = await validatePdf(await variant((doc) => addToPage(doc, content)))
    expect(ruleIds(r)).not.toContain('PDFA-UNDEFINED-OPERATOR')
    expect(ruleIds(r).filter((id) => id.startsWith('PDFA-LIMIT'))).toEqual([])
  })
})

describe('validatePdf: rendering intents and interpolation set in content streams (6.2.6, 6.2.8)', () => {
  const intentFindings = (r: Findings): Findings['findings'] => r.findings.filter((f) => f.ruleId === 'PDFA-RENDERING-INTENT')

  it('reports an ri operator whose intent is not one of the four, once per value and stream, with its byte offset', async () => {
    const r = await validatePdf(await variant((doc) => addToPage(doc, 'q /Vivid ri /Vivid ri /Perceptual ri /Sharp#20Look ri Q')))
    const found = intentFindings(r)
    expect(found.map((f) => f.message)).toEqual([expect.stringContaining('/Vivid'), expect.stringContaining('/Sharp Look')])
    expect(found[0]?.location).toMatch(/^page 1 content \(object \d+ 0\), byte 2$/)
    expect(found[0]?.message).toContain('ri operator in page 1 content')
    expect(r.pdfaValid).toBe(false)
  })

  it('reads ri in a form XObject too, and accepts the four intents', async () => {
    const inForm = await validatePdf(await variant((doc) => addToPage(doc, '/X1 Do', { XObject: { X1: form(doc, '/Colourful ri 0 0 5 5 re f') } })))
    expect(intentFindings(inForm)[0]?.location).toMatch(/^form XObject \d+ 0, byte 0$/)
    const four = await validatePdf(await variant((doc) => addToPage(doc, '/RelativeColorimetric ri /AbsoluteColorimetric ri /Perceptual ri /Saturation ri')))
    expect(intentFindings(four)).toEqual([])
    expect(four.pdfaValid).toBe(true)
  })

  it('reports an inline image with /I true or /Interpolate true, or an unknown /Intent', async () => {
    const interpolated = await validatePdf(await variant((doc) => addToPage(doc, 'q BI /W 1 /H 1 /CS /G /BPC 8 /I true ID \x01 EI Q')))
    const image = interpolated.findings.find((f) => f.ruleId === 'PDFA-IMAGE')
    expect(image?.message).toMatch(/the image drawn inline at byte \d+ of page 1 content \(object \d+ 0\) sets/)
    expect(image?.message).toContain('/I (Interpolate) true')
    expect(interpolated.pdfaValid).toBe(false)
    const longKey = await validatePdf(await variant((doc) => addToPage(doc, 'BI /Interpolate true /W 1 /H 1 /BPC 8 /CS /G ID \x01 EI')))
    expect(longKey.findings.find((f) => f.ruleId === 'PDFA-IMAGE')?.message).toContain('/Interpolate (Interpolate) true')
    const intent = await validatePdf(await variant((doc) => addToPage(doc, 'BI /W 1 /H 1 /D [1 0] /Intent /Bright /CS /G /BPC 8 ID \x01 EI')))
    expect(intentFindings(intent).map((f) => f.message)).toEqual([expect.stringContaining('/Bright')])
  })

  it('accepts inline images with /I false and a known /Intent, and does not read image data or other keys as those entries', async () => {
    const content = 'BI /W 1 /H 1 /I false /Intent /Saturation /DP << /I true >> /D [/I true] /CS /G /BPC 8 ID /I true EI'
    const r = await validatePdf(await variant((doc) => addToPage(doc, content)))
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-IMAGE' || f.ruleId === 'PDFA-RENDERING-INTENT')).toEqual([])
    expect(r.pdfaValid).toBe(true)
  })
})

describe('validatePdf: resources a content stream takes from elsewhere (6.2.2)', () => {
  const opaqueState = (doc: PDFDocument): PDFRef => doc.context.register(doc.context.obj({ Type: 'ExtGState', LW: 1 }))

  it('reports a form XObject without /Resources that uses the page’s, and accepts one with its own', async () => {
    const borrowed = await validatePdf(await variant((doc) => {
      const gs = opaqueState(doc)
      addToPage(doc, '/X1 Do', { ExtGState: { G1: gs }, XObject: { X1: form(doc, '/G1 gs 0 0 5 5 re f') } })
    }))
    const f = finding(borrowed, 'PDFA-INHERITED-RESOURCES')
    expect(f?.location).toMatch(/^form XObject \d+ 0$/)
    expect(f?.message).toContain("ExtGState /G1")
    expect(f?.message).toContain("the page's /Resources")
    const own = await validatePdf(await variant((doc) => {
      const gs = opaqueState(doc)
      addToPage(doc, '/X1 Do', { XObject: { X1: form(doc, '/G1 gs 0 0 5 5 re f', { Resources: { ExtGState: { G1: gs } } }) } })
    }))
    expect(ruleIds(own)).not.toContain('PDFA-INHERITED-RESOURCES')
  })

  it('reports page content whose /Resources come from the page tree', async () => {
    const r = await validatePdf(await variant((doc) => {
      const page = doc.getPages()[0]!.node
      const gs = opaqueState(doc)
      addToPage(doc, '/G1 gs', { ExtGState: { G1: gs } })
      const parent = page.lookup(PDFName.of('Parent'), PDFDict)
      parent.set(PDFName.of('Resources'), page.get(PDFName.of('Resources'))!)
      page.delete(PDFName.of('Resources'))
    }))
    expect(finding(r, 'PDFA-INHERITED-RESOURCES')?.message).toContain("the page tree's /Resources")
    expect(finding(r, 'PDFA-INHERITED-RESOURCES')?.location).toBe('page 1 content')
  })

  it('pdf2pdfa gives pages and the forms they draw the resources they borrowed', async () => {
    const borrowing = await variant((doc) => {
      const gs = opaqueState(doc)
      addToPage(doc, '/G1 gs /X1 Do', { ExtGState: { G1: gs }, XObject: { X1: form(doc, '/G1 gs 0 0 5 5 re f') } })
      const page = doc.getPages()[0]!.node
      page.lookup(PDFName.of('Parent'), PDFDict).set(PDFName.of('Resources'), page.get(PDFName.of('Resources'))!)
      page.delete(PDFName.of('Resources'))
    })
    expect(ruleIds(await validatePdf(borrowing)).filter((id) => id === 'PDFA-INHERITED-RESOURCES')).toHaveLength(2)
    const repaired = await validatePdf((await pdfToPdfa(borrowing, { ghostscript: false })).pdf)
    expect(ruleIds(repaired)).not.toContain('PDFA-INHERITED-RESOURCES')
    expect(repaired.pdfaValid).toBe(true)
  })
})

describe('validatePdf: implementation limits in content streams (6.1.13)', () => {
  it('reports q nested more than 28 levels, counting a page’s content parts as one stream', async () => {
    const deep = await validatePdf(await variant((doc) => {
      addToPage(doc, 'q '.repeat(15))
      addToPage(doc, `${'q '.repeat(14)}${'Q '.repeat(29)}`)
    }))
    const f = finding(deep, 'PDFA-LIMIT-SAVE-DEPTH')
    expect(f?.message).toContain('29 levels')
    expect(f?.location).toMatch(/^page 1 content \(object \d+ 0\), byte 26$/)
    const ok = await validatePdf(await variant((doc) => addToPage(doc, `${'q '.repeat(28)}${'Q '.repeat(28)} ${'q Q '.repeat(40)}`)))
    expect(ruleIds(ok)).not.toContain('PDFA-LIMIT-SAVE-DEPTH')
  })

  it('reports integers, reals, strings and names beyond the limits as operands', async () => {
    const r = await validatePdf(await variant((doc) => {
      addToPage(doc, `2147483648 w 0.${'0'.repeat(38)}1 w BT (${'x'.repeat(32768)}) Tj ET /${'N'.repeat(128)} MP`)
    }))
    expect(finding(r, 'PDFA-LIMIT-INTEGER')?.location).toMatch(/byte 0$/)
    expect(finding(r, 'PDFA-LIMIT-REAL')?.message).toContain('0.000')
    expect(finding(r, 'PDFA-LIMIT-STRING')?.message).toContain('32768 bytes')
    expect(finding(r, 'PDFA-LIMIT-NAME')?.message).toContain('128 bytes')
  })

  it('accepts the largest values inside the limits (escapes and #xx count as one byte)', async () => {
    const r = await validatePdf(await variant((doc) => {
      addToPage(doc, `2147483647 w -2147483648 w 0.${'0'.repeat(36)}2 w 0.0000000000 w BT (${'\\101'.repeat(32767)}) Tj <${'41'.repeat(32767)}> Tj ET /${'#41'.repeat(127)} MP /${'#C3#A9'.repeat(100)} MP`)
    }))
    expect(ruleIds(r).filter((id) => id.startsWith('PDFA-LIMIT'))).toEqual([])
  })
})

describe('validatePdf: implementation limits in objects (6.1.13)', () => {
  it('reports out-of-range numbers, long strings and names, big DeviceN and page boxes', async () => {
    const r = await validatePdf(await variant((doc) => {
      const page = doc.getPages()[0]!.node
      page.set(PDFName.of('Big'), doc.context.obj(3000000000))
      page.set(PDFName.of('Tiny'), doc.context.obj(1e-39))
      page.set(PDFName.of('N'.repeat(128)), PDFString.of('x'.repeat(32768)))
      const colourants = Array.from({ length: 33 }, (_, i) => `C${i}`)
      page.set(PDFName.of('CS'), doc.context.obj(['DeviceN', colourants, 'DeviceGray', { FunctionType: 2, Domain: [0, 1], C0: [0], C1: [1], N: 1 }]))
      page.set(PDFName.of('TrimBox'), doc.context.obj([0, 0, 2, 500]))
      page.set(PDFName.of('ArtBox'), doc.context.obj([0, 0, 14401, 500]))
    }))
    expect(finding(r, 'PDFA-LIMIT-INTEGER')?.message).toContain('3000000000')
    expect(finding(r, 'PDFA-LIMIT-REAL')).toBeDefined()
    expect(finding(r, 'PDFA-LIMIT-STRING')?.message).toContain('32768 bytes')
    expect(finding(r, 'PDFA-LIMIT-NAME')?.message).toContain('128 bytes')
    expect(finding(r, 'PDFA-LIMIT-DEVICEN')?.message).toContain('33 colourants')
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-LIMIT-PAGE-BOX').map((f) => f.location)).toEqual(['page 1 /TrimBox', 'page 1 /ArtBox'])
  })

  it('accepts the values at the limits', async () => {
    const r = await validatePdf(await variant((doc) => {
      const page = doc.getPages()[0]!.node
      page.set(PDFName.of('Big'), doc.context.obj(2147483647))
      page.set(PDFName.of('N'.repeat(127)), PDFString.of('x'.repeat(32767)))
      // 200 bytes of UTF-8 that read as 100 characters, which is what veraPDF measures
      page.set(PDFName.of('\u00e9'.repeat(100)), PDFString.of('\\303\\251'.repeat(20000)))
      page.set(PDFName.of('CS'), doc.context.obj(['DeviceN', Array.from({ length: 32 }, (_, i) => `C${i}`), 'DeviceGray', { FunctionType: 2, Domain: [0, 1], C0: [0], C1: [1], N: 1 }]))
      page.set(PDFName.of('TrimBox'), doc.context.obj([0, 0, 3, 14400]))
    }))
    expect(ruleIds(r).filter((id) => id.startsWith('PDFA-LIMIT'))).toEqual([])
  })

  it('reads the largest CID of an embedded CMap from its cidrange and cidchar sections', () => {
    const cmap = (body: string): Uint8Array => new TextEncoder().encode(`/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange ${body} endcmap end end`)
    expect(largestCid(cmap('1 begincidrange <0000> <00FF> 65280 endcidrange'))).toBe(65535)
    expect(largestCid(cmap('1 begincidrange <0000> <0100> 65280 endcidrange'))).toBe(65536)
    expect(largestCid(cmap('2 begincidchar <0001> 70000 <0002> 5 endcidchar'))).toBe(70000)
  })

  it('reports an embedded CMap of a Type0 font that maps beyond CID 65535', async () => {
    const r = await validatePdf(await variant((doc) => {
      const cmap = doc.context.register(doc.context.stream('begincmap 1 begincidrange <0000> <0001> 65535 endcidrange endcmap', { Type: 'CMap', CMapName: 'Big', CIDSystemInfo: { Registry: 'Adobe', Ordering: 'Identity', Supplement: 0 } } as never))
      doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'Wide', Encoding: cmap, DescendantFonts: [] }))
    }))
    expect(finding(r, 'PDFA-LIMIT-CID')?.message).toContain('CID 65536')
  })
})

describe('validatePdf: transparency inside tiling patterns and Type 3 glyphs (6.2.10)', () => {
  const alpha = (doc: PDFDocument): PDFRef => doc.context.register(doc.context.obj({ Type: 'ExtGState', ca: 0.5 }))

  it('counts a fill with a tiling pattern whose cell paints with alpha', async () => {
    const r = await validatePdf(await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, '/Pattern cs /P1 scn 0 0 9 9 re f', { Pattern: { P1: tiling(doc, '/A gs 0 0 5 5 re f', { ExtGState: { A: alpha(doc) } }) } })
    }))
    expect(finding(r, 'PDFA-PAGE-GROUP-CS')?.message).toContain('tiling pattern')
  })

  it('does not count the pattern once another colour replaces it, nor an opaque cell', async () => {
    const replaced = await validatePdf(await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, '/Pattern cs /P1 scn 0 g 0 0 9 9 re f', { Pattern: { P1: tiling(doc, '/A gs 0 0 5 5 re f', { ExtGState: { A: alpha(doc) } }) } })
    }))
    expect(ruleIds(replaced)).not.toContain('PDFA-PAGE-GROUP-CS')
    const opaque = await validatePdf(await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, '/Pattern cs /P1 scn 0 0 9 9 re f', { Pattern: { P1: tiling(doc, '0 0 5 5 re f') } })
    }))
    expect(ruleIds(opaque)).not.toContain('PDFA-PAGE-GROUP-CS')
  })

  it('counts text shown with a Type 3 glyph that paints with alpha, not text whose glyph is opaque', async () => {
    const transparent = await validatePdf(await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, 'BT /T3 12 Tf (a) Tj ET', { Font: { T3: type3(doc, '/A gs 0 0 750 750 re f', { ExtGState: { A: alpha(doc) } }) } })
    }))
    expect(finding(transparent, 'PDFA-PAGE-GROUP-CS')?.message).toContain('Type 3 glyphs')
    const notShown = await validatePdf(await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, 'BT /T3 12 Tf (b) Tj ET', { Font: { T3: type3(doc, '/A gs 0 0 750 750 re f', { ExtGState: { A: alpha(doc) } }) } })
    }))
    expect(ruleIds(notShown)).not.toContain('PDFA-PAGE-GROUP-CS')
    const opaque = await validatePdf(await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, 'BT /T3 12 Tf (a) Tj ET', { Font: { T3: type3(doc, '0 0 750 750 re f') } })
    }))
    expect(ruleIds(opaque)).not.toContain('PDFA-PAGE-GROUP-CS')
  })
})

describe('validatePdf: hostile content nesting stays bounded', () => {
  it('reads a form that draws itself once, and reports forms nested beyond the depth limit', async () => {
    const cyclic = await validatePdf(await variant((doc) => {
      const self = doc.context.nextRef()
      doc.context.assign(self, doc.context.stream('/Me Do', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { XObject: { Me: self } } } as never))
      addToPage(doc, '/Me Do', { XObject: { Me: self } })
    }))
    expect(cyclic.findings.filter((f) => f.ruleId.startsWith('PDFA-LIMIT') || f.ruleId === 'PDFA-CONTENT-NOT-SCANNED')).toEqual([])
    const deep = await validatePdf(await variant((doc) => {
      let inner = form(doc, 'oops')
      for (let i = 0; i < 40; i++) inner = form(doc, '/X Do', { Resources: { XObject: { X: inner } } })
      addToPage(doc, '/X Do', { XObject: { X: inner } })
    }))
    expect(finding(deep, 'PDFA-CONTENT-NOT-SCANNED')?.message).toContain('nested more than 32 levels')
    expect(ruleIds(deep)).not.toContain('PDFA-UNDEFINED-OPERATOR')
  })

  it('measures a name of 100 000 bytes and an unbalanced q storm without trouble', async () => {
    const r = await validatePdf(await variant((doc) => addToPage(doc, `/${'N'.repeat(100000)} MP ${'q '.repeat(100000)}`)))
    expect(finding(r, 'PDFA-LIMIT-NAME')?.message).toContain('of 100000 bytes')
    expect(finding(r, 'PDFA-LIMIT-SAVE-DEPTH')?.message).toContain('100000 levels')
    expect(ruleIds(r)).not.toContain('PDFA-UNREADABLE')
  })
})
