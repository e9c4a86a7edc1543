/**
 * A successful request for each registry operation, built from its declaration: multipart and
 * body inputs are filled with samples that fit the input's name, required parameters with
 * sample values. Operations that need a sample we do not have yet are skipped with the reason.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { calculate } from '../../src/operations/calculate.js'
import { validateFileOperation } from '../../src/operations/validate.js'
import { findChromium } from '../../src/render/chromium.js'
import { makePdf } from '../pdf/fixtures.js'
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

/** Operations whose inputs we cannot provide here, and why (computed: only what this machine lacks). */
export const SKIPPED: Readonly<Record<string, string>> = findChromium() === undefined
  ? { styledinvoicetofx: 'Chromium is not installed (apt-get install chromium)' }
  : {}

/** A valid EN 16931 CII written by invoice2xml (a reviewed snapshot). */
const EN16931_XML = readFileSync(join(PACKAGE_ROOT, 'test', 'snapshots', 'invoice2xml', 'multi-rate.EN16931.xml'))

/** Inputs per operation and input name, where the name alone does not say enough. */
const SAMPLES_BY_OPERATION: Readonly<Record<string, Readonly<Record<string, () => Promise<Uint8Array>>>>> = {
  combine: { file: () => makePdf({ subset: 'PDF/A-3b' }) },
  combinexml: { file: () => makePdf({ subset: 'PDF/A-3b' }), xml: () => Promise.resolve(EN16931_XML) },
  pdf2pdfa: { file: () => makePdf() },
  validationreporttopdf: { xmlvalidationresult: validationReport },
  styledinvoicetofx: { body: styledBody },
}

async function validationReport(): Promise<Uint8Array> {
  const out = await validateFileOperation.run({ inputs: { file: EN16931_XML }, params: { ignoreNotices: false } })
  return typeof out.body === 'string' ? Buffer.from(out.body) : out.body
}

async function styledBody(): Promise<Uint8Array> {
  const template = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-template.mustache'), 'utf8')
  const invoice = JSON.parse(Buffer.from(await calculatedInvoice()).toString('utf8')) as unknown
  return Buffer.from(JSON.stringify({ template, invoice }))
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
  const special = SAMPLES_BY_OPERATION[op.name.toLowerCase()] ?? {}
  const sample = (name: string) => special[name.toLowerCase()]?.() ?? sampleFor(name)
  const body = op.inputs.find((i) => i.source === 'body')
  if (body !== undefined) {
    const bytes = op.name === 'invoice2xml' ? await calculatedInvoice() : await sample(body.name)
    return { url, init: { method: op.method, headers: { ...allHeaders, 'content-type': body.mediaType ?? 'application/octet-stream' }, body: bytes } }
  }
  const parts = op.inputs.filter((i) => i.source === 'multipart')
  if (parts.length === 0) return { url, init: { method: op.method, headers: allHeaders } }
  const form = new FormData()
  for (const part of parts) {
    const bytes = await sample(part.name)
    if (part.format === 'binary') form.set(part.name, new Blob([bytes]), `${part.name}.bin`)
    else form.set(part.name, Buffer.from(bytes).toString('utf8'))
  }
  return { url, init: { method: op.method, headers: allHeaders, body: form } }
}
