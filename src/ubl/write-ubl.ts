/**
 * The EN 16931 model → UBL 2.1 Invoice or CreditNote (chosen by BT-3, behaviour doc §8), in the
 * exact element order of the UBL 2.1 XSD, canonical prefixes cbc/cac, deterministic bytes.
 * The specification identifier (BT-24) of the source is kept unless the caller overrides it: an
 * XRechnung CII stays an XRechnung UBL (Mustang's converter replaces it with Peppol's).
 * @module
 */
import { sum } from '../model/decimal.js'
import type { DocumentAllowanceCharge, Invoice, InvoiceNote } from '../model/invoice.js'
import { NS } from '../xml/index.js'
import { XmlTextWriter, attr } from '../xml/text-writer.js'
import { UBL_CREDIT_NOTE, UBL_VAT_DATE_CODE, type UblKind, ublKindFor } from './ubl-codes.js'
import { ublLineTree } from './line-tree.js'
import { writeLine, writePeriod } from './write-line.js'
import { writeAddress, writeParty, writePayee, writeTaxRepresentative } from './write-party.js'
import { writeDocumentAllowanceCharge, writeMonetaryTotal, writePaymentMeans, writeTaxTotals } from './write-settlement.js'
import { cbcAmount, cbcId } from './write-values.js'
import { invoiceArgument } from '../model/invoice-argument.js'
import { checkOptions, type OptionSpec, text } from '../util/option-input.js'

export type WriteUblOptions = {
  /** BT-24 to write instead of the invoice's own specification identifier. @default the source's BT-24 */
  customizationId?: string | undefined
  /** BT-23 to write instead of the invoice's own business process type. @default the source's BT-23 */
  profileId?: string | undefined
}

export const WRITE_UBL_OPTIONS: OptionSpec<WriteUblOptions> = { customizationId: text, profileId: text }

/** BT-21 has no element of its own in UBL: it is written `#CODE#` in front of the note. */
function noteText(n: InvoiceNote): string {
  // Leading whitespace of a CII note would otherwise sit between the code and the text.
  return n.subjectCode === undefined || n.subjectCode === '' ? n.text : `#${n.subjectCode}#${n.text.trimStart()}`
}

/** An XRechnung Skonto line (BR-DE-18): `#SKONTO#TAGE=n#PROZENT=n.nn#[BASISBETRAG=n.nn#]`. */
const SKONTO_LAST_LINE = /(^|\n)[ \t]*#SKONTO#[^\n]*#$/

/**
 * BT-20. BR-DE-18 requires every Skonto line to end with a line break; readers trim texts, so the
 * final one is restored here.
 */
function paymentTermsText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  return SKONTO_LAST_LINE.test(text) ? text + '\n' : text
}

/**
 * BG-20/BG-21, plus the EXTENDED logistics service charges when BT-108 counts them (then they are
 * document charges in EN 16931 terms and UBL needs them for BR-CO-13); otherwise they are left out.
 */
export function documentAllowancesAndCharges(inv: Invoice): DocumentAllowanceCharge[] {
  const logistics = inv.extension?.logisticsServiceCharges ?? []
  if (logistics.length === 0) return inv.allowancesAndCharges
  const all = [...inv.allowancesAndCharges, ...logistics]
  const charges = sum(all.filter((ac) => ac.isCharge).map((ac) => ac.amount))
  return inv.totals.sumOfCharges?.eq(charges) === true ? all : inv.allowancesAndCharges
}

/** BT-8 in UBL's code list (UNTDID 2005); CII's per-breakdown code (UNTDID 2475) is mapped. */
function vatPointDateCode(inv: Invoice): string | undefined {
  const code = inv.vatPointDateCode ?? inv.vatBreakdown.find((b) => b.dueDateTypeCode !== undefined)?.dueDateTypeCode
  if (code === undefined) return undefined
  return UBL_VAT_DATE_CODE[code.trim()] ?? code
}

/** What the header parts share for one document. */
type UblDocument = { inv: Invoice; kind: UblKind; options: WriteUblOptions; isCreditNote: boolean; currency: string }

type Part = (w: XmlTextWriter, d: UblDocument) => void

