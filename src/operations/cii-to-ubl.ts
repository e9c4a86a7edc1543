/**
 * The engine of `ciitoubl` / `cii2ubl`: CII D16B XML → EN 16931 model → UBL 2.1 (behaviour doc §8).
 * Loaded lazily by the operation, so the registry stays cheap.
 * @module
 */
import { readCii } from '../cii/read-cii.js'
import { EInvoiceError } from '../errors.js'
import type { Invoice, SupportingDocument } from '../model/invoice.js'
import { ublStricterRuleWarnings } from '../ubl/binding-warnings.js'
import { ublLineTree } from '../ubl/line-tree.js'
import { ublDroppedContent } from '../ubl/write-dropped.js'
import { WRITE_UBL_OPTIONS, writeUbl } from '../ubl/write-ubl.js'
import type { WriteUblOptions } from '../ubl/write-ubl.js'
import { NS, type XmlElement, attr, child, childText, childrenNamed, parseXml } from '../xml/index.js'
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
 * UBL 2.1 requires at least one InvoiceLine / CreditNoteLine (XSD, BR-16). A CII without lines
 * (Factur-X MINIMUM and BASIC WL carry none), or whose lines are all GROUP / INFORMATION lines
 * without sub-lines (counted in no sum, so not written), has none to give: refused rather than
 * written as a UBL that fails its schema.
 */
function requireUblLine(invoice: Invoice): void {
  if (ublLineTree(invoice.lines).roots.length > 0) return
  const why =
    invoice.lines.length === 0
      ? 'the CII has no invoice line (IncludedSupplyChainTradeLineItem; Factur-X MINIMUM and BASIC WL documents carry none)'
      : 'every line of the CII is a GROUP or INFORMATION line without sub-lines, which count in no sum and are not written in UBL'
  throw new EInvoiceError('UNSUPPORTED_DOCUMENT', `${why}, while a UBL invoice needs at least one line (BR-16); it cannot be converted`, {
    details: { lines: invoice.lines.length === 0 ? 'none in the source' : 'only GROUP / INFORMATION lines without sub-lines' },
  })
}

/**
 * The header's AdditionalReferencedDocuments that the CII reader takes as BG-24, in its order: all
 * but the first tender/lot reference (TypeCode 50) and the first invoiced object (130) with an id.
 */
function supportingDocumentElements(root: XmlElement): XmlElement[] {
  const transaction = child(root, NS.rsm, 'SupplyChainTradeTransaction')
  const agreement = transaction && child(transaction, NS.ram, 'ApplicableHeaderTradeAgreement')
  let tender = false
  let object = false
  const out: XmlElement[] = []
  for (const el of agreement === undefined ? [] : childrenNamed(agreement, NS.ram, 'AdditionalReferencedDocument')) {
    const hasId = childText(el, NS.ram, 'IssuerAssignedID') !== undefined
    const typeCode = childText(el, NS.ram, 'TypeCode')
    if (hasId && typeCode === '50' && !tender) tender = true
    else if (hasId && typeCode === '130' && !object) object = true
    else out.push(el)
  }
  return out
}

/**
 * A BG-24 attachment (BT-125) whose AttachmentBinaryObject is empty but names its MIME code and
 * file name is no attachment in the model (it has no content), yet UBL can say what the CII said:
 * an empty EmbeddedDocumentBinaryObject with both attributes is valid. So the UBL is written from
 * a copy with those empty attachments. When the elements cannot be matched to the model's
 * documents one by one, the loss is reported instead.
 */
function withEmptyAttachments(root: XmlElement, invoice: Invoice): { invoice: Invoice; warnings: string[] } {
  const docs = invoice.supportingDocuments
  const empty = (el: XmlElement): XmlElement | undefined => {
    const binary = child(el, NS.ram, 'AttachmentBinaryObject')
    if (binary === undefined || binary.text.replace(/\s+/g, '') !== '') return undefined
    return attr(binary, 'mimeCode') === undefined && attr(binary, 'filename') === undefined ? undefined : binary
  }
  const elements = supportingDocumentElements(root)
  if (!elements.some((el) => empty(el) !== undefined)) return { invoice, warnings: [] }
  const matched = elements.length === docs.length && elements.every((el, i) => (childText(el, NS.ram, 'IssuerAssignedID') ?? '') === docs[i]?.id)
  if (!matched) {
    return { invoice, warnings: ['not in the UBL output: the MIME code and file name of an empty attachment (BT-125 without content)'] }
  }
  const supportingDocuments = docs.map((doc: SupportingDocument, i): SupportingDocument => {
    const binary = empty(elements[i] as XmlElement)
    if (binary === undefined || doc.attachment !== undefined) return doc
    return { ...doc, attachment: { base64: '', mimeCode: attr(binary, 'mimeCode') ?? '', filename: attr(binary, 'filename') ?? '' } }
  })
  return { invoice: { ...invoice, supportingDocuments }, warnings: [] }
}

/**
 * Converts CII XML bytes to UBL.
 * @throws EInvoiceError INVALID_XML for input that is not well-formed XML, UNSUPPORTED_DOCUMENT
 *   for XML that is not a CII D16B CrossIndustryInvoice (ZUGFeRD 1 is named as such) and for a CII
 *   without a line UBL can write (MINIMUM, BASIC WL).
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
  requireUblLine(invoice)
  const written = withEmptyAttachments(root, invoice)
  const xml = writeUbl(written.invoice, options)
  const source = invoice.source
  const warnings = [
    ...(source?.problems ?? []).map((p) => `line ${p.line}, column ${p.column}: ${p.path}: ${p.message} (left out)`),
    ...(source?.absentTerms.length ? [`the source lacks ${source.absentTerms.join(', ')}`] : []),
    ...ublDroppedContent(invoice),
    ...written.warnings,
    ...ublStricterRuleWarnings(invoice),
  ]
  return { xml, invoice, warnings }
}
