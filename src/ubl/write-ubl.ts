/**
 * The EN 16931 model → UBL 2.1 Invoice or CreditNote (chosen by BT-3, behaviour doc §8), in the
 * exact element order of the UBL 2.1 XSD, canonical prefixes cbc/cac, deterministic bytes.
 * The specification identifier (BT-24) of the source is kept unless the caller overrides it: an
 * XRechnung CII stays an XRechnung UBL (Mustang's converter replaces it with Peppol's).
 * @module
 */
import { sum } from '../model/decimal.js'
import type { DocumentAllowanceCharge, Invoice, InvoiceNote } from '../model/invoice.js'
import { NS, type XmlNode, el, serializeXml } from '../xml/index.js'
import { UBL_CREDIT_NOTE, UBL_VAT_DATE_CODE, type UblKind, ublKindFor } from './ubl-codes.js'
import { ublLineTree } from './line-tree.js'
import { writeLine, writePeriod } from './write-line.js'
import { writeAddress, writeParty, writePayee, writeTaxRepresentative } from './write-party.js'
import {
  writeDocumentAllowanceCharge,
  writeMonetaryTotal,
  writePaymentMeans,
  writeTaxTotals,
} from './write-settlement.js'
import { cac, cbc, cbcId } from './write-values.js'

export type WriteUblOptions = {
  /** BT-24 to write instead of the invoice's own specification identifier. @default the source's BT-24 */
  customizationId?: string | undefined
  /** BT-23 to write instead of the invoice's own business process type. @default the source's BT-23 */
  profileId?: string | undefined
}

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

/** The writer's parts by top-level element name; `kind.order` puts them in sequence. */
function headerParts(inv: Invoice, kind: UblKind, options: WriteUblOptions): Record<string, (XmlNode | undefined)[]> {
  const isCreditNote = kind === UBL_CREDIT_NOTE
  const currency = inv.currencyCode
  const absent = new Set(inv.source?.absentTerms ?? [])
  const dateCode = vatPointDateCode(inv)
  const hasOrder = inv.purchaseOrderReference !== undefined || inv.salesOrderReference !== undefined
  // A CreditNote's BT-9 travels in PaymentMeans; BT-7 falls back to the CII per-breakdown date.
  const taxPointDate = inv.taxPointDate ?? inv.vatBreakdown.find((b) => b.taxPointDate !== undefined)?.taxPointDate
  return {
    CustomizationID: [cbc('CustomizationID', options.customizationId ?? inv.specificationIdentifier)],
    ProfileID: [cbc('ProfileID', options.profileId ?? inv.businessProcessType)],
    ID: [el('cbc:ID', undefined, inv.invoiceNumber)],
    IssueDate: [el('cbc:IssueDate', undefined, inv.issueDate)],
    DueDate: [isCreditNote ? undefined : cbc('DueDate', inv.dueDate)],
    TypeCode: [cbc(kind.typeCodeElement, inv.typeCode)],
    Note: inv.notes.map((n) => cbc('Note', noteText(n))),
    TaxPointDate: [cbc('TaxPointDate', taxPointDate)],
    DocumentCurrencyCode: [cbc('DocumentCurrencyCode', currency)],
    TaxCurrencyCode: [cbc('TaxCurrencyCode', inv.vatAccountingCurrencyCode)],
    AccountingCost: [cbc('AccountingCost', inv.buyerAccountingReference)],
    BuyerReference: [cbc('BuyerReference', inv.buyerReference)],
    // UBL-SR-08: one InvoicePeriod, carrying BG-14 and BT-8 together.
    InvoicePeriod: [writePeriod(inv.invoicingPeriod, dateCode)],
    // OrderReference/ID is mandatory: "NA" when only BT-14 is known (EN 16931 UBL binding).
    OrderReference: [
      hasOrder
        ? cac('OrderReference', cbc('ID', inv.purchaseOrderReference ?? 'NA'), cbc('SalesOrderID', inv.salesOrderReference))
        : undefined,
    ],
    BillingReference: inv.precedingInvoices.map((p) =>
      cac('BillingReference', cac('InvoiceDocumentReference', cbc('ID', p.id), cbc('IssueDate', p.issueDate))),
    ),
    DespatchDocumentReference: [cac('DespatchDocumentReference', cbc('ID', inv.despatchAdviceReference))],
    ReceiptDocumentReference: [cac('ReceiptDocumentReference', cbc('ID', inv.receivingAdviceReference))],
    OriginatorDocumentReference: [cac('OriginatorDocumentReference', cbc('ID', inv.tenderOrLotReference))],
    ContractDocumentReference: [cac('ContractDocumentReference', cbc('ID', inv.contractReference))],
    AdditionalDocumentReference: additionalDocuments(inv, isCreditNote),
    ProjectReference: [isCreditNote ? undefined : cac('ProjectReference', cbc('ID', inv.projectReference))],
    AccountingSupplierParty: [
      el('cac:AccountingSupplierParty', undefined, writeParty(inv.seller, { creditorId: inv.paymentInstructions?.directDebit?.creditorId })),
    ],
    AccountingCustomerParty: [el('cac:AccountingCustomerParty', undefined, writeParty(inv.buyer, { singleIdentifier: true }))],
    PayeeParty: [writePayee(inv.payee)],
    TaxRepresentativeParty: [writeTaxRepresentative(inv.sellerTaxRepresentative)],
    Delivery: [writeDelivery(inv)],
    PaymentMeans: writePaymentMeans(inv, isCreditNote),
    // UBL-SR-05: one payment terms note.
    PaymentTerms: [cac('PaymentTerms', cbc('Note', paymentTermsText(inv.paymentTermsText)))],
    AllowanceCharge: documentAllowancesAndCharges(inv).map((ac) => writeDocumentAllowanceCharge(ac, currency)),
    TaxTotal: writeTaxTotals(inv),
    LegalMonetaryTotal: [writeMonetaryTotal(inv.totals, currency, absent)],
    Lines: ublLineTree(inv.lines).roots.map((node) => writeLine(node, kind, currency)),
  }
}

