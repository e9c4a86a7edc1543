/**
 * `detach`: every attachment of a PDF or an invoice XML as one JSON object keyed by file name
 * (docs/pdf.md describes the shape).
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const pdfModule = lazyModule(() => import('../pdf/index.js'))

export const detach: Operation = {
  name: 'detach',
  cliName: 'detach',
  summary: 'Extract attachments from XML and PDF files',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/detach',
  inputs: [
    {
      name: 'file',
      source: 'multipart',
      format: 'binary',
      required: true,
      description: 'A PDF (embedded files, file-attachment annotations) or an invoice XML (BG-24 attachments).',
    },
  ],
  params: [],
  outputMediaType: 'application/json',
  errorMediaType: 'application/json',
  heavy: true,
  async run(input) {
    const { detachAttachments } = await pdfModule()
    const result = await detachAttachments(requireInput(input, 'file'))
    return { body: JSON.stringify(result), mediaType: 'application/json', warnings: [] }
  },
}
