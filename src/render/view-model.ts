/**
 * The semantic invoice → the view model, in the order of KoSIT's visualisation: the overview
 * (seller, buyer, invoice data, lines, allowances/charges, totals, VAT breakdown, payment, notes),
 * then the line details, references, delivery, payee and tax representative, further parties and
 * attachments. Every business term the model carries has a place here; the render tests walk the
 * model and check that each value appears.
 * @module
 */
import type { DocumentAllowanceCharge, Invoice } from '../model/invoice.js'
import { codeNameOnly } from './codes.js'
import type { Language } from './i18n/index.js'
import { type ViewContext, documentKind, viewContext } from './view-context.js'
import { lineSections, linesTable } from './view-lines.js'
import { BUYER_TERMS, SELLER_TERMS, addressFields, partyFields, payeeFields, taxRepresentativeFields } from './view-parties.js'
import { paymentSection } from './view-payment.js'
import { FieldList, type InvoiceView, type ViewSection, type ViewTable, section, table } from './view-types.js'

function invoiceData(c: ViewContext, inv: Invoice): FieldList {
  const { t } = c
  const ext = inv.extension
  const period = inv.invoicingPeriod
  return new FieldList()
    .add(t.invoiceNumber, inv.invoiceNumber, 'BT-1')
    .add(t.issueDate, c.date(inv.issueDate), 'BT-2')
    .add(t.documentType, c.code('documentType', inv.typeCode), 'BT-3')
    .add(t.documentName, ext?.documentName)
    .add(t.currency, c.code('currency', inv.currencyCode), 'BT-5')
    .add(t.vatAccountingCurrency, c.code('currency', inv.vatAccountingCurrencyCode), 'BT-6')
    .add(t.taxPointDate, c.date(inv.taxPointDate), 'BT-7')
    .add(t.vatPointDateCode, c.code('vatDate', inv.vatPointDateCode), 'BT-8')
    .add(t.periodStart, c.date(period?.startDate), 'BT-73')
    .add(t.periodEnd, c.date(period?.endDate), 'BT-74')
    .add(t.periodDescription, period?.description)
    .add(t.buyerReference, inv.buyerReference, 'BT-10')
    .add(t.projectReference, inv.projectReference, 'BT-11')
    .add(t.projectName, inv.projectName)
    .add(t.contractReference, inv.contractReference, 'BT-12')
    .add(t.contractDate, c.date(ext?.contractIssueDate))
    .add(t.purchaseOrderReference, inv.purchaseOrderReference, 'BT-13')
    .add(t.purchaseOrderDate, c.date(ext?.purchaseOrderIssueDate))
    .add(t.salesOrderReference, inv.salesOrderReference, 'BT-14')
    .add(t.receivingAdviceReference, inv.receivingAdviceReference, 'BT-15')
    .add(t.despatchAdviceReference, inv.despatchAdviceReference, 'BT-16')
    .add(t.tenderOrLotReference, inv.tenderOrLotReference, 'BT-17')
    .add(t.invoicedObjectIdentifier, c.id(inv.invoicedObjectIdentifier), 'BT-18')
    .add(t.buyerAccountingReference, inv.buyerAccountingReference, 'BT-19')
    .add(t.businessProcessType, inv.businessProcessType, 'BT-23')
    .add(t.specificationIdentifier, inv.specificationIdentifier, 'BT-24')
    .add(t.purposeCode, ext?.purposeCode)
    .add(t.testIndicator, c.yesNo(ext?.testIndicator))
    .add(t.sourceSyntax, inv.source?.syntax)
}

function allowanceChargeTable(c: ViewContext, items: readonly DocumentAllowanceCharge[], caption: string): ViewTable | undefined {
  const { t } = c
  return table(
    [
      { label: t.kind },
      { label: t.reason },
      { label: t.reasonCode },
      { label: t.baseAmount, numeric: true },
      { label: t.percentage, numeric: true },
      { label: t.amount, numeric: true },
      { label: t.vatCategory },
      { label: t.vatRate, numeric: true },
    ],
    items.map((a) => [
      a.isCharge ? t.charge : t.allowance,
      a.reason,
      a.reasonCode === undefined ? undefined : c.code(a.isCharge ? 'chargeReason' : 'allowanceReason', a.reasonCode),
      c.amount(a.baseAmount),
      c.percent(a.percentage),
      c.amount(a.amount),
      c.code('vatCategory', a.vatCategoryCode),
      c.percent(a.vatRate),
    ]),
    caption,
  )
}

