/**
 * The invoice2xml engine: CalculatedInvoice JSON → calculate (totals in the input are ignored and
 * recomputed, as Mustang does) → EN 16931 model → the XML of the chosen format/profile/version.
 * @module
 */
import { calculatePayload } from '../calc/calculate-invoice.js'
import { type FormatProfile, requireFormatProfile } from '../cii/profiles.js'
import { writeCii } from '../cii/write-cii.js'
import { CII_CONTENT_RULES } from '../cii/content-rules.js'
import { writeOrderX } from '../orderx/write-orderx.js'
import { writeZf1 } from '../zf1/write-zf1.js'
import { EInvoiceError } from '../errors.js'
import { readCalculatedInvoiceJsonText, readCalculatedInvoicePayload } from '../json/read-invoice.js'
import type { CalculatedInvoicePayload } from '../json/schemas.js'
import { invoicePayloadToModel } from '../json/to-model.js'
import type { Invoice } from '../model/invoice.js'
import { decodeText } from '../util/text.js'
import { textOrBytesArgument, type TextOrBytesInput } from '../util/byte-input.js'
import { checkOptions, integer, type OptionSpec, text } from '../util/option-input.js'
import { NOT_XML_CHAR } from '../xml/serialize.js'

export type InvoiceToXmlOptions = {
  /** fx, zf (version 2, or 1 for ZUGFeRD 1.0), xr, ox (Order-X, version 1 or 2 alike). @default 'fx' */
  format?: string | undefined
  /** MINIMUM, BASICWL, BASIC, EN16931, EXTENDED, XRECHNUNG; BASIC, COMFORT, EXTENDED for zf 1 and ox (case and blanks ignored). @default 'EN16931' */
  profile?: string | undefined
  /** @default 2 */
  version?: number | undefined
}

const INVOICE_TO_XML_OPTIONS: OptionSpec<InvoiceToXmlOptions> = { format: text, profile: text, version: integer }

export type InvoiceToXmlResult = { xml: string; profile: FormatProfile; model: Invoice }

/** Writers by the table's `writer` column. */
const WRITERS: Readonly<Record<FormatProfile['writer'], Writer | undefined>> = {
  cii: (model, row) => writeCii(model, { level: row.ciiLevel ?? 'EN16931' }),
  zf1: (model, row) => writeZf1(model, { level: row.zf1Level ?? 'COMFORT' }),
  orderx: (model, row) => writeOrderX(model, { level: row.orderXLevel ?? 'BASIC' }),
}

/**
 * A JSON value (already parsed) → XML.
 * @throws EInvoiceError INVALID_PARAMETER for a combination that does not exist (the message lists the
 *   valid ones), INVALID_PAYLOAD for bad fields or missing lines, CALCULATION_ERROR.
 */
export function invoiceToXml(value: unknown, options: InvoiceToXmlOptions = {}): InvoiceToXmlResult {
  const row = formatProfileOf(options)
  const write = writerOf(row)
  return payloadToXml(readCalculatedInvoicePayload(value), row, write)
}

/** JSON text or UTF-8 bytes → XML text. */
export function invoiceJsonToXml(input: TextOrBytesInput, options: InvoiceToXmlOptions = {}): InvoiceToXmlResult {
  // Check the parameters before the body, so a wrong combination is reported as such.
  const row = formatProfileOf(options)
  const write = writerOf(row)
  const given = textOrBytesArgument(input, 'invoice')
  const text = typeof given === 'string' ? given : decodeText(given, 'invoice')
  return payloadToXml(readCalculatedInvoiceJsonText(text), row, write)
}

function formatProfileOf(options: InvoiceToXmlOptions): FormatProfile {
  options = checkOptions(options, 'options', INVOICE_TO_XML_OPTIONS)
  return requireFormatProfile(options.format ?? 'fx', options.profile ?? 'EN16931', options.version ?? 2)
}

type Writer = (model: Invoice, row: FormatProfile) => string

function writerOf(row: FormatProfile): Writer {
  const write = WRITERS[row.writer]
  if (write === undefined) {
    throw new EInvoiceError('INVALID_PARAMETER', `format ${row.format} version ${row.versions.join('|')}: writer not available`, {
      details: { format: row.format },
    })
  }
  return write
}

/** Whether the profile's XML has invoice lines (BG-25): all but CII MINIMUM and BASIC WL. */
function carriesLines(row: FormatProfile): boolean {
  return row.ciiLevel === undefined || CII_CONTENT_RULES[row.ciiLevel].lines
}

/**
 * An invoice of a profile with lines needs one (BR-16; the schemas of those profiles ask for one
 * too). Calculation itself takes an invoice without lines, as Mustang's does.
 */
function requireLines(payload: CalculatedInvoicePayload, row: FormatProfile): void {
  if (!carriesLines(row) || (payload.zfitems?.length ?? 0) > 0) return
  const state = payload.zfitems === undefined ? 'missing' : 'empty'
  throw new EInvoiceError('INVALID_PAYLOAD', `zfitems: ${state}; an invoice of profile ${row.profile} needs at least one line (BR-16); MINIMUM and BASIC WL carry none`, {
    details: { zfitems: `at least one line required for ${row.profile}` },
  })
}

/**
 * The first text of `value` (a payload: plain objects, arrays, strings) holding a character XML
 * 1.0 cannot carry (a control other than tab, LF and CR, U+FFFE/FFFF, a lone surrogate), with its
 * path, or undefined. The writers would put U+FFFD in its place: an invoice number "RE\u0000-1"
 * became "RE\uFFFD-1" without a word.
 */
function textXmlCannotCarry(value: unknown, path: string): { path: string; text: string } | undefined {
  if (typeof value === 'string') return NOT_XML_CHAR.test(value) ? { path, text: value } : undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = textXmlCannotCarry(value[i], `${path}[${i}]`)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined
  for (const [key, item] of Object.entries(value)) {
    const found = textXmlCannotCarry(item, path === '' ? key : `${path}.${key}`)
    if (found !== undefined) return found
  }
  return undefined
}

function requireXmlText(payload: CalculatedInvoicePayload): void {
  const found = textXmlCannotCarry(payload, '')
  if (found === undefined) return
  const at = found.text.search(NOT_XML_CHAR)
  const code = (found.text.codePointAt(at) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  throw new EInvoiceError(
    'INVALID_PAYLOAD',
    `${found.path}: the character U+${code} (at position ${at + 1}) cannot be written in XML, which allows no control characters but tab, line feed and carriage return, and no lone surrogate; remove it`,
    { details: { [found.path]: `U+${code} cannot be written in XML` } },
  )
}

function payloadToXml(payload: CalculatedInvoicePayload, row: FormatProfile, write: Writer): InvoiceToXmlResult {
  requireLines(payload, row)
  requireXmlText(payload)
  const calc = calculatePayload(payload)
  const model = invoicePayloadToModel(payload, calc, { specificationIdentifier: row.guidelineId })
  return { xml: write(model, row), profile: row, model }
}
