/**
 * `combineXML`: a PDF/A-1 or PDF/A-3 file + the caller's invoice XML → ZUGFeRD / Factur-X
 * PDF/A-3 `invoice.pdf`; the XML is embedded unchanged (behaviour doc §4.4). The profile is read
 * from BT-24 when not given, and a given profile that contradicts BT-24 is an error.
 * @module
 */
import { COMBINE_HEADERS, textParam } from './combine.js'
import { readingInput, requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const pdfModule = lazyModule(() => import('../pdf/index.js'))

export const combineXml: Operation = {
  name: 'combineXML',
  cliName: 'combine-xml',
  summary: 'PDF/A plus custom XML to ZUGFeRD/Factur-X PDF/A-3',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/combineXML',
  inputs: [
    { name: 'file', source: 'multipart', format: 'binary', required: true, description: 'A PDF/A-1 or PDF/A-3 file.' },
    { name: 'XML', source: 'multipart', format: 'string', required: true, description: 'The invoice XML (CII, ZUGFeRD 1 or Order-X).' },
  ],
  params: [
    { name: 'format', in: 'query', type: 'string', required: false, description: 'fx, zf, xr or ox; read from the XML when absent (CII: fx).' },
    { name: 'profile', in: 'query', type: 'string', required: false, description: 'Read from BT-24 when absent; must match BT-24 when given.' },
    { name: 'version', in: 'query', type: 'integer', required: false, description: 'Generation (1 for ZUGFeRD 1, else 2); default from the XML.' },
    ...COMBINE_HEADERS,
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { embedInvoiceXml, resolveContainer } = await pdfModule()
    const xml = requireInput(input, 'XML')
    const version = input.params['version']
    const container = await readingInput('XML', () =>
      resolveContainer(xml, {
        format: textParam(input, 'format'),
        profile: textParam(input, 'profile'),
        version: typeof version === 'number' ? version : undefined,
      }),
    )
    const result = await readingInput('file', () =>
      embedInvoiceXml(requireInput(input, 'file'), xml, {
        container,
        ignorePdfaErrors: input.params['ignorePDFAErrors'] === true,
      }),
    )
    return { body: result.pdf, mediaType: 'application/octet-stream', fileName: 'invoice.pdf', warnings: result.warnings }
  },
}