function totals(c: ViewContext, inv: Invoice): FieldList {
  const { t } = c
  const s = inv.totals
  return new FieldList()
    .add(t.sumOfLineNetAmounts, c.money(s.sumOfLineNetAmounts), 'BT-106')
    .add(t.sumOfAllowances, c.money(s.sumOfAllowances), 'BT-107')
    .add(t.sumOfCharges, c.money(s.sumOfCharges), 'BT-108')
    .add(t.totalWithoutVat, c.money(s.invoiceTotalWithoutVat), 'BT-109')
    .add(t.totalVatAmount, c.money(s.invoiceTotalVatAmount), 'BT-110')
    .add(t.totalVatAmountAccounting, c.money(s.invoiceTotalVatAmountInAccountingCurrency, inv.vatAccountingCurrencyCode ?? inv.currencyCode), 'BT-111')
    .add(t.totalWithVat, c.money(s.invoiceTotalWithVat), 'BT-112')
    .add(t.paidAmount, c.money(s.paidAmount), 'BT-113')
    .add(t.roundingAmount, c.money(s.roundingAmount), 'BT-114')
    .add(t.amountDue, c.money(s.amountDueForPayment), 'BT-115')
}

/** XRechnung's third-party payments (BG-DEX-09): part of the amount due, so shown with the totals. */
function thirdPartyTable(c: ViewContext, inv: Invoice): ViewTable | undefined {
  const { t } = c
  return table(
    [{ label: t.thirdPartyPaymentType }, { label: t.description }, { label: t.amount, numeric: true }],
    (inv.extension?.thirdPartyPayments ?? []).map((p) => [p.typeId, p.description, c.amount(p.amount)]),
    t.thirdPartyPayments,
  )
}

function vatTable(c: ViewContext, inv: Invoice): ViewTable | undefined {
  const { t } = c
  return table(
    [
      { label: t.vatCategory },
      { label: t.vatRate, numeric: true },
      { label: t.taxableAmount, numeric: true },
      { label: t.taxAmount, numeric: true },
      { label: t.exemptionReason },
      { label: t.exemptionReasonCode },
      { label: t.vatPointDateCode },
      { label: t.taxPointDate },
    ],
    inv.vatBreakdown.map((v) => [
      c.code('vatCategory', v.categoryCode),
      c.percent(v.rate),
      c.amount(v.taxableAmount),
      c.amount(v.taxAmount),
      v.exemptionReason,
      c.code('vatex', v.exemptionReasonCode),
      c.code('vatDate', v.dueDateTypeCode),
      c.date(v.taxPointDate),
    ]),
    t.vatBreakdown,
  )
}

function notesTable(c: ViewContext, inv: Invoice): ViewTable | undefined {
  const { t } = c
  return table(
    [{ label: t.noteSubject }, { label: t.noteText }, { label: t.noteContentCode }],
    inv.notes.map((n) => [c.code('textSubject', n.subjectCode), n.text, n.contentCode]),
  )
}

function referencesTables(c: ViewContext, inv: Invoice): (ViewTable | undefined)[] {
  const { t } = c
  return [
    table(
      [{ label: t.precedingInvoice }, { label: t.issueDate }, { label: t.typeCode }],
      inv.precedingInvoices.map((p) => [p.id, c.date(p.issueDate), c.code('documentType', p.typeCode)]),
      t.precedingInvoices,
    ),
    table(
      [{ label: t.documentId }, { label: t.typeCode }, { label: t.description }, { label: t.externalUri }, { label: t.attachment }, { label: t.issueDate }],
      inv.supportingDocuments.map((d) => [d.id, d.typeCode, d.description, d.externalUri, d.attachment?.filename, c.date(d.issueDate)]),
      t.supportingDocuments,
    ),
  ]
}

function attachmentsTable(c: ViewContext, inv: Invoice): ViewTable | undefined {
  const { t } = c
  const rows = inv.supportingDocuments.flatMap((d) => {
    const a = d.attachment
    if (a === undefined) return []
    // base64 → decoded size without decoding: 3 bytes per 4 characters, minus padding.
    const clean = a.base64.replace(/\s+/g, '')
    const size = Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0)
    return [[a.filename, a.mimeCode, `${size.toLocaleString('en').replace(/,/g, c.language === 'EN' ? ',' : '.')} ${t.bytes}`, d.id]]
  })
  return table([{ label: t.fileName }, { label: t.mimeCode }, { label: t.size, numeric: true }, { label: t.documentId }], rows)
}

