import { readFileSync } from 'node:fs'
import { calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { calculateDocument } from '../../src/calc/document.js'
import { parseJsonText } from '../../src/json/parse-json.js'
import { readInvoicePayload } from '../../src/json/read-invoice.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`, 'utf8')
const payload = readInvoicePayload(parseJsonText(tenLines))

export const cases: BenchCase[] = [
  {
    name: 'calculate: 10-line invoice, JSON text in → JSON text out',
    operation: 'calculate',
    targetMs: 0.1,
    run: () => calculateInvoiceJsonText(tenLines),
  },
  {
    name: 'calculate: 10-line invoice, arithmetic only (parsed payload)',
    operation: 'calculate',
    run: () => calculateDocument(payload),
  },
]
