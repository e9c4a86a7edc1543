import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { DE } from '../../src/render/i18n/de.js'
import { EN } from '../../src/render/i18n/en.js'
import { FR } from '../../src/render/i18n/fr.js'
import { parseLanguage } from '../../src/render/language.js'
import { invoiceToHtml, xmlToHtml } from '../../src/render/xml-to-html.js'
import { htmlText, missingValues, termValues } from '../helpers/term-values.js'
import { sampleInvoice } from './sample-invoice.js'

describe('xmltohtml renderer', () => {
  it('renders a value containing markup as text', () => {
    const inv = sampleInvoice()
    inv.notes = [{ text: '<script>alert("x")</script> & <b>bold</b>' }]
    inv.seller.name = 'Evil "Corp" <img src=x onerror=alert(1)>'
    const html = invoiceToHtml(inv)
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;')
    expect(htmlText(html)).toContain('<script>alert("x")</script> & <b>bold</b>')
  })

  it('labels an order (Order-X, type 220) as an order, in every language', () => {
    const order = sampleInvoice()
    order.typeCode = '220'
    for (const [language, title, number] of [['EN', 'Order', 'Order number'], ['DE', 'Bestellung', 'Bestellnummer'], ['FR', 'Commande', 'Numéro de commande']] as const) {
      const text = htmlText(invoiceToHtml(order, { language }))
      expect(text).toContain(`${title} ${order.invoiceNumber}`)
      expect(text).toContain(number)
      expect(text).not.toMatch(/Invoice number|Rechnungsnummer|Numéro de facture/)
    }
    // The same document as an invoice keeps the invoice wording.
    expect(htmlText(invoiceToHtml(sampleInvoice(), { language: 'EN' }))).toContain('Invoice number')
  })

  it('is self-contained: no script, no external resource', () => {
    const html = invoiceToHtml(sampleInvoice())
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|url\(|@import/i)
    expect(html).toContain("default-src 'none'")
  })

  it('carries the lang of the chosen language and accessible headings', () => {
    for (const [language, tag, heading] of [['DE', 'de', 'Verkäufer'], ['FR', 'fr', 'Vendeur'], ['EN', 'en', 'Seller']] as const) {
      const html = invoiceToHtml(sampleInvoice(), { language })
      expect(html).toContain(`<html lang="${tag}">`)
      expect(html).toContain(`<h1>`)
      expect(html).toMatch(new RegExp(`<h3 id="seller-h">${heading}</h3>`))
      expect(html).toContain('<th scope="row">')
      expect(html).toContain('<th scope="col"')
    }
  })

  it('names codes and formats amounts for the language', () => {
    const de = htmlText(invoiceToHtml(sampleInvoice(), { language: 'DE' }))
    expect(de).toContain('Handelsrechnung (380)')
    expect(de).toContain('SEPA-Überweisung (58)')
    expect(de).toContain('Deutschland (DE)')
    expect(de).toContain('1.469,06\u00a0€')
    expect(de).toContain('14.04.2024')
    const fr = htmlText(invoiceToHtml(sampleInvoice(), { language: 'FR' }))
    expect(fr).toContain('Facture commerciale (380)')
    expect(fr).toContain('1\u00a0469,06\u00a0€')
    const en = htmlText(invoiceToHtml(sampleInvoice(), { language: 'EN' }))
    expect(en).toContain('Commercial invoice (380)')
    expect(en).toContain('€1,469.06')
  })

  it('shows every business term value of the model', () => {
    const inv = sampleInvoice(3)
    const text = htmlText(invoiceToHtml(inv, { language: 'FR' }))
    expect(missingValues(termValues(inv, 'FR'), text)).toEqual([])
  })

  it('the completeness check notices a value the view lacks', () => {
    const inv = sampleInvoice()
    const text = htmlText(invoiceToHtml(inv)).replaceAll('INV-2024-001', '')
    expect(missingValues(termValues(inv, 'EN'), text).map((m) => m.path)).toEqual(['invoiceNumber'])
  })

  it('refuses input that is not an invoice, naming the position', () => {
    expect(() => xmlToHtml('<a><b></a>')).toThrow(EInvoiceError)
    expect(() => xmlToHtml('<note/>')).toThrow(/not an invoice/)
  })
})

describe('labels', () => {
  it('EN, DE and FR have the same keys and no empty label', () => {
    const keys = Object.keys(EN).sort()
    expect(Object.keys(DE).sort()).toEqual(keys)
    expect(Object.keys(FR).sort()).toEqual(keys)
    for (const table of [EN, DE, FR]) for (const v of Object.values(table)) expect(v.trim()).not.toBe('')
  })

  it('parses the language parameter case-insensitively and refuses others', () => {
    expect(parseLanguage('de')).toBe('DE')
    expect(parseLanguage(undefined)).toBe('EN')
    expect(() => parseLanguage('IT')).toThrow(/language: expected one of EN, FR, DE/)
  })
})
