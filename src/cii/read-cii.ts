/**
 * CII D16B `CrossIndustryInvoice` (every profile: MINIMUM … EXTENDED, XRechnung, Factur-X,
 * ZUGFeRD 2.x) → the EN 16931 model. The same engine reads ZUGFeRD 1 and Order-X through their
 * dialect rows (dialect.ts). Elements are matched by namespace URI + local name; unknown content
 * is ignored; nothing the model can hold is dropped.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { type Decimal, sum } from '../model/decimal.js'
import type { DeliveryInformation, DocumentAllowanceCharge, Invoice, InvoiceExtension, Party, SupportingDocument } from '../model/invoice.js'
import type { XmlDocument, XmlElement } from '../xml/index.js'
import { CII_DIALECT, type CiiDialect } from './dialect.js'
import { CiiReadContext } from './read-context.js'
import { firstDate, numberLinesWithoutId, readLine, readNote, readPeriod } from './read-line.js'
import { compact, hasMoreThanShipTo, readParty, readPayee, readTaxRepresentative } from './read-party.js'
import {
  readDocumentAllowanceCharge,
  readLogisticsCharge,
  readPaymentMeans,
  readPaymentTerm,
  readPrecedingInvoice,
  readTotals,
  readVatBreakdown,
} from './read-settlement.js'
import { completeZf1Lines } from './read-zf1-lines.js'

/** EXTENDED parties without an EN 16931 home, kept by their CII element name. */
const OTHER_AGREEMENT_PARTIES = [
  'BuyerTaxRepresentativeTradeParty',
  'ProductEndUserTradeParty',
  'SalesAgentTradeParty',
  'BuyerRequisitionerTradeParty',
  'BuyerAgentTradeParty',
] as const

/** Reads a CII D16B CrossIndustryInvoice. */
export function readCii(doc: XmlDocument): Invoice {
  return readCiiFamily(doc, CII_DIALECT)
}

function requireRoot(doc: XmlDocument, d: CiiDialect): void {
  const root = doc.root
  if (root.local !== d.rootLocal || root.ns !== d.rootNs) {
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      `line ${root.line}, column ${root.column}: expected a ${d.displayName} ({${d.rootNs}}${d.rootLocal}), found ${root.qname} in namespace "${root.ns}"`,
      { details: { line: String(root.line), column: String(root.column), root: root.qname } },
    )
  }
}

/** BT-17 (TypeCode 50), BT-18 (130) and BG-24 (916 and EXTENDED others) share one CII element. */
function readAdditionalDocuments(cx: CiiReadContext, agreement: XmlElement | undefined) {
  const d = cx.dialect
  let tender: string | undefined
  let object: { value: string; schemeId?: string | undefined } | undefined
  const supporting: SupportingDocument[] = []
  for (const el of cx.all(agreement, 'AdditionalReferencedDocument')) {
    const id = cx.firstText(el, d.referenceId)
    const typeCode = cx.text(el, 'TypeCode')
    if (typeCode === '50' && tender === undefined && id !== undefined) {
      tender = id
      continue
    }
    if (typeCode === '130' && object === undefined && id !== undefined) {
      object = compact({ value: id, schemeId: cx.text(el, 'ReferenceTypeCode') })
      continue
    }
    const binary = cx.el(el, 'AttachmentBinaryObject')
    const base64 = binary?.text.replace(/\s+/g, '')
    if (id === undefined) cx.absent('BT-122')
    supporting.push(
      compact<SupportingDocument>({
        id: id ?? '',
        description: cx.text(el, 'Name'),
        attachment:
          binary === undefined || base64 === undefined || base64 === ''
            ? undefined
            : { base64, mimeCode: cx.attr(binary, 'mimeCode') ?? '', filename: cx.attr(binary, 'filename') ?? '' },
        externalUri: cx.text(el, 'URIID'),
        typeCode,
        issueDate: firstDate(cx, el, d.referenceDate),
      }),
    )
  }
  return { tender, object, supporting }
}

