/**
 * `validationReportToPDF`: the XML validation report (as `validate` answers it) → an A4 PDF/A-3b
 * with the overall status and every message (behaviour doc §6.5; docs/validate.md).
 * Endpoint POST /e-invoice/validationReportToPDF; CLI `einvoice report-pdf`.
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const reportPdfModule = lazyModule(() => import('../render/report-pdf.js'))
const languageModule = lazyModule(() => import('../render/language.js'))

export const validationReportToPdf: Operation = {
  name: 'validationReportToPDF',
  cliName: 'report-pdf',
  summary: 'PDF rendering of a validation report',
  tag: 'Validation',
  method: 'POST',
  path: '/e-invoice/validationReportToPDF',
  inputs: [
    {
      name: 'XMLValidationResult',
      source: 'multipart',
      format: 'string',
      required: true,
      description: 'The XML validation report text, as POST /e-invoice/validate returns it (Mustang reports are read too).',
    },
  ],
  params: [
    { name: 'language', in: 'query', type: 'string', required: false, default: 'EN', values: ['EN', 'FR', 'DE'], description: 'Language of the labels (an einvoice extension of the interface; Mustang writes German only).' },
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: 'application/octet-stream',
  heavy: true,
  async run(input) {
    const { validationReportToPdf: render } = await reportPdfModule()
    const { parseLanguage } = await languageModule()
    const pdf = await render(requireInput(input, 'XMLValidationResult'), { language: parseLanguage(input.params['language']) })
    return { body: pdf, mediaType: 'application/octet-stream', fileName: 'report.pdf', warnings: [] }
  },
}
