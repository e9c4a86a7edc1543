/**
 * Building blocks of the ZUGFeRD 1.0 writer (RAM :12): amounts with currencyID, trade parties,
 * referenced documents, VAT and allowance/charge elements, in the ZUGFeRD 1.0 XSD's element order.
 * @module
 */
import { amountText, percentText } from '../cii/write-format.js'
import type { Decimal } from '../model/decimal.js'
import type { CalendarDate, DocumentAllowanceCharge, LineAllowanceCharge, Party, PostalAddress } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { Zf1ContentRules } from './content-rules.js'

const SCHEME_FC = ' schemeID="FC"'
const SCHEME_VA = ' schemeID="VA"'

/** ZUGFeRD 1 amounts carry their currency (`udt:AmountType/@currencyID`), unlike CII D16B: `currency` is the attribute text. */
export function writeAmount(w: XmlTextWriter, name: string, value: Decimal | undefined, currency: string): void {
  if (value) w.text(name, amountText(value), currency)
}

/** ` currencyID="EUR"`, built once per document. */
export function currencyAttr(currency: string): string {
  return attr('currencyID', currency)
}

export function writeIndicator(w: XmlTextWriter, name: string, value: boolean): void {
  w.open(name)
  w.text('udt:Indicator', value ? 'true' : 'false')
  w.close()
}

/** A ZUGFeRD 1 referenced document: IssueDateTime (xs:date text), LineID, TypeCode, ID, ReferenceTypeCode. */
export function writeReference(
  w: XmlTextWriter,
  name: string,
  ref: { id: string; lineId?: string | undefined; typeCode?: string | undefined; referenceTypeCode?: string | undefined; issueDate?: CalendarDate | undefined },
): void {
  w.open(name)
  w.leaf('ram:IssueDateTime', ref.issueDate)
  w.leaf('ram:LineID', ref.lineId)
  w.leaf('ram:TypeCode', ref.typeCode)
  w.leaf('ram:ID', ref.id)
  w.leaf('ram:ReferenceTypeCode', ref.referenceTypeCode)
  w.close()
}

/** TradeAddressType: PostcodeCode, LineOne, LineTwo, CityName, CountryID (no line three, no subdivision). */
function writeAddress(w: XmlTextWriter, a: PostalAddress | undefined): void {
  if (a === undefined) return
  w.open('ram:PostalTradeAddress')
  w.leaf('ram:PostcodeCode', a.postCode)
  w.leaf('ram:LineOne', a.line1)
  // BT-162 (line three) and BT-39 (subdivision) have no element in ZUGFeRD 1.
  w.leaf('ram:LineTwo', a.line2)
  w.leaf('ram:CityName', a.city)
  w.leaf('ram:CountryID', a.countryCode)
  w.close()
}

/**
 * TradePartyType: ID*, GlobalID*, Name, DefinedTradeContact (COMFORT), PostalTradeAddress,
 * SpecifiedTaxRegistration (FC, VA). ZUGFeRD 1 has no legal organisation and no electronic address.
 */
export function writeParty(w: XmlTextWriter, name: string, party: Party, rules: Zf1ContentRules, withTax = true): void {
  const c = rules.comfort ? party.contact : undefined
  w.open(name)
  for (const id of party.identifiers) if (id.schemeId === undefined) w.text('ram:ID', id.value)
  for (const id of party.identifiers) if (id.schemeId !== undefined) w.text('ram:GlobalID', id.value, attr('schemeID', id.schemeId))
  w.leaf('ram:Name', party.name)
  if (c) {
    w.open('ram:DefinedTradeContact')
    w.leaf('ram:PersonName', c.name)
    w.leaf('ram:DepartmentName', c.department)
    w.wrapped('ram:TelephoneUniversalCommunication', 'ram:CompleteNumber', c.telephone)
    if (rules.extended) w.wrapped('ram:FaxUniversalCommunication', 'ram:CompleteNumber', c.fax)
    w.wrapped('ram:EmailURIUniversalCommunication', 'ram:URIID', c.email)
    w.close()
  }
  writeAddress(w, party.address)
  if (withTax) {
    w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.taxRegistrationId, SCHEME_FC)
    w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.vatIdentifier, SCHEME_VA)
  }
  w.close()
}

/** TradeTaxType in ZUGFeRD 1 order; the rate element is ApplicablePercent. `currency` is the attribute text. */
export function writeTax(
  w: XmlTextWriter,
  name: string,
  tax: {
    calculated?: Decimal | undefined
    exemptionReason?: string | undefined
    basis?: Decimal | undefined
    categoryCode?: string | undefined
    rate?: Decimal | undefined
  },
  currency: string,
  rules: Zf1ContentRules,
): void {
  w.open(name)
  writeAmount(w, 'ram:CalculatedAmount', tax.calculated, currency)
  w.text('ram:TypeCode', 'VAT')
  if (rules.comfort) w.leaf('ram:ExemptionReason', tax.exemptionReason)
  writeAmount(w, 'ram:BasisAmount', tax.basis, currency)
  if (rules.comfort) w.leaf('ram:CategoryCode', tax.categoryCode)
  if (tax.rate) w.text('ram:ApplicablePercent', amountText(tax.rate))
  w.close()
}

/** A document (with CategoryTradeTax) or line allowance/charge. `currency` is the attribute text. */
export function writeAllowanceCharge(w: XmlTextWriter, ac: DocumentAllowanceCharge | LineAllowanceCharge, currency: string, rules: Zf1ContentRules): void {
  w.open('ram:SpecifiedTradeAllowanceCharge')
  writeIndicator(w, 'ram:ChargeIndicator', ac.isCharge)
  if (ac.percentage) w.text('ram:CalculationPercent', percentText(ac.percentage))
  writeAmount(w, 'ram:BasisAmount', ac.baseAmount, currency)
  writeAmount(w, 'ram:ActualAmount', ac.amount, currency)
  w.leaf('ram:ReasonCode', ac.reasonCode)
  // BR-33/BR-38 style: a reason is expected; a generic word stands in as in the CII writer.
  w.leaf('ram:Reason', ac.reason ?? (ac.reasonCode === undefined ? (ac.isCharge ? 'Charge' : 'Allowance') : undefined))
  if ('vatCategoryCode' in ac) writeTax(w, 'ram:CategoryTradeTax', { categoryCode: ac.vatCategoryCode, rate: ac.vatRate }, currency, rules)
  w.close()
}
