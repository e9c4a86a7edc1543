import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFRef } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadPdf } from '../../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { readTrueType } from '../../../src/pdf/truetype.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage, liberationDescriptor, type0Font } from './builders.js'

const LIBERATION = join(PACKAGE_ROOT, 'assets', 'fonts', 'liberation', 'LiberationSans-Regular.ttf')
const program = new Uint8Array(readFileSync(LIBERATION))
const font = readTrueType('LiberationSans-Regular.ttf', program)
/** The program's advance of a character in 1/1000 em, as a PDF writer would declare it. */
const advance = (char: string): number => Math.round((font.advances[font.cmap.get(char.charCodeAt(0))!]! * 1000) / font.unitsPerEm)

let base: Uint8Array

beforeAll(async () => {
  base = await makePdf({ subset: 'PDF/A-3b' })
})

const ruleIds = (r: { findings: readonly { ruleId: string }[] }): string[] => r.findings.map((f) => f.ruleId)

/** A simple TrueType font: the whole Liberation Sans program, WinAnsi, widths 32–126 from the program unless overridden. */
function simpleTrueType(doc: PDFDocument, wrong: Record<string, number> = {}): PDFRef {
  const descriptor = liberationDescriptor(doc, program)
  const widths: number[] = []
  for (let code = 32; code <= 126; code++) widths.push(wrong[String.fromCharCode(code)] ?? advance(String.fromCharCode(code)))
  return doc.context.register(
    doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'LiberationSans', FirstChar: 32, LastChar: 126, Widths: widths, Encoding: 'WinAnsiEncoding', FontDescriptor: descriptor }),
  )
}

/** A Type0 font over the full (non-subset) program as CIDFontType2, Identity-H, /W for the glyph of `H`. */
function fullCidFont(doc: PDFDocument, widthOfH: number): { ref: PDFRef; gid: number } {
  const gid = font.cmap.get(0x48)!
  const ref = type0Font(doc, { subtype: 'CIDFontType2', baseFont: 'LiberationSans', descriptor: liberationDescriptor(doc, program), w: [gid, [widthOfH]] })
  return { ref, gid }
}

async function variant(edit: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const { doc } = await loadPdf(base)
  edit(doc)
  return doc.save({ useObjectStreams: false })
}

