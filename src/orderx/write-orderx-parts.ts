/**
 * Building blocks of the Order-X writer (RAM :128) in the Order-X 1.0 XSDs' element order: trade
 * parties, addresses, contacts, VAT and allowance/charge elements, referenced documents.
 * @module
 */
import { amountText, dateNode, leaf, wrapped } from '../cii/write-format.js'
import { EInvoiceError } from '../errors.js'
import type { Decimal } from '../model/decimal.js'
import type { Contact, DocumentAllowanceCharge, LineAllowanceCharge, Party, PostalAddress } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { OrderXContentRules } from './content-rules.js'

export function indicatorNode(name: string, value: boolean): XmlNode {
  return el(name, {}, el('udt:Indicator', {}, value ? 'true' : 'false'))
}

/** An amount without currency (Order-X AmountType; only TaxTotalAmount needs currencyID, see below). */
export function amountNode(name: string, value: Decimal | undefined, currencyId?: string): XmlNode | undefined {
  return value && el(name, { currencyID: currencyId }, amountText(value))
}

/** TradeAddressType: PostcodeCode, LineOne … LineThree, CityName, CountryID (mandatory), CountrySubDivisionName. */
function addressNode(a: PostalAddress | undefined): XmlNode | undefined {
  if (a === undefined) return undefined
  return el(
    'ram:PostalTradeAddress',
    {},
    leaf('ram:PostcodeCode', a.postCode),
    leaf('ram:LineOne', a.line1),
    leaf('ram:LineTwo', a.line2),
    leaf('ram:LineThree', a.line3),
    leaf('ram:CityName', a.city),
    el('ram:CountryID', {}, a.countryCode ?? ''),
    leaf('ram:CountrySubDivisionName', a.countrySubdivision),
  )
}

function contactNode(c: Contact, rules: OrderXContentRules): XmlNode | undefined {
  const children = [
    leaf('ram:PersonName', c.name),
    leaf('ram:DepartmentName', c.department),
    rules.comfort ? leaf('ram:TypeCode', c.typeCode) : undefined,
    wrapped('ram:TelephoneUniversalCommunication', 'ram:CompleteNumber', c.telephone),
    rules.extended ? wrapped('ram:FaxUniversalCommunication', 'ram:CompleteNumber', c.fax) : undefined,
    wrapped('ram:EmailURIUniversalCommunication', 'ram:URIID', c.email),
  ]
  return children.some((x) => x !== undefined) ? el('ram:DefinedTradeContact', {}, ...children) : undefined
}

/** Parties whose URIID the Order-X schematron requires a schemeID on (COMFORT: the buyer only). */
const URI_SCHEME_REQUIRED: ReadonlySet<string> = new Set(['ram:BuyerTradeParty'])

/**
 * Parties whose name / postal address the Order-X schematron makes mandatory (all profiles that
 * have the party), with the business terms to name in the error.
 */
const REQUIRED_CONTENT: Readonly<Record<string, { address: boolean; terms: string }>> = {
  'ram:SellerTradeParty': { address: false, terms: 'seller name BT-27' },
  'ram:BuyerTradeParty': { address: true, terms: 'buyer name BT-44 and address BG-8' },
  'ram:ShipToTradeParty': { address: true, terms: 'deliver-to name BT-70 and address BG-15' },
  'ram:UltimateShipToTradeParty': { address: true, terms: 'ultimate ship-to name and address' },
  'ram:ShipFromTradeParty': { address: false, terms: 'ship-from name' },
  'ram:InvoiceeTradeParty': { address: false, terms: 'invoicee name' },
  'ram:InvoicerTradeParty': { address: false, terms: 'invoicer name' },
}

/**
 * @throws EInvoiceError INVALID_PAYLOAD when a party lacks what Order-X requires: writing it
 *   anyway would give a document the official schematron rejects.
 */
function checkRequired(name: string, party: Party): void {
  const required = REQUIRED_CONTENT[name]
  if (required === undefined) return
  const missing = [
    (party.name ?? '').trim() === '' ? 'Name' : undefined,
    required.address && party.address === undefined ? 'PostalTradeAddress' : undefined,
  ].filter((m) => m !== undefined)
  if (missing.length === 0) return
  throw new EInvoiceError('INVALID_PAYLOAD', `${name}: Order-X requires ${missing.join(' and ')} (${required.terms}), which the invoice does not give`, {
    details: { party: name, missing: missing.join(', ') },
  })
}

