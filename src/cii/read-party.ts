/**
 * CII trade parties → model parties (BG-4 seller, BG-7 buyer, BG-10 payee, BG-11 tax
 * representative, BG-13 ship-to and the EXTENDED parties). One reader for every role: the
 * building block `TradeParty` is the same everywhere.
 * @module
 */
import type { Contact, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import type { XmlElement } from '../xml/index.js'
import type { CiiReadContext } from './read-context.js'

/** Drops undefined values so models compare equal however they were built. */
export function compact<T extends object>(value: T): T {
  // A fresh object rather than `delete`: deleting keys turns objects into slow dictionaries.
  const out: Partial<T> = {}
  for (const key in value) {
    const v = value[key]
    if (v !== undefined) out[key] = v
  }
  return out as T
}

/** BG-5 / BG-8 / BG-12 / BG-15. */
export function readAddress(cx: CiiReadContext, el: XmlElement | undefined): PostalAddress | undefined {
  if (el === undefined) return undefined
  const address = compact<PostalAddress>({
    line1: cx.text(el, 'LineOne'),
    line2: cx.text(el, 'LineTwo'),
    line3: cx.text(el, 'LineThree'),
    city: cx.text(el, 'CityName'),
    postCode: cx.text(el, 'PostcodeCode'),
    countrySubdivision: cx.text(el, 'CountrySubDivisionName'),
    countryCode: cx.text(el, 'CountryID'),
  })
  return Object.keys(address).length === 0 ? undefined : address
}

/** BG-6 / BG-9 (PersonName BT-41, phone BT-42, e-mail BT-43; department, fax, type EXTENDED). */
export function readContact(cx: CiiReadContext, el: XmlElement): Contact | undefined {
  const contact = compact<Contact>({
    name: cx.text(el, 'PersonName'),
    telephone: cx.text(el, 'TelephoneUniversalCommunication', 'CompleteNumber'),
    email: cx.text(el, 'EmailURIUniversalCommunication', 'URIID'),
    department: cx.text(el, 'DepartmentName'),
    fax: cx.text(el, 'FaxUniversalCommunication', 'CompleteNumber'),
    typeCode: cx.text(el, 'TypeCode'),
  })
  return Object.keys(contact).length === 0 ? undefined : contact
}

/** Tax registrations by scheme: VA is the VAT identifier (BT-31/48/63), FC the tax number (BT-32). */
function taxRegistration(cx: CiiReadContext, el: XmlElement, scheme: 'VA' | 'FC'): string | undefined {
  for (const reg of cx.all(el, 'SpecifiedTaxRegistration')) {
    const id = cx.el(reg, 'ID')
    if (cx.attr(id, 'schemeID') === scheme) return cx.textOf(id)
  }
  return undefined
}

/** A full TradeParty. `undefined` when the element is absent. */
export function readParty(cx: CiiReadContext, el: XmlElement | undefined): Party | undefined {
  if (el === undefined) return undefined
  // BT-29 / BT-46: ID elements carry no scheme, GlobalID elements an ICD scheme (BT-29-1).
  const identifiers = [
    ...cx.all(el, 'ID').map((e) => cx.identifierOf(e)),
    ...cx.all(el, 'GlobalID').map((e) => cx.identifierOf(e)),
  ].filter((id) => id !== undefined)
  const legal = cx.el(el, 'SpecifiedLegalOrganization')
  const contacts = cx
    .all(el, 'DefinedTradeContact')
    .map((c) => readContact(cx, c))
    .filter((c) => c !== undefined)
  return compact<Party>({
    name: cx.text(el, 'Name'),
    tradingName: cx.text(legal, 'TradingBusinessName'),
    identifiers,
    legalRegistrationId: cx.identifierOf(cx.el(legal, 'ID')),
    vatIdentifier: taxRegistration(cx, el, 'VA'),
    taxRegistrationId: taxRegistration(cx, el, 'FC'),
    additionalLegalInformation: cx.text(el, 'Description'),
    electronicAddress: cx.identifierOf(cx.path(el, 'URIUniversalCommunication', 'URIID')),
    address: readAddress(cx, cx.el(el, 'PostalTradeAddress')),
    contact: contacts[0],
    additionalContacts: contacts.length > 1 ? contacts.slice(1) : undefined,
    roleCode: cx.text(el, 'RoleCode'),
  })
}

/** BG-10 PAYEE: name BT-59, identifier BT-60, legal registration BT-61 (+ EXTENDED address, VAT id). */
export function readPayee(cx: CiiReadContext, el: XmlElement | undefined): Payee | undefined {
  const party = readParty(cx, el)
  if (party === undefined) return undefined
  if (party.name === undefined) cx.absent('BT-59')
  return compact<Payee>({
    name: party.name ?? '',
    identifier: party.identifiers[0],
    legalRegistrationId: party.legalRegistrationId,
    address: party.address,
    vatIdentifier: party.vatIdentifier,
  })
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY: name BT-62, VAT id BT-63, address BG-12. */
export function readTaxRepresentative(cx: CiiReadContext, el: XmlElement | undefined): TaxRepresentative | undefined {
  const party = readParty(cx, el)
  if (party === undefined) return undefined
  if (party.name === undefined) cx.absent('BT-62')
  if (party.vatIdentifier === undefined) cx.absent('BT-63')
  return compact<TaxRepresentative>({
    name: party.name ?? '',
    vatIdentifier: party.vatIdentifier ?? '',
    address: party.address,
  })
}

/** True when a party carries more than a ship-to's BT-70, BT-71 and BG-15 can hold. */
export function hasMoreThanShipTo(party: Party): boolean {
  return (
    party.identifiers.length > 1 ||
    Object.keys(party).some((k) => !['name', 'identifiers', 'address'].includes(k))
  )
}
