/**
 * `xmltohtml`: invoice XML (CII, UBL, ZUGFeRD 1, Order-X) → a self-contained HTML view in EN, FR
 * or DE (behaviour doc §7; docs/render.md). Endpoint POST /e-invoice/xmltohtml.
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const xmlToHtmlModule = lazyModule(() => import('../render/xml-to-html.js'))
const languageModule = lazyModule(() => import('../render/language.js'))

export const xmltohtml: Operation = {
  name: 'xmltohtml',
  cliName: 'xmltohtml',
  summary: 'HTML visualisation from invoice XML',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/xmltohtml',
  inputs: [
    {
      name: 'file',
      source: 'multipart',
      format: 'binary',
      required: true,
      description: 'The invoice XML: CII (Factur-X, ZUGFeRD 2.x, XRechnung), UBL Invoice/CreditNote, ZUGFeRD 1 or Order-X.',
    },
  ],
  params: [
    { name: 'language', in: 'query', type: 'string', required: true, values: ['EN', 'FR', 'DE'], description: 'Language of labels, code names, numbers and dates.' },
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: 'application/octet-stream',
  heavy: false,
  async run(input) {
    const { xmlToHtml } = await xmlToHtmlModule()
    const { parseLanguage } = await languageModule()
    const html = xmlToHtml(requireInput(input, 'file'), { language: parseLanguage(input.params['language']) })
    return { body: html, mediaType: 'application/octet-stream', fileName: 'invoice.html', warnings: [] }
  },
}
