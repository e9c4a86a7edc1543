/**
 * A successful request for each registry operation, built from its declaration: multipart and
 * body inputs are filled with samples that fit the input's name, required parameters with
 * sample values. Operations that need a sample we do not have yet are skipped with the reason.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { calculate } from '../../src/operations/calculate.js'
import type { Operation } from '../../src/operations/types.js'
import { PACKAGE_ROOT } from '../../src/version.js'

export const INVOICE_JSON = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'))
export const CII_XML = readFileSync(join(PACKAGE_ROOT, 'test', 'fixtures', 'xml', 'cii-odd-prefixes.xml'))

let calculated: Uint8Array | undefined
async function calculatedInvoice(): Promise<Uint8Array> {
  const out = await calculate.run({ inputs: { invoice: INVOICE_JSON }, params: {} })
  calculated ??= typeof out.body === 'string' ? Buffer.from(out.body) : out.body
  return calculated
}

/** Sample parameter values (interface sample values: fx, EN16931, 2). */
const PARAM_SAMPLES: Readonly<Record<string, string>> = { format: 'fx', profile: 'EN16931', version: '2', language: 'EN' }

/** Operations whose inputs we have no sample for yet, and why. */
export const SKIPPED: Readonly<Record<string, string>> = {
  combine: 'needs a PDF/A-1/3 sample file (none in samples/ yet)',
  combinexml: 'needs a PDF/A-1/3 sample file (none in samples/ yet)',
  pdf2pdfa: 'needs a sample PDF (none in samples/ yet)',
  validationreporttopdf: 'needs a sample validation report XML',
  styledinvoicetofx: 'needs a sample template + invoice body',
}

export type SampleRequest = { url: string; init: RequestInit }

async function sampleFor(inputName: string): Promise<Uint8Array> {
  const name = inputName.toLowerCase()
  if (name === 'json' || name === 'invoice') return name === 'json' ? calculatedInvoice() : INVOICE_JSON
  return CII_XML
}

/** @returns the request, or a string saying why the operation is skipped. */
export async function sampleRequest(op: Operation, base: string, headers: Record<string, string>): Promise<SampleRequest | string> {
  const skip = SKIPPED[op.name.toLowerCase()]
  if (skip !== undefined) return skip
  const query = new URLSearchParams()
  const allHeaders: Record<string, string> = { ...headers }
  for (const p of op.params) {
    if (!p.required) continue
    const value = PARAM_SAMPLES[p.name] ?? p.values?.[0]
    if (value === undefined) return `no sample value for required parameter ${p.name}`
    if (p.in === 'query') query.set(p.name, value)
    else allHeaders[p.name] = value
  }
  const url = `${base}${op.path}${query.size > 0 ? `?${query}` : ''}`
  const body = op.inputs.find((i) => i.source === 'body')
  if (body !== undefined) {
    const bytes = op.name === 'invoice2xml' ? await calculatedInvoice() : await sampleFor(body.name)
    return { url, init: { method: op.method, headers: { ...allHeaders, 'content-type': body.mediaType ?? 'application/octet-stream' }, body: bytes } }
  }
  const parts = op.inputs.filter((i) => i.source === 'multipart')
  if (parts.length === 0) return { url, init: { method: op.method, headers: allHeaders } }
  const form = new FormData()
  for (const part of parts) {
    const bytes = await sampleFor(part.name)
    if (part.format === 'binary') form.set(part.name, new Blob([bytes]), `${part.name}.bin`)
    else form.set(part.name, Buffer.from(bytes).toString('utf8'))
  }
  return { url, init: { method: op.method, headers: allHeaders, body: form } }
}
