/**
 * The EN 16931 semantic invoice: every business term (BT) and group (BG), named in plain English
 * with the id beside it. CII, UBL, ZUGFeRD 1, Order-X and the Mustang JSON are adapters around
 * this one model. Content that only Factur-X/ZUGFeRD EXTENDED (or Mustang's JSON) can carry lives
 * in fields marked "EXTENDED", so nothing a reader finds is dropped.
 * @module
 */
import type { Decimal } from './decimal.js'

/** A calendar date as `YYYY-MM-DD`. Never a point in time, so never shifted by a time zone. */
export type CalendarDate = string

/** An identifier with an optional scheme (e.g. BT-29 with BT-29-1, BT-157 with BT-157-1). */
export type Identifier = {
  value: string
  schemeId?: string | undefined
  /** The scheme version (BT-158-2), used by item classifications only. */
  schemeVersion?: string | undefined
}

/** A binary object: BT-125 with its MIME code (BT-125-1) and file name (BT-125-2). */
export type BinaryObject = {
  /** The content as it was in the document, base64-encoded. */
  base64: string
  mimeCode: string
  filename: string
}

/** BG-1 INVOICE NOTE. */
export type InvoiceNote = {
  subjectCode?: string | undefined /* BT-21 */
  text: string /* BT-22 */
  /** EXTENDED: CII IncludedNote/ContentCode. */
  contentCode?: string | undefined
}

/** BG-3 PRECEDING INVOICE REFERENCE. */
export type PrecedingInvoiceReference = {
  id: string /* BT-25 */
  issueDate?: CalendarDate | undefined /* BT-26 */
  /** EXTENDED: the type code of the referenced invoice. */
  typeCode?: string | undefined
}

/** BG-5 / BG-8 / BG-12 / BG-15 postal address. */
export type PostalAddress = {
  line1?: string | undefined /* BT-35, BT-50, BT-64, BT-75 */
  line2?: string | undefined /* BT-36, BT-51, BT-65, BT-76 */
  line3?: string | undefined /* BT-162, BT-163, BT-164, BT-165 */
  city?: string | undefined /* BT-37, BT-52, BT-66, BT-77 */
  postCode?: string | undefined /* BT-38, BT-53, BT-67, BT-78 */
  countrySubdivision?: string | undefined /* BT-39, BT-54, BT-68, BT-79 */
  countryCode?: string | undefined /* BT-40, BT-55, BT-69, BT-80 (mandatory where the address is) */
}

/** BG-6 / BG-9 contact. */
export type Contact = {
  name?: string | undefined /* BT-41, BT-56 */
  telephone?: string | undefined /* BT-42, BT-57 */
  email?: string | undefined /* BT-43, BT-58 */
  /** EXTENDED: department name, fax number, contact type code. */
  department?: string | undefined
  fax?: string | undefined
  typeCode?: string | undefined
}

/** BG-4 SELLER and BG-7 BUYER share one shape; extension parties (invoicer, invoicee ...) too. */
export type Party = {
  name?: string | undefined /* BT-27, BT-44 */
  tradingName?: string | undefined /* BT-28, BT-45 */
  /** BT-29 / BT-46: seller or buyer identifiers; a global id carries its ICD scheme. */
  identifiers: Identifier[]
  legalRegistrationId?: Identifier | undefined /* BT-30, BT-47 (+ BT-30-1, BT-47-1) */
  vatIdentifier?: string | undefined /* BT-31, BT-48 */
  taxRegistrationId?: string | undefined /* BT-32 (seller tax registration, scheme FC) */
  additionalLegalInformation?: string | undefined /* BT-33 */
  electronicAddress?: Identifier | undefined /* BT-34, BT-49 (+ scheme BT-34-1, BT-49-1) */
  address?: PostalAddress | undefined /* BG-5, BG-8 */
  contact?: Contact | undefined /* BG-6, BG-9 */
  /** EXTENDED: further contacts after the first. */
  additionalContacts?: Contact[] | undefined
  /** EXTENDED: the party role code (CII RoleCode). */
  roleCode?: string | undefined
}

