/**
 * CII trade parties (ram:TradePartyType, behaviour doc §3.5) in XSD element order: ID, GlobalID,
 * Name, RoleCode, Description, SpecifiedLegalOrganization, DefinedTradeContact,
 * PostalTradeAddress, URIUniversalCommunication, SpecifiedTaxRegistration (VA, then FC).
 * @module
 */
import type { Contact, DeliveryInformation, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { CiiContentRules } from './content-rules.js'
import { writePostalAddress } from './write-common.js'

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

const SCHEME_VA = ' schemeID="VA"'
const SCHEME_FC = ' schemeID="FC"'

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

function writeAddress(w: XmlTextWriter, address: PostalAddress | undefined, mode: PartyShape['address']): void {
  if (address === undefined || mode === 'none') return
  if (mode === 'country') {
    if (address.countryCode === undefined) return
    w.open('ram:PostalTradeAddress')
    w.text('ram:CountryID', address.countryCode)
    w.close()
    return
  }
  writePostalAddress(w, address)
}

/** DefinedTradeContact, left out when none of its parts is given. */
function writeContact(w: XmlTextWriter, contact: Contact | undefined, rules: CiiContentRules): void {
  if (contact === undefined) return
  w.openOptional('ram:DefinedTradeContact')
  w.leaf('ram:PersonName', contact.name)
  w.leaf('ram:DepartmentName', contact.department)
  w.wrapped('ram:TelephoneUniversalCommunication', 'ram:CompleteNumber', contact.telephone)
  if (rules.extended) w.wrapped('ram:FaxUniversalCommunication', 'ram:CompleteNumber', contact.fax)
  w.wrapped('ram:EmailURIUniversalCommunication', 'ram:URIID', contact.email)
  w.close()
}

/** A trade party element named `name` (e.g. `ram:SellerTradeParty`). */
export function writeParty(w: XmlTextWriter, name: string, party: Party, shape: PartyShape, rules: CiiContentRules): void {
  const legal = party.legalRegistrationId
  const electronic = shape.registrations && !shape.minimal ? party.electronicAddress : undefined
  w.open(name)
  if (!shape.minimal) {
    for (const id of party.identifiers) if (id.schemeId === undefined) w.leaf('ram:ID', id.value)
    for (const id of party.identifiers) if (id.schemeId !== undefined) w.leaf('ram:GlobalID', id.value, attr('schemeID', id.schemeId))
  }
  w.leaf('ram:Name', party.name)
  if (rules.extended) w.leaf('ram:RoleCode', party.roleCode)
  if (rules.fullEn16931) w.leaf('ram:Description', party.additionalLegalInformation)
  w.openOptional('ram:SpecifiedLegalOrganization')
  if (legal !== undefined) w.leaf('ram:ID', legal.value, attr('schemeID', legal.schemeId))
  if (!shape.minimal) w.leaf('ram:TradingBusinessName', party.tradingName)
  w.close()
  if (shape.contact) writeContact(w, party.contact, rules)
  writeAddress(w, party.address, shape.address)
  if (electronic) w.wrapped('ram:URIUniversalCommunication', 'ram:URIID', electronic.value, attr('schemeID', electronic.schemeId))
  if (shape.registrations) {
    w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.vatIdentifier, SCHEME_VA)
    w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', party.taxRegistrationId, SCHEME_FC)
  }
  w.close()
}

/** BG-10 payee: ID or GlobalID, Name, legal organisation id (Mustang writes no more). */
export function writePayee(w: XmlTextWriter, payee: Payee): void {
  const id = payee.identifier
  const legal = payee.legalRegistrationId
  w.open('ram:PayeeTradeParty')
  if (id?.schemeId === undefined) w.leaf('ram:ID', id?.value)
  else w.leaf('ram:GlobalID', id.value, attr('schemeID', id.schemeId))
  w.text('ram:Name', payee.name)
  if (legal !== undefined) w.wrapped('ram:SpecifiedLegalOrganization', 'ram:ID', legal.value, attr('schemeID', legal.schemeId))
  w.close()
}

/** BG-11 seller tax representative: Name (BT-62), address (BG-12), VAT identifier (BT-63). */
export function writeTaxRepresentative(w: XmlTextWriter, rep: TaxRepresentative): void {
  w.open('ram:SellerTaxRepresentativeTradeParty')
  w.text('ram:Name', rep.name)
  writeAddress(w, rep.address, 'full')
  w.wrapped('ram:SpecifiedTaxRegistration', 'ram:ID', rep.vatIdentifier, SCHEME_VA)
  w.close()
}

/**
 * BG-13 as a ship-to party when the model has no full party: BT-71 (a GlobalID when it has a
 * scheme, else an ID), BT-70 and BG-15. Undefined when none of them is given.
 */
export function shipToParty(d: DeliveryInformation): Party | undefined {
  if (d.partyName === undefined && d.locationId === undefined && d.address === undefined) return undefined
  return { name: d.partyName, identifiers: d.locationId === undefined ? [] : [d.locationId], address: d.address }
}
