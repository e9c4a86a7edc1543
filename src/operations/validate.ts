/**
 * `validateFile`: an invoice XML or PDF → the Mustang-compatible XML validation report
 * (behaviour doc §6.4). Endpoint POST /e-invoice/validate; CLI `einvoice validate`.
 * @module
 */
import type { Operation } from './types.js'
import { requireInput } from './inputs.js'
import { lazyModule } from '../util/lazy-module.js'

const validateModule = lazyModule(() => import('../validate/index.js'))

export const validateFileOperation: Operation = {
  name: 'validateFile',
  cliName: 'validate',
  summary: 'Syntactic and mathematical check of a PDF or XML invoice',
  tag: 'Validation',
  method: 'POST',
  path: '/e-invoice/validate',
  inputs: [
    {
      name: 'file',
      source: 'multipart',
      format: 'binary',
      required: true,
      description: 'The invoice: XML (CII/Factur-X/ZUGFeRD/XRechnung, UBL, ZUGFeRD 1, Order-X) or a PDF carrying one.',
    },
  ],
  params: [
    {
      name: 'ignoreNotices',
      in: 'query',
      type: 'boolean',
      required: false,
      default: false,
      description: 'Skip the XRechnung rules that run as notices on Factur-X BASIC/EN 16931 CII (Mustang semantics); other notices stay.',
    },
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { validateFile, writeMustangReport } = await validateModule()
    const bytes = requireInput(input, 'file')
    // The report names the file as uploaded, without a path (behaviour doc §6.4).
    const uploaded = input.fileNames?.['file']?.split(/[\\/]/).pop()
    const fileName = uploaded === undefined || uploaded === '' ? 'invoice' : uploaded
    const result = await validateFile(bytes, { fileName, ignoreNotices: input.params.ignoreNotices === true })
    return { body: writeMustangReport(result), mediaType: 'application/octet-stream', warnings: [] }
  },
}
