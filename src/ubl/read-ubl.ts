/**
 * UBL 2.1 Invoice and CreditNote (XRechnung UBL, Peppol BIS 3, plain EN 16931) → the EN 16931
 * model. Elements are matched by namespace URI; every business term the model can hold is kept,
 * unknown content is ignored, unreadable values are reported in `invoice.source.problems`.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import type { DeliveryInformation, DocumentAllowanceCharge, Identifier, Invoice, InvoiceNote, Party, SupportingDocument } from '../model/invoice.js'
import { NS, type XmlDocument, type XmlElement, documentArgument } from '../xml/index.js'
import { xmlTrim } from '../xml/whitespace.js'
import { boolean, checkOptions, type OptionSpec } from '../util/option-input.js'
import { UblReadContext } from './read-context.js'
import { readLines, readPeriod } from './read-line.js'
import { partyIdentifiers, readAddress, readParty, readPayee, readTaxRepresentative } from './read-party.js'
import { readDocumentAllowanceCharge, readPaymentInstructions, readTaxTotals, readTotals } from './read-settlement.js'
import { CII_VAT_DATE_CODE, UBL_CREDIT_NOTE, UBL_INVOICE, type UblKind } from './ubl-codes.js'

/** UBL writes BT-21 in front of the note text: `#AAI#text` (UNTDID 4451 codes are three letters). */
const NOTE_SUBJECT = /^#([A-Z]{3})#([\s\S]*)$/

/** `text` is trimmed already; the text after a subject code is trimmed too, as the CII reader trims its notes. */
function readNote(text: string): InvoiceNote {
  const m = NOTE_SUBJECT.exec(text)
  return m === null ? { text } : { subjectCode: m[1], text: xmlTrim(m[2] ?? '') }
}

/** BT-8 as the model holds it: CII's code for UBL's (CII_VAT_DATE_CODE). */
function vatPointDateCode(code: string | undefined): string | undefined {
  return code === undefined ? undefined : (CII_VAT_DATE_CODE[code] ?? code)
}

/** The UBL kind of a root element, or undefined when it is not a UBL Invoice/CreditNote. */
export function ublKindOf(root: XmlElement): UblKind | undefined {
  if (root.ns === NS.ublInvoice && root.local === 'Invoice') return UBL_INVOICE
  if (root.ns === NS.ublCreditNote && root.local === 'CreditNote') return UBL_CREDIT_NOTE
  return undefined
}

function readDelivery(cx: UblReadContext, el: XmlElement | undefined): DeliveryInformation | undefined {
  if (el === undefined) return undefined
  const location = cx.cac(el, 'DeliveryLocation')
  const delivery = {
    partyName: cx.text(el, 'DeliveryParty', 'PartyName', 'Name'),
    locationId: cx.identifierOf(cx.cbc(location, 'ID')),
    actualDeliveryDate: cx.date(el, 'ActualDeliveryDate'),
    address: readAddress(cx, cx.cac(location, 'Address')),
  }
  return Object.values(delivery).some((v) => v !== undefined) ? delivery : undefined
}

type DocumentReferences = {
  invoicedObject?: Identifier | undefined
  projectFromDocument?: string | undefined
  supporting: SupportingDocument[]
}

/**
 * cac:AdditionalDocumentReference: DocumentTypeCode 130 is BT-18 (with its scheme, BT-18-1); in a
 * CreditNote, 50 is BT-11 (UBL 2.1 CreditNote has no ProjectReference); everything else is BG-24.
 */
function readDocumentReferences(cx: UblReadContext, root: XmlElement, kind: UblKind): DocumentReferences {
  const out: DocumentReferences = { supporting: [] }
  for (const ref of cx.cacs(root, 'AdditionalDocumentReference')) {
    const idEl = cx.cbc(ref, 'ID')
    const id = cx.textOf(idEl)
    const typeCode = cx.text(ref, 'DocumentTypeCode')
    if (typeCode === '130' && out.invoicedObject === undefined && id !== undefined) {
      out.invoicedObject = cx.identifierOf(idEl)
      continue
    }
    if (typeCode === '50' && kind === UBL_CREDIT_NOTE && out.projectFromDocument === undefined && id !== undefined) {
      out.projectFromDocument = id
      continue
    }
    if (id === undefined) cx.absent('BT-122')
    const attachment = cx.cac(ref, 'Attachment')
    const binary = cx.cbc(attachment, 'EmbeddedDocumentBinaryObject')
    const base64 = cx.textOf(binary)
    const descriptions = cx.texts(ref, 'DocumentDescription')
    out.supporting.push({
      id: id ?? '',
      description: descriptions.length === 0 ? undefined : descriptions.join('\n'),
      attachment:
        binary === undefined || base64 === undefined
          ? undefined
          : { base64, mimeCode: cx.attr(binary, 'mimeCode') ?? '', filename: cx.attr(binary, 'filename') ?? '' },
      externalUri: cx.text(attachment, 'ExternalReference', 'URI'),
      typeCode,
      issueDate: cx.date(ref, 'IssueDate'),
    })
  }
  return out
}

