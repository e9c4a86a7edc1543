import { readFileSync } from 'node:fs'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { streamBytes } from '../../../src/pdf/streams.js'
import { levelOfGuideline } from '../../../src/validate/pdf/facturx-checks.js'
import { cidWidthMap } from '../../../src/pdf/font-glyphs.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { validateFile } from '../../../src/validate/index.js'
import { writeMustangReport } from '../../../src/validate/index.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const NOW = new Date('2026-02-03T04:05:06Z')

let facturx: Uint8Array
let plain: Uint8Array

const ids = (r: { findings: readonly { ruleId: string }[] }): string[] => r.findings.map((f) => f.ruleId)

/** Rewrites one XMP property value of a Factur-X file (same length not required: pdf-lib re-saves). */
async function withXmpReplaced(pdf: Uint8Array, from: string, to: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  const stream = doc.catalog.lookup(PDFName.of('Metadata'), PDFStream)
  const text = new TextDecoder().decode(streamBytes(stream, 'XMP'))
  if (!text.includes(from)) throw new Error(`test setup: ${from} is not in the XMP`)
  const replaced = doc.context.stream(new TextEncoder().encode(text.replace(from, to)), { Type: 'Metadata', Subtype: 'XML' })
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(replaced))
  return doc.save({ useObjectStreams: false })
}

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: NOW })).pdf
  plain = await makePdf({ standardFont: true })
})

