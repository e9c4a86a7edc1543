import { readFileSync } from 'node:fs'
import { calculatePayload } from '../../src/calc/calculate-invoice.js'
import { CII_GUIDELINE_IDS } from '../../src/cii/profiles.js'
import { writeCii } from '../../src/cii/write-cii.js'
import { parseJsonText } from '../../src/json/parse-json.js'
import { readCalculatedInvoicePayload } from '../../src/json/read-invoice.js'
import { invoicePayloadToModel } from '../../src/json/to-model.js'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { writeOrderX } from '../../src/orderx/write-orderx.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { writeZf1 } from '../../src/zf1/write-zf1.js'
import type { BenchCase } from '../harness.js'

const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`, 'utf8')

// The steps after the calculation, on their own: payload + calculation → model, model → XML text.
const payload = readCalculatedInvoicePayload(parseJsonText(tenLines))
const calc = calculatePayload(payload)
const toModelOptions = { specificationIdentifier: CII_GUIDELINE_IDS.EN16931 }
const model = invoicePayloadToModel(payload, calc, toModelOptions)

/**
 * Each case runs the same code; warming it all up here keeps the first case measured from paying
 * for the JIT compilation of the path (it showed as "EN 16931 is slower" before).
 */
function warmUp(): void {
  for (let i = 0; i < 300; i++) {
    invoiceJsonToXml(tenLines, { format: 'fx', profile: 'EN16931', version: 2 })
    invoiceJsonToXml(tenLines, { format: 'zf', profile: 'COMFORT', version: 1 })
    invoiceJsonToXml(tenLines, { format: 'ox', profile: 'BASIC', version: 2 })
  }
}
warmUp()

export const cases: BenchCase[] = [
  {
    name: 'invoice2xml: 10-line invoice, JSON text in → Factur-X EN 16931 CII text out',
    operation: 'invoice2xml',
    targetMs: 0.5,
    run: () => invoiceJsonToXml(tenLines, { format: 'fx', profile: 'EN16931', version: 2 }),
  },
  {
    name: 'invoice2xml: 10-line invoice → ZUGFeRD 1.0 COMFORT',
    operation: 'invoice2xml',
    run: () => invoiceJsonToXml(tenLines, { format: 'zf', profile: 'COMFORT', version: 1 }),
  },
  {
    name: 'invoice2xml: 10-line invoice → XRechnung 3.0 CII',
    operation: 'invoice2xml',
    run: () => invoiceJsonToXml(tenLines, { format: 'xr', profile: 'XRECHNUNG', version: 3 }),
  },
  {
    name: 'invoice2xml step: 10-line invoice, calculated payload → model',
    operation: 'invoice2xml',
    run: () => invoicePayloadToModel(payload, calc, toModelOptions),
  },
  {
    name: 'invoice2xml step: 10-line invoice, model → Factur-X EN 16931 CII text',
    operation: 'invoice2xml',
    run: () => writeCii(model, { level: 'EN16931' }),
  },
  {
    name: 'invoice2xml step: 10-line invoice, model → ZUGFeRD 1.0 COMFORT text',
    operation: 'invoice2xml',
    run: () => writeZf1(model, { level: 'COMFORT' }),
  },
  {
    name: 'invoice2xml step: 10-line invoice, model → Order-X BASIC text',
    operation: 'invoice2xml',
    run: () => writeOrderX(model, { level: 'BASIC' }),
  },
]