/**
 * Notes the tax categories of every `cac:AllowanceCharge` below `el` that the model does not hold
 * (InvoiceSource.otherAllowanceTaxes): a document level one's after its first (`documentLevel`: the
 * root's, as read), all of any other (a line's, a price's, delivery terms'), wherever it sits, as
 * the official rules find them.
 */
function noteAllowanceTaxesBelow(cx: UblReadContext, el: XmlElement, documentLevel?: readonly DocumentAllowanceCharge[]): void {
  let n = 0
  for (const c of el.children) {
    if (c.local === 'AllowanceCharge' && c.ns === NS.cac) {
      if (documentLevel === undefined) cx.noteOtherAllowanceTaxes(c, 0)
      else cx.noteOtherAllowanceTaxes(c, 1, documentLevel[n++])
    }
    noteAllowanceTaxesBelow(cx, c)
  }
}

function required(cx: UblReadContext, value: string | undefined, term: string): string {
  if (value === undefined) cx.absent(term)
  return value ?? ''
}

/** The seller or buyer, noting a missing name (BT-27, BT-44: required) for the views' list. */
function namedParty(cx: UblReadContext, party: Party, nameTerm: string): Party {
  if (party.name === undefined) cx.absent(nameTerm)
  return party
}

export type ReadUblOptions = {
  /**
   * Read sub-invoice lines (BG-DEX-01) into `lines` as well, flat with parent and status as CII
   * has them. `false` gives the lines the EN 16931 rules see in UBL: the top-level ones only.
   * @default true
   */
  subLines?: boolean | undefined
}

const READ_UBL_OPTIONS: OptionSpec<ReadUblOptions> = { subLines: boolean }

/**
 * Reads a parsed UBL 2.1 Invoice or CreditNote into the EN 16931 model.
 * @throws EInvoiceError UNSUPPORTED_DOCUMENT when the root is not a UBL Invoice or CreditNote.
 */
