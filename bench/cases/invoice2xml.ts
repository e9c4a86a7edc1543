import { readFileSync } from 'node:fs'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`, 'utf8')

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
]
