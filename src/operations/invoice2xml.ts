/**
 * `invoice2xml`: CalculatedInvoice JSON → CII XML of a format/profile/version (behaviour doc §3).
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const invoiceToXmlModule = lazyModule(() => import('./invoice-to-xml.js'))

export const invoice2xml: Operation = {
  name: 'invoice2xml',
  cliName: 'invoice2xml',
  summary: 'Invoice JSON to CII XML',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/invoice2XML',
  inputs: [
    {
      name: 'invoice',
      source: 'body',
      mediaType: 'application/json',
      format: 'string',
      required: true,
      description: 'The invoice (Mustang JSON shape); totals it carries are ignored and recomputed.',
      schema: 'CalculatedInvoice',
    },
  ],
  params: [
    { name: 'format', in: 'query', type: 'string', required: true, description: 'fx (Factur-X), zf (ZUGFeRD 2, or 1.0 with version 1) or xr (XRechnung CII).' },
    {
      name: 'profile',
      in: 'query',
      type: 'string',
      required: true,
      description: 'MINIMUM, BASICWL, BASIC, EN16931, EXTENDED or XRECHNUNG; BASIC, COMFORT or EXTENDED for zf version 1 (case and blanks ignored).',
    },
    { name: 'version', in: 'query', type: 'integer', required: true, description: 'Generation: 2 (fx also accepts 1; zf 1 is ZUGFeRD 1.0; xr accepts 2 or 3).' },
  ],
  outputMediaType: 'application/xml',
  errorMediaType: 'application/xml',
  heavy: false,
  async run(input) {
    const { invoiceJsonToXml } = await invoiceToXmlModule()
    const { format, profile, version } = input.params
    const result = invoiceJsonToXml(requireInput(input, 'invoice'), {
      format: typeof format === 'string' ? format : undefined,
      profile: typeof profile === 'string' ? profile : undefined,
      version: typeof version === 'number' ? version : undefined,
    })
    return { body: result.xml, mediaType: 'application/xml', fileName: result.profile.attachmentFileName, warnings: [] }
  },
}