describe('validatePdf', () => {
  it('finds nothing wrong in a Factur-X PDF/A-3b that einvoice made', async () => {
    const r = await validatePdf(facturx)
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([])
    expect(r).toMatchObject({ readable: true, pdfaValid: true, facturxValid: true, valid: true, part: '3', conformance: 'B' })
    expect(r.invoice?.fileName).toBe('factur-x.xml')
  })

  it('reports an ordinary PDF: no XMP, no PDF/A identification, unembedded fonts', async () => {
    const r = await validatePdf(plain)
    expect(r.pdfaValid).toBe(false)
    expect(ids(r)).toEqual(expect.arrayContaining(['PDFA-XMP-MISSING', 'PDFA-FONT-EMBEDDED']))
    expect(r.findings.find((f) => f.ruleId === 'PDFA-FONT-EMBEDDED')?.message).toContain('Helvetica')
    // No invoice inside: the Factur-X container rules do not apply.
    expect(r.findings.some((f) => f.group === 'facturx')).toBe(false)
  })

  it('never throws for bytes that are not a PDF at all', async () => {
    const r = await validatePdf(new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF\n'))
    expect(r.readable).toBe(false)
    expect(ids(r)).toContain('PDFA-UNREADABLE')
    expect(r.valid).toBe(false)
  })

  it('flags data after %%EOF and a missing binary comment', async () => {
    const tail = new Uint8Array([...facturx, ...new TextEncoder().encode('garbage after the end')])
    const r = await validatePdf(tail)
    expect(ids(r)).toContain('PDFA-FILE-EOF')
  })

  it('reports a ConformanceLevel outside the allowed values and one that contradicts BT-24', async () => {
    const pdf = await withXmpReplaced(facturx, '>EN 16931<', '>BASIC<')
    const r = await validatePdf(pdf)
    expect(r.pdfaValid).toBe(true)
    expect(r.facturxValid).toBe(false)
    const f = r.findings.find((x) => x.ruleId === 'FX-LEVEL-MATCH')
    expect(f?.message).toContain('"BASIC"')
    expect(f?.message).toContain('"EN 16931"')
    const bad = await validatePdf(await withXmpReplaced(facturx, '>EN 16931<', '>GOLD<'))
    expect(ids(bad)).toContain('FX-XMP-CONFORMANCE')
    expect(bad.findings.find((x) => x.ruleId === 'FX-XMP-CONFORMANCE')?.section).toBe('12')
  })

  it('warns when the invoice attachment has a tolerated /AFRelationship other than the level asks for', async () => {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    const spec = doc.catalog.lookup(PDFName.of('AF'), PDFArray).lookup(0, PDFDict)
    expect(spec.get(PDFName.of('AFRelationship'))).toEqual(PDFName.of('Alternative'))
    spec.set(PDFName.of('AFRelationship'), PDFName.of('Data'))
    const r = await validatePdf(await doc.save({ useObjectStreams: false }))
    const f = r.findings.find((x) => x.ruleId === 'FX-ATTACHMENT-RELATIONSHIP-USUAL')
    expect(f).toMatchObject({ severity: 'information', group: 'facturx' })
    expect(f?.message).toContain('/Data')
    expect(f?.message).toContain('/Alternative')
    expect(f?.message).toContain('EN 16931')
    // Tolerated: the container stays valid.
    expect(r.facturxValid).toBe(true)
    expect(ids(await validatePdf(facturx))).not.toContain('FX-ATTACHMENT-RELATIONSHIP-USUAL')
  })

  it('reports a DocumentFileName that names no embedded file (a check Mustang lacks)', async () => {
    const r = await validatePdf(await withXmpReplaced(facturx, '>factur-x.xml<', '>xrechnung.xml<'))
    expect(ids(r)).toContain('FX-FILENAME-MATCH')
    expect(r.findings.find((x) => x.ruleId === 'FX-FILENAME-MATCH')?.message).toContain('"factur-x.xml"')
  })

  it('reports undeclared XMP properties and wrong value types', async () => {
    const end = '</rdf:RDF>'
    const pdf = await withXmpReplaced(facturx, end, `<rdf:Description rdf:about="" xmlns:my="urn:example:my#" xmlns:dc="http://purl.org/dc/elements/1.1/"><my:Thing>x</my:Thing><dc:rights>plain text</dc:rights></rdf:Description>${end}`)
    const r = await validatePdf(pdf)
    expect(ids(r)).toEqual(expect.arrayContaining(['PDFA-XMP-UNDECLARED', 'PDFA-XMP-VALUE-TYPE']))
    expect(r.pdfaValid).toBe(false)
  })

  it('reports an extension property that does not hold its declared simple type (fx:Version as an rdf:Seq)', async () => {
    const r = await validatePdf(await withXmpReplaced(facturx, '>1.0</fx:Version>', '><rdf:Seq><rdf:li>1.0</rdf:li></rdf:Seq></fx:Version>'))
    const f = r.findings.find((x) => x.ruleId === 'PDFA-XMP-VALUE-TYPE')
    expect(f?.message).toContain('extension XMP property fx:Version')
    expect(f?.message).toContain('declared Text')
    expect(r.pdfaValid).toBe(false)
    expect(ids(await validatePdf(facturx))).not.toContain('PDFA-XMP-VALUE-TYPE')
  })

  describe('extension schema structures (6.6.2.3.2, 6.6.2.3.3)', () => {
    const TYPE_NS = 'http://www.aiim.org/pdfa/ns/type#'
    const FIELD_NS = 'http://www.aiim.org/pdfa/ns/field#'
    /** A pdfaSchema:valueType declaring the type Party with one field, put before the Factur-X schema's property Seq. */
    const valueTypes = (o: { seq?: string; typePrefix?: string; description?: boolean; fieldType?: string } = {}): string => {
      const t = o.typePrefix ?? 'pdfaType'
      const seq = o.seq ?? 'Seq'
      return `<pdfaSchema:valueType><rdf:${seq}><rdf:li rdf:parseType="Resource" xmlns:${t}="${TYPE_NS}" xmlns:pdfaField="${FIELD_NS}">` +
        `<${t}:type>Party</${t}:type><${t}:namespaceURI>urn:example:party#</${t}:namespaceURI><${t}:prefix>party</${t}:prefix>` +
        (o.description === false ? '' : `<${t}:description>a party</${t}:description>`) +
        `<${t}:field><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaField:name>name</pdfaField:name><pdfaField:valueType>${o.fieldType ?? 'Text'}</pdfaField:valueType>` +
        `<pdfaField:description>its name</pdfaField:description></rdf:li></rdf:Seq></${t}:field></rdf:li></rdf:${seq}></pdfaSchema:valueType>`
    }
    const withValueTypes = async (name: string, xml: string): Promise<Uint8Array> =>
      keepForPdfaCheck(name, await withXmpReplaced(facturx, '<pdfaSchema:property>', `${xml}<pdfaSchema:property>`))
    const extensionDetails = (r: { findings: readonly { ruleId: string; message: string }[] }): string[] =>
      r.findings.filter((f) => f.ruleId.startsWith('PDFA-XMP-EXTENSION')).map((f) => `${f.ruleId} ${f.message}`)

    it('passes a schema that declares a value type with its fields', async () => {
      const r = await validatePdf(await withValueTypes('xmp-valuetype-ok', valueTypes()))
      expect(extensionDetails(r)).toEqual([])
      expect(r.pdfaValid).toBe(true)
    })

    it('reports a field the schema structure does not define (6.6.2.3.2)', async () => {
      const r = await validatePdf(await withValueTypes('xmp-schema-extra-field', '<pdfaSchema:note>extra</pdfaSchema:note>'))
      const f = r.findings.find((x) => x.ruleId === 'PDFA-XMP-EXTENSION-FIELD')
      expect(f?.message).toContain('pdfaSchema:note')
      expect(f?.clause).toBe('6.6.2.3.2')
      expect(r.pdfaValid).toBe(false)
    })

    it('reports pdfaSchema:valueType not a Seq, a value type without description, a wrong prefix and an unknown field type (6.6.2.3.3)', async () => {
      const cases: [string, string, string][] = [
        ['xmp-valuetype-bag', valueTypes({ seq: 'Bag' }), 'pdfaSchema:valueType must be an rdf:Seq'],
        ['xmp-valuetype-no-description', valueTypes({ description: false }), 'lacks pdfaType:description'],
        ['xmp-valuetype-prefix', valueTypes({ typePrefix: 'pt' }), 'with the prefix pt'],
        ['xmp-field-type-unknown', valueTypes({ fieldType: 'Widget' }), '"Widget"'],
      ]
      for (const [name, xml, want] of cases) {
        const r = await validatePdf(await withValueTypes(name, xml))
        expect(extensionDetails(r).join('\n'), name).toContain(want)
        expect(r.pdfaValid, name).toBe(false)
      }
    })
  })

  it('refuses an XMP packet that gives a property twice (a second description with pdfaid:part)', async () => {
    const end = '</rdf:RDF>'
    const pdf = await withXmpReplaced(facturx, end, `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>2</pdfaid:part></rdf:Description>${end}`)
    const r = await validatePdf(pdf)
    const f = r.findings.find((x) => x.ruleId === 'PDFA-XMP-WELLFORMED')
    expect(f?.message).toContain('pdfaid:part')
    expect(f?.message).toContain('twice')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports JavaScript (an OpenAction of type JavaScript)', async () => {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))
    const saved = await doc.save({ useObjectStreams: false })
    const r = await validatePdf(saved)
    expect(ids(r)).toContain('PDFA-JAVASCRIPT')
  })
})

describe('validatePdf: annotations and forms (ISO 19005-3 6.3, 6.4)', () => {
  /** The Factur-X PDF with `annots` on its first page and `form` as the AcroForm. */
  async function withAnnotations(annots: Record<string, unknown>[], form?: Record<string, unknown>): Promise<Uint8Array> {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    const page = doc.getPage(0)
    const refs = annots.map((a) => doc.context.register(doc.context.obj({ Type: 'Annot', Rect: [10, 10, 110, 30], ...a } as never)))
    page.node.set(PDFName.of('Annots'), doc.context.obj(refs))
    if (form !== undefined) doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: refs, ...form } as never))
    return doc.save({ useObjectStreams: false })
  }
  it('accepts a printable link and a widget with its own appearance stream', async () => {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    const ap = doc.context.register(doc.context.stream('q Q', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 20] }))
    const widget = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: PDFString.of('name'), Rect: [10, 40, 110, 60], F: 4, AP: { N: ap } }))
    const link = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [10, 10, 110, 30], F: 4 }))
    doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([widget, link]))
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [widget] }))
    const r = await validatePdf(await doc.save({ useObjectStreams: false }))
    expect(r.findings.filter((f) => f.group === 'pdfa')).toEqual([])
  })

  it('reports missing or wrong flags, a missing appearance and a forbidden annotation type', async () => {
    const r = await validatePdf(
      await withAnnotations([{ Subtype: 'Link' }, { Subtype: 'Square', F: 6 }, { Subtype: 'Sound' }, { Subtype: 'Popup' }]),
    )
    const annotFindings = r.findings.filter((f) => f.ruleId.startsWith('PDFA-ANNOT'))
    expect(annotFindings.map((f) => f.ruleId).sort()).toEqual(['PDFA-ANNOT-APPEARANCE', 'PDFA-ANNOT-FLAGS', 'PDFA-ANNOT-FLAGS', 'PDFA-ANNOT-TYPE'])
    expect(annotFindings.find((f) => f.message.includes('Square') && f.ruleId === 'PDFA-ANNOT-FLAGS')?.message).toContain('Hidden is set')
    expect(annotFindings.find((f) => f.ruleId === 'PDFA-ANNOT-FLAGS' && f.message.includes('Link'))?.message).toContain('no /F entry')
    expect(annotFindings.find((f) => f.ruleId === 'PDFA-ANNOT-TYPE')?.message).toContain('Sound')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports NeedAppearances, XFA and a widget action', async () => {
    const r = await validatePdf(
      await withAnnotations([{ Subtype: 'Widget', FT: 'Tx', F: 4, A: { S: 'URI', URI: PDFString.of('https://example.com') } }], {
        NeedAppearances: true,
        XFA: PDFString.of('<xdp/>'),
      }),
    )
    expect(ids(r)).toEqual(expect.arrayContaining(['PDFA-FORM-NEED-APPEARANCES', 'PDFA-FORM-XFA', 'PDFA-FORM-ACTION', 'PDFA-ANNOT-APPEARANCE']))
    expect(r.pdfaValid).toBe(false)
  })
})

