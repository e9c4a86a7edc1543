/**
 * XRechnung's third-party payments (extension BG-DEX-09, UBL cac:PrepaidPayment): part of the
 * amount due (BR-DEX-09), so the visualisation shows them beside the totals, and writeUbl keeps
 * them. The official visualisation shows them; ours left them out, so the amount due did not add up.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildInvoiceView } from '../../src/render/view-model.js'
import { xmlToHtml } from '../../src/render/xml-to-html.js'
import { readUbl, writeUbl } from '../../src/ubl/index.js'
import { parseXml } from '../../src/xml/index.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'

const FILE = 'kosit-xrechnung-testsuite/src/test/business-cases/extension/05.01a-INVOICE_ubl.xml'
const xml = hasCorpus ? readFileSync(join(CORPUS_DIR, FILE)) : Buffer.alloc(0)

describe.skipIf(!hasCorpus)('third-party payments (BG-DEX-09)', () => {
  it('are read from UBL', () => {
    const payments = readUbl(parseXml(xml)).extension?.thirdPartyPayments ?? []
    expect(payments.map((p) => [p.typeId, p.amount?.toFixed(2), p.description])).toEqual([
      ['MobilesBezahlen', '19.96', 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter A)'],
      ['MobilesBezahlen', '10.00', 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter B)'],
    ])
  })

  it('are shown with the totals, in every language', () => {
    const totals = buildInvoiceView(readUbl(parseXml(xml)), 'DE').sections.find((s) => s.id === 'totals')
    expect(totals?.tables).toEqual([
      {
        caption: 'Drittforderungen',
        columns: [{ label: 'Art' }, { label: 'Beschreibung' }, { label: 'Betrag', numeric: true }],
        rows: [
          ['MobilesBezahlen', 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter A)', '19,96'],
          ['MobilesBezahlen', 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter B)', '10,00'],
        ],
      },
    ])
    expect(xmlToHtml(xml, { language: 'EN' })).toContain('Third-party payments')
    expect(xmlToHtml(xml, { language: 'FR' })).toContain('Créances de tiers')
  })

  it('are written back by writeUbl, after the payment terms', () => {
    const out = writeUbl(readUbl(parseXml(xml)))
    expect(out).toMatch(/<\/cac:PaymentTerms>\s*<cac:PrepaidPayment>\s*<cbc:ID>MobilesBezahlen<\/cbc:ID>\s*<cbc:PaidAmount currencyID="EUR">19.96<\/cbc:PaidAmount>/)
    expect(out.match(/<cac:PrepaidPayment>/g)).toHaveLength(2)
  })
})
