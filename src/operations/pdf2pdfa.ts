/**
 * `pdf2pdfa`: an ordinary PDF → a conforming PDF/A-3b (in place, or through Ghostscript when it
 * is installed and fonts must be embedded or colour converted).
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const pdfModule = lazyModule(() => import('../pdf/index.js'))

export const pdf2pdfa: Operation = {
  name: 'pdf2pdfa',
  cliName: 'pdf2pdfa',
  summary: 'Quick conversion of an ordinary PDF to PDF/A',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/pdf2pdfa',
  inputs: [{ name: 'file', source: 'multipart', format: 'binary', required: true, description: 'The PDF to convert.' }],
  params: [],
  outputMediaType: 'application/octet-stream',
  errorMediaType: 'application/octet-stream',
  heavy: true,
  async run(input) {
    const { pdfToPdfa } = await pdfModule()
    const result = await pdfToPdfa(requireInput(input, 'file'))
    return { body: result.pdf, mediaType: 'application/octet-stream', fileName: 'pdfa.pdf', warnings: result.warnings }
  },
}
