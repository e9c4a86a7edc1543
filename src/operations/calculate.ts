/**
 * `calculate`: an Invoice JSON → the CalculatedInvoice with totals (behaviour doc §2).
 * @module
 */
import type { Operation } from './types.js'
import { requireInput } from './inputs.js'

export const calculate: Operation = {
  name: 'calculate',
  cliName: 'calculate',
  summary: 'Add totals to an invoice',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/calculate',
  inputs: [
    {
      name: 'invoice',
      source: 'body',
      mediaType: 'application/json',
      format: 'string',
      required: true,
      description: 'The invoice (Mustang JSON shape) without totals.',
      schema: 'Invoice',
    },
  ],
  params: [],
  outputMediaType: 'application/json',
  errorMediaType: 'application/json',
  heavy: false,
  async run(input) {
    const { calculateInvoiceJsonText } = await import('../calc/calculate-invoice.js')
    // UTF-8 bytes at once: the writer's text is a rope of thousands of small pieces, and a server
    // holds each answer while the other requests of its batch are calculated; every young-GC
    // would copy those pieces (and promote them) where it now moves one buffer.
    const body = Buffer.from(calculateInvoiceJsonText(requireInput(input, 'invoice')), 'utf8')
    return { body, mediaType: 'application/json', warnings: [] }
  },
}
