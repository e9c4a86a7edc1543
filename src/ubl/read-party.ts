/**
 * UBL parties → model: seller (BG-4), buyer (BG-7), payee (BG-10), tax representative (BG-11),
 * postal addresses (BG-5, BG-8, BG-12, BG-15) and contacts (BG-6, BG-9).
 * @module
 */
import type { Contact, Identifier, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import type { XmlElement } from '../xml/index.js'
import type { UblReadContext } from './read-context.js'

/** BT-90 travels as a party identification with scheme SEPA (seller or payee). */
export function isSepaScheme(id: Identifier): boolean {
  return id.schemeId?.toUpperCase() === 'SEPA'
}

function compact<T extends object>(value: T): T | undefined {
  return Object.values(value).some((v) => v !== undefined) ? value : undefined
}

export function readAddress(cx: UblReadContext, el: XmlElement | undefined): PostalAddress | undefined {
  if (el === undefined) return undefined
  return compact({
    line1: cx.text(el, 'StreetName'),
    line2: cx.text(el, 'AdditionalStreetName'),
    // UBL-SR-51: one AddressLine only; it carries BT-162/163/164/165.
    line3: cx.text(el, 'AddressLine', 'Line'),
    city: cx.text(el, 'CityName'),
    postCode: cx.text(el, 'PostalZone'),
    countrySubdivision: cx.text(el, 'CountrySubentity'),
    countryCode: cx.text(el, 'Country', 'IdentificationCode'),
  })
}

function readContact(cx: UblReadContext, el: XmlElement | undefined): Contact | undefined {
  if (el === undefined) return undefined
  return compact({
    name: cx.text(el, 'Name'),
    telephone: cx.text(el, 'Telephone'),
    email: cx.text(el, 'ElectronicMail'),
    fax: cx.text(el, 'Telefax'),
  })
}

/** The PartyTaxScheme whose TaxScheme/ID is (`vat`) or is not VAT: BT-31/48/63 vs BT-32. */
function taxSchemeCompanyId(cx: UblReadContext, party: XmlElement, vat: boolean): string | undefined {
  for (const pts of cx.cacs(party, 'PartyTaxScheme')) {
    const scheme = cx.text(pts, 'TaxScheme', 'ID')
    if ((scheme?.toUpperCase() === 'VAT') === vat) {
      const id = cx.text(pts, 'CompanyID')
      if (id !== undefined) return id
    }
  }
  return undefined
}

/** Identifiers of PartyIdentification, split into ordinary ones and the SEPA creditor id (BT-90). */
export function partyIdentifiers(cx: UblReadContext, party: XmlElement | undefined): { ids: Identifier[]; sepa?: string | undefined } {
  const ids: Identifier[] = []
  let sepa: string | undefined
  for (const pi of cx.cacs(party, 'PartyIdentification')) {
    const id = cx.identifierOf(cx.cbc(pi, 'ID'))
    if (id === undefined) continue
    if (isSepaScheme(id)) sepa ??= id.value
    else ids.push(id)
  }
  return { ids, sepa }
}

/**
 * The first `cbc:<local>` of the party's `cac:PartyLegalEntity` elements, whichever holds it: UBL
 * 2.1 allows several, and the official tests read `cac:PartyLegalEntity/cbc:RegistrationName` (BR-06,
 * BR-07), `…/cbc:CompanyID` (BR-CO-26, BR-AE-02 …) across all of them (UBL-SR-09/11/14/15/17/21
 * allow one of each in all).
 */
function legalEntityLeaf(cx: UblReadContext, party: XmlElement, local: string): XmlElement | undefined {
  for (const legal of cx.cacs(party, 'PartyLegalEntity')) {
    const leaf = cx.cbc(legal, local)
    if (leaf !== undefined) return leaf
  }
  return undefined
}

/** AccountingSupplierParty/Party or AccountingCustomerParty/Party → Party. */
export function readParty(cx: UblReadContext, party: XmlElement | undefined): Party {
  if (party === undefined) return { identifiers: [] }
  return {
    name: cx.textOf(legalEntityLeaf(cx, party, 'RegistrationName')),
    tradingName: cx.text(party, 'PartyName', 'Name'),
    identifiers: partyIdentifiers(cx, party).ids,
    legalRegistrationId: cx.identifierOf(legalEntityLeaf(cx, party, 'CompanyID')),
    vatIdentifier: taxSchemeCompanyId(cx, party, true),
    taxRegistrationId: taxSchemeCompanyId(cx, party, false),
    additionalLegalInformation: cx.textOf(legalEntityLeaf(cx, party, 'CompanyLegalForm')),
    electronicAddress: cx.identifierOf(cx.cbc(party, 'EndpointID')),
    address: readAddress(cx, cx.cac(party, 'PostalAddress')),
    contact: readContact(cx, cx.cac(party, 'Contact')),
  }
}

/** cac:PayeeParty → BG-10 (BT-59 name, BT-60 identifier, BT-61 legal registration id). */
export function readPayee(cx: UblReadContext, el: XmlElement | undefined): Payee | undefined {
  if (el === undefined) return undefined
  const name = cx.text(el, 'PartyName', 'Name')
  if (name === undefined) cx.absent('BT-59')
  return {
    name: name ?? '',
    identifier: partyIdentifiers(cx, el).ids[0],
    legalRegistrationId: cx.identifierOf(legalEntityLeaf(cx, el, 'CompanyID')),
  }
}

/** cac:TaxRepresentativeParty → BG-11. */
export function readTaxRepresentative(cx: UblReadContext, el: XmlElement | undefined): TaxRepresentative | undefined {
  if (el === undefined) return undefined
  const name = cx.text(el, 'PartyName', 'Name')
  const vat = taxSchemeCompanyId(cx, el, true) ?? taxSchemeCompanyId(cx, el, false)
  if (name === undefined) cx.absent('BT-62')
  if (vat === undefined) cx.absent('BT-63')
  return { name: name ?? '', vatIdentifier: vat ?? '', address: readAddress(cx, cx.cac(el, 'PostalAddress')) }
}