export function readUbl(doc: XmlDocument, options: ReadUblOptions = {}): Invoice {
  const root = documentArgument(doc, 'doc').root
  options = checkOptions(options, 'options', READ_UBL_OPTIONS)
  const kind = ublKindOf(root)
  if (kind === undefined) {
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      `line ${root.line}, column ${root.column}: the root element ${root.qname} (namespace ${root.ns || 'none'}) is not a UBL 2.1 Invoice or CreditNote`,
      { details: { root: root.qname, namespace: root.ns } },
    )
  }
  const cx = new UblReadContext()
  const currency = cx.text(root, 'DocumentCurrencyCode')
  const accountingCurrency = cx.text(root, 'TaxCurrencyCode')
  const supplier = cx.cac(cx.cac(root, 'AccountingSupplierParty'), 'Party')
  const payeeEl = cx.cac(root, 'PayeeParty')
  const creditorId = partyIdentifiers(cx, payeeEl).sepa ?? partyIdentifiers(cx, supplier).sepa
  const period = cx.cac(root, 'InvoicePeriod')
  const order = cx.cac(root, 'OrderReference')
  const orderId = cx.text(order, 'ID')
  const salesOrderId = cx.text(order, 'SalesOrderID')
  const refs = readDocumentReferences(cx, root, kind)
  const tax = readTaxTotals(cx, root, currency, accountingCurrency)
  const paymentTerms = cx.cacs(root, 'PaymentTerms').flatMap((pt) => cx.texts(pt, 'Note'))
  const firstMeansDueDate = cx.cacs(root, 'PaymentMeans').map((pm) => cx.date(pm, 'PaymentDueDate')).find((d) => d !== undefined)
  const invoice: Invoice = {
    invoiceNumber: required(cx, cx.text(root, 'ID'), 'BT-1'),
    issueDate: required(cx, cx.date(root, 'IssueDate'), 'BT-2'),
    typeCode: required(cx, cx.text(root, kind.typeCodeElement), 'BT-3'),
    currencyCode: required(cx, currency, 'BT-5'),
    vatAccountingCurrencyCode: accountingCurrency,
    taxPointDate: cx.date(root, 'TaxPointDate'),
    vatPointDateCode: vatPointDateCode(cx.text(period, 'DescriptionCode')),
    // BT-9: Invoice/DueDate; a CreditNote (and some invoices) carry it in PaymentMeans.
    dueDate: cx.date(root, 'DueDate') ?? firstMeansDueDate,
    buyerReference: cx.text(root, 'BuyerReference'),
    projectReference: cx.text(root, 'ProjectReference', 'ID') ?? refs.projectFromDocument,
    contractReference: cx.text(root, 'ContractDocumentReference', 'ID'),
    // OrderReference/ID is mandatory in UBL: "NA" stands for "no order reference" when only
    // the sales order reference (BT-14) is given (EN 16931 UBL binding note).
    purchaseOrderReference: orderId === 'NA' && salesOrderId !== undefined ? undefined : orderId,
    salesOrderReference: salesOrderId,
    receivingAdviceReference: cx.text(root, 'ReceiptDocumentReference', 'ID'),
    despatchAdviceReference: cx.text(root, 'DespatchDocumentReference', 'ID'),
    tenderOrLotReference: cx.text(root, 'OriginatorDocumentReference', 'ID'),
    invoicedObjectIdentifier: refs.invoicedObject,
    buyerAccountingReference: cx.text(root, 'AccountingCost'),
    paymentTermsText: paymentTerms.length === 0 ? undefined : paymentTerms.join('\n'),
    notes: cx.texts(root, 'Note').map(readNote),
    businessProcessType: cx.text(root, 'ProfileID'),
    specificationIdentifier: required(cx, cx.text(root, 'CustomizationID'), 'BT-24'),
    precedingInvoices: cx.cacs(root, 'BillingReference').flatMap((br) => {
      const ref = cx.cac(br, 'InvoiceDocumentReference')
      const id = cx.text(ref, 'ID')
      return id === undefined ? [] : [{ id, issueDate: cx.date(ref, 'IssueDate') }]
    }),
    seller: namedParty(cx, readParty(cx, supplier), 'BT-27'),
    buyer: namedParty(cx, readParty(cx, cx.cac(cx.cac(root, 'AccountingCustomerParty'), 'Party')), 'BT-44'),
    payee: readPayee(cx, payeeEl),
    sellerTaxRepresentative: readTaxRepresentative(cx, cx.cac(root, 'TaxRepresentativeParty')),
    delivery: readDelivery(cx, cx.cac(root, 'Delivery')),
    invoicingPeriod: readPeriod(cx, period),
    paymentInstructions: readPaymentInstructions(cx, root, creditorId),
    allowancesAndCharges: cx.cacs(root, 'AllowanceCharge').map((ac) => readDocumentAllowanceCharge(cx, ac)),
    totals: readTotals(cx, cx.cac(root, 'LegalMonetaryTotal'), tax.vat, tax.vatAccounting),
    vatBreakdown: tax.breakdown,
    supportingDocuments: refs.supporting,
    lines: readLines(cx, root, kind, options.subLines !== false),
  }
  noteAllowanceTaxesBelow(cx, root, invoice.allowancesAndCharges)
  const thirdPartyPayments = cx.cacs(root, 'PrepaidPayment').map((pp) => ({
    typeId: cx.text(pp, 'ID'),
    amount: cx.amount(pp, 'PaidAmount'),
    description: cx.text(pp, 'InstructionID'),
  }))
  if (thirdPartyPayments.length > 0) invoice.extension = { ...invoice.extension, thirdPartyPayments }
  invoice.source = { syntax: kind === UBL_INVOICE ? 'UBL-Invoice' : 'UBL-CreditNote', absentTerms: cx.absentTerms, problems: cx.problems, otherTaxSchemes: cx.otherTaxSchemes, absentIn: cx.absentIn, blankIn: cx.blankIn, negativeZeroIn: cx.negativeZeroIn, otherAllowanceTaxes: cx.otherAllowanceTaxes.length > 0 ? cx.otherAllowanceTaxes : undefined, otherLineTaxes: cx.otherLineTaxes.size > 0 ? cx.otherLineTaxes : undefined }
  return invoice
}
