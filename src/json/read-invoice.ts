/**
 * Reads an Invoice / CalculatedInvoice payload and applies Mustang's setter semantics once, so
 * every operation sees the same invoice: `correction` / `creditNote`, `ownContact`, the defaults
 * of currency, bank details and direct debits.
 * @module
 */
import { readPayload } from './read-payload.js'
import {
  type CalculatedInvoicePayload,
  CalculatedInvoiceSchema,
  type InvoicePayload,
  InvoiceSchema,
  type TradePartyPayload,
} from './schemas.js'

function normalizeParty(party: TradePartyPayload | undefined): TradePartyPayload | undefined {
  if (party === undefined) return undefined
  const vat = party.vatID ?? party.vatid
  return {
    ...party,
    vatID: vat,
    vatid: vat,
    bankDetails: party.bankDetails?.map((b) => ({
      ...b,
      paymentMeansCode: b.paymentMeansCode ?? '58',
      paymentMeansInformation: b.paymentMeansInformation ?? 'SEPA credit transfer',
    })),
    debitDetails: party.debitDetails?.map((d) => ({
      ...d,
      paymentMeansCode: d.paymentMeansCode ?? '59',
      paymentMeansInformation: d.paymentMeansInformation ?? 'SEPA direct debit',
    })),
  }
}

function normalize<T extends InvoicePayload>(invoice: T): T {
  const out: T = { ...invoice }
  out.currency ??= 'EUR'
  // correction / creditNote are setters: the referenced number plus the type code 384 / 381.
  if (invoice.correction !== undefined) {
    out.invoiceReferencedDocumentID = invoice.correction
    out.documentCode = '384'
  }
  if (invoice.creditNote !== undefined) {
    out.invoiceReferencedDocumentID = invoice.creditNote
    out.documentCode = '381'
  }
  delete out.correction
  delete out.creditNote
  // ownContact writes sender.contact; unlike Mustang it does not depend on key order.
  if (invoice.ownContact !== undefined) {
    out.sender = { ...(invoice.sender ?? {}), contact: invoice.ownContact } as TradePartyPayload
  }
  delete out.ownContact
  for (const role of ['sender', 'recipient', 'deliveryAddress', 'endCustomerDeliveryAddress', 'payee', 'invoicer', 'invoicee'] as const) {
    if (out[role] !== undefined) out[role] = normalizeParty(out[role])
  }
  return out
}

/** An Invoice payload (calculate, combine): checked, Mustang semantics applied. */
export function readInvoicePayload(value: unknown): InvoicePayload {
  return normalize(readPayload(InvoiceSchema, value))
}

/** A CalculatedInvoice payload (invoice2XML): as Invoice, plus the totals it carries (ignored by calc). */
export function readCalculatedInvoicePayload(value: unknown): CalculatedInvoicePayload {
  return normalize(readPayload(CalculatedInvoiceSchema, value))
}
