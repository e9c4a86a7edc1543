/**
 * pdf2pdfa repairs the XMP packet in place (ISO 19005-3 6.6.2.3): an invoice property set
 * (Factur-X, ZUGFeRD, Order-X) whose declaration is missing or incomplete gets the standard one;
 * an incomplete extension schema entry is filled in or left out; a property of the wrong value
 * type is converted when its meaning is clear, else dropped; a property nobody declares is
 * dropped. Every change is a warning naming the property; values are never invented.
 */
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../src/pdf/ghostscript.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { readDocumentXmp } from '../../src/pdf/metadata.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { type Xmp, getProperty, propertyText } from '../../src/pdf/xmp.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { canPdfaCheck, makePdf, pdfaCheck } from './fixtures.js'

const gs = findGhostscript()
const FX = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'
const ZF1 = 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#'
const RDF = 'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"'
const EXT_NS =
  'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"'

let base: Uint8Array

beforeAll(async () => {
  base = await makePdf()
})

/** A packet of the given rdf:Description bodies. */
function packet(...descriptions: string[]): string {
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ${RDF}>` +
    descriptions.map((d) => `<rdf:Description rdf:about="" ${d}</rdf:Description>`).join('') +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  )
}

const invoiceProps = (ns: string, prefix: string, version = `<${prefix}:Version>1.0</${prefix}:Version>`): string =>
  `xmlns:${prefix}="${ns}"><${prefix}:DocumentType>INVOICE</${prefix}:DocumentType><${prefix}:DocumentFileName>factur-x.xml</${prefix}:DocumentFileName>` +
  `${version}<${prefix}:ConformanceLevel>BASIC</${prefix}:ConformanceLevel>`

/** One extension schema entry; `props` as [name, valueType, category, description] (undefined: field left out). */
function schemaEntry(ns: string, prefix: string, props: readonly (readonly (string | undefined)[])[], label: string | undefined = 'Some schema'): string {
  const field = (local: string, value: string | undefined): string => (value === undefined ? '' : `<pdfaProperty:${local}>${value}</pdfaProperty:${local}>`)
  const lis = props.map(([n, t, c, d]) => `<rdf:li rdf:parseType="Resource">${field('name', n)}${field('valueType', t)}${field('category', c)}${field('description', d)}</rdf:li>`)
  return (
    '<rdf:li rdf:parseType="Resource">' +
    (label === undefined ? '' : `<pdfaSchema:schema>${label}</pdfaSchema:schema>`) +
    `<pdfaSchema:namespaceURI>${ns}</pdfaSchema:namespaceURI><pdfaSchema:prefix>${prefix}</pdfaSchema:prefix>` +
    `<pdfaSchema:property><rdf:Seq>${lis.join('')}</rdf:Seq></pdfaSchema:property></rdf:li>`
  )
}

const extension = (...entries: string[]): string => `${EXT_NS}><pdfaExtension:schemas><rdf:Bag>${entries.join('')}</rdf:Bag></pdfaExtension:schemas>`

async function withPacket(xmp: string, pdf: Uint8Array = base): Promise<Uint8Array> {
  const { doc } = await loadPdf(pdf)
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(doc.context.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' })))
  return doc.save({ useObjectStreams: false })
}

async function pdfaRules(pdf: Uint8Array): Promise<string[]> {
  return (await validatePdf(pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error').map((f) => f.ruleId)
}

async function outputXmp(pdf: Uint8Array): Promise<Xmp> {
  const xmp = readDocumentXmp((await loadPdf(pdf)).doc)?.xmp
  if (xmp === undefined) throw new Error('no XMP in the output')
  return xmp
}

/** Converts in place and expects a clean result (our validator and, where available, pdfa-check). */
async function convertClean(input: Uint8Array): Promise<{ xmp: Xmp; warnings: string[]; pdf: Uint8Array }> {
  const out = await pdfToPdfa(input, { ghostscript: false })
  expect(out.method).toBe('native')
  expect(await pdfaRules(out.pdf)).toEqual([])
  if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  return { xmp: await outputXmp(out.pdf), warnings: out.warnings, pdf: out.pdf }
}

const FOUR = [
  ['DocumentFileName', 'Text', 'external', 'file name'],
  ['DocumentType', 'Text', 'external', 'type'],
  ['Version', 'Text', 'external', 'version'],
  ['ConformanceLevel', 'Text', 'external', 'level'],
] as const

describe('pdf2pdfa repairs the invoice extension schema (6.6.2.3.1, 6.6.2.3.3)', () => {
  it('declares a Factur-X property set whose extension schema is missing, keeping the values', async () => {
    const input = await withPacket(packet(invoiceProps(FX, 'fx')))
    expect(await pdfaRules(input)).toContain('PDFA-XMP-UNDECLARED')
    const { xmp, warnings } = await convertClean(input)
    expect(propertyText(xmp, FX, 'ConformanceLevel')).toBe('BASIC')
    expect(propertyText(xmp, FX, 'DocumentFileName')).toBe('factur-x.xml')
    expect(warnings).toEqual([])
  })

  it('replaces an incomplete or mistyped declaration (no description, DocumentFileName as Integer, Version left out) by the standard one', async () => {
    const props = [['DocumentFileName', 'Integer', 'external', 'name'], ['DocumentType', 'Text', 'external', undefined], ['ConformanceLevel', 'Text', 'External', 'level']]
    const input = await withPacket(packet(invoiceProps(FX, 'fx'), extension(schemaEntry(FX, 'fx', props))))
    const before = await pdfaRules(input)
    for (const rule of ['PDFA-XMP-UNDECLARED', 'PDFA-XMP-VALUE-TYPE', 'PDFA-XMP-EXTENSION']) expect(before).toContain(rule)
    const { xmp } = await convertClean(input)
    const schemas = getProperty(xmp, 'http://www.aiim.org/pdfa/ns/extension/', 'schemas')?.xml ?? ''
    expect(schemas).toContain('The actual version of the standard applying to the embedded XML document')
    expect(propertyText(xmp, FX, 'DocumentFileName')).toBe('factur-x.xml')
  })

  it('declares ZUGFeRD 1 properties written with the fx prefix under their own namespace, beside an unused Factur-X entry', async () => {
    const input = await withPacket(packet(invoiceProps(ZF1, 'fx'), extension(schemaEntry(FX, 'fx', FOUR))))
    expect(await pdfaRules(input)).toContain('PDFA-XMP-UNDECLARED')
    const { xmp } = await convertClean(input)
    expect(propertyText(xmp, ZF1, 'Version')).toBe('1.0')
  })

  it('turns a one-item rdf:Seq fx:Version into its item, and drops a two-item one, naming it', async () => {
    const one = await withPacket(packet(invoiceProps(FX, 'fx', '<fx:Version><rdf:Seq><rdf:li>1.0</rdf:li></rdf:Seq></fx:Version>'), extension(schemaEntry(FX, 'fx', FOUR))))
    expect(await pdfaRules(one)).toContain('PDFA-XMP-VALUE-TYPE')
    const a = await convertClean(one)
    expect(getProperty(a.xmp, FX, 'Version')?.text).toBe('1.0')
    expect(a.warnings.join('\n')).toMatch(/rewrote the extension XMP property fx:Version .* as a simple value/)
    const two = await withPacket(packet(invoiceProps(FX, 'fx', '<fx:Version><rdf:Seq><rdf:li>1.0</rdf:li><rdf:li>2.0</rdf:li></rdf:Seq></fx:Version>'), extension(schemaEntry(FX, 'fx', FOUR))))
    const b = await convertClean(two)
    expect(getProperty(b.xmp, FX, 'Version')).toBeUndefined()
    expect(b.warnings.join('\n')).toMatch(/dropped the extension XMP property fx:Version/)
  })
})

describe('pdf2pdfa repairs other extension schemas and undeclared properties', () => {
  it('fills the labels an entry lacks from what it declares (schema name, description, category, Text for a simple value)', async () => {
    const props = [['Owner', undefined, undefined, undefined]]
    const input = await withPacket(packet('xmlns:my="urn:example:my#"><my:Owner>Acme</my:Owner>', extension(schemaEntry('urn:example:my#', 'my', props, undefined))))
    expect(await pdfaRules(input)).toContain('PDFA-XMP-EXTENSION')
    const { xmp, warnings } = await convertClean(input)
    expect(propertyText(xmp, 'urn:example:my#', 'Owner')).toBe('Acme')
    expect(warnings).toEqual([])
  })

  it('drops an entry without a namespace (fields in a wrong namespace) and the properties it cannot declare, naming them', async () => {
    const wrong = schemaEntry('urn:example:my#', 'my', [['Owner', 'Text', 'external', 'owner']]).replace(/pdfaSchema:/g, 'bad:').replace('<rdf:li rdf:parseType="Resource">', '<rdf:li rdf:parseType="Resource" xmlns:bad="http://www.aiim.org/pdfa/ns/schema">')
    const input = await withPacket(packet('xmlns:my="urn:example:my#"><my:Owner>Acme</my:Owner>', extension(wrong)))
    const { xmp, warnings } = await convertClean(input)
    expect(getProperty(xmp, 'urn:example:my#', 'Owner')).toBeUndefined()
    expect(warnings.join('\n')).toMatch(/dropped the XMP property my:Owner \(urn:example:my#\): it is neither predefined nor declared/)
  })

  it('drops a property of a predefined namespace that schema does not define (xmp:Foo), and one in a wrong pdfaid namespace', async () => {
    const input = await withPacket(packet('xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Foo>bar</xmp:Foo>', 'xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id"><pdfaid:part>3</pdfaid:part>'))
    const { warnings } = await convertClean(input)
    expect(warnings.join('\n')).toContain('dropped the XMP property xmp:Foo (http://ns.adobe.com/xap/1.0/)')
    expect(warnings.join('\n')).toContain('dropped the XMP property pdfaid:part (http://www.aiim.org/pdfa/ns/id)')
  })

  it('converts predefined properties of a clear meaning and drops the rest (6.6.2.3.1)', async () => {
    const mm = 'xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"><xmpMM:DocumentID><rdf:Bag><rdf:li>uuid:1</rdf:li></rdf:Bag></xmpMM:DocumentID><xmpMM:DerivedFrom>old.pdf</xmpMM:DerivedFrom>'
    const rights = 'xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"><xmpRights:Marked>true</xmpRights:Marked>'
    const dc = 'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:language>de</dc:language><dc:date>soon</dc:date>'
    const input = await withPacket(packet(mm, rights, dc))
    expect(await pdfaRules(input)).toContain('PDFA-XMP-VALUE-TYPE')
    const { xmp, warnings } = await convertClean(input)
    expect(getProperty(xmp, 'http://ns.adobe.com/xap/1.0/mm/', 'DocumentID')?.text).toBe('uuid:1')
    expect(getProperty(xmp, 'http://ns.adobe.com/xap/1.0/rights/', 'Marked')?.text).toBe('True')
    expect(propertyText(xmp, 'http://purl.org/dc/elements/1.1/', 'language')).toBe('de')
    expect(getProperty(xmp, 'http://ns.adobe.com/xap/1.0/mm/', 'DerivedFrom')).toBeUndefined()
    expect(getProperty(xmp, 'http://purl.org/dc/elements/1.1/', 'date')).toBeUndefined()
    expect(warnings.join('\n')).toMatch(/dropped the predefined XMP property xmpMM:DerivedFrom/)
    expect(warnings.join('\n')).toMatch(/dropped the predefined XMP property dc:date/)
  })
})

describe('pdf2pdfa XMP repair on broken input', () => {
  it('survives a schemas value that is no Bag, entries that are no structures and empty fields', async () => {
    const odd = `${EXT_NS}><pdfaExtension:schemas>just text</pdfaExtension:schemas>`
    const input = await withPacket(packet(invoiceProps(FX, 'fx'), odd))
    const { xmp } = await convertClean(input)
    expect(propertyText(xmp, FX, 'Version')).toBe('1.0')
    const junk = extension('<rdf:li>text</rdf:li><rdf:li rdf:parseType="Resource"><pdfaSchema:namespaceURI></pdfaSchema:namespaceURI></rdf:li>', schemaEntry(FX, '', [['', '', '', '']], ''))
    const { xmp: again } = await convertClean(await withPacket(packet(invoiceProps(FX, 'fx'), junk)))
    expect(propertyText(again, FX, 'ConformanceLevel')).toBe('BASIC')
  })

  it('stays linear with thousands of undeclared properties and declarations', async () => {
    const n = 5000
    const props = Array.from({ length: n }, (_, i) => `<my:P${i}>${i}</my:P${i}>`).join('')
    const decls = Array.from({ length: n }, (_, i) => [`D${i}`, 'Text', 'external', 'x'] as const)
    const input = await withPacket(packet(`xmlns:my="urn:example:my#">${props}`, extension(schemaEntry('urn:example:my#', 'my', decls))))
    const { warnings } = await convertClean(input)
    expect(warnings).toHaveLength(n)
    // Quadratic work over 5,000 × 5,000 would run past the harness's time limit.
  }, 60_000)
})

describe.skipIf(gs === undefined)('pdf2pdfa XMP repair after Ghostscript', () => {
  it('declares a Factur-X property set on the Ghostscript path too', async () => {
    const doc = await PDFDocument.load(base, { updateMetadata: false })
    doc.getPages()[0]!.drawText('αβγ', { x: 50, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Symbol) })
    const input = await withPacket(packet(invoiceProps(FX, 'fx'), 'xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Foo>bar</xmp:Foo>'), await doc.save({ useObjectStreams: false }))
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    expect(await pdfaRules(out.pdf)).toEqual([])
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
    const xmp = await outputXmp(out.pdf)
    expect(propertyText(xmp, FX, 'DocumentType')).toBe('INVOICE')
    expect(out.warnings.join('\n')).toContain('xmp:Foo')
  })
})
