/**
 * Building blocks of the ZUGFeRD 1.0 writer (RAM :12): amounts with currencyID, trade parties,
 * referenced documents, VAT and allowance/charge elements, in the ZUGFeRD 1.0 XSD's element order.
 * @module
 */
import { amountText, leaf, wrapped } from '../cii/write-format.js'
import type { Decimal } from '../model/decimal.js'
import type { CalendarDate, DocumentAllowanceCharge, LineAllowanceCharge, Party, PostalAddress } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { Zf1ContentRules } from './content-rules.js'

/** ZUGFeRD 1 amounts carry their currency (`udt:AmountType/@currencyID`), unlike CII D16B. */
export function amountNode(name: string, value: Decimal | undefined, currency: string): XmlNode | undefined {
  return value && el(name, { currencyID: currency }, amountText(value))
}

export function indicatorNode(name: string, value: boolean): XmlNode {
  return el(name, {}, el('udt:Indicator', {}, value ? 'true' : 'false'))
}

/** A ZUGFeRD 1 referenced document: IssueDateTime (xs:date text), LineID, TypeCode, ID, ReferenceTypeCode. */
export function referenceNode(
  name: string,
  ref: { id: string; lineId?: string | undefined; typeCode?: string | undefined; referenceTypeCode?: string | undefined; issueDate?: CalendarDate | undefined },
): XmlNode {
  return el(
    name,
    {},
    leaf('ram:IssueDateTime', ref.issueDate),
    leaf('ram:LineID', ref.lineId),
    leaf('ram:TypeCode', ref.typeCode),
    leaf('ram:ID', ref.id),
    leaf('ram:ReferenceTypeCode', ref.referenceTypeCode),
  )
}

/** TradeAddressType: PostcodeCode, LineOne, LineTwo, CityName, CountryID (no line three, no subdivision). */
function addressNode(a: PostalAddress | undefined): XmlNode | undefined {
  if (a === undefined) return undefined
  return el(
    'ram:PostalTradeAddress',
    {},
    leaf('ram:PostcodeCode', a.postCode),
    leaf('ram:LineOne', a.line1),
    // BT-162 (line three) and BT-39 (subdivision) have no element in ZUGFeRD 1.
    leaf('ram:LineTwo', a.line2),
    leaf('ram:CityName', a.city),
    leaf('ram:CountryID', a.countryCode),
  )
}

/**
 * TradePartyType: ID*, GlobalID*, Name, DefinedTradeContact (COMFORT), PostalTradeAddress,
 * SpecifiedTaxRegistration (FC, VA). ZUGFeRD 1 has no legal organisation and no electronic address.
 */
export function partyNode(name: string, party: Party, rules: Zf1ContentRules, withTax = true): XmlNode {
  const c = rules.comfort ? party.contact : undefined
  return el(
    name,
    {},
    ...party.identifiers.filter((id) => id.schemeId === undefined).map((id) => el('ram:ID', {}, id.value)),
    ...party.identifiers.filter((id) => id.schemeId !== undefined).map((id) => el('ram:GlobalID', { schemeID: id.schemeId }, id.value)),
    leaf('ram:Name', party.name),
    c &&
      el(
        'ram:DefinedTradeContact',
        {},
        leaf('ram:PersonName', c.name),
        leaf('ram:DepartmentName', c.department),
        wrapped('ram:TelephoneUniversalCommunication', 'ram:CompleteNumber', c.telephone),
        rules.extended && wrapped('ram:FaxUniversalCommunication', 'ram:CompleteNumber', c.fax),
        wrapped('ram:EmailURIUniversalCommunication', 'ram:URIID', c.email),
      ),
    addressNode(party.address),
    withTax && wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.taxRegistrationId, { schemeID: 'FC' }),
    withTax && wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.vatIdentifier, { schemeID: 'VA' }),
  )
}

/** TradeTaxType in ZUGFeRD 1 order; the rate element is ApplicablePercent. */
export function taxNode(
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
): XmlNode {
  return el(
    name,
    {},
    amountNode('ram:CalculatedAmount', tax.calculated, currency),
    el('ram:TypeCode', {}, 'VAT'),
    rules.comfort && leaf('ram:ExemptionReason', tax.exemptionReason),
    amountNode('ram:BasisAmount', tax.basis, currency),
    rules.comfort && leaf('ram:CategoryCode', tax.categoryCode),
    tax.rate && el('ram:ApplicablePercent', {}, amountText(tax.rate)),
  )
}

/** A document (with CategoryTradeTax) or line allowance/charge. */
export function allowanceChargeNode(
  ac: DocumentAllowanceCharge | LineAllowanceCharge,
  currency: string,
  rules: Zf1ContentRules,
): XmlNode {
  const doc = 'vatCategoryCode' in ac ? ac : undefined
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    {},
    indicatorNode('ram:ChargeIndicator', ac.isCharge),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    amountNode('ram:BasisAmount', ac.baseAmount, currency),
    amountNode('ram:ActualAmount', ac.amount, currency),
    leaf('ram:ReasonCode', ac.reasonCode),
    // BR-33/BR-38 style: a reason is expected; a generic word stands in as in the CII writer.
    leaf('ram:Reason', ac.reason ?? (ac.reasonCode === undefined ? (ac.isCharge ? 'Charge' : 'Allowance') : undefined)),
    doc && taxNode('ram:CategoryTradeTax', { categoryCode: doc.vatCategoryCode, rate: doc.vatRate }, currency, rules),
  )
}
