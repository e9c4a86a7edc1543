/**
 * The interface's JSON payloads (Invoice, TradeParty, Item ...) with Mustang 2.24's exact property
 * names, as zod schemas compiled once at module load. Unknown keys are dropped, `null` means absent,
 * numbers may be JSON numbers or numeric strings and become exact Decimals.
 * @module
 */
import { z } from 'zod'
import { bool, byteValue, calendarDate, decimal, fieldForms, int32, list, listText, optional, text } from './fields.js'

// Primitive fields read null as absent themselves; `.optional()` makes the key optional.
const str = text.optional()
const date = calendarDate.optional()
const num = decimal().optional()

export const SchemedIdSchema = z.object({ scheme: str, id: str })

export const LegalOrganisationSchema = z.object({
  schemedID: optional(SchemedIdSchema),
  tradingBusinessName: str,
})

export const ContactSchema = z.object({
  name: str,
  phone: str,
  email: str,
  fax: str,
  street: str,
  zip: str,
  location: str,
  country: str,
  additionalAddress: str,
  id: str,
  vatid: str,
})

export const BankDetailsSchema = z.object({
  iban: str,
  bic: str,
  accountName: str,
  paymentMeansCode: str,
  paymentMeansInformation: str,
})

export const DirectDebitSchema = z.object({
  iban: str,
  mandate: str,
  paymentMeansCode: str,
  paymentMeansInformation: str,
})

/** vatID and vatid are one field in Mustang: the key that comes later in the document wins. */
function mergeVatIdSpellings(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const record = value as Record<string, unknown>
  if (!('vatID' in record) || !('vatid' in record)) return value
  const keys = Object.keys(record)
  const winner = keys.indexOf('vatid') > keys.indexOf('vatID') ? record.vatid : record.vatID
  return { ...record, vatID: winner, vatid: winner }
}

const TradePartyObject = z.object({
  name: str,
  zip: str,
  street: str,
  location: str,
  country: str,
  taxID: str,
  vatID: str,
  /** Same field as vatID (Jackson writes both); the later key in the document wins. */
  vatid: str,
  description: str,
  additionalAddress: str,
  additionalAddressExtension: str,
  bankDetails: list(BankDetailsSchema),
  debitDetails: list(DirectDebitSchema),
  contact: optional(ContactSchema),
  legalOrganisation: optional(LegalOrganisationSchema),
  globalID: str,
  globalIDScheme: str,
  id: str,
  email: str,
})

export const TradePartySchema = z.preprocess(mergeVatIdSpellings, TradePartyObject)
fieldForms.set(TradePartySchema, { kind: 'mergeVatId', object: TradePartyObject })

export const AllowanceChargeSchema = z.object({
  /** Absolute amount; not in the spec's list but Mustang's only way to give one. */
  totalAmount: num,
  percent: num,
  basisAmount: num,
  taxPercent: num,
  categoryCode: str,
  reason: str,
  reasonCode: str,
})

export const ReferencedDocumentSchema = z.object({
  issuerAssignedID: str,
  typeCode: str,
  referenceTypeCode: str,
  formattedIssueDateTime: date,
})

export const ClassCodeSchema = z.object({ listID: str, code: str, listVersionID: str })

export const ProductClassificationSchema = z.object({
  classCode: optional(ClassCodeSchema),
  className: str,
})

export const ProductSchema = z.object({
  name: str,
  description: str,
  unit: str,
  vatpercent: num,
  taxCategoryCode: str,
  taxExemptionReason: str,
  taxExemptionReasonCode: str,
  sellerAssignedID: str,
  buyerAssignedID: str,
  /** Output-only in Mustang; accepted here so a GTIN can reach the XML. */
  globalID: str,
  globalIDScheme: str,
  countryOfOrigin: str,
  /** Ignored by Mustang's JSON reader; accepted here and used for the category default. */
  intraCommunitySupply: bool.optional(),
  reverseCharge: bool.optional(),
  attributes: optional(z.record(z.string(), text)),
  classifications: list(ProductClassificationSchema),
  allowances: list(AllowanceChargeSchema),
  charges: list(AllowanceChargeSchema),
})

export const IncludedNoteSchema = z.object({
  content: str,
  subjectCode: optional(
    z.enum(['AAI', 'SUR', 'REG', 'ABL', 'TXD', 'CUS', 'ACY', 'AAK', 'ABZ', 'PMT', 'PMD', 'AAB', 'ACB', 'INV']),
  ),
})

export const ItemSchema = z.object({
  id: str,
  price: num,
  quantity: num,
  /** A divisor, written as BasisQuantity with 18 decimals at most (as Mustang writes it): more would not be what was calculated. */
  basisQuantity: decimal({ min: 'nonNegative', maxDecimals: { most: 18, why: 'BasisQuantity is written with 18 at most' } }).optional(),
  product: optional(ProductSchema),
  notes: list(listText),
  notesWithSubjectCode: list(IncludedNoteSchema),
  itemAllowances: list(AllowanceChargeSchema),
  itemCharges: list(AllowanceChargeSchema),
  detailedDeliveryPeriodFrom: date,
  detailedDeliveryPeriodTo: date,
  buyerOrderReferencedDocumentLineID: str,
  buyerOrderReferencedDocumentID: str,
  referencedDocuments: list(ReferencedDocumentSchema),
  additionalReferences: list(ReferencedDocumentSchema),
  accountingReference: str,
  parentLineID: str,
  lineStatusReasonCode: str,
  lineSeller: optional(TradePartySchema),
  deliveryNoteReferencedDocumentID: str,
  deliveryNoteReferencedDocumentLineID: str,
  deliveryNoteReferencedDocumentDate: date,
  lineTotalAmount: num,
})

