/**
 * Order-X corpus round trip: every Order-X document the oracle marks valid (XML, or the order-x.xml
 * inside a PDF) is read, written again in its own profile and read back to an equal model.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeOrderX } from '../../src/orderx/write-orderx.js'
import type { OrderXLevel } from '../../src/orderx/content-rules.js'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { readInvoice } from '../../src/read-invoice.js'
import { CORPUS_DIR, hasCorpus, noteIfNoCorpus, oracle } from '../helpers/corpus.js'
import { modelDifferences } from '../helpers/model-diff.js'

noteIfNoCorpus('Order-X corpus round trip')

const LEVELS: Readonly<Record<string, OrderXLevel>> = { 'OX-BASIC': 'BASIC', 'OX-COMFORT': 'COMFORT', 'OX-EXTENDED': 'EXTENDED' }
const orders = oracle().filter((o) => o.syntax === 'Order-X' && o.verdict === 'valid')

describe.skipIf(!hasCorpus)('Order-X corpus: read → writeOrderX (same profile) → read', () => {
  it('finds the Order-X documents of the corpus', () => {
    expect(orders.length).toBeGreaterThanOrEqual(2)
  })
  for (const o of orders) {
    it(`${o.file} (${o.profile ?? '?'}) reads back to an equal model`, async () => {
      const { xml } = await extractInvoiceXml(readFileSync(join(CORPUS_DIR, o.file)))
      const model = readInvoice(xml)
      const level = LEVELS[o.profile ?? ''] ?? 'EXTENDED'
      const written = writeOrderX(model, { level })
      expect(written).toContain(`urn:order-x.eu:1p0:${level.toLowerCase()}`)
      const back = readInvoice(written)
      // BT-24 is the written profile's by design; everything else must survive.
      expect(modelDifferences(model, back).filter((d) => !d.startsWith('$.specificationIdentifier'))).toEqual([])
    })
  }
})
