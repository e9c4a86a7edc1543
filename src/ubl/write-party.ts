/**
 * Model parties → UBL: AccountingSupplierParty / AccountingCustomerParty (BG-4, BG-7), PayeeParty
 * (BG-10), TaxRepresentativeParty (BG-11) and postal addresses, in the XSD's PartyType order.
 * @module
 */
import type { Contact, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import { type XmlTextWriter, attr, isBlank } from '../xml/text-writer.js'
import { TAX_REGISTRATION_SCHEME } from './ubl-codes.js'
import { cbcId, taxScheme } from './write-values.js'

/** AddressType order: StreetName, AdditionalStreetName, CityName, PostalZone, CountrySubentity, AddressLine, Country. */
export function writeAddress(w: XmlTextWriter, name: string, a: PostalAddress | undefined): void {
  if (a === undefined) return
  w.openOptional(name)
  w.leaf('cbc:StreetName', a.line1)
  w.leaf('cbc:AdditionalStreetName', a.line2)
  w.leaf('cbc:CityName', a.city)
  w.leaf('cbc:PostalZone', a.postCode)
  w.leaf('cbc:CountrySubentity', a.countrySubdivision)
  w.wrapped('cac:AddressLine', 'cbc:Line', a.line3)
  w.wrapped('cac:Country', 'cbc:IdentificationCode', a.countryCode)
  w.close()
}

function writeContact(w: XmlTextWriter, c: Contact | undefined): void {
  if (c === undefined) return
  // BT-41/BT-56: CII carries the contact point as PersonName and/or DepartmentName; UBL has one Name.
  const parts = [c.department, c.name].filter((v): v is string => v !== undefined && v.trim() !== '')
  w.openOptional('cac:Contact')
  w.leaf('cbc:Name', [...new Set(parts)].join(', '))
  w.leaf('cbc:Telephone', c.telephone)
  w.leaf('cbc:ElectronicMail', c.email)
  w.close()
}

/** A PartyTaxScheme only with its CompanyID (UBL-SR-53). */
function partyTaxScheme(w: XmlTextWriter, companyId: string | undefined, scheme: string): void {
  if (isBlank(companyId)) return
  w.open('cac:PartyTaxScheme')
  w.text('cbc:CompanyID', companyId)
  taxScheme(w, scheme)
  w.close()
}

export type PartyOptions = {
  /** BT-90, written as the seller's PartyIdentification with scheme SEPA. */
  creditorId?: string | undefined
  /** Buyer: BT-46 occurs once (UBL-SR-16). */
  singleIdentifier?: boolean | undefined
}

/**
 * cac:Party of the seller or buyer. A party without any content (only from an invalid model) stays
 * an empty element: the XSD requires the element and we never invent a name.
 */
export function writeParty(w: XmlTextWriter, p: Party, options: PartyOptions = {}): void {
  const ids = options.singleIdentifier === true ? p.identifiers.slice(0, 1) : p.identifiers
  w.open('cac:Party')
  cbcId(w, 'cbc:EndpointID', p.electronicAddress)
  for (const id of ids) {
    w.openOptional('cac:PartyIdentification')
    cbcId(w, 'cbc:ID', id)
    w.close()
  }
  w.wrapped('cac:PartyIdentification', 'cbc:ID', options.creditorId, attr('schemeID', 'SEPA'))
  w.wrapped('cac:PartyName', 'cbc:Name', p.tradingName)
  writeAddress(w, 'cac:PostalAddress', p.address)
  partyTaxScheme(w, p.vatIdentifier, 'VAT')
  partyTaxScheme(w, p.taxRegistrationId, TAX_REGISTRATION_SCHEME)
  w.openOptional('cac:PartyLegalEntity')
  w.leaf('cbc:RegistrationName', p.name)
  cbcId(w, 'cbc:CompanyID', p.legalRegistrationId)
  w.leaf('cbc:CompanyLegalForm', p.additionalLegalInformation)
  w.close()
  writeContact(w, p.contact)
  w.close()
}

/** cac:PayeeParty (BT-59 name, BT-60 identifier, BT-61 legal registration identifier). */
export function writePayee(w: XmlTextWriter, p: Payee | undefined): void {
  if (p === undefined) return
  w.openOptional('cac:PayeeParty')
  w.openOptional('cac:PartyIdentification')
  cbcId(w, 'cbc:ID', p.identifier)
  w.close()
  w.wrapped('cac:PartyName', 'cbc:Name', p.name)
  w.openOptional('cac:PartyLegalEntity')
  cbcId(w, 'cbc:CompanyID', p.legalRegistrationId)
  w.close()
  w.close()
}

/** cac:TaxRepresentativeParty (BT-62 name, BG-12 address, BT-63 VAT identifier). */
export function writeTaxRepresentative(w: XmlTextWriter, t: TaxRepresentative | undefined): void {
  if (t === undefined) return
  w.openOptional('cac:TaxRepresentativeParty')
  w.wrapped('cac:PartyName', 'cbc:Name', t.name)
  writeAddress(w, 'cac:PostalAddress', t.address)
  partyTaxScheme(w, t.vatIdentifier, 'VAT')
  w.close()
}
