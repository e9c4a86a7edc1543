/**
 * Parties, addresses and contacts as field lists (BG-4 to BG-15 and the EXTENDED parties).
 * @module
 */
import type { Contact, Party, Payee, PostalAddress, TaxRepresentative } from '../model/invoice.js'
import type { ViewContext } from './view-context.js'
import { FieldList, type ViewField } from './view-types.js'

/** BG-5 / BG-8 / BG-12 / BG-15; `bt` lists the four families' ids in the order line1 … country. */
export function addressFields(c: ViewContext, a: PostalAddress | undefined, bt?: readonly string[]): ViewField[] {
  if (a === undefined) return []
  const { t } = c
  return new FieldList()
    .add(t.addressLine1, a.line1, bt?.[0])
    .add(t.addressLine2, a.line2, bt?.[1])
    .add(t.addressLine3, a.line3, bt?.[2])
    .add(t.postCode, a.postCode, bt?.[4])
    .add(t.city, a.city, bt?.[3])
    .add(t.countrySubdivision, a.countrySubdivision, bt?.[5])
    .add(t.country, c.code('country', a.countryCode), bt?.[6]).fields
}

/** BG-6 / BG-9 contact (+ EXTENDED department, fax, type). */
export function contactFields(c: ViewContext, contact: Contact | undefined, bt?: readonly string[]): ViewField[] {
  if (contact === undefined) return []
  const { t } = c
  return new FieldList()
    .add(t.contactName, contact.name, bt?.[0])
    .add(t.telephone, contact.telephone, bt?.[1])
    .add(t.email, contact.email, bt?.[2])
    .add(t.department, contact.department)
    .add(t.fax, contact.fax)
    .add(t.contactType, contact.typeCode).fields
}

/** Business term ids per party role, in the order of `partyFields`. */
export type PartyTerms = {
  name: string
  tradingName?: string
  identifiers?: string
  legal?: string
  vat?: string
  taxRegistration?: string
  legalInfo?: string
  electronicAddress?: string
  address?: readonly string[]
  contact?: readonly string[]
}

export const SELLER_TERMS: PartyTerms = {
  name: 'BT-27',
  tradingName: 'BT-28',
  identifiers: 'BT-29',
  legal: 'BT-30',
  vat: 'BT-31',
  taxRegistration: 'BT-32',
  legalInfo: 'BT-33',
  electronicAddress: 'BT-34',
  address: ['BT-35', 'BT-36', 'BT-162', 'BT-37', 'BT-38', 'BT-39', 'BT-40'],
  contact: ['BT-41', 'BT-42', 'BT-43'],
}

export const BUYER_TERMS: PartyTerms = {
  name: 'BT-44',
  tradingName: 'BT-45',
  identifiers: 'BT-46',
  legal: 'BT-47',
  vat: 'BT-48',
  electronicAddress: 'BT-49',
  address: ['BT-50', 'BT-51', 'BT-163', 'BT-52', 'BT-53', 'BT-54', 'BT-55'],
  contact: ['BT-56', 'BT-57', 'BT-58'],
}

/** Every field of a party; extension parties pass no term ids. */
export function partyFields(c: ViewContext, p: Party | undefined, terms?: PartyTerms): ViewField[] {
  if (p === undefined) return []
  const { t } = c
  const list = new FieldList().add(t.name, p.name, terms?.name).add(t.tradingName, p.tradingName, terms?.tradingName)
  for (const id of p.identifiers) list.add(t.identifier, c.id(id), terms?.identifiers)
  list
    .add(t.legalRegistrationId, c.id(p.legalRegistrationId), terms?.legal)
    .add(t.vatIdentifier, p.vatIdentifier, terms?.vat)
    .add(t.taxRegistrationId, p.taxRegistrationId, terms?.taxRegistration)
    .add(t.additionalLegalInformation, p.additionalLegalInformation, terms?.legalInfo)
    .add(t.electronicAddress, c.id(p.electronicAddress), terms?.electronicAddress)
    .addAll(addressFields(c, p.address, terms?.address))
    .addAll(contactFields(c, p.contact, terms?.contact))
  for (const extra of p.additionalContacts ?? []) list.addAll(contactFields(c, extra))
  return list.add(t.roleCode, p.roleCode).fields
}

/** BG-10 PAYEE. */
export function payeeFields(c: ViewContext, p: Payee | undefined): ViewField[] {
  if (p === undefined) return []
  const { t } = c
  return new FieldList()
    .add(t.name, p.name, 'BT-59')
    .add(t.identifier, c.id(p.identifier), 'BT-60')
    .add(t.legalRegistrationId, c.id(p.legalRegistrationId), 'BT-61')
    .add(t.vatIdentifier, p.vatIdentifier)
    .addAll(addressFields(c, p.address)).fields
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY. */
export function taxRepresentativeFields(c: ViewContext, p: TaxRepresentative | undefined): ViewField[] {
  if (p === undefined) return []
  const { t } = c
  return new FieldList()
    .add(t.name, p.name, 'BT-62')
    .add(t.vatIdentifier, p.vatIdentifier, 'BT-63')
    .addAll(addressFields(c, p.address, ['BT-64', 'BT-65', 'BT-164', 'BT-66', 'BT-67', 'BT-68', 'BT-69'])).fields
}