/** The writer's parts by top-level element name; `kind.order` puts them in sequence. */
const PARTS: Readonly<Record<string, Part>> = {
  CustomizationID: (w, d) => w.leaf('cbc:CustomizationID', d.options.customizationId ?? d.inv.specificationIdentifier),
  ProfileID: (w, d) => w.leaf('cbc:ProfileID', d.options.profileId ?? d.inv.businessProcessType),
  ID: (w, d) => w.text('cbc:ID', d.inv.invoiceNumber),
  IssueDate: (w, d) => w.text('cbc:IssueDate', d.inv.issueDate),
  DueDate: (w, d) => {
    if (!d.isCreditNote) w.leaf('cbc:DueDate', d.inv.dueDate)
  },
  TypeCode: (w, d) => w.leaf(`cbc:${d.kind.typeCodeElement}`, d.inv.typeCode),
  Note: (w, d) => {
    for (const n of d.inv.notes) w.leaf('cbc:Note', noteText(n))
  },
  // A CreditNote's BT-9 travels in PaymentMeans; BT-7 falls back to the CII per-breakdown date.
  TaxPointDate: (w, { inv }) =>
    w.leaf('cbc:TaxPointDate', inv.taxPointDate ?? inv.vatBreakdown.find((b) => b.taxPointDate !== undefined)?.taxPointDate),
  DocumentCurrencyCode: (w, d) => w.leaf('cbc:DocumentCurrencyCode', d.currency),
  TaxCurrencyCode: (w, d) => w.leaf('cbc:TaxCurrencyCode', d.inv.vatAccountingCurrencyCode),
  AccountingCost: (w, d) => w.leaf('cbc:AccountingCost', d.inv.buyerAccountingReference),
  BuyerReference: (w, d) => w.leaf('cbc:BuyerReference', d.inv.buyerReference),
  // UBL-SR-08: one InvoicePeriod, carrying BG-14 and BT-8 together.
  InvoicePeriod: (w, d) => writePeriod(w, d.inv.invoicingPeriod, vatPointDateCode(d.inv)),
  // OrderReference/ID is mandatory: "NA" when only BT-14 is known (EN 16931 UBL binding).
  OrderReference: (w, { inv }) => {
    if (inv.purchaseOrderReference === undefined && inv.salesOrderReference === undefined) return
    w.openOptional('cac:OrderReference')
    w.leaf('cbc:ID', inv.purchaseOrderReference ?? 'NA')
    w.leaf('cbc:SalesOrderID', inv.salesOrderReference)
    w.close()
  },
  BillingReference: (w, d) => {
    for (const p of d.inv.precedingInvoices) {
      w.openOptional('cac:BillingReference')
      w.openOptional('cac:InvoiceDocumentReference')
      w.leaf('cbc:ID', p.id)
      w.leaf('cbc:IssueDate', p.issueDate)
      w.close()
      w.close()
    }
  },
  DespatchDocumentReference: (w, d) => w.wrapped('cac:DespatchDocumentReference', 'cbc:ID', d.inv.despatchAdviceReference),
  ReceiptDocumentReference: (w, d) => w.wrapped('cac:ReceiptDocumentReference', 'cbc:ID', d.inv.receivingAdviceReference),
  OriginatorDocumentReference: (w, d) => w.wrapped('cac:OriginatorDocumentReference', 'cbc:ID', d.inv.tenderOrLotReference),
  ContractDocumentReference: (w, d) => w.wrapped('cac:ContractDocumentReference', 'cbc:ID', d.inv.contractReference),
  AdditionalDocumentReference: (w, d) => writeAdditionalDocuments(w, d.inv, d.isCreditNote),
  ProjectReference: (w, d) => {
    if (!d.isCreditNote) w.wrapped('cac:ProjectReference', 'cbc:ID', d.inv.projectReference)
  },
  AccountingSupplierParty: (w, { inv }) => {
    w.open('cac:AccountingSupplierParty')
    writeParty(w, inv.seller, { creditorId: inv.paymentInstructions?.directDebit?.creditorId })
    w.close()
  },
  AccountingCustomerParty: (w, d) => {
    w.open('cac:AccountingCustomerParty')
    writeParty(w, d.inv.buyer, { singleIdentifier: true })
    w.close()
  },
  PayeeParty: (w, d) => writePayee(w, d.inv.payee),
  TaxRepresentativeParty: (w, d) => writeTaxRepresentative(w, d.inv.sellerTaxRepresentative),
  Delivery: (w, d) => writeDelivery(w, d.inv),
  PaymentMeans: (w, d) => writePaymentMeans(w, d.inv, d.isCreditNote),
  // UBL-SR-05: one payment terms note.
  PaymentTerms: (w, d) => w.wrapped('cac:PaymentTerms', 'cbc:Note', paymentTermsText(d.inv.paymentTermsText)),
  // XRechnung extension BG-DEX-09: kept from a UBL read (CII has no place for it).
  PrepaidPayment: (w, d) => {
    for (const p of d.inv.extension?.thirdPartyPayments ?? []) {
      w.open('cac:PrepaidPayment')
      w.leaf('cbc:ID', p.typeId)
      cbcAmount(w, 'cbc:PaidAmount', p.amount, d.currency)
      w.leaf('cbc:InstructionID', p.description)
      w.close()
    }
  },
  AllowanceCharge: (w, d) => {
    for (const ac of documentAllowancesAndCharges(d.inv)) writeDocumentAllowanceCharge(w, ac, d.currency)
  },
  TaxTotal: (w, d) => writeTaxTotals(w, d.inv),
  LegalMonetaryTotal: (w, { inv, currency }) => writeMonetaryTotal(w, inv.totals, currency, new Set(inv.source?.absentTerms ?? [])),
  Lines: (w, d) => {
    for (const node of ublLineTree(d.inv.lines).roots) writeLine(w, node, d.kind, d.currency)
  },
}