describe('validatePdf: blend modes (6.2.10) and optional content (6.9)', () => {
  it('accepts standard blend modes and named configurations, and reports the others', async () => {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    doc.context.register(doc.context.obj({ Type: 'ExtGState', BM: 'Multiply' }))
    const bad = doc.context.register(doc.context.obj({ Type: 'ExtGState', BM: ['Dissolve', 'Normal'] }))
    const layer = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Layer') }))
    const other = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Other') }))
    doc.catalog.set(
      PDFName.of('OCProperties'),
      doc.context.obj({
        OCGs: [layer, other],
        D: { Name: PDFString.of('Default'), AS: [], Order: [PDFString.of('Label'), [layer, other]] },
        Configs: [{ Name: PDFString.of('Default') }, { Order: [layer] }],
      }),
    )
    const r = await validatePdf(await doc.save({ useObjectStreams: false }))
    const blend = r.findings.filter((f) => f.ruleId === 'PDFA-BLEND-MODE')
    expect(blend.map((f) => f.message)).toEqual([expect.stringContaining('Dissolve')])
    expect(blend[0]?.location).toBe(`object ${bad.objectNumber} 0`)
    const oc = r.findings.filter((f) => f.ruleId === 'PDFA-OC-CONFIG').map((f) => `${f.location}: ${f.params.problem ?? ''}`)
    expect(oc).toEqual([
      '/OCProperties /D: has an /AS (auto state) array',
      '/OCProperties /Configs[0]: has the same /Name "Default" as /OCProperties /D',
      '/OCProperties /Configs[1]: has no /Name',
      `/OCProperties /Configs[1]: has an /Order that leaves out 1 of the document's optional-content groups (${other.objectNumber} 0 R)`,
    ])
    expect(r.pdfaValid).toBe(false)
  })
})

