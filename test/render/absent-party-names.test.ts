/**
 * A seller or buyer without its name (BT-27, BT-44, required in every profile) is listed under the
 * view's "Required terms missing in the document", as a missing item name or issue date was; the
 * view showed the party without a name and without a word (PDF-output audit, session 34).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readInvoice } from '../../src/read-invoice.js'
import { xmlToHtml } from '../../src/render/xml-to-html.js'

const CII = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')

describe('missing party names in the views', () => {
  it('lists BT-27 when the seller has no name, BT-44 when the buyer has none', () => {
    const noSeller = CII.replace('<ram:Name>Beispiel GmbH</ram:Name>', '')
    expect(noSeller).not.toBe(CII)
    expect(readInvoice(noSeller).source?.absentTerms).toContain('BT-27')
    const html = xmlToHtml(noSeller)
    expect(html).toContain('Required terms missing in the document')
    expect(html).toContain('BT-27')
    const buyerName = /<ram:BuyerTradeParty>\s*(<ram:ID>[^<]*<\/ram:ID>\s*)?<ram:Name>[^<]*<\/ram:Name>/.exec(CII)?.[0]
    expect(buyerName).toBeDefined()
    const noBuyer = CII.replace(buyerName as string, (buyerName as string).replace(/<ram:Name>[^<]*<\/ram:Name>/, ''))
    expect(readInvoice(noBuyer).source?.absentTerms).toContain('BT-44')
    expect(readInvoice(CII).source?.absentTerms).toEqual([])
  })
})
