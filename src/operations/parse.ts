/**
 * `parse`: an invoice file (CII, ZUGFeRD 1, Order-X, UBL) → the Mustang-shaped Invoice JSON
 * with the document's own totals (behaviour doc §5.4, §5.5). Endpoint POST /e-invoice/parse.
 * @module
 */
import type { Operation } from './types.js'
import { requireInput } from './inputs.js'
import { lazyModule } from '../util/lazy-module.js'

const parseInvoiceModule = lazyModule(() => import('../parse-invoice.js'))

export const parse: Operation = {
  name: 'parse',
  cliName: 'parse',
  summary: 'Read an invoice file into an invoice object',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/parse',
  inputs: [
    {
      name: 'file',
      source: 'multipart',
      format: 'binary',
      required: true,
      description:
        'The invoice: CII (Factur-X, ZUGFeRD 2.x, XRechnung), ZUGFeRD 1, Order-X or UBL XML, or a PDF carrying one of them.',
    },
  ],
  params: [],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: false,
  async run(input) {
    const { parseInvoiceFileToJsonText } = await parseInvoiceModule()
    const body = await parseInvoiceFileToJsonText(requireInput(input, 'file'))
    return { body, mediaType: 'application/octet-stream', warnings: [] }
  },
}