function deliveryFields(c: ViewContext, inv: Invoice): FieldList {
  const { t } = c
  const d = inv.delivery
  const f = new FieldList()
  if (d === undefined) return f
  f.add(t.deliverToName, d.partyName, 'BT-70')
    .add(t.deliverToLocation, c.id(d.locationId), 'BT-71')
    .add(t.actualDeliveryDate, c.date(d.actualDeliveryDate), 'BT-72')
    .addAll(addressFields(c, d.address, ['BT-75', 'BT-76', 'BT-165', 'BT-77', 'BT-78', 'BT-79', 'BT-80']))
    .add(t.deliveryTermsCode, d.deliveryTermsCode)
  if (d.deliveryNoteReference !== undefined) {
    const r = d.deliveryNoteReference
    f.add(t.deliveryNoteReference, r.issueDate === undefined ? r.id : `${r.id} (${c.date(r.issueDate) ?? ''})`)
  }
  for (const [label, party] of [[t.shipTo, d.party], [t.ultimateShipTo, d.ultimateShipTo], [t.shipFrom, d.shipFrom]] as const) {
    for (const p of partyFields(c, party)) f.add(`${label}: ${p.label}`, p.value)
  }
  return f
}

function otherParties(c: ViewContext, inv: Invoice): ViewSection[] {
  const { t } = c
  const ext = inv.extension
  const named: [string, string, Parameters<typeof partyFields>[1]][] = [
    ['invoicer', t.invoicer, ext?.invoicer],
    ['invoicee', t.invoicee, ext?.invoicee],
    ...Object.entries(ext?.otherParties ?? {}).map(([role, p]): [string, string, typeof p] => [`party-${role}`, role, p]),
  ]
  const found = named.map(([id, title, p]) => section(id, title, 3, partyFields(c, p))).filter((s): s is ViewSection => s !== undefined)
  if (found.length === 0) return []
  return [{ id: 'parties', title: t.furtherParties, level: 2, fields: [], tables: [] }, ...found]
}

function readingNotes(c: ViewContext, inv: Invoice): ViewSection | undefined {
  const { t } = c
  const src = inv.source
  if (src === undefined) return undefined
  const f = new FieldList().add(t.absentTerms, src.absentTerms.join(', '))
  return section('reading', t.readingNotes, 2, f.fields, [
    table(
      [{ label: t.path }, { label: t.position }, { label: t.message }],
      src.problems.map((p) => [p.path, `${p.line}:${p.column}`, p.message]),
    ),
  ])
}

/**
 * Builds the localised view of an invoice.
 * @example
 * const view = buildInvoiceView(readInvoice(xml), 'DE')
 */
export function buildInvoiceView(inv: Invoice, language: Language): InvoiceView {
  const c = viewContext(language, inv.currencyCode, documentKind(inv))
  const { t } = c
  const docAc = inv.allowancesAndCharges
  const sections: (ViewSection | undefined)[] = [
    { id: 'overview', title: t.overview, level: 2, fields: [], tables: [] },
    section('seller', t.seller, 3, partyFields(c, inv.seller, SELLER_TERMS)),
    section('buyer', t.buyer, 3, partyFields(c, inv.buyer, BUYER_TERMS)),
    section('invoice-data', t.invoiceData, 3, invoiceData(c, inv).fields),
    section('lines', t.lines, 3, [], [linesTable(c, inv.lines)]),
    section('allowances-charges', t.documentAllowancesCharges, 3, [], [
      allowanceChargeTable(c, docAc, t.documentAllowancesCharges),
      allowanceChargeTable(c, inv.extension?.logisticsServiceCharges ?? [], t.logisticsServiceCharges),
    ]),
    section('totals', t.totals, 3, totals(c, inv).fields, [thirdPartyTable(c, inv)]),
    section('vat-breakdown', t.vatBreakdown, 3, [], [vatTable(c, inv)]),
    paymentSection(c, inv),
    section('notes', t.notes, 3, [], [notesTable(c, inv)]),
    { id: 'details', title: t.lineDetails, level: 2, fields: [], tables: [] },
    ...lineSections(c, inv.lines),
    section('references', t.references, 2, [], referencesTables(c, inv)),
    section('delivery', t.delivery, 2, deliveryFields(c, inv).fields),
    section('payee', t.payee, 2, payeeFields(c, inv.payee)),
    section('tax-representative', t.taxRepresentative, 2, taxRepresentativeFields(c, inv.sellerTaxRepresentative)),
    ...otherParties(c, inv),
    section('attachments', t.attachments, 2, [], [attachmentsTable(c, inv)]),
    readingNotes(c, inv),
  ]
  const typeName = codeNameOnly('documentType', inv.typeCode, language) ?? t.invoice
  return {
    language,
    title: `${typeName} ${inv.invoiceNumber}`.trim(),
    sections: sections.filter((s): s is ViewSection => s !== undefined),
    page: { pageOf: t.pageOf, generatedBy: t.generatedBy },
  }
}
