/**
 * Reads an Invoice / CalculatedInvoice payload and applies Mustang's setter semantics once, so
 * every operation sees the same invoice: `correction` / `creditNote`, `ownContact`, the defaults
 * of currency, bank details and direct debits.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { argumentError } from '../util/byte-input.js'
import { parseJsonText } from './parse-json.js'
import { readPayloadText } from './read-json-payload.js'
import { readPayload } from './read-payload.js'
import {
  type CalculatedInvoicePayload,
  CalculatedInvoiceSchema,
  type InvoicePayload,
  InvoiceSchema,
  type TradePartyPayload,
} from './schemas.js'

/**
 * Applies the party's setter semantics in place: the reader (and zod) built the party for this
 * payload alone, and assignment keeps the key order a spread copy would give (known keys stay
 * where they are, new ones follow in this order) without copying every party.
 */
/** Mustang's payment-means defaults, set on each entry that lacks them. */
function withMeans<T extends { paymentMeansCode?: string | undefined; paymentMeansInformation?: string | undefined }>(list: T[] | undefined, code: string, information: string): T[] | undefined {
  if (list !== undefined) {
    for (const entry of list) {
      entry.paymentMeansCode = entry.paymentMeansCode ?? code
      entry.paymentMeansInformation = entry.paymentMeansInformation ?? information
    }
  }
  return list
}

function normalizeParty(party: TradePartyPayload | undefined): TradePartyPayload | undefined {
  if (party === undefined) return undefined
  const vat = party.vatID ?? party.vatid
  party.vatID = vat
  party.vatid = vat
  party.bankDetails = withMeans(party.bankDetails, '58', 'SEPA credit transfer')
  party.debitDetails = withMeans(party.debitDetails, '59', 'SEPA direct debit')
  return party
}

function normalize<T extends InvoicePayload>(invoice: T): T {
  // The setter keys are left out by the rest copy: `delete` would slow every later use of the object.
  const { correction, creditNote, ownContact, ...rest } = invoice
  const out = rest as T
  out.currency ??= 'EUR'
  // correction / creditNote are setters: the referenced number plus the type code 384 / 381.
  if (correction !== undefined) {
    out.invoiceReferencedDocumentID = correction
    out.documentCode = '384'
  }
  if (creditNote !== undefined) {
    out.invoiceReferencedDocumentID = creditNote
    out.documentCode = '381'
  }
  // ownContact writes sender.contact; unlike Mustang it does not depend on key order.
  if (ownContact !== undefined) {
    out.sender = { ...(invoice.sender ?? {}), contact: ownContact } as TradePartyPayload
  }
  for (const role of ['sender', 'recipient', 'deliveryAddress', 'endCustomerDeliveryAddress', 'payee', 'invoicer', 'invoicee'] as const) {
    if (out[role] !== undefined) out[role] = normalizeParty(out[role])
  }
  return out
}

/** An Invoice payload (calculate, combine): checked, Mustang semantics applied. */
/**
 * The JS value a value reader takes. No value at all is a missing invoice; JSON text or its bytes
 * belong to the text readers, named in the refusal (given here they were read as a JS string or
 * typed array: "(root): expected an object", or "zfitems: missing" for a Buffer). Other kinds are
 * the payload's problem, as the text reader says of the same JSON value.
 */
function invoiceValue(value: unknown, textReader: string): unknown {
  if (value === undefined || value === null) throw argumentError(value, 'invoice', 'an invoice object')
  if (typeof value === 'string' || ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]') {
    const got = typeof value === 'string' ? 'a string' : 'bytes'
    throw new EInvoiceError('INVALID_PARAMETER', `invoice: expected an invoice object, got ${got} (JSON text or its bytes go to ${textReader})`, {
      details: { invoice: `expected an invoice object, got ${got}` },
    })
  }
  return value
}

export function readInvoicePayload(value: unknown): InvoicePayload {
  return normalize(readPayload(InvoiceSchema, invoiceValue(value, 'calculateInvoiceJsonText')))
}

/** A CalculatedInvoice payload (invoice2XML): as Invoice, plus the totals it carries (ignored by calc). */
export function readCalculatedInvoicePayload(value: unknown): CalculatedInvoicePayload {
  return normalize(readPayload(CalculatedInvoiceSchema, invoiceValue(value, 'invoiceJsonToXml')))
}

/** An Invoice payload from JSON text: one pass on the happy path, the full check for errors. */
export function readInvoiceJsonText(text: string): InvoicePayload {
  return readInvoiceText(text).invoice
}

/**
 * readInvoiceJsonText, and whether every string of the invoice is one JSON writes without escapes
 * (see readPayloadText; the strings normalize adds are such constants). False off the one-pass path.
 */
export function readInvoiceText(text: string): { invoice: InvoicePayload; plainStrings: boolean } {
  const fast = readPayloadText(InvoiceSchema, text)
  if (fast === undefined) return { invoice: normalize(readPayload(InvoiceSchema, parseJsonText(text))), plainStrings: false }
  return { invoice: normalize(fast.payload), plainStrings: fast.plainStrings }
}

/** A CalculatedInvoice payload from JSON text (invoice2XML): the same one-pass reading as calculate. */
export function readCalculatedInvoiceJsonText(text: string): CalculatedInvoicePayload {
  const fast = readPayloadText(CalculatedInvoiceSchema, text)
  return normalize(fast === undefined ? readPayload(CalculatedInvoiceSchema, parseJsonText(text)) : fast.payload)
}