/**
 * TradePartyType: ID (one), GlobalID*, Name, Description (COMFORT), SpecifiedLegalOrganization,
 * DefinedTradeContact (one in BASIC, several above), PostalTradeAddress, URIUniversalCommunication,
 * SpecifiedTaxRegistration (VA, then FC; BASIC: one).
 */
export function partyNode(name: string, party: Party, rules: OrderXContentRules): XmlNode {
  checkRequired(name, party)
  const plain = party.identifiers.filter((id) => id.schemeId === undefined)
  const global = party.identifiers.filter((id) => id.schemeId !== undefined)
  const legal = party.legalRegistrationId
  const legalChildren = [leaf('ram:ID', legal?.value, { schemeID: legal?.schemeId }), leaf('ram:TradingBusinessName', party.tradingName)]
  const contacts = [party.contact, ...(rules.comfort ? (party.additionalContacts ?? []) : [])].filter((c) => c !== undefined)
  const electronic = party.electronicAddress
  const registrations = [
    wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.vatIdentifier, { schemeID: 'VA' }),
    wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.taxRegistrationId, { schemeID: 'FC' }),
  ].filter((r) => r !== undefined)
  return el(
    name,
    {},
    // TradePartyType has one ID; further scheme-less ids have no place in Order-X.
    leaf('ram:ID', plain[0]?.value),
    ...global.map((id) => el('ram:GlobalID', { schemeID: id.schemeId }, id.value)),
    leaf('ram:Name', party.name),
    rules.comfort ? leaf('ram:Description', party.additionalLegalInformation) : undefined,
    legalChildren.some((c) => c !== undefined) && el('ram:SpecifiedLegalOrganization', {}, ...legalChildren),
    ...contacts.slice(0, rules.comfort ? undefined : 1).map((c) => contactNode(c, rules)),
    addressNode(party.address),
    electronic !== undefined &&
      (electronic.schemeId !== undefined || !URI_SCHEME_REQUIRED.has(name)) &&
      el('ram:URIUniversalCommunication', {}, el('ram:URIID', { schemeID: electronic.schemeId }, electronic.value)),
    ...registrations.slice(0, rules.maxTaxRegistrations),
  )
}

/**
 * TradeTaxType (COMFORT: TypeCode, CategoryCode, Rate; EXTENDED adds amounts and exemption reasons),
 * or nothing without a category: a model read from a document without VAT categories (Order-X BASIC,
 * ZUGFeRD 1 BASIC) carries `''` there, which the XSD's code list rejects; every place is optional.
 */
export function taxNode(
  name: string,
  tax: {
    calculated?: Decimal | undefined
    exemptionReason?: string | undefined
    basis?: Decimal | undefined
    categoryCode: string
    exemptionReasonCode?: string | undefined
    rate?: Decimal | undefined
  },
  rules: OrderXContentRules,
): XmlNode | undefined {
  if (tax.categoryCode.trim() === '') return undefined
  const x = rules.extended
  return el(
    name,
    {},
    x && amountNode('ram:CalculatedAmount', tax.calculated),
    el('ram:TypeCode', {}, 'VAT'),
    x && leaf('ram:ExemptionReason', tax.exemptionReason),
    x && amountNode('ram:BasisAmount', tax.basis),
    el('ram:CategoryCode', {}, tax.categoryCode),
    x && leaf('ram:ExemptionReasonCode', tax.exemptionReasonCode),
    tax.rate && el('ram:RateApplicablePercent', {}, amountText(tax.rate)),
  )
}

/** TradeAllowanceChargeType: a document one (BG-20/21, with CategoryTradeTax) or a line one (BG-27/28). */
export function allowanceChargeNode(ac: DocumentAllowanceCharge | LineAllowanceCharge, rules: OrderXContentRules, name = 'ram:SpecifiedTradeAllowanceCharge'): XmlNode {
  const doc = 'vatCategoryCode' in ac ? ac : undefined
  return el(
    name,
    {},
    indicatorNode('ram:ChargeIndicator', ac.isCharge),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    amountNode('ram:BasisAmount', ac.baseAmount),
    amountNode('ram:ActualAmount', ac.amount),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', ac.reason),
    doc && taxNode('ram:CategoryTradeTax', { categoryCode: doc.vatCategoryCode, rate: doc.vatRate }, rules),
  )
}

/** A period (StartDateTime, EndDateTime), or nothing when neither date is given. */
export function periodNode(name: string, start: string | undefined, end: string | undefined): XmlNode | undefined {
  if (start === undefined && end === undefined) return undefined
  return el(name, {}, dateNode('ram:StartDateTime', start), dateNode('ram:EndDateTime', end))
}
