/**
 * Building blocks of the Order-X writer (RAM :128) in the Order-X 1.0 XSDs' element order: trade
 * parties, addresses, contacts, VAT and allowance/charge elements.
 * @module
 */
import { writePostalAddress } from '../cii/write-common.js'
import { amountText, percentText } from '../cii/write-format.js'
import { EInvoiceError } from '../errors.js'
import type { Decimal } from '../model/decimal.js'
import type { Contact, DocumentAllowanceCharge, LineAllowanceCharge, Party } from '../model/invoice.js'
import { type XmlTextWriter, attr, isBlank } from '../xml/text-writer.js'
import type { OrderXContentRules } from './content-rules.js'

const SCHEME_VA = ' schemeID="VA"'
const SCHEME_FC = ' schemeID="FC"'

export function writeIndicator(w: XmlTextWriter, name: string, value: boolean): void {
  w.open(name)
  w.text('udt:Indicator', value ? 'true' : 'false')
  w.close()
}

/** An amount without currency (Order-X AmountType; only TaxTotalAmount needs currencyID, see the writer). */
export function writeAmount(w: XmlTextWriter, name: string, value: Decimal | undefined, attrs = ''): void {
  if (value) w.text(name, amountText(value), attrs)
}


/** DefinedTradeContact, left out when none of its parts is given. */
function writeContact(w: XmlTextWriter, c: Contact, rules: OrderXContentRules): void {
  w.openOptional('ram:DefinedTradeContact')
  w.leaf('ram:PersonName', c.name)
  w.leaf('ram:DepartmentName', c.department)
  if (rules.comfort) w.leaf('ram:TypeCode', c.typeCode)
  w.wrapped('ram:TelephoneUniversalCommunication', 'ram:CompleteNumber', c.telephone)
  if (rules.extended) w.wrapped('ram:FaxUniversalCommunication', 'ram:CompleteNumber', c.fax)
  w.wrapped('ram:EmailURIUniversalCommunication', 'ram:URIID', c.email)
  w.close()
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
export function writeParty(w: XmlTextWriter, name: string, party: Party, rules: OrderXContentRules): void {
  checkRequired(name, party)
  const legal = party.legalRegistrationId
  const electronic = party.electronicAddress
  w.open(name)
  // TradePartyType has one ID; further scheme-less ids have no place in Order-X.
  w.leaf('ram:ID', party.identifiers.find((id) => id.schemeId === undefined)?.value)
  for (const id of party.identifiers) if (id.schemeId !== undefined) w.text('ram:GlobalID', id.value, attr('schemeID', id.schemeId))
  w.leaf('ram:Name', party.name)
  if (rules.comfort) w.leaf('ram:Description', party.additionalLegalInformation)
  w.openOptional('ram:SpecifiedLegalOrganization')
  w.leaf('ram:ID', legal?.value, attr('schemeID', legal?.schemeId))
  w.leaf('ram:TradingBusinessName', party.tradingName)
  w.close()
  // BASIC has one contact; COMFORT and above list the further ones.
  if (party.contact !== undefined) writeContact(w, party.contact, rules)
  if (rules.comfort) for (const c of party.additionalContacts ?? []) writeContact(w, c, rules)
  if (party.address !== undefined) writePostalAddress(w, party.address)
  if (electronic !== undefined && (electronic.schemeId !== undefined || !URI_SCHEME_REQUIRED.has(name))) {
    w.open('ram:URIUniversalCommunication')
    w.text('ram:URIID', electronic.value, attr('schemeID', electronic.schemeId))
    w.close()
  }
  // BASIC has room for one registration: the VAT identifier when there is one.
  let registrations = 0
  if (!isBlank(party.vatIdentifier) && registrations < rules.maxTaxRegistrations) {
    w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.vatIdentifier, SCHEME_VA)
    registrations++
  }
  if (!isBlank(party.taxRegistrationId) && registrations < rules.maxTaxRegistrations) {
    w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.taxRegistrationId, SCHEME_FC)
  }
  w.close()
}

/**
 * TradeTaxType (COMFORT: TypeCode, CategoryCode, Rate; EXTENDED adds amounts and exemption reasons),
 * or nothing without a category: a model read from a document without VAT categories (Order-X BASIC,
 * ZUGFeRD 1 BASIC) carries `''` there, which the XSD's code list rejects; every place is optional.
 */
export function writeTax(
  w: XmlTextWriter,
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
): void {
  if (tax.categoryCode.trim() === '') return
  const x = rules.extended
  w.open(name)
  if (x) writeAmount(w, 'ram:CalculatedAmount', tax.calculated)
  w.text('ram:TypeCode', 'VAT')
  if (x) {
    w.leaf('ram:ExemptionReason', tax.exemptionReason)
    writeAmount(w, 'ram:BasisAmount', tax.basis)
  }
  w.text('ram:CategoryCode', tax.categoryCode)
  if (x) w.leaf('ram:ExemptionReasonCode', tax.exemptionReasonCode)
  if (tax.rate) w.text('ram:RateApplicablePercent', amountText(tax.rate))
  w.close()
}

/** TradeAllowanceChargeType: a document one (BG-20/21, with CategoryTradeTax) or a line one (BG-27/28). */
export function writeAllowanceCharge(w: XmlTextWriter, ac: DocumentAllowanceCharge | LineAllowanceCharge, rules: OrderXContentRules): void {
  w.open('ram:SpecifiedTradeAllowanceCharge')
  writeIndicator(w, 'ram:ChargeIndicator', ac.isCharge)
  if (ac.percentage) w.text('ram:CalculationPercent', percentText(ac.percentage))
  writeAmount(w, 'ram:BasisAmount', ac.baseAmount)
  writeAmount(w, 'ram:ActualAmount', ac.amount)
  w.leaf('ram:ReasonCode', ac.reasonCode)
  w.leaf('ram:Reason', ac.reason)
  if ('vatCategoryCode' in ac) writeTax(w, 'ram:CategoryTradeTax', { categoryCode: ac.vatCategoryCode, rate: ac.vatRate }, rules)
  w.close()
}