describe('validatePdf: widths of simple TrueType fonts and full CIDFontType2 embeddings (6.2.11.5)', () => {
  it('accepts a full simple TrueType embedding whose /Widths are the program advances', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FL 12 Tf 72 600 Td (Hello) Tj ET', { Font: { FL: simpleTrueType(doc) } }))
    const r = await validatePdf(pdf)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(r.pdfaValid).toBe(true)
  })

  it('reports a shown code whose declared width disagrees by more than one unit, naming font, code and both widths', async () => {
    const pdf = await variant((doc) => addToPage(doc, 'BT /FL 12 Tf 72 600 Td [(He) 120 (llo)] TJ ET', { Font: { FL: simpleTrueType(doc, { H: advance('H') + 50, o: advance('o') + 1 }) } }))
    const r = await validatePdf(pdf)
    const found = r.findings.filter((f) => f.ruleId === 'PDFA-FONT-WIDTHS')
    expect(found).toHaveLength(1)
    // 'o' is off by exactly one unit: within the rule's tolerance.
    expect(found[0]!.message).toContain('LiberationSans')
    expect(found[0]!.message).toContain(`code 72: ${advance('H') + 50} declared, `)
    expect(found[0]!.params.count).toBe('1')
    expect(r.pdfaValid).toBe(false)
  })

  it('ignores disagreeing widths of codes no visible text shows', async () => {
    const pdf = await variant((doc) =>
      addToPage(doc, 'BT /FL 12 Tf 72 600 Td (Hello) Tj 3 Tr (Z) Tj ET', { Font: { FL: simpleTrueType(doc, { Z: 0, Q: 10 }) } }),
    )
    expect(ruleIds(await validatePdf(pdf))).not.toContain('PDFA-FONT-WIDTHS')
  })

  it('reports a full (non-subset) CIDFontType2 whose /W disagrees for a shown CID', async () => {
    const bad = await variant((doc) => {
      const { ref, gid } = fullCidFont(doc, 100)
      addToPage(doc, `BT /FC 12 Tf 72 600 Td <${gid.toString(16).padStart(4, '0')}> Tj ET`, { Font: { FC: ref } })
    })
    const r = await validatePdf(bad)
    const found = r.findings.find((f) => f.ruleId === 'PDFA-FONT-WIDTHS')
    expect(found?.message).toContain(`CID ${font.cmap.get(0x48)}: 100 declared, ${advance('H')}`)
    const good = await variant((doc) => {
      const { ref, gid } = fullCidFont(doc, advance('H'))
      addToPage(doc, `BT /FC 12 Tf 72 600 Td <${gid.toString(16).padStart(4, '0')}> Tj ET`, { Font: { FC: ref } })
    })
    expect(ruleIds(await validatePdf(good))).not.toContain('PDFA-FONT-WIDTHS')
  })

  it('pdf2pdfa rewrites the disagreeing widths of shown glyphs from the program', async () => {
    const pdf = await variant((doc) => {
      addToPage(doc, 'BT /FL 12 Tf 72 600 Td (Hello) Tj ET', { Font: { FL: simpleTrueType(doc, { H: 900, Z: 0 }) } })
      const { ref, gid } = fullCidFont(doc, 100)
      addToPage(doc, `BT /FC 12 Tf 72 500 Td <${gid.toString(16).padStart(4, '0')}> Tj ET`, { Font: { FC: ref } })
    })
    expect(ruleIds(await validatePdf(pdf)).filter((id) => id === 'PDFA-FONT-WIDTHS')).toHaveLength(2)
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    const r = await validatePdf(out.pdf)
    expect(ruleIds(r)).not.toContain('PDFA-FONT-WIDTHS')
    expect(r.pdfaValid).toBe(true)
    const { doc } = await loadPdf(out.pdf)
    const simple = [...doc.context.enumerateIndirectObjects()].map(([, o]) => o).find((o) => o instanceof PDFDict && o.get(PDFName.of('Subtype')) === PDFName.of('TrueType')) as PDFDict
    const widths = simple.lookup(PDFName.of('Widths'), PDFArray)
    expect(widths.lookup(0x48 - 32, PDFNumber).asNumber()).toBe(advance('H'))
    // The unused code keeps its declared width: only what is shown is rewritten.
    expect(widths.lookup(0x5a - 32, PDFNumber).asNumber()).toBe(0)
  })
})

