/**
 * `extractFile` (CLI `extract`): the invoice XML of a ZUGFeRD / Factur-X / XRechnung / Order-X
 * PDF, or an invoice XML returned as it is (behaviour doc §5.1).
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const pdfModule = lazyModule(() => import('../pdf/index.js'))

export const extract: Operation = {
  name: 'extractFile',
  cliName: 'extract',
  summary: 'Extract XML from a ZUGFeRD/Factur-X PDF or an XML',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/extract',
  inputs: [
    {
      name: 'file',
      source: 'multipart',
      format: 'binary',
      required: true,
      description: 'A ZUGFeRD / Factur-X / XRechnung / Order-X PDF, or an invoice XML (returned unchanged).',
    },
  ],
  params: [],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { extractInvoiceXml } = await pdfModule()
    const result = await extractInvoiceXml(requireInput(input, 'file'))
    return { body: result.xml, mediaType: 'application/octet-stream', fileName: result.fileName ?? 'invoice.xml', warnings: result.warnings }
  },
}
