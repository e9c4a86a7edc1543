import { readFileSync } from 'node:fs'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`, 'utf8')

// Issue 3 target for invoice2xml of a 10-line invoice: ≤ 0.5 ms, whatever the format.
export const cases: BenchCase[] = [
  {
    name: 'invoice2xml: 10-line invoice → Order-X BASIC',
    operation: 'invoice2xml',
    targetMs: 0.5,
    run: () => invoiceJsonToXml(tenLines, { format: 'ox', profile: 'BASIC', version: 2 }),
  },
  {
    name: 'invoice2xml: 10-line invoice → Order-X COMFORT',
    operation: 'invoice2xml',
    targetMs: 0.5,
    run: () => invoiceJsonToXml(tenLines, { format: 'ox', profile: 'COMFORT', version: 2 }),
  },
  {
    name: 'invoice2xml: 10-line invoice → Order-X EXTENDED',
    operation: 'invoice2xml',
    targetMs: 0.5,
    run: () => invoiceJsonToXml(tenLines, { format: 'ox', profile: 'EXTENDED', version: 2 }),
  },
]