describe('validatePdf: page transparency groups without an OutputIntent (6.2.10)', () => {
  /** `base` without its OutputIntent, plus a page that paints through `gs` (and optionally a /Group). */
  const transparentPage = (gs: Record<string, string | number>, group?: Record<string, string>, keepIntent = false): Promise<Uint8Array> =>
    variant((doc) => {
      if (!keepIntent) doc.catalog.delete(PDFName.of('OutputIntents'))
      addToPage(doc, 'q /GS1 gs 10 10 50 50 re f Q', { ExtGState: { GS1: doc.context.register(doc.context.obj({ Type: 'ExtGState', ...gs })) } })
      if (group !== undefined) doc.getPages()[0]!.node.set(PDFName.of('Group'), doc.context.obj(group))
    })

  it('reports a page that fills with ca below 1 and has no /Group /CS', async () => {
    const r = await validatePdf(await transparentPage({ ca: 0.5 }))
    const found = r.findings.find((f) => f.ruleId === 'PDFA-PAGE-GROUP-CS')
    expect(found?.location).toBe('page 1')
    expect(found?.message).toContain('fill alpha')
  })

  it('accepts it with a page group /CS, or when the document has an OutputIntent', async () => {
    expect(ruleIds(await validatePdf(await transparentPage({ ca: 0.5 }, { Type: 'Group', S: 'Transparency', CS: 'DeviceRGB' })))).not.toContain('PDFA-PAGE-GROUP-CS')
    expect(ruleIds(await validatePdf(await transparentPage({ ca: 0.5 }, undefined, true)))).not.toContain('PDFA-PAGE-GROUP-CS')
  })

  it('does not count what is not transparency: stroke alpha on a fill, the Normal blend mode, opaque painting', async () => {
    expect(ruleIds(await validatePdf(await transparentPage({ CA: 0.5 })))).not.toContain('PDFA-PAGE-GROUP-CS')
    expect(ruleIds(await validatePdf(await transparentPage({ BM: 'Normal', ca: 1 })))).not.toContain('PDFA-PAGE-GROUP-CS')
  })

  it('counts a soft mask, a blend mode (Compatible too, as veraPDF does), and a transparency-group form XObject', async () => {
    expect(ruleIds(await validatePdf(await transparentPage({ BM: 'Multiply' })))).toContain('PDFA-PAGE-GROUP-CS')
    expect(ruleIds(await validatePdf(await transparentPage({ BM: 'Compatible', ca: 1 })))).toContain('PDFA-PAGE-GROUP-CS')
    const mask = await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      const g = doc.context.register(doc.context.stream('0 0 5 5 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 5, 5], Group: { S: 'Transparency' } }))
      const gs = doc.context.register(doc.context.obj({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: g } }))
      addToPage(doc, 'q /GS1 gs 10 10 50 50 re f Q', { ExtGState: { GS1: gs } })
    })
    expect((await validatePdf(mask)).findings.find((f) => f.ruleId === 'PDFA-PAGE-GROUP-CS')?.message).toContain('soft mask')
    const form = await variant((doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'))
      const x = doc.context.register(doc.context.stream('0 0 5 5 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 5, 5], Group: { S: 'Transparency' } }))
      addToPage(doc, 'q /X1 Do Q', { XObject: { X1: x } })
    })
    expect((await validatePdf(form)).findings.find((f) => f.ruleId === 'PDFA-PAGE-GROUP-CS')?.message).toContain('transparency group XObject')
  })

  it('pdf2pdfa needs no repair for it: the OutputIntent it adds satisfies the rule', async () => {
    const out = await pdfToPdfa(await transparentPage({ ca: 0.5 }), { ghostscript: false })
    expect(ruleIds(await validatePdf(out.pdf))).not.toContain('PDFA-PAGE-GROUP-CS')
  })
})

describe('validatePdf: metadata streams of pages, images and fonts (6.6.2.1)', () => {
  const PACKET = (header: string, body = ''): string =>
    `<?xpacket ${header}?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${body}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
  const withPageMetadata = (text: string): Promise<Uint8Array> =>
    variant((doc) => {
      const m = doc.context.register(doc.context.stream(new TextEncoder().encode(text), { Type: 'Metadata', Subtype: 'XML' }))
      doc.getPages()[0]!.node.set(PDFName.of('Metadata'), m)
    })

  it('accepts a well-formed page packet', async () => {
    const r = await validatePdf(await withPageMetadata(PACKET('begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"')))
    expect(r.findings.filter((f) => f.clause === '6.6.2.1')).toEqual([])
  })

  it('reports bytes/encoding attributes and a packet that is not well-formed', async () => {
    const header = await validatePdf(await withPageMetadata(PACKET('begin="" id="W5M0MpCehiHzreSzNTczkc9d" bytes="1234" encoding="UTF-8"')))
    const packet = header.findings.find((f) => f.ruleId === 'PDFA-XMP-PACKET')
    expect(packet?.location).toMatch(/^metadata stream \d+ 0, packet header$/)
    expect(packet?.message).toContain('bytes and encoding')
    const broken = await validatePdf(await withPageMetadata('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>'))
    expect(broken.findings.find((f) => f.ruleId === 'PDFA-XMP-WELLFORMED')?.location).toMatch(/^metadata stream \d+ 0$/)
    expect(broken.pdfaValid).toBe(false)
  })

  it('pdf2pdfa drops bytes/encoding from a packet header and removes a packet nobody can read', async () => {
    for (const text of [PACKET('begin="" id="W5M0MpCehiHzreSzNTczkc9d" bytes="1234" encoding="UTF-8"'), '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>']) {
      const out = await pdfToPdfa(await withPageMetadata(text), { ghostscript: false })
      const r = await validatePdf(out.pdf)
      expect(r.findings.filter((f) => f.clause === '6.6.2.1')).toEqual([])
      expect(r.pdfaValid).toBe(true)
    }
  })

  it('reports a property of a further packet that neither it nor the document declares (6.6.2.3.1)', async () => {
    const body = '<rdf:Description rdf:about="" xmlns:my="urn:example:my#" my:colour="blue"/>'
    const r = await validatePdf(await withPageMetadata(PACKET('begin="" id="W5M0MpCehiHzreSzNTczkc9d"', body)))
    expect(r.findings.find((f) => f.ruleId === 'PDFA-XMP-UNDECLARED')?.location).toMatch(/^metadata stream \d+ 0, my:colour$/)
  })
})
