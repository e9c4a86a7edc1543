/**
 * `xmltopdf`: invoice XML → an A4 PDF/A-3b view; with `embedXml` the source XML is embedded so the
 * PDF is itself a Factur-X / ZUGFeRD / XRechnung hybrid (behaviour doc §7; docs/render.md).
 * Endpoint POST /e-invoice/xmltopdf.
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const xmlToPdfModule = lazyModule(() => import('../render/xml-to-pdf.js'))
const languageModule = lazyModule(() => import('../render/language.js'))

export const xmltopdf: Operation = {
  name: 'xmltopdf',
  cliName: 'xmltopdf',
  summary: 'PDF visualisation from invoice XML',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/xmltopdf',
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
    { name: 'returnJSON', in: 'query', type: 'boolean', required: false, default: false, description: 'Answer a JSON envelope (file name, media type, size, base64 content, warnings) instead of the PDF.' },
    {
      name: 'embedXml',
      in: 'query',
      type: 'boolean',
      required: false,
      default: false,
      description:
        'Embed the source XML so the PDF is a hybrid invoice (factur-x.xml, xrechnung.xml, ZUGFeRD-invoice.xml or order-x.xml with the matching XMP); not available for UBL.',
    },
    { name: 'tagged', in: 'query', type: 'boolean', required: false, default: false, description: 'Write a tagged PDF (headings, paragraphs, tables in a structure tree for screen readers); about 40 % slower.' },
    { name: 'language', in: 'query', type: 'string', required: false, default: 'EN', values: ['EN', 'FR', 'DE'], description: 'Language of the view (an einvoice extension of the interface).' },
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { xmlToPdf } = await xmlToPdfModule()
    const { parseLanguage } = await languageModule()
    const { pdf, warnings } = await xmlToPdf(requireInput(input, 'file'), {
      language: parseLanguage(input.params['language']),
      embedXml: input.params['embedXml'] === true,
      tagged: input.params['tagged'] === true,
    })
    return { body: pdf, mediaType: 'application/octet-stream', fileName: 'invoice.pdf', warnings }
  },
}