describe('validatePdf: glyph widths (ISO 19005-3 6.2.11.5)', () => {
  it('reads both /W forms: `c [w1 w2 …]` and `cFirst cLast w`', async () => {
    const doc = await PDFDocument.create()
    const w = doc.context.obj([1, [500, 600], 10, 12, 250]) as PDFArray
    expect([...cidWidthMap(doc, w)]).toEqual([[1, 500], [2, 600], [10, 250], [11, 250], [12, 250]])
  })

  it('reports a subset CIDFontType2 whose /W disagrees with the embedded program', async () => {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    let changed = 0
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) continue
      const w = object.lookup(PDFName.of('W'), PDFArray)
      // pdfkit writes `0 [w0 w1 …]`; raise CID 1's width (CID 0, .notdef, is not compared).
      const widths = w.lookup(1, PDFArray)
      widths.set(1, PDFNumber.of(widths.lookup(1, PDFNumber).asNumber() + 50))
      changed++
    }
    expect(changed).toBeGreaterThan(0)
    const r = await validatePdf(await doc.save({ useObjectStreams: false }))
    const found = r.findings.filter((f) => f.ruleId === 'PDFA-FONT-WIDTHS')
    expect(found).toHaveLength(changed)
    expect(found[0]?.message).toMatch(/CID 1: 344\.92 declared, 294\.92 in the program/)
    expect(r.pdfaValid).toBe(false)
  })
})

