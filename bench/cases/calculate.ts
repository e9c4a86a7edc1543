import { readFileSync } from 'node:fs'
import { calculateInvoiceJsonText, calculatePayload } from '../../src/calc/calculate-invoice.js'
import { calculateDocument } from '../../src/calc/document.js'
import { calculatedInvoiceJsonText } from '../../src/json/calculated-invoice.js'
import { readInvoiceJsonText } from '../../src/json/read-invoice.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`, 'utf8')
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