/** BG-10 PAYEE. */
export type Payee = {
  name: string /* BT-59 */
  identifier?: Identifier | undefined /* BT-60 */
  legalRegistrationId?: Identifier | undefined /* BT-61 */
  /** EXTENDED: payee address, tax registration. */
  address?: PostalAddress | undefined
  vatIdentifier?: string | undefined
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY. */
export type TaxRepresentative = {
  name: string /* BT-62 */
  vatIdentifier: string /* BT-63 */
  address?: PostalAddress | undefined /* BG-12 */
}

/** BG-13 DELIVERY INFORMATION. */
export type DeliveryInformation = {
  partyName?: string | undefined /* BT-70 */
  locationId?: Identifier | undefined /* BT-71 (+ BT-71-1) */
  actualDeliveryDate?: CalendarDate | undefined /* BT-72 */
  address?: PostalAddress | undefined /* BG-15 */
  /** EXTENDED: full ship-to party details beyond BT-70/71. */
  party?: Party | undefined
  /** EXTENDED: the ultimate ship-to (end customer) party. */
  ultimateShipTo?: Party | undefined
  /** EXTENDED: ship-from party. */
  shipFrom?: Party | undefined
  /** EXTENDED: delivery terms code (Incoterms, CII DeliveryTypeCode). */
  deliveryTermsCode?: string | undefined
  /** EXTENDED: delivery note reference with its date. */
  deliveryNoteReference?: { id: string; issueDate?: CalendarDate | undefined } | undefined
}

/** BG-14 INVOICING PERIOD, BG-26 INVOICE LINE PERIOD. */
export type Period = {
  startDate?: CalendarDate | undefined /* BT-73, BT-134 */
  endDate?: CalendarDate | undefined /* BT-74, BT-135 */
  /** EXTENDED: the period's description. */
  description?: string | undefined
}

/** BG-17 CREDIT TRANSFER. */
export type CreditTransfer = {
  accountId: string /* BT-84: IBAN or proprietary id */
  /** True when BT-84 is a proprietary account id (CII ProprietaryID) rather than an IBAN. */
  proprietary?: boolean | undefined
  accountName?: string | undefined /* BT-85 */
  serviceProviderId?: string | undefined /* BT-86 (BIC) */
}

/** BG-18 PAYMENT CARD INFORMATION. */
export type PaymentCard = {
  primaryAccountNumber: string /* BT-87 */
  holderName?: string | undefined /* BT-88 */
  /** UBL CardAccount/NetworkID (VISA, MC ...): mandatory in the UBL XSD, no business term. */
  networkId?: string | undefined
}

/** BG-19 DIRECT DEBIT. */
export type DirectDebit = {
  mandateReference?: string | undefined /* BT-89 */
  creditorId?: string | undefined /* BT-90 */
  debitedAccountId?: string | undefined /* BT-91 */
}

/** One payment means of BG-16 PAYMENT INSTRUCTIONS (CII and UBL allow several). */
export type PaymentMeans = {
  typeCode: string /* BT-81 (UNTDID 4461) */
  text?: string | undefined /* BT-82 */
  creditTransfers: CreditTransfer[] /* BG-17 */
  card?: PaymentCard | undefined /* BG-18 */
  /** BT-91 in CII sits per payment means (PayerPartyDebtorFinancialAccount). */
  debitedAccountId?: string | undefined
  /** EXTENDED: payer financial institution (BIC of the debited account). */
  payerBic?: string | undefined
}

/** BG-16 PAYMENT INSTRUCTIONS. */
export type PaymentInstructions = {
  means: PaymentMeans[]
  remittanceInformation?: string | undefined /* BT-83 */
  directDebit?: DirectDebit | undefined /* BG-19 (BT-89, BT-90; BT-91 is per means) */
}

/** EXTENDED payment terms: CII may carry several SpecifiedTradePaymentTerms blocks. */
export type PaymentTerm = {
  description?: string | undefined
  dueDate?: CalendarDate | undefined
  directDebitMandateId?: string | undefined
  partialPaymentAmount?: Decimal | undefined
  discount?: PaymentDiscountTerms | undefined
  penalty?: PaymentDiscountTerms | undefined
}

export type PaymentDiscountTerms = {
  basisDate?: CalendarDate | undefined
  basisPeriodMeasure?: Decimal | undefined
  basisPeriodUnitCode?: string | undefined
  basisAmount?: Decimal | undefined
  calculationPercent?: Decimal | undefined
  actualAmount?: Decimal | undefined
}

/** BG-20 DOCUMENT LEVEL ALLOWANCES, BG-21 DOCUMENT LEVEL CHARGES. */
export type DocumentAllowanceCharge = {
  isCharge: boolean
  amount: Decimal /* BT-92, BT-99 */
  baseAmount?: Decimal | undefined /* BT-93, BT-100 */
  percentage?: Decimal | undefined /* BT-94, BT-101 */
  vatCategoryCode: string /* BT-95, BT-102 */
  vatRate?: Decimal | undefined /* BT-96, BT-103 */
  reason?: string | undefined /* BT-97, BT-104 */
  reasonCode?: string | undefined /* BT-98, BT-105 */
}

/** BG-27 INVOICE LINE ALLOWANCES, BG-28 INVOICE LINE CHARGES. */
export type LineAllowanceCharge = {
  isCharge: boolean
  amount: Decimal /* BT-136, BT-141 */
  baseAmount?: Decimal | undefined /* BT-137, BT-142 */
  percentage?: Decimal | undefined /* BT-138, BT-143 */
  reason?: string | undefined /* BT-139, BT-144 */
  reasonCode?: string | undefined /* BT-140, BT-145 */
}

/** BG-22 DOCUMENT TOTALS. */
export type DocumentTotals = {
  sumOfLineNetAmounts: Decimal /* BT-106 */
  sumOfAllowances?: Decimal | undefined /* BT-107 */
  sumOfCharges?: Decimal | undefined /* BT-108 */
  invoiceTotalWithoutVat: Decimal /* BT-109 */
  invoiceTotalVatAmount?: Decimal | undefined /* BT-110 */
  invoiceTotalVatAmountInAccountingCurrency?: Decimal | undefined /* BT-111 */
  invoiceTotalWithVat: Decimal /* BT-112 */
  paidAmount?: Decimal | undefined /* BT-113 */
  roundingAmount?: Decimal | undefined /* BT-114 */
  amountDueForPayment: Decimal /* BT-115 */
}

/** BG-23 VAT BREAKDOWN. */
export type VatBreakdown = {
  taxableAmount: Decimal /* BT-116 */
  taxAmount: Decimal /* BT-117 */
  categoryCode: string /* BT-118 (UNTDID 5305 subset) */
  rate?: Decimal | undefined /* BT-119 */
  exemptionReason?: string | undefined /* BT-120 */
  exemptionReasonCode?: string | undefined /* BT-121 (VATEX) */
  /** BT-8 is carried per breakdown in CII (DueDateTypeCode). */
  dueDateTypeCode?: string | undefined
  /** BT-7 is carried per breakdown in CII (TaxPointDate). */
  taxPointDate?: CalendarDate | undefined
}

/** BG-24 ADDITIONAL SUPPORTING DOCUMENTS. */
export type SupportingDocument = {
  id: string /* BT-122 */
  description?: string | undefined /* BT-123 */
  attachment?: BinaryObject | undefined /* BT-125 */
  externalUri?: string | undefined /* BT-124 */
  /** CII TypeCode 916 for BG-24; 50 is BT-17, 130 is BT-18 (kept apart by the readers). */
  typeCode?: string | undefined
  /** EXTENDED: the reference's issue date. */
  issueDate?: CalendarDate | undefined
}

/** A referenced document on an invoice line (EXTENDED: several kinds with a line id). */
export type LineDocumentReference = {
  id: string
  lineId?: string | undefined
  typeCode?: string | undefined
  referenceTypeCode?: string | undefined
  issueDate?: CalendarDate | undefined
}

/** BG-31 ITEM INFORMATION. */
export type Item = {
  name: string /* BT-153 */
  description?: string | undefined /* BT-154 */
  sellerId?: string | undefined /* BT-155 */
  buyerId?: string | undefined /* BT-156 */
  standardId?: Identifier | undefined /* BT-157 (+ BT-157-1) */
  classifications: Identifier[] /* BT-158 (+ BT-158-1, BT-158-2) */
  /** EXTENDED: the class name of each classification, same order. */
  classificationNames?: (string | undefined)[] | undefined
  countryOfOrigin?: string | undefined /* BT-159 */
  attributes: { name: string; value: string }[] /* BG-32: BT-160, BT-161 */
}

/** BG-29 PRICE DETAILS. */
export type PriceDetails = {
  netPrice: Decimal /* BT-146 */
  priceDiscount?: Decimal | undefined /* BT-147 */
  grossPrice?: Decimal | undefined /* BT-148 */
  baseQuantity?: Decimal | undefined /* BT-149 */
  baseQuantityUnitCode?: string | undefined /* BT-150 */
  /**
   * EXTENDED: the gross price's individual allowances/charges (CII AppliedTradeAllowanceCharge);
   * EN 16931 keeps only their sum as BT-147.
   */
  grossPriceAdjustments?: LineAllowanceCharge[] | undefined
}

/** BG-30 LINE VAT INFORMATION. */
export type LineVat = {
  categoryCode: string /* BT-151 */
  rate?: Decimal | undefined /* BT-152 */
  /** Not EN 16931 on the line, but CII carries it (and Mustang writes it). */
  exemptionReason?: string | undefined
  exemptionReasonCode?: string | undefined
}

/** BG-25 INVOICE LINE. */
export type InvoiceLine = {
  id: string /* BT-126 */
  note?: string | undefined /* BT-127 */
  /** EXTENDED: further line notes (with subject codes) beyond BT-127. */
  additionalNotes?: InvoiceNote[] | undefined
  objectIdentifier?: Identifier | undefined /* BT-128 (+ BT-128-1) */
  quantity: Decimal /* BT-129 */
  unitCode?: string | undefined /* BT-130 (mandatory in EN 16931) */
  netAmount: Decimal /* BT-131 */
  orderLineReference?: string | undefined /* BT-132 */
  buyerAccountingReference?: string | undefined /* BT-133 */
  period?: Period | undefined /* BG-26 */
  allowances: LineAllowanceCharge[] /* BG-27 */
  charges: LineAllowanceCharge[] /* BG-28 */
  price: PriceDetails /* BG-29 */
  vat: LineVat /* BG-30 */
  item: Item /* BG-31 */
  /** EXTENDED: sub-invoice line structure. */
  parentLineId?: string | undefined
  /** EXTENDED: DETAIL, GROUP or INFORMATION (UNTDID 1229 style in Factur-X). */
  lineStatusReasonCode?: string | undefined
  /** EXTENDED: the buyer order this line belongs to (when it differs from BT-13). */
  buyerOrderReference?: string | undefined
  /** EXTENDED: line delivery-note reference and additional referenced documents. */
  deliveryNoteReference?: LineDocumentReference | undefined
  additionalReferences?: LineDocumentReference[] | undefined
  /** EXTENDED: a seller per line (marketplace invoices). */
  lineSeller?: Party | undefined
  /** EXTENDED: ship-to party of the line. */
  shipTo?: Party | undefined
}

/** The EN 16931 invoice (root of the model). */
export type Invoice = {
  invoiceNumber: string /* BT-1 */
  issueDate: CalendarDate /* BT-2 */
  typeCode: string /* BT-3 (UNTDID 1001 subset) */
  currencyCode: string /* BT-5 (ISO 4217) */
  vatAccountingCurrencyCode?: string | undefined /* BT-6 */
  taxPointDate?: CalendarDate | undefined /* BT-7 */
  vatPointDateCode?: string | undefined /* BT-8 (UNTDID 2005 subset) */
  dueDate?: CalendarDate | undefined /* BT-9 */
  buyerReference?: string | undefined /* BT-10 */
  projectReference?: string | undefined /* BT-11 */
  /** EXTENDED / CII: the project name that CII requires beside BT-11. */
  projectName?: string | undefined
  contractReference?: string | undefined /* BT-12 */
  purchaseOrderReference?: string | undefined /* BT-13 */
  salesOrderReference?: string | undefined /* BT-14 */
  receivingAdviceReference?: string | undefined /* BT-15 */
  despatchAdviceReference?: string | undefined /* BT-16 */
  tenderOrLotReference?: string | undefined /* BT-17 */
  invoicedObjectIdentifier?: Identifier | undefined /* BT-18 (+ BT-18-1) */
  buyerAccountingReference?: string | undefined /* BT-19 */
  paymentTermsText?: string | undefined /* BT-20 */
  notes: InvoiceNote[] /* BG-1 */
  businessProcessType?: string | undefined /* BT-23 */
  specificationIdentifier: string /* BT-24 */
  precedingInvoices: PrecedingInvoiceReference[] /* BG-3 */
  seller: Party /* BG-4 */
  buyer: Party /* BG-7 */
  payee?: Payee | undefined /* BG-10 */
  sellerTaxRepresentative?: TaxRepresentative | undefined /* BG-11 */
  delivery?: DeliveryInformation | undefined /* BG-13 */
  invoicingPeriod?: Period | undefined /* BG-14 */
  paymentInstructions?: PaymentInstructions | undefined /* BG-16 */
  allowancesAndCharges: DocumentAllowanceCharge[] /* BG-20, BG-21 (isCharge tells) */
  totals: DocumentTotals /* BG-22 */
  vatBreakdown: VatBreakdown[] /* BG-23 */
  supportingDocuments: SupportingDocument[] /* BG-24 */
  lines: InvoiceLine[] /* BG-25 */
  extension?: InvoiceExtension | undefined
  /** Set by the syntax readers: where the invoice came from. Writers ignore it. */
  source?: InvoiceSource | undefined
}

/** A value the reader found but could not take (an amount `1,00`, a date `2024-13-01` ...). */
export type SourceProblem = {
  /** Element path, e.g. `/rsm:CrossIndustryInvoice/.../ram:GrandTotalAmount`. */
  path: string
  line: number
  column: number
  message: string
}

/** What a reader knows about the document it read (not part of EN 16931). */
export type InvoiceSource = {
  /** The syntax the document was written in. */
  syntax: 'CII' | 'ZUGFeRD1' | 'Order-X' | 'UBL-Invoice' | 'UBL-CreditNote'
  /**
   * Business terms the model requires but the document does not carry (e.g. `BT-106` in a
   * MINIMUM profile). The reader filled them with a stand-in (`''`, or an amount derived from the
   * other totals) so the model stays whole; adapters leave them out of their output.
   */
  absentTerms: string[]
  /** Values present in the document that could not be read; the term is treated as absent. */
  problems: SourceProblem[]
  /**
   * CII VAT category codes (BT-95/102, BT-118, BT-151) written with white space around them, by
   * the model object that holds the trimmed code (a line's `vat`, a breakdown, an allowance or
   * charge). The official CII rules compare these codes as written; absent when none differs.
   */
  categoryCodesAsWritten?: ReadonlyMap<object, string> | undefined
  /**
   * The model objects (a line's `vat`, an allowance or charge, a breakdown) whose tax category is
   * of another tax scheme than VAT: UBL `cac:TaxScheme/cbc:ID`, CII `ram:TypeCode` not `VAT`. Most
   * official VAT category rules check only VAT categories; absent when none.
   */
  otherTaxSchemes?: ReadonlySet<object> | undefined
  /**
   * Terms a repeated group lacks, by the model object that holds the stand-in (a breakdown without
   * BT-116 or BT-117): `absentTerms` says only that some group lacks one. CHARGE_INDICATOR_ABSENT marks a
   * document allowance or charge whose indicator is missing or no xs:boolean (read as an
   * allowance); CATEGORY_CODE_ABSENT a tax category without a code to compare. Absent when none.
   */
  absentIn?: ReadonlyMap<object, readonly string[]> | undefined
  /**
   * Fields written as an element that gave no value, by the model object whose field is then
   * absent: an allowance or charge's `reason`, `reasonCode` without text, a VAT rate (a line's
   * `vat.rate`, an allowance or charge's `vatRate`) blank or unreadable. The official rules that
   * ask only for the element (BR-33, BR-CO-21…, BR-O-05/06/07) count it as given. Absent when none.
   */
  blankIn?: ReadonlyMap<object, readonly string[]> | undefined
  /**
   * Fields whose value is a zero written with a minus sign and not as a plain integer (`-0.00`,
   * `-.0`), by the model object that holds them: a VAT rate (`vat.rate`, `vatRate`). Saxon, the
   * official validator's processor, finds such a text below the integer 0 (`-0` it finds equal),
   * so `rate = 0` and `rate >= 0` fail on it. Absent when none.
   */
  negativeZeroIn?: ReadonlyMap<object, readonly string[]> | undefined
  /**
   * Tax categories of allowances and charges that the model does not hold as BG-20/BG-21, which the
   * official VAT category rules read all the same (their contexts and counts take every allowance
   * or charge, wherever it sits): CII each `ram:CategoryTradeTax` of a line's allowance or charge or
   * of a price adjustment, and a document allowance or charge's after its first; UBL each
   * `cac:TaxCategory` of a line's or a price's `cac:AllowanceCharge`, and a document one's after its
   * first. Each is an allowance or charge of amount 0 with that category's code and rate (the maps
   * above apply to it). Absent when none.
   */
  otherAllowanceTaxes?: readonly OtherAllowanceTax[] | undefined
  /**
   * A line's tax categories after its first, keyed by the line's `vat` (BG-30): CII D16B allows
   * several `ram:ApplicableTradeTax` in a line's settlement and UBL 2.1 several
   * `cac:ClassifiedTaxCategory` in an item (CII-SR-454 warns, UBL-SR-48 fails), and the official VAT
   * category rules read each (contexts and counts over every line category, sums over the lines
   * with any category and any rate of the breakdown's). The maps above apply to them. Absent when
   * no line has a second category.
   */
  otherLineTaxes?: ReadonlyMap<object, readonly LineVat[]> | undefined
}

/** A tax category of an allowance or charge outside BG-20/BG-21 (InvoiceSource.otherAllowanceTaxes). */
export type OtherAllowanceTax = DocumentAllowanceCharge & {
  /**
   * A CII price adjustment's (`ram:AppliedTradeAllowanceCharge`): counted where every
   * `ram:CategoryTradeTax` is, but no `ram:SpecifiedTradeAllowanceCharge` of the allowance rules.
   */
  priceAdjustment?: true | undefined
  /** The document allowance or charge (BG-20/BG-21) whose further category this is. */
  of?: DocumentAllowanceCharge | undefined
}

/** The `InvoiceSource.absentIn` term of an allowance or charge without a valid charge indicator. */
export const CHARGE_INDICATOR_ABSENT = 'ChargeIndicator'

/**
 * The `InvoiceSource.absentIn` term of a line tax, breakdown, allowance or charge whose category
 * code the official tests cannot compare: CII without a `ram:CategoryCode` element, UBL without its
 * `cac:TaxCategory`/`cac:ClassifiedTaxCategory` (one without `cbc:ID` compares as ''). The model
 * code is `''` then, like an empty element's.
 */
export const CATEGORY_CODE_ABSENT = 'CategoryCode'

/** Content only Factur-X/ZUGFeRD EXTENDED (or Mustang's JSON) can carry. */
export type InvoiceExtension = {
  /** CII ExchangedDocument/Name (document title). */
  documentName?: string | undefined
  /** CII TestIndicator. */
  testIndicator?: boolean | undefined
  /** CII InvoicerTradeParty / InvoiceeTradeParty. */
  invoicer?: Party | undefined
  invoicee?: Party | undefined
  /** CII BuyerTaxRepresentativeTradeParty, SalesAgentTradeParty ... kept by role name. */
  otherParties?: Record<string, Party> | undefined
  /**
   * All payment terms blocks (EXTENDED allows several). BT-20/BT-9 hold what one block can: a
   * reader takes the first's, the JSON mapping every block's text and the first due date.
   */
  paymentTerms?: PaymentTerm[] | undefined
  /** The order reference's issue date and the contract reference's date. */
  purchaseOrderIssueDate?: CalendarDate | undefined
  contractIssueDate?: CalendarDate | undefined
  /** Logistics service charges (CII SpecifiedLogisticsServiceCharge). */
  logisticsServiceCharges?: DocumentAllowanceCharge[] | undefined
  /** The Order-X or ZUGFeRD 1 document purpose/other header codes that have no EN home. */
  purposeCode?: string | undefined
  /**
   * XRechnung extension BG-DEX-09 (UBL cac:PrepaidPayment): third-party claims the seller collects
   * with this invoice; the amount due (BT-115) includes them (BR-DEX-09).
   */
  thirdPartyPayments?: ThirdPartyPayment[] | undefined
}

/** One third-party payment (BG-DEX-09). */
export type ThirdPartyPayment = {
  /** BT-DEX-001, the kind of claim (e.g. MobilesBezahlen). */
  typeId: string | undefined
  /** BT-DEX-002. */
  amount: Decimal | undefined
  /** BT-DEX-003. */
  description: string | undefined
}