export const CashDiscountSchema = z.object({ percent: num, days: int32.optional(), basisAmount: num })

export const PaymentDiscountTermsSchema = z.object({
  baseDate: date,
  basePeriodMeasure: int32.optional(),
  basePeriodUnitCode: str,
  calculationPercentage: num,
})

export const PaymentTermsSchema = z.object({
  description: str,
  dueDate: date,
  discountTerms: optional(PaymentDiscountTermsSchema),
})

export const FileAttachmentSchema = z.object({
  filename: str,
  mimetype: str,
  relation: str,
  description: str,
  /** base64 text (Jackson's byte[] form); an array of byte values is accepted too. */
  data: optional(
    z.union([
      z.string().regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, 'expected base64 data'),
      z.array(byteValue).transform((bytes) => Buffer.from(bytes).toString('base64')),
    ]),
  ),
})

/** A referenced document given as a plain id (Mustang's safe form) or as an object. */
const referenceOrId = optional(
  z.union([
    text.transform((issuerAssignedID) => ({ issuerAssignedID })),
    ReferencedDocumentSchema,
  ]),
)

/** correction / creditNote: the number of the invoice being corrected or credited. */
const correctedInvoiceNumber = optional(
  z.unknown().transform((value, ctx): string => {
    if (typeof value === 'string' || typeof value === 'number') return String(value)
    ctx.addIssue({
      code: 'custom',
      message: 'expected the number of the referenced invoice as a string',
    })
    return z.NEVER
  }),
)

const invoiceFields = {
  documentName: str,
  documentCode: str,
  number: str,
  ownOrganisationFullPlaintextInfo: str,
  referenceNumber: str,
  shipToOrganisationID: str,
  shipToOrganisationName: str,
  shipToStreet: str,
  shipToZIP: str,
  shipToLocation: str,
  shipToCountry: str,
  buyerOrderReferencedDocumentID: str,
  buyerOrderReferencedDocumentIssueDateTime: str,
  ownForeignOrganisationID: str,
  ownOrganisationName: str,
  currency: str,
  paymentTermDescription: str,
  deliveryTypeCode: str,
  issueDate: date,
  dueDate: date,
  deliveryDate: date,
  sender: optional(TradePartySchema),
  recipient: optional(TradePartySchema),
  deliveryAddress: optional(TradePartySchema),
  endCustomerDeliveryAddress: optional(TradePartySchema),
  payee: optional(TradePartySchema),
  invoicer: optional(TradePartySchema),
  invoicee: optional(TradePartySchema),
  cashDiscounts: list(CashDiscountSchema),
  notes: list(listText),
  sellerOrderReferencedDocumentID: str,
  contractReferencedDocument: str,
  totalPrepaidAmount: num,
  paymentTerms: optional(PaymentTermsSchema),
  extendedPaymentTerms: list(PaymentTermsSchema),
  invoiceReferencedDocumentID: str,
  invoiceReferencedIssueDate: date,
  invoiceReferencedDocuments: list(ReferencedDocumentSchema),
  specifiedProcuringProjectID: str,
  specifiedProcuringProjectName: str,
  despatchAdviceReferencedDocumentID: str,
  deliveryNoteReferencedDocumentID: str,
  deliveryNoteReferencedDocumentDate: date,
  creditorReferenceID: str,
  roundingAmount: num,
  paymentReference: str,
  businessProcessId: str,
  objectIdentifierReferencedDocument: referenceOrId,
  tenderReferencedDocument: referenceOrId,
  detailedDeliveryPeriodFrom: date,
  detailedDeliveryPeriodTo: date,
  additionalReferencedDocuments: list(FileAttachmentSchema),
  notesWithSubjectCode: list(IncludedNoteSchema),
  vatdueDateTypeCode: str,
  correction: correctedInvoiceNumber,
  creditNote: correctedInvoiceNumber,
  ownContact: optional(ContactSchema),
  zfallowances: list(AllowanceChargeSchema),
  zfcharges: list(AllowanceChargeSchema),
  zflogisticsServiceCharges: list(AllowanceChargeSchema),
  zfitems: list(ItemSchema),
  subjectNote: str,
}

/** The Invoice payload (request of calculate; also the body of combine's `json` part). */
export const InvoiceSchema = z.object(invoiceFields)

/** The CalculatedInvoice payload (request of invoice2XML). Its totals are read but recomputed. */
export const CalculatedInvoiceSchema = z.object({
  ...invoiceFields,
  lineTotalAmount: num,
  duePayable: num,
  grandTotal: num,
  taxBasis: num,
  vattotal: num,
})

export type InvoicePayload = z.output<typeof InvoiceSchema>
export type CalculatedInvoicePayload = z.output<typeof CalculatedInvoiceSchema>
export type TradePartyPayload = z.output<typeof TradePartySchema>
export type ItemPayload = z.output<typeof ItemSchema>
export type ProductPayload = z.output<typeof ProductSchema>
export type AllowanceChargePayload = z.output<typeof AllowanceChargeSchema>
export type ContactPayload = z.output<typeof ContactSchema>
export type BankDetailsPayload = z.output<typeof BankDetailsSchema>
export type DirectDebitPayload = z.output<typeof DirectDebitSchema>
export type ReferencedDocumentPayload = z.output<typeof ReferencedDocumentSchema>
export type FileAttachmentPayload = z.output<typeof FileAttachmentSchema>
export type IncludedNotePayload = z.output<typeof IncludedNoteSchema>
export type PaymentTermsPayload = z.output<typeof PaymentTermsSchema>
export type CashDiscountPayload = z.output<typeof CashDiscountSchema>