describe('levelOfGuideline', () => {
  it('maps BT-24 to the XMP ConformanceLevel', () => {
    expect(levelOfGuideline('urn:cen.eu:en16931:2017')).toBe('EN 16931')
    expect(levelOfGuideline('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic')).toBe('BASIC')
    expect(levelOfGuideline('urn:factur-x.eu:1p0:basicwl')).toBe('BASIC WL')
    expect(levelOfGuideline('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')).toBe('XRECHNUNG')
    expect(levelOfGuideline('urn:example:other')).toBeUndefined()
  })
})

describe('validateFile with a PDF', () => {
  it('puts the PDF part in the Mustang report and keeps the file valid when both parts are', async () => {
    const r = await validateFile(facturx, { fileName: 'factur-x.pdf' })
    expect(r.valid).toBe(true)
    const report = writeMustangReport(r)
    expect(report).toMatch(/<pdf>[\s\S]*<summary status="valid"\/>[\s\S]*<\/pdf>/)
  })

  it('makes the overall summary invalid when only the PDF part is invalid (Mustang would say valid)', async () => {
    const r = await validateFile(await withXmpReplaced(facturx, '>EN 16931<', '>BASIC<'), { fileName: 'x.pdf' })
    expect(r.xml.valid).toBe(true)
    expect(r.valid).toBe(false)
    const report = writeMustangReport(r)
    expect(report).toContain('criterion="FX-LEVEL-MATCH"')
    expect(report.trimEnd()).toMatch(/<summary status="invalid"\/>\s*<\/validation>$/)
  })

  it('throws INVALID_PDF for a PDF it cannot read', async () => {
    await expect(validateFile(new TextEncoder().encode('%PDF-1.7\nbroken'))).rejects.toMatchObject({ errorCode: 'INVALID_PDF' })
  })

  it('throws NO_INVOICE_XML for a PDF/A without an invoice', async () => {
    await expect(validateFile(await makePdf({ subset: 'PDF/A-3b' }))).rejects.toMatchObject({ errorCode: 'NO_INVOICE_XML' })
  })
})

describe('validatePdf: a page tree that cannot be read', () => {
  it('is one finding naming the page tree, not every page check failing with the parser’s own error', async () => {
    const doc = await PDFDocument.load(await makePdf({ subset: 'PDF/A-3b' }), { updateMetadata: false })
    doc.catalog.set(PDFName.of('Pages'), doc.context.register(doc.context.obj({ Type: 'Catalog' })))
    const r = await validatePdf(await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }))
    const unreadable = r.findings.filter((f) => f.ruleId === 'PDFA-UNREADABLE')
    expect(unreadable.map((f) => f.location)).toEqual(['catalog /Pages'])
    expect(unreadable[0]?.message).toContain('the page tree (catalog /Pages) cannot be read')
    expect(r.findings.map((f) => f.message).join('\n')).not.toMatch(/is not a function|undefined/)
    expect(r.pdfaValid).toBe(false)
  })
})
