/**
 * `combine`: a PDF/A-1 or PDF/A-3 file + invoice JSON → ZUGFeRD / Factur-X PDF/A-3 `invoice.pdf`,
 * with the XML of the invoice2xml engine embedded byte for byte (behaviour doc §4).
 * @module
 */
import { readingInput, requireInput } from './inputs.js'
import type { Operation, OperationInput, ParamSpec } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const invoiceToXmlModule = lazyModule(() => import('./invoice-to-xml.js'))
const pdfModule = lazyModule(() => import('../pdf/index.js'))

/** The headers both combine operations take. */
export const COMBINE_HEADERS: readonly ParamSpec[] = [
  {
    name: 'ignorePDFAErrors',
    in: 'header',
    type: 'boolean',
    required: false,
    default: false,
    description: 'Make the output even when the input fails the PDF/A pre-flight; a warning then says it may not be PDF/A.',
  },
  { name: 'returnJSON', in: 'header', type: 'boolean', required: false, default: false, description: 'Answer with a JSON envelope instead of the PDF.' },
]

export function textParam(input: OperationInput, name: string): string | undefined {
  const v = input.params[name]
  return typeof v === 'string' && v.trim() !== '' ? v : undefined
}

export const combine: Operation = {
  name: 'combine',
  cliName: 'combine',
  summary: 'PDF/A plus invoice JSON to ZUGFeRD/Factur-X PDF/A-3',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/combine',
  inputs: [
    { name: 'file', source: 'multipart', format: 'binary', required: true, description: 'A PDF/A-1 or PDF/A-3 file.' },
    { name: 'json', source: 'multipart', format: 'string', required: true, description: 'The invoice as JSON text.', schema: 'Invoice' },
  ],
  params: [
    { name: 'format', in: 'query', type: 'string', required: true, description: 'fx (Factur-X), zf (ZUGFeRD; version 1 is ZUGFeRD 1.0), xr (XRechnung CII) or ox (Order-X).' },
    { name: 'profile', in: 'query', type: 'string', required: true, description: 'MINIMUM, BASICWL, BASIC, EN16931, EXTENDED or XRECHNUNG.' },
    { name: 'version', in: 'query', type: 'integer', required: true, description: 'Generation: 2 (fx also accepts 1; zf 1 is ZUGFeRD 1.0; xr accepts 2 or 3; ox 1 or 2).' },
    ...COMBINE_HEADERS,
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { invoiceJsonToXml } = await invoiceToXmlModule()
    const { embedInvoiceXml } = await pdfModule()
    const version = input.params['version']
    const { xml, profile } = await readingInput('json', () =>
      invoiceJsonToXml(requireInput(input, 'json'), {
        format: textParam(input, 'format'),
        profile: textParam(input, 'profile'),
        version: typeof version === 'number' ? version : undefined,
      }),
    )
    const result = await readingInput('file', () =>
      embedInvoiceXml(requireInput(input, 'file'), new TextEncoder().encode(xml), {
        container: profile,
        ignorePdfaErrors: input.params['ignorePDFAErrors'] === true,
      }),
    )
    return { body: result.pdf, mediaType: 'application/octet-stream', fileName: 'invoice.pdf', warnings: result.warnings }
  },
}