/**
 * cac:AdditionalDocumentReference: BT-18 with DocumentTypeCode 130 (and its scheme), in a
 * CreditNote BT-11 with code 50, then BG-24 without a type code (UBL-SR-43 forbids other codes).
 */
function additionalDocuments(inv: Invoice, isCreditNote: boolean): (XmlNode | undefined)[] {
  const object = inv.invoicedObjectIdentifier
  return [
    object === undefined
      ? undefined
      : cac('AdditionalDocumentReference', cbcId('ID', object), el('cbc:DocumentTypeCode', undefined, '130')),
    isCreditNote && inv.projectReference !== undefined
      ? cac('AdditionalDocumentReference', cbc('ID', inv.projectReference), el('cbc:DocumentTypeCode', undefined, '50'))
      : undefined,
    ...inv.supportingDocuments.map((d) => {
      const a = d.attachment
      return cac(
        'AdditionalDocumentReference',
        el('cbc:ID', undefined, d.id),
        cbc('DocumentDescription', d.description),
        cac(
          'Attachment',
          a === undefined
            ? undefined
            : el('cbc:EmbeddedDocumentBinaryObject', { mimeCode: a.mimeCode, filename: a.filename }, a.base64),
          cac('ExternalReference', cbc('URI', d.externalUri)),
        ),
      )
    }),
  ]
}

/** cac:Delivery (BG-13): ActualDeliveryDate, DeliveryLocation (BT-71, BG-15), DeliveryParty (BT-70). */
function writeDelivery(inv: Invoice): XmlNode | undefined {
  const d = inv.delivery
  if (d === undefined) return undefined
  return cac(
    'Delivery',
    cbc('ActualDeliveryDate', d.actualDeliveryDate),
    cac('DeliveryLocation', cbcId('ID', d.locationId), writeAddress('Address', d.address)),
    cac('DeliveryParty', cac('PartyName', cbc('Name', d.partyName))),
  )
}

/** The UBL document as a tree (for callers that post-process it). */
export function buildUbl(inv: Invoice, options: WriteUblOptions = {}): { kind: UblKind; root: XmlNode } {
  const kind = ublKindFor(inv.typeCode)
  const parts = headerParts(inv, kind, options)
  const children = kind.order.flatMap((name) => parts[name] ?? [])
  return { kind, root: el(kind.root, undefined, ...children) }
}

/**
 * Writes the invoice as UBL 2.1: a CreditNote for the credit note type codes of §8, an Invoice
 * otherwise. Same model and options → same bytes.
 * @example
 * const xml = writeUbl(readCii(parseXml(bytes)), { customizationId: 'urn:cen.eu:en16931:2017' })
 */
export function writeUbl(inv: Invoice, options: WriteUblOptions = {}): string {
  const { kind, root } = buildUbl(inv, options)
  return serializeXml(root, { namespaces: { '': kind.ns, cac: NS.cac, cbc: NS.cbc } })
}
