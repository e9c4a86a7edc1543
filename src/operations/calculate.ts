/**
 * `calculate`: an Invoice JSON → the CalculatedInvoice with totals (behaviour doc §2).
 * @module
 */
import type { Operation } from './types.js'
import { requireInput } from './inputs.js'
import { lazyModule } from '../util/lazy-module.js'

const calculateInvoiceModule = lazyModule(() => import('../calc/calculate-invoice.js'))

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
    const { calculateInvoiceJsonText } = await calculateInvoiceModule()
    const body = calculateInvoiceJsonText(requireInput(input, 'invoice'))
    return { body, mediaType: 'application/json', warnings: [] }
  },
}
