/**
 * ISO 19005-3 6.2.4.4 (found missing by the veraPDF PDF/A-3B audit's second pass): a DeviceN
 * space's spot colourants have /Colorants entries, and Separations of one name share alternate
 * space and tint transform. Each variant adds colour spaces to the page resources of a valid
 * Factur-X file; set EINVOICE_PDFA_DUMP to a folder to keep them (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { PDFDict, PDFDocument, PDFName, type PDFObject } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
let facturx: Uint8Array

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

/** The Factur-X file with `spaces(doc)` as page colour spaces /CS0, /CS1, … */
async function withSpaces(name: string, spaces: (doc: PDFDocument) => PDFObject[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  const page = doc.getPages()[0]!
  const resources = page.node.lookup(PDFName.of('Resources'), PDFDict)
  resources.set(PDFName.of('ColorSpace'), doc.context.obj(Object.fromEntries(spaces(doc).map((s, i) => [`CS${i}`, s]))))
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}

const tint = (doc: PDFDocument, dark = 0): PDFObject => doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1], C1: [dark], N: 1 })
const separation = (doc: PDFDocument, name: string, dark = 0): PDFObject => doc.context.obj([PDFName.of('Separation'), PDFName.of(name), PDFName.of('DeviceGray'), tint(doc, dark)])
const ruleIds = async (pdf: Uint8Array): Promise<string[]> => (await validatePdf(pdf)).findings.filter((f) => f.clause === '6.2.4.4').map((f) => `${f.ruleId} ${f.message}`)

describe('spot colours (6.2.4.4)', () => {
  it('passes Separations of one name written alike (one direct, one indirect) and a DeviceN whose spot colourant has a /Colorants entry', async () => {
    const pdf = await withSpaces('spot-ok', (doc) => {
      const gold = doc.context.register(separation(doc, 'Gold'))
      const deviceN = doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceGray'), tint(doc), { Colorants: { Gold: separation(doc, 'Gold') } }])
      return [gold, separation(doc, 'Gold'), deviceN]
    })
    expect(await ruleIds(pdf)).toEqual([])
    expect((await validatePdf(pdf)).pdfaValid).toBe(true)
  })

  it('reports a DeviceN spot colourant without a /Colorants entry, and two Separations of one name with different tint transforms', async () => {
    const noColorants = await ruleIds(await withSpaces('spot-devicen-colorants', (doc) => [doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceGray'), tint(doc)])]))
    expect(noColorants.join('\n')).toContain('PDFA-DEVICEN-COLORANTS')
    expect(noColorants.join('\n')).toContain('/Gold')
    expect(noColorants.join('\n')).not.toContain('/Black')
    const differ = await ruleIds(await withSpaces('spot-separation-differs', (doc) => [separation(doc, 'Gold'), separation(doc, 'Gold', 0.5)]))
    expect(differ.join('\n')).toContain('PDFA-SEPARATION-CONSISTENT')
    expect(differ.join('\n')).toMatch(/\/Gold \(object \d+ 0\)/)
  })

  it('pdf2pdfa sends both to Ghostscript (the colour spaces are part of the content)', async () => {
    const pdf = await withSpaces('spot-pdf2pdfa', (doc) => [separation(doc, 'Gold'), separation(doc, 'Gold', 0.5)])
    await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toThrow(/6\.2\.4\.4/)
  })
})
