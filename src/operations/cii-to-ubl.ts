/**
 * The engine of `ciitoubl` / `cii2ubl`: CII D16B XML → EN 16931 model → UBL 2.1 (behaviour doc §8).
 * Loaded lazily by the operation, so the registry stays cheap.
 * @module
 */
import { readCii } from '../cii/read-cii.js'
import { EInvoiceError } from '../errors.js'
import type { Invoice } from '../model/invoice.js'
import { ublStricterRuleWarnings } from '../ubl/binding-warnings.js'
import { ublDroppedContent } from '../ubl/write-dropped.js'
import { WRITE_UBL_OPTIONS, writeUbl } from '../ubl/write-ubl.js'
import type { WriteUblOptions } from '../ubl/write-ubl.js'
import { NS, type XmlElement, parseXml } from '../xml/index.js'
import { checkOptions } from '../util/option-input.js'

export type CiiToUblResult = {
  /** The UBL Invoice or CreditNote. */
  xml: string
  /** The model read from the CII (for callers that also want it). */
  invoice: Invoice
  /**
   * Values the reader could not take, terms the source lacks (the output omits them), content UBL
   * cannot carry, and rules the UBL will fail although the CII binding passed its source.
   */
  warnings: string[]
}

/** Roots that are invoices, but not CII D16B: each gets its own explanation. */
const NOT_CII: readonly { ns: string; local: string; message: string }[] = [
  {
    ns: NS.zf1rsm,
    local: 'CrossIndustryDocument',
    message:
      'this is a ZUGFeRD 1.0 CrossIndustryDocument, not a CII D16B CrossIndustryInvoice; ciitoubl converts CII D16B ' +
      '(Factur-X, ZUGFeRD 2.x, XRechnung CII) only (Mustang silently writes nothing for this input)',
  },
  { ns: NS.ublInvoice, local: 'Invoice', message: 'this is already a UBL Invoice; ciitoubl expects CII D16B' },
  { ns: NS.ublCreditNote, local: 'CreditNote', message: 'this is already a UBL CreditNote; ciitoubl expects CII D16B' },
  {
    ns: NS.oxrsm,
    local: 'SCRDMCCBDACIOMessageStructure',
    message: 'this is an Order-X order, not an invoice; ciitoubl expects a CII D16B CrossIndustryInvoice',
  },
]

function unsupported(root: XmlElement, message: string): EInvoiceError {
  return new EInvoiceError('UNSUPPORTED_DOCUMENT', `line ${root.line}, column ${root.column}: ${message}`, {
    details: { root: root.qname, namespace: root.ns },
  })
}

/**
 * Converts CII XML bytes to UBL.
 * @throws EInvoiceError INVALID_XML for input that is not well-formed XML, UNSUPPORTED_DOCUMENT
 *   for XML that is not a CII D16B CrossIndustryInvoice (ZUGFeRD 1 is named as such).
 */
export function ciiToUbl(bytes: Uint8Array | string, options: WriteUblOptions = {}): CiiToUblResult {
  options = checkOptions(options, 'options', WRITE_UBL_OPTIONS)
  const doc = parseXml(bytes)
  const root = doc.root
  if (root.ns !== NS.rsm || root.local !== 'CrossIndustryInvoice') {
    const known = NOT_CII.find((k) => k.ns === root.ns && k.local === root.local)
    throw unsupported(
      root,
      known?.message ??
        `the root element ${root.qname} (namespace ${root.ns || 'none'}) is not a CII D16B CrossIndustryInvoice (${NS.rsm})`,
    )
  }
  const invoice = readCii(doc)
  const xml = writeUbl(invoice, options)
  const source = invoice.source
  const warnings = [
    ...(source?.problems ?? []).map((p) => `line ${p.line}, column ${p.column}: ${p.path}: ${p.message} (left out)`),
    ...(source?.absentTerms.length ? [`the source lacks ${source.absentTerms.join(', ')}`] : []),
    ...ublDroppedContent(invoice),
    ...ublStricterRuleWarnings(invoice),
  ]
  return { xml, invoice, warnings }
}