/**
 * cac:AdditionalDocumentReference: BT-18 with DocumentTypeCode 130 (and its scheme), in a
 * CreditNote BT-11 with code 50, then BG-24 without a type code (UBL-SR-43 forbids other codes).
 */
function writeAdditionalDocuments(w: XmlTextWriter, inv: Invoice, isCreditNote: boolean): void {
  const object = inv.invoicedObjectIdentifier
  if (object !== undefined) {
    w.open('cac:AdditionalDocumentReference')
    cbcId(w, 'cbc:ID', object)
    w.text('cbc:DocumentTypeCode', '130')
    w.close()
  }
  if (isCreditNote && inv.projectReference !== undefined) {
    w.open('cac:AdditionalDocumentReference')
    w.leaf('cbc:ID', inv.projectReference)
    w.text('cbc:DocumentTypeCode', '50')
    w.close()
  }
  for (const doc of inv.supportingDocuments) {
    const a = doc.attachment
    w.open('cac:AdditionalDocumentReference')
    w.text('cbc:ID', doc.id)
    w.leaf('cbc:DocumentDescription', doc.description)
    w.openOptional('cac:Attachment')
    if (a !== undefined) w.text('cbc:EmbeddedDocumentBinaryObject', a.base64, attr('mimeCode', a.mimeCode) + attr('filename', a.filename))
    w.wrapped('cac:ExternalReference', 'cbc:URI', doc.externalUri)
    w.close()
    w.close()
  }
}

/** cac:Delivery (BG-13): ActualDeliveryDate, DeliveryLocation (BT-71, BG-15), DeliveryParty (BT-70). */
function writeDelivery(w: XmlTextWriter, inv: Invoice): void {
  const d = inv.delivery
  if (d === undefined) return
  w.openOptional('cac:Delivery')
  w.leaf('cbc:ActualDeliveryDate', d.actualDeliveryDate)
  w.openOptional('cac:DeliveryLocation')
  cbcId(w, 'cbc:ID', d.locationId)
  writeAddress(w, 'cac:Address', d.address)
  w.close()
  w.openOptional('cac:DeliveryParty')
  w.wrapped('cac:PartyName', 'cbc:Name', d.partyName)
  w.close()
  w.close()
}

/**
 * Writes the invoice as UBL 2.1: a CreditNote for the credit note type codes of §8, an Invoice
 * otherwise. Same model and options → same bytes. The document is streamed into an XmlTextWriter
 * in XSD order (no tree is built).
 * @example
 * const xml = writeUbl(readCii(parseXml(bytes)), { customizationId: 'urn:cen.eu:en16931:2017' })
 */
export function writeUbl(inv: Invoice, options: WriteUblOptions = {}): string {
  inv = invoiceArgument(inv, 'invoice')
  options = checkOptions(options, 'options', WRITE_UBL_OPTIONS)
  const kind = ublKindFor(inv.typeCode)
  const doc: UblDocument = { inv, kind, options, isCreditNote: kind === UBL_CREDIT_NOTE, currency: inv.currencyCode }
  const w = new XmlTextWriter(kind.root, { '': kind.ns, cac: NS.cac, cbc: NS.cbc })
  for (const name of kind.order) PARTS[name]?.(w, doc)
  return w.finish()
}
