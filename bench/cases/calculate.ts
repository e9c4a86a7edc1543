import { readFileSync } from 'node:fs'
import { calculateInvoiceJsonText, calculatePayload } from '../../src/calc/calculate-invoice.js'
import { calculateDocument } from '../../src/calc/document.js'
import { calculatedInvoiceJsonText } from '../../src/json/calculated-invoice.js'
import { readInvoiceJsonText } from '../../src/json/read-invoice.js'
import { calculate } from '../../src/operations/calculate.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const tenLinesBytes = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`)
const tenLines = tenLinesBytes.toString('utf8')
const payload = readInvoiceJsonText(tenLines)
const calculation = calculatePayload(payload)

export const cases: BenchCase[] = [
  {
    name: 'calculate: 10-line invoice, JSON text in → JSON text out',
    operation: 'calculate',
    targetMs: 0.1,
    run: () => calculateInvoiceJsonText(tenLines),
  },
  {
    // The request body as bytes through the operation, its text answer encoded to UTF-8 (the CLI's
    // stdout and Node's socket write both do that for serve): decoding and encoding included.
    name: 'calculate: 10-line invoice, JSON bytes in → JSON bytes out (what serve and the CLI do)',
    operation: 'calculate',
    run: async () => {
      const { body } = await calculate.run({ inputs: { invoice: tenLinesBytes }, params: {} })
      return typeof body === 'string' ? Buffer.from(body, 'utf8') : body
    },
  },
  {
    name: 'calculate: 10-line invoice, JSON text → checked payload',
    operation: 'calculate',
    run: () => readInvoiceJsonText(tenLines),
  },
  {
    name: 'calculate: 10-line invoice, arithmetic only (parsed payload)',
    operation: 'calculate',
    run: () => calculateDocument(payload),
  },
  {
    name: 'calculate: 10-line invoice, CalculatedInvoice JSON text written',
    operation: 'calculate',
    run: () => calculatedInvoiceJsonText(payload, calculation),
  },
]