/** BG-13 from the header delivery: BT-70/71/72, BG-15 and the EXTENDED parties and terms. */
function readDelivery(cx: CiiReadContext, delivery: XmlElement | undefined, agreement: XmlElement | undefined): DeliveryInformation | undefined {
  const shipTo = readParty(cx, cx.el(delivery, 'ShipToTradeParty'))
  const note = cx.el(delivery, 'DeliveryNoteReferencedDocument')
  const noteId = cx.firstText(note, cx.dialect.referenceId)
  const info = compact<DeliveryInformation>({
    partyName: shipTo?.name,
    // BT-71: the ship-to's global id (with scheme), or its plain id.
    locationId: shipTo?.identifiers.find((i) => i.schemeId !== undefined) ?? shipTo?.identifiers[0],
    actualDeliveryDate: cx.date(delivery, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime'),
    address: shipTo?.address,
    party: shipTo !== undefined && hasMoreThanShipTo(shipTo) ? shipTo : undefined,
    ultimateShipTo: readParty(cx, cx.el(delivery, 'UltimateShipToTradeParty')),
    shipFrom: readParty(cx, cx.el(delivery, 'ShipFromTradeParty')),
    deliveryTermsCode: cx.text(agreement, 'ApplicableTradeDeliveryTerms', 'DeliveryTypeCode'),
    deliveryNoteReference:
      noteId === undefined ? undefined : compact({ id: noteId, issueDate: firstDate(cx, note as XmlElement, cx.dialect.referenceDate) }),
  })
  return Object.keys(info).length === 0 ? undefined : info
}

function emptyParty(cx: CiiReadContext, term: string): Party {
  cx.absent(term)
  return { identifiers: [] }
}

/**
 * The seller (BG-4) or buyer (BG-7), noting a missing name (BT-27, BT-44: required in every
 * profile) as the views' "required terms missing" list notes the others; a party written without
 * its name was shown without a word.
 */
function tradeParty(cx: CiiReadContext, el: XmlElement | undefined, group: string, nameTerm: string): Party {
  const party = readParty(cx, el) ?? emptyParty(cx, group)
  if (el !== undefined && party.name === undefined) cx.absent(nameTerm)
  return party
}

/** Reads any CII-family document with the given dialect row. */
export function readCiiFamily(doc: XmlDocument, d: CiiDialect): Invoice {
  requireRoot(doc, d)
  const cx = new CiiReadContext(d)
  const root = doc.root
  const rsm = (local: string) => root.children.find((c) => c.local === local && c.ns === d.rootNs)
  const context = rsm(d.context)
  const header = rsm(d.document)
  const transaction = rsm(d.transaction)
  const agreement = cx.el(transaction, d.headerAgreement)
  const delivery = cx.el(transaction, d.headerDelivery)
  const settlement = cx.el(transaction, d.headerSettlement)

  const lines = cx.all(transaction, 'IncludedSupplyChainTradeLineItem').map((el) => readLine(cx, el))
  numberLinesWithoutId(lines)
  const currency = cx.firstText(settlement, d.currency)
  const taxCurrency = cx.text(settlement, 'TaxCurrencyCode')
  const allowancesAndCharges = cx.all(settlement, 'SpecifiedTradeAllowanceCharge').map((el) => readDocumentAllowanceCharge(cx, el))
  const logistics: DocumentAllowanceCharge[] = cx.all(settlement, 'SpecifiedLogisticsServiceCharge').map((el) => readLogisticsCharge(cx, el))
  const terms = cx.all(settlement, 'SpecifiedTradePaymentTerms').map((el) => readPaymentTerm(cx, el))
  const means = cx.all(settlement, 'SpecifiedTradeSettlementPaymentMeans').map((el) => readPaymentMeans(cx, el))
  const mandate = terms.find((t) => t.directDebitMandateId !== undefined)?.directDebitMandateId
  const creditorId = cx.text(settlement, 'CreditorReferenceID')
  const remittance = cx.text(settlement, 'PaymentReference')
  const refs = readAdditionalDocuments(cx, agreement)
  const project = cx.el(agreement, 'SpecifiedProcuringProject')
  const order = cx.el(agreement, 'BuyerOrderReferencedDocument')
  const contract = cx.el(agreement, 'ContractReferencedDocument')
  const otherParties: Record<string, Party> = {}
  for (const role of OTHER_AGREEMENT_PARTIES) {
    const party = readParty(cx, cx.el(agreement, role))
    if (party !== undefined) otherParties[role] = party
  }
  const lineSum = (): Decimal => sum(lines.map((l) => l.netAmount))

  const number = cx.text(header, 'ID')
  const issueDate = cx.date(header, 'IssueDateTime')
  const typeCode = cx.text(header, 'TypeCode')
  // BT-24 is the first guideline parameter's id wherever it sits, as the official BR-01 reads it
  // (`normalize-space(rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID)`
  // takes every context and every parameter): a parameter without an id before it hides nothing.
  const specification = cx.textOf(
    root.children
      .filter((c) => c.local === d.context && c.ns === d.rootNs)
      .flatMap((c) => cx.all(c, 'GuidelineSpecifiedDocumentContextParameter'))
      .map((g) => cx.el(g, 'ID'))
      .find((id) => id !== undefined),
  )
  if (number === undefined) cx.absent('BT-1')
  if (issueDate === undefined) cx.absent('BT-2')
  if (typeCode === undefined) cx.absent('BT-3')
  if (currency === undefined) cx.absent('BT-5')
  if (specification === undefined) cx.absent('BT-24')

  const extension = compact<InvoiceExtension>({
    documentName: cx.text(header, 'Name'),
    testIndicator: cx.indicator(context, 'TestIndicator'),
    invoicer: readParty(cx, cx.el(settlement, 'InvoicerTradeParty')),
    invoicee: readParty(cx, cx.el(settlement, 'InvoiceeTradeParty')),
    otherParties: Object.keys(otherParties).length > 0 ? otherParties : undefined,
    paymentTerms: terms.length > 1 || (terms[0] !== undefined && Object.keys(terms[0]).some((k) => k !== 'description' && k !== 'dueDate')) ? terms : undefined,
    purchaseOrderIssueDate: order === undefined ? undefined : firstDate(cx, order, d.referenceDate),
    contractIssueDate: contract === undefined ? undefined : firstDate(cx, contract, d.referenceDate),
    logisticsServiceCharges: logistics.length > 0 ? logistics : undefined,
    purposeCode: cx.text(header, 'PurposeCode'),
  })
  const firstBreakdown = cx.el(settlement, 'ApplicableTradeTax')

  const invoice = compact<Invoice>({
    invoiceNumber: number ?? '',
    issueDate: issueDate ?? '',
    typeCode: typeCode ?? '',
    currencyCode: currency ?? '',
    vatAccountingCurrencyCode: taxCurrency,
    // BT-7 and BT-8 sit in each breakdown in CII; the document-level value is the first one's.
    taxPointDate: cx.date(firstBreakdown, 'TaxPointDate'),
    vatPointDateCode: cx.text(firstBreakdown, 'DueDateTypeCode'),
    dueDate: terms.find((t) => t.dueDate !== undefined)?.dueDate,
    buyerReference: cx.text(agreement, 'BuyerReference'),
    projectReference: cx.text(project, 'ID'),
    projectName: cx.text(project, 'Name'),
    contractReference: cx.firstText(contract, d.referenceId),
    purchaseOrderReference: cx.firstText(order, d.referenceId),
    salesOrderReference: cx.firstText(cx.el(agreement, 'SellerOrderReferencedDocument'), d.referenceId),
    receivingAdviceReference: cx.firstText(cx.el(delivery, 'ReceivingAdviceReferencedDocument'), d.referenceId),
    despatchAdviceReference: cx.firstText(cx.el(delivery, 'DespatchAdviceReferencedDocument'), d.referenceId),
    tenderOrLotReference: refs.tender,
    invoicedObjectIdentifier: refs.object,
    buyerAccountingReference: cx.text(settlement, 'ReceivableSpecifiedTradeAccountingAccount', 'ID'),
    paymentTermsText: terms.find((t) => t.description !== undefined)?.description,
    notes: cx
      .all(header, 'IncludedNote')
      .map((el) => readNote(cx, el))
      .filter((n) => n !== undefined),
    businessProcessType: cx.text(context, 'BusinessProcessSpecifiedDocumentContextParameter', 'ID'),
    specificationIdentifier: specification ?? '',
    precedingInvoices: cx.all(settlement, 'InvoiceReferencedDocument').map((el) => readPrecedingInvoice(cx, el)),
    seller: tradeParty(cx, cx.el(agreement, 'SellerTradeParty'), 'BG-4', 'BT-27'),
    buyer: tradeParty(cx, cx.el(agreement, 'BuyerTradeParty'), 'BG-7', 'BT-44'),
    payee: readPayee(cx, cx.el(settlement, 'PayeeTradeParty')),
    sellerTaxRepresentative: readTaxRepresentative(cx, cx.el(agreement, 'SellerTaxRepresentativeTradeParty')),
    delivery: readDelivery(cx, delivery, agreement),
    invoicingPeriod: readPeriod(cx, cx.el(settlement, 'BillingSpecifiedPeriod')),
    paymentInstructions:
      means.length === 0 && remittance === undefined && mandate === undefined && creditorId === undefined
        ? undefined
        : compact({
            means,
            remittanceInformation: remittance,
            directDebit: mandate === undefined && creditorId === undefined ? undefined : compact({ mandateReference: mandate, creditorId }),
          }),
    allowancesAndCharges,
    totals: readTotals(cx, cx.el(settlement, d.headerSummation), currency ?? '', taxCurrency, lineSum),
    vatBreakdown: cx.all(settlement, 'ApplicableTradeTax').map((el) => readVatBreakdown(cx, el)),
    supportingDocuments: refs.supporting,
    lines,
    extension: Object.keys(extension).length > 0 ? extension : undefined,
  })
  // ZUGFeRD 1 BASIC has no line price and no line VAT: derived from what the document gives.
  if (d.syntax === 'ZUGFeRD1') {
    completeZf1Lines(cx, lines, cx.absentTerms.includes('BT-106') ? undefined : invoice.totals.sumOfLineNetAmounts, invoice.vatBreakdown)
  }
  invoice.source = { syntax: d.syntax, absentTerms: cx.absentTerms, problems: cx.problems, categoryCodesAsWritten: cx.categoryCodesAsWritten, otherTaxSchemes: cx.otherTaxSchemes, absentIn: cx.absentIn, blankIn: cx.blankIn, negativeZeroIn: cx.negativeZeroIn, otherAllowanceTaxes: cx.otherAllowanceTaxes.length > 0 ? cx.otherAllowanceTaxes : undefined, otherLineTaxes: cx.otherLineTaxes.size > 0 ? cx.otherLineTaxes : undefined }
  return invoice
}
