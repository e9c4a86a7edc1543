/**
 * Model parties → UBL: AccountingSupplierParty / AccountingCustomerParty (BG-4, BG-7), PayeeParty
 * (BG-10), TaxRepresentativeParty (BG-11) and postal addresses, in the XSD's PartyType order.
 * @module
 */
import type { Contact, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import { TAX_REGISTRATION_SCHEME } from './ubl-codes.js'
import { cac, cbc, cbcId, taxScheme } from './write-values.js'

/** AddressType order: StreetName, AdditionalStreetName, CityName, PostalZone, CountrySubentity, AddressLine, Country. */
export function writeAddress(local: string, a: PostalAddress | undefined): XmlNode | undefined {
  if (a === undefined) return undefined
  return cac(
    local,
    cbc('StreetName', a.line1),
    cbc('AdditionalStreetName', a.line2),
    cbc('CityName', a.city),
    cbc('PostalZone', a.postCode),
    cbc('CountrySubentity', a.countrySubdivision),
    cac('AddressLine', cbc('Line', a.line3)),
    cac('Country', cbc('IdentificationCode', a.countryCode)),
  )
}

function writeContact(c: Contact | undefined): XmlNode | undefined {
  if (c === undefined) return undefined
  // BT-41/BT-56: CII carries the contact point as PersonName and/or DepartmentName; UBL has one Name.
  const parts = [c.department, c.name].filter((v): v is string => v !== undefined && v.trim() !== '')
  const name = [...new Set(parts)].join(', ')
  return cac('Contact', cbc('Name', name), cbc('Telephone', c.telephone), cbc('ElectronicMail', c.email))
}

/** A PartyTaxScheme only with its CompanyID (UBL-SR-53). */
function partyTaxScheme(companyId: string | undefined, scheme: string): XmlNode | undefined {
  if (companyId === undefined || companyId.trim() === '') return undefined
  return cac('PartyTaxScheme', cbc('CompanyID', companyId), taxScheme(scheme))
}

export type PartyOptions = {
  /** BT-90, written as the seller's PartyIdentification with scheme SEPA. */
  creditorId?: string | undefined
  /** Buyer: BT-46 occurs once (UBL-SR-16). */
  singleIdentifier?: boolean | undefined
}

/** cac:Party of the seller or buyer. */
export function writeParty(p: Party, options: PartyOptions = {}): XmlNode {
  const ids = options.singleIdentifier === true ? p.identifiers.slice(0, 1) : p.identifiers
  return (
    cac(
      'Party',
      cbcId('EndpointID', p.electronicAddress),
      ...ids.map((id) => cac('PartyIdentification', cbcId('ID', id))),
      options.creditorId === undefined
        ? undefined
        : cac('PartyIdentification', cbc('ID', options.creditorId, { schemeID: 'SEPA' })),
      cac('PartyName', cbc('Name', p.tradingName)),
      writeAddress('PostalAddress', p.address),
      partyTaxScheme(p.vatIdentifier, 'VAT'),
      partyTaxScheme(p.taxRegistrationId, TAX_REGISTRATION_SCHEME),
      cac(
        'PartyLegalEntity',
        cbc('RegistrationName', p.name),
        cbcId('CompanyID', p.legalRegistrationId),
        cbc('CompanyLegalForm', p.additionalLegalInformation),
      ),
      writeContact(p.contact),
      // A party without any content (only from an invalid model) stays an empty element: the XSD
      // requires the element and we never invent a name.
    ) ?? el('cac:Party')
  )
}

/** cac:PayeeParty (BT-59 name, BT-60 identifier, BT-61 legal registration identifier). */
export function writePayee(p: Payee | undefined): XmlNode | undefined {
  if (p === undefined) return undefined
  return cac(
    'PayeeParty',
    cac('PartyIdentification', cbcId('ID', p.identifier)),
    cac('PartyName', cbc('Name', p.name)),
    cac('PartyLegalEntity', cbcId('CompanyID', p.legalRegistrationId)),
  )
}

/** cac:TaxRepresentativeParty (BT-62 name, BG-12 address, BT-63 VAT identifier). */
export function writeTaxRepresentative(t: TaxRepresentative | undefined): XmlNode | undefined {
  if (t === undefined) return undefined
  return cac(
    'TaxRepresentativeParty',
    cac('PartyName', cbc('Name', t.name)),
    writeAddress('PostalAddress', t.address),
    partyTaxScheme(t.vatIdentifier, 'VAT'),
  )
}
