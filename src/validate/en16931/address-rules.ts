/**
 * The postal address rules read on the tree as the official tests are written: BR-08, BR-10 and
 * BR-19 ask for the address element, blank or not (the model drops an address without content).
 * The country rules BR-09, BR-11 and BR-20 test `normalize-space(country) != ''`: CII from the
 * document or party down, so a missing address fails them too; UBL on each address element, so a
 * missing address leaves nothing to test.
 * @module
 */
import type { Invoice, PostalAddress } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { type QName, descend, descendants, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { NONE, hasText, issue, when } from './model-helpers.js'
import { type Check, bound } from './syntax-bound-rules.js'

const C = {
  transaction: q('rsm:SupplyChainTradeTransaction'),
  agreement: q('ram:ApplicableHeaderTradeAgreement'),
  seller: q('ram:SellerTradeParty'),
  buyer: q('ram:BuyerTradeParty'),
  representative: q('ram:SellerTaxRepresentativeTradeParty'),
  address: q('ram:PostalTradeAddress'),
  country: q('ram:CountryID'),
}
const U = {
  supplier: q('cac:AccountingSupplierParty'),
  customer: q('cac:AccountingCustomerParty'),
  representative: q('cac:TaxRepresentativeParty'),
  party: q('cac:Party'),
  address: q('cac:PostalAddress'),
  country: q('cac:Country'),
  countryCode: q('cbc:IdentificationCode'),
}

/** `normalize-space(x) != ''` of the first element found. */
const filled = (elements: readonly XmlElement[]): boolean => {
  const first = elements[0]
  return first !== undefined && normalizeSpace(stringValue(first)) !== ''
}

const modelCountry = (a: PostalAddress | undefined): boolean => hasText(a?.countryCode)

type Role = { cii: QName; ubl: QName; at: string; country: string; model: (invoice: Invoice) => PostalAddress | undefined }
const SELLER: Role = { cii: C.seller, ubl: U.supplier, at: btPath('BG-4', 'BG-5'), country: btPath('BG-4', 'BG-5', 'BT-40'), model: (i) => i.seller.address }
const BUYER: Role = { cii: C.buyer, ubl: U.customer, at: btPath('BG-7', 'BG-8'), country: btPath('BG-7', 'BG-8', 'BT-55'), model: (i) => i.buyer.address }

const ciiAddresses = (root: XmlElement, role: Role): XmlElement[] => descend(root, C.transaction, C.agreement, role.cii, C.address)
const ublAddresses = (root: XmlElement, role: Role): XmlElement[] => descend(root, role.ubl, U.party, U.address)

/** BR-08 / BR-10: the party has a postal address element. */
function addressRule(role: Role): Check {
  return bound({
    cii: (root) => when(ciiAddresses(root, role).length === 0, role.at),
    ubl: (root) => when(ublAddresses(root, role).length === 0, role.at),
    model: (invoice) => when(role.model(invoice) === undefined, role.at),
  })
}

/** BR-09 / BR-11: the party's address has a country code. */
function countryRule(role: Role): Check {
  return bound({
    cii: (root) => when(!filled(ciiAddresses(root, role).flatMap((a) => kids(a, C.country))), role.country),
    ubl: (root) => ublAddresses(root, role).flatMap((a): Issue[] => (filled(descend(a, U.country, U.countryCode)) ? [] : [issue(role.country)])),
    model: (invoice) => when(!modelCountry(role.model(invoice)), role.country),
  })
}

export const br08 = addressRule(SELLER)
export const br09 = countryRule(SELLER)
export const br10 = addressRule(BUYER)
export const br11 = countryRule(BUYER)

const REP_ADDRESS = btPath('BG-11', 'BG-12')
const REP_COUNTRY = btPath('BG-11', 'BG-12', 'BT-69')

/** BR-19: each seller tax representative has a postal address element. */
export const br19 = bound({
  cii: (root) => descendants(root, C.representative).flatMap((p): Issue[] => (kids(p, C.address).length > 0 ? [] : [issue(REP_ADDRESS)])),
  ubl: (root) => descendants(root, U.representative).flatMap((p): Issue[] => (kids(p, U.address).length > 0 ? [] : [issue(REP_ADDRESS)])),
  model: (invoice) => when(invoice.sellerTaxRepresentative !== undefined && invoice.sellerTaxRepresentative.address === undefined, REP_ADDRESS),
})

/** BR-20: the tax representative's address has a country code (CII: per representative; UBL: per address). */
export const br20 = bound({
  cii: (root) => descendants(root, C.representative).flatMap((p): Issue[] => (filled(descend(p, C.address, C.country)) ? [] : [issue(REP_COUNTRY)])),
  ubl: (root) =>
    descendants(root, U.representative)
      .flatMap((p) => kids(p, U.address))
      .flatMap((a): Issue[] => (filled(descend(a, U.country, U.countryCode)) ? [] : [issue(REP_COUNTRY)])),
  model: (invoice) => (invoice.sellerTaxRepresentative !== undefined && !modelCountry(invoice.sellerTaxRepresentative.address) ? [issue(REP_COUNTRY)] : NONE),
})
