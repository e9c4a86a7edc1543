/**
 * `styledinvoicetofx`: a mustache template and a CalculatedInvoice → the template printed by
 * headless Chromium, made PDF/A-3 with the invoice XML embedded as Factur-X (docs/render.md).
 * Endpoint POST /e-invoice/styledinvoicetofx.
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const styledModule = lazyModule(() => import('../render/styled.js'))
const languageModule = lazyModule(() => import('../render/language.js'))
const storageModule = lazyModule(() => import('../render/storage.js'))

/** `writeLocal=true` lines (see ParamSpec.headerPrefix) → headers by name. */
function storageHeaders(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {}
  if (typeof value !== 'string') return headers
  for (const line of value.split('\n')) {
    const eq = line.indexOf('=')
    if (eq > 0) headers[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return headers
}

export const styledinvoicetofx: Operation = {
  name: 'styledinvoicetofx',
  cliName: 'styled',
  summary: 'Template string and calculated invoice to Factur-X',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/styledinvoicetofx',
  inputs: [
    {
      name: 'body',
      source: 'body',
      mediaType: 'application/json',
      format: 'string',
      required: true,
      description: 'A JSON string holding {"template": "<mustache HTML>", "invoice": {CalculatedInvoice}}; the object itself is accepted too.',
    },
  ],
  params: [
    {
      name: 'writeStorage',
      in: 'header',
      type: 'string',
      required: false,
      headerPrefix: 'write',
      description:
        'write<Storage>: true — the header name carries the storage name. Supported: writeLocal (also store the result in the server folder EINVOICE_STORAGE_DIR); any other storage name is refused.',
    },
    { name: 'language', in: 'query', type: 'string', required: true, values: ['EN', 'FR', 'DE'], description: 'Language of the labels and formatted values the template gets.' },
    { name: 'format', in: 'query', type: 'string', required: false, default: 'fx', description: 'XML format: fx (Factur-X), zf (ZUGFeRD) or xr (XRechnung CII).' },
    { name: 'profile', in: 'query', type: 'string', required: false, default: 'EN16931', description: 'MINIMUM, BASICWL, BASIC, EN16931, EXTENDED or XRECHNUNG.' },
    { name: 'version', in: 'query', type: 'integer', required: false, default: 2, description: 'Generation: 2 (fx also 1; xr 2 or 3).' },
  ],
  outputMediaType: '*/*',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { styledInvoiceToFacturX } = await styledModule()
    const { parseLanguage } = await languageModule()
    const { requestedStorages, storageFolder, writeToStorage } = await storageModule()
    const p = input.params
    const storages = requestedStorages(storageHeaders(p['writeStorage']))
    // Refused before Chromium's work when the server has no such storage.
    for (const storage of storages) storageFolder(storage)
    const result = await styledInvoiceToFacturX(requireInput(input, 'body'), {
      language: parseLanguage(p['language']),
      format: typeof p['format'] === 'string' ? p['format'] : undefined,
      profile: typeof p['profile'] === 'string' ? p['profile'] : undefined,
      version: typeof p['version'] === 'number' ? p['version'] : undefined,
    })
    const warnings = [...result.warnings]
    for (const storage of storages) {
      const path = await writeToStorage(storage, result.invoiceNumber, result.pdf)
      warnings.push(`stored in ${storage} storage as ${path.split(/[\\/]/).pop() ?? path}`)
    }
    return { body: result.pdf, mediaType: 'application/pdf', fileName: result.fileName, warnings }
  },
}
