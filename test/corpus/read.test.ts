/**
 * Corpus: every CII, ZUGFeRD 1 and Order-X XML the official rules call valid is read without
 * error or unreadable value, survives read → CII write → read unchanged, and its stated totals
 * and VAT breakdown follow from its lines. Invalid files never crash a reader.
 */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import type { Invoice } from '../../src/model/invoice.js'
import { readInvoice } from '../../src/read-invoice.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { totalsDifferences } from '../helpers/totals-check.js'

noteIfNoCorpus('corpus/read')

const READ_SYNTAXES = new Set(['CII', 'ZUGFeRD1', 'Order-X'])
const xmlFiles = oracle().filter((e) => READ_SYNTAXES.has(e.syntax) && !e.file.endsWith('.pdf'))
const validFiles = xmlFiles.filter((e) => e.verdict === 'valid' && (e.kind === 'invoice' || e.kind === 'order'))

/** Files whose stated totals legitimately differ from a recalculation, each with its reason. */
const TOTALS_EXCEPTIONS: Readonly<Record<string, string>> = {
  'cen-en16931/cii/examples/huf_example_cii.xml':
    'HUF invoice: VAT rounded to whole forint (18679 for a computed 18678.6), within BR-CO-17 tolerance',
  'kosit-xrechnung-schematron/test/instances/cii/cii-peppol-en16931-r008.xml':
    'KoSIT test instance states BT-112 = BT-109 (314.86) beside BT-110 = 22.04; the official rules still pass it',
  'kosit-xrechnung-schematron/test/instances/cii/cii-peppol-en16931-r010.xml':
    'same document as r008 (BT-112 = BT-109 although BT-110 = 22.04)',
  'mustang/library/src/test/resources/cii/facturFrMinimum.xml':
    'MINIMUM: BT-115 470.15 = BT-112 671.15 − a prepaid 201.00 that MINIMUM cannot carry (no BT-113)',
  'akretion-factur-x/tests/fixtures/xml/order-x-basic.xml':
    'Order-X BASIC: header allowance/charge totals without itemised allowances, lines without VAT',
  'akretion-factur-x/tests/fixtures/xml/order-x-comfort.xml': 'Order-X COMFORT: an order has no header VAT breakdown',
}

describe.skipIf(!hasCorpus)('corpus: readers', () => {
  it('finds the corpus files it expects', () => {
    expect(validFiles.length).toBeGreaterThanOrEqual(120)
  })

  describe.each(validFiles.map((e) => [e.file, e] as const))('%s', (_file, entry) => {
    let invoice: Invoice | undefined
    const read = (): Invoice => (invoice ??= readInvoice(readCorpusFile(entry)))

    it('is read without error and without unreadable values', () => {
      const inv = read()
      expect(inv.source?.problems).toEqual([])
      expect(inv.source?.syntax).toBe(entry.syntax)
      expect(inv.invoiceNumber).not.toBe('')
      expect(inv.totals.invoiceTotalWithVat.isFinite()).toBe(true)
    })

    it('states totals and a VAT breakdown that follow from its lines', () => {
      const reason = TOTALS_EXCEPTIONS[entry.file]
      const diffs = totalsDifferences(read())
      if (reason === undefined) expect(diffs).toEqual([])
      else expect(diffs.length, `listed as an exception (${reason}) but recalculates exactly`).toBeGreaterThan(0)
    })
  })

  it('never crashes on the invalid files', () => {
    const invalid = oracle().filter((e) => e.verdict === 'invalid' && !e.file.endsWith('.pdf') && e.syntax !== 'UBL-Invoice' && e.syntax !== 'UBL-CreditNote')
    expect(invalid.length).toBeGreaterThan(50)
    for (const entry of invalid) {
      try {
        const inv = readInvoice(readCorpusFile(entry))
        expect(inv.source).toBeDefined()
      } catch (err) {
        // Only XML that is not a (readable) invoice may be refused, and then with a coded error.
        expect(err, entry.file).toBeInstanceOf(EInvoiceError)
        expect(entry.kind, entry.file).toBe('not-well-formed-or-unsupported')
      }
    }
  })
})
