/**
 * CII trade parties (ram:TradePartyType, behaviour doc §3.5) in XSD element order: ID, GlobalID,
 * Name, RoleCode, Description, SpecifiedLegalOrganization, DefinedTradeContact,
 * PostalTradeAddress, URIUniversalCommunication, SpecifiedTaxRegistration (VA, then FC).
 * @module
 */
import type { Contact, DeliveryInformation, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { CiiContentRules } from './content-rules.js'
import { leaf, wrapped } from './write-format.js'

/** How much of a party a role may carry; the XSD shares one type, the profiles' rules do not. */
export type PartyShape = {
  /** MINIMUM seller/buyer: name, legal organisation id, (seller) country and tax registrations. */
  minimal: boolean
  /** Address: `country` = only CountryID (MINIMUM seller), `full`, or `none`. */
  address: 'none' | 'country' | 'full'
  /** Electronic address and tax registrations (not for ship-to parties, as in Mustang). */
  registrations: boolean
  /** DefinedTradeContact: EN 16931 and above (BG-6/BG-9). */
  contact: boolean
}

/** The shape of a party in `role` under the profile's rules. */
export function partyShape(rules: CiiContentRules, role: 'seller' | 'buyer' | 'shipTo' | 'other'): PartyShape {
  if (!rules.beyondMinimum) {
    // Factur-X MINIMUM: BT-27, BT-30, BT-31/32, BT-40 for the seller; BT-44, BT-47 for the buyer
    // (its schematron reports a buyer address or VAT id as "not used in the given context").
    return { minimal: true, address: role === 'seller' ? 'country' : 'none', registrations: role === 'seller', contact: false }
  }
  // Ship-to parties carry no registrations (as in Mustang) and, below EXTENDED, no contact (no BT).
  return { minimal: false, address: 'full', registrations: role !== 'shipTo', contact: role === 'shipTo' ? rules.extended : rules.fullEn16931 }
}

function addressNode(address: PostalAddress | undefined, mode: PartyShape['address']): XmlNode | undefined {
  if (address === undefined || mode === 'none') return undefined
  // CountryID is mandatory in the XSD; Mustang writes it empty when unknown.
  const country = el('ram:CountryID', {}, address.countryCode ?? '')
  if (mode === 'country') return address.countryCode === undefined ? undefined : el('ram:PostalTradeAddress', {}, country)
  return el(
    'ram:PostalTradeAddress',
    {},
    leaf('ram:PostcodeCode', address.postCode),
    leaf('ram:LineOne', address.line1),
    leaf('ram:LineTwo', address.line2),
    leaf('ram:LineThree', address.line3),
    leaf('ram:CityName', address.city),
    country,
    leaf('ram:CountrySubDivisionName', address.countrySubdivision),
  )
}

function contactNode(contact: Contact | undefined, rules: CiiContentRules): XmlNode | undefined {
  if (contact === undefined) return undefined
  const children = [
    leaf('ram:PersonName', contact.name),
    leaf('ram:DepartmentName', contact.department),
    wrapped('ram:TelephoneUniversalCommunication', 'ram:CompleteNumber', contact.telephone),
    rules.extended ? wrapped('ram:FaxUniversalCommunication', 'ram:CompleteNumber', contact.fax) : undefined,
    wrapped('ram:EmailURIUniversalCommunication', 'ram:URIID', contact.email),
  ]
  return children.some((c) => c !== undefined) ? el('ram:DefinedTradeContact', {}, ...children) : undefined
}

/** A trade party element named `name` (e.g. `ram:SellerTradeParty`). */
export function partyNode(name: string, party: Party, shape: PartyShape, rules: CiiContentRules): XmlNode {
  const legal = party.legalRegistrationId
  const legalChildren = [
    leaf('ram:ID', legal?.value, { schemeID: legal?.schemeId }),
    shape.minimal ? undefined : leaf('ram:TradingBusinessName', party.tradingName),
  ]
  const ids = shape.minimal ? [] : party.identifiers
  const electronic = shape.registrations && !shape.minimal ? party.electronicAddress : undefined
  return el(
    name,
    {},
    ...ids.filter((id) => id.schemeId === undefined).map((id) => leaf('ram:ID', id.value)),
    ...ids.filter((id) => id.schemeId !== undefined).map((id) => leaf('ram:GlobalID', id.value, { schemeID: id.schemeId })),
    leaf('ram:Name', party.name),
    rules.extended ? leaf('ram:RoleCode', party.roleCode) : undefined,
    rules.fullEn16931 ? leaf('ram:Description', party.additionalLegalInformation) : undefined,
    legalChildren.some((c) => c !== undefined) && el('ram:SpecifiedLegalOrganization', {}, ...legalChildren),
    shape.contact && contactNode(party.contact, rules),
    addressNode(party.address, shape.address),
    electronic && wrapped('ram:URIUniversalCommunication', 'ram:URIID', electronic.value, { schemeID: electronic.schemeId }),
    shape.registrations && wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.vatIdentifier, { schemeID: 'VA' }),
    shape.registrations && wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.taxRegistrationId, { schemeID: 'FC' }),
  )
}

/** BG-10 payee: ID or GlobalID, Name, legal organisation id (Mustang writes no more). */
export function payeeNode(payee: Payee): XmlNode {
  const id = payee.identifier
  const legal = payee.legalRegistrationId
  return el(
    'ram:PayeeTradeParty',
    {},
    id?.schemeId === undefined ? leaf('ram:ID', id?.value) : leaf('ram:GlobalID', id.value, { schemeID: id.schemeId }),
    el('ram:Name', {}, payee.name),
    wrapped('ram:SpecifiedLegalOrganization', 'ram:ID', legal?.value, { schemeID: legal?.schemeId }),
  )
}

/** BG-11 seller tax representative: Name (BT-62), address (BG-12), VAT identifier (BT-63). */
export function taxRepresentativeNode(rep: TaxRepresentative): XmlNode {
  return el(
    'ram:SellerTaxRepresentativeTradeParty',
    {},
    el('ram:Name', {}, rep.name),
    addressNode(rep.address, 'full'),
    wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', rep.vatIdentifier, { schemeID: 'VA' }),
  )
}

/**
 * BG-13 as a ship-to party when the model has no full party: BT-71 (a GlobalID when it has a
 * scheme, else an ID), BT-70 and BG-15. Undefined when none of them is given.
 */
export function shipToParty(d: DeliveryInformation): Party | undefined {
  if (d.partyName === undefined && d.locationId === undefined && d.address === undefined) return undefined
  return { name: d.partyName, identifiers: d.locationId === undefined ? [] : [d.locationId], address: d.address }
}
