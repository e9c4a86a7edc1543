import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadLayers } from '../../src/validate/layers.js'
import { validateXmlLoading } from '../../src/validate/validate-document.js'
import { validateXml } from '../../src/validate/validate-xml.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'

const EN16931 = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')
const XRECHNUNG = EN16931.replace('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>')
const EXTENDED = EN16931.replace('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', '<ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID>')

/** What a verdict consists of, without the timing. */
const verdict = (r: ReturnType<typeof validateXml>) => ({ ...r, durationMs: 0 })

describe('loading only the tables a document needs', () => {
  it('gives an XRechnung CII document the CII schema and no Factur-X or Order-X layer', async () => {
    const layers = await loadLayers('CII', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')
    expect(Object.keys(layers.xsd)).toEqual(['cii-d16b'])
    expect(layers.cii?.cen.id).toBe('cen-en16931-cii-1.3.16')
    expect(layers.ubl).toBeUndefined()
    expect(layers.facturx).toBeUndefined()
    expect(layers.orderx).toBeUndefined()
  })

  it('gives a Factur-X EXTENDED document its profile schema and the Factur-X layer', async () => {
    const layers = await loadLayers('CII', 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')
    expect(Object.keys(layers.xsd).sort()).toEqual(['cii-d16b', 'facturx-EXTENDED'])
    expect(layers.facturx).toBeTypeOf('function')
  })

  it("gives a Factur-X document its own profile's table only", async () => {
    const layers = await loadLayers('CII', 'urn:cen.eu:en16931:2017')
    expect(layers.facturx?.('EN16931').id).toBe('facturx-1.09.2-EN16931')
    expect(() => layers.facturx?.('EXTENDED')).toThrow('the Factur-X EXTENDED table was not loaded for this document')
  })

  it('gives UBL the UBL schema and rule sets, Order-X its profile schema and layer', async () => {
    const ubl = await loadLayers('UBL-Invoice', 'urn:cen.eu:en16931:2017')
    expect(Object.keys(ubl.xsd)).toEqual(['ubl-21'])
    expect(ubl.ubl?.cen.id).toBe('cen-en16931-ubl-1.3.16')
    expect(ubl.cii).toBeUndefined()
    const orderx = await loadLayers('Order-X', 'urn:order-x.eu:1p0:comfort')
    expect(Object.keys(orderx.xsd)).toEqual(['orderx-comfort'])
    expect(orderx.orderx).toBeTypeOf('function')
  })

  it('loads once per syntax and profile: documents that need the same tables share them', async () => {
    const en = await loadLayers('CII', 'urn:cen.eu:en16931:2017')
    // Another guideline id of the same profile class (ids are matched case-insensitively).
    expect(await loadLayers('CII', 'URN:CEN.EU:EN16931:2017')).toBe(en)
    const xr = await loadLayers('CII', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')
    expect(xr).not.toBe(en)
    expect(await loadLayers('CII', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')).toBe(xr)
    expect(Object.keys(en.xsd).sort()).toEqual(['cii-d16b', 'facturx-EN16931'])
    expect(Object.keys(xr.xsd)).toEqual(['cii-d16b'])
    const basic = await loadLayers('Order-X', 'urn:order-x.eu:1p0:basic')
    expect(Object.keys(basic.xsd)).toEqual(['orderx-basic'])
    expect(Object.keys((await loadLayers('Order-X', 'urn:order-x.eu:1p0:comfort')).xsd)).toEqual(['orderx-comfort'])
  })

  it.each([
    ['EN 16931', EN16931],
    ['XRechnung', XRECHNUNG],
    ['Factur-X EXTENDED', EXTENDED],
  ])('reaches the same verdict as the synchronous validator (%s CII)', async (_name, xml) => {
    expect(verdict(await validateXmlLoading(xml))).toEqual(verdict(validateXml(xml)))
  })

  it.skipIf(!hasCorpus)('reaches the same verdict on corpus UBL, XRechnung CII and Order-X documents', async () => {
    const files = [
      'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_ubl.xml',
      'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.06a-INVOICE_uncefact.xml',
      'akretion-factur-x/tests/fixtures/xml/order-x-comfort.xml',
      'akretion-factur-x/tests/fixtures/xml/order-x-basic.xml',
    ]
    for (const file of files) {
      const xml = readFileSync(join(CORPUS_DIR, file))
      expect(verdict(await validateXmlLoading(xml))).toEqual(verdict(validateXml(xml)))
    }
  })

  it('refuses a document that is not an invoice the same way', async () => {
    await expect(validateXmlLoading('<foo xmlns="urn:x"/>')).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_DOCUMENT' })
  })
})
