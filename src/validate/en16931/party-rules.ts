/**
 * Party rules read on the tree as the official tests are written (BR-56 below):
 *
 * - BR-17 (payee name, BT-59), per payee party: its name element is there (blank or not) and no
 *   name, id (CII also legal registration id) of it equals one of the seller's, as written. CII
 *   `//ram:PayeeTradeParty` against `../../ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty`,
 *   UBL `cac:PayeeParty` (names under `cac:PartyName`, ids under `cac:PartyIdentification`)
 *   against `../cac:AccountingSupplierParty/cac:Party`.
 * - BR-62/BR-63 (scheme of the seller's and buyer's electronic address, BT-34-1/BT-49-1). CII:
 *   the first `ram:URIUniversalCommunication` of the party has a non-blank `ram:URIID/@schemeID`,
 *   or the party has none. UBL: each `cbc:EndpointID` of the party has a `schemeID` attribute,
 *   blank or not (the model reads a blank one as absent).
 * - BR-CO-09 (a VAT identifier starts with a country code). CII: every
 *   `ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']` as written, its first two characters a
 *   code of the list (` DE…` or an empty ID fail). The list is the syntax's country list plus EL,
 *   Greece's VAT prefix (until session 28 einvoice took the country list alone, where EL is not:
 *   a Greek seller's `EL…` identifier failed BR-CO-09 for einvoice only). UBL tests `contains(list, substring(id, 1, 2))`
 *   on the space-separated list for every `cac:PartyTaxScheme` of the VAT scheme, as written: partial
 *   matches count, an empty or missing ID passes, one of two spaces fails.
 * @module
 */
import { CII_VAT_PREFIXES, UBL_VAT_PREFIXES } from '../../model/codelists/index.js'
import type { Invoice, Party } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { attrValue, normalizeSpace, stringValue } from '../syntax/paths.js'
import { type QName, descend, descendants, hasAncestor, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { NONE, hasText, issue, when } from './model-helpers.js'
import { type Check, bound, isChildOf, ublIsVat } from './syntax-bound-rules.js'
import { ciiHasRegistration, ublHasCompanyId } from './tax-id-presence.js'

const C = {
  transaction: q('rsm:SupplyChainTradeTransaction'),
  payee: q('ram:PayeeTradeParty'),
  name: q('ram:Name'),
  legalOrganization: q('ram:SpecifiedLegalOrganization'),
  agreement: q('ram:ApplicableHeaderTradeAgreement'),
  seller: q('ram:SellerTradeParty'),
  buyer: q('ram:BuyerTradeParty'),
  taxRepresentative: q('ram:SellerTaxRepresentativeTradeParty'),
  uri: q('ram:URIUniversalCommunication'),
  uriId: q('ram:URIID'),
  taxRegistration: q('ram:SpecifiedTaxRegistration'),
  id: q('ram:ID'),
}
const U = {
  supplier: q('cac:AccountingSupplierParty'),
  payee: q('cac:PayeeParty'),
  partyName: q('cac:PartyName'),
  name: q('cbc:Name'),
  partyIdentification: q('cac:PartyIdentification'),
  id: q('cbc:ID'),
  customer: q('cac:AccountingCustomerParty'),
  taxRepresentative: q('cac:TaxRepresentativeParty'),
  party: q('cac:Party'),
  endpoint: q('cbc:EndpointID'),
  partyTaxScheme: q('cac:PartyTaxScheme'),
  companyId: q('cbc:CompanyID'),
}

function electronicAddressRule(which: 'seller' | 'buyer'): Check {
  const at = which === 'seller' ? btPath('BG-4', 'BT-34') : btPath('BG-7', 'BT-49')
  const model = (invoice: Invoice): readonly Issue[] => {
    const party: Party = which === 'seller' ? invoice.seller : invoice.buyer
    return when(party.electronicAddress !== undefined && !hasText(party.electronicAddress.schemeId), at)
  }
  return bound({
    cii: (root) => {
      const uris = descend(root, C.transaction, C.agreement, which === 'seller' ? C.seller : C.buyer, C.uri)
      const first = uris[0]
      if (first === undefined) return NONE
      const id = kids(first, C.uriId)[0]
      return when(normalizeSpace((id === undefined ? undefined : attrValue(id, 'schemeID')) ?? '') === '', at)
    },
    ubl: (root) => {
      const endpoints = descend(root, which === 'seller' ? U.supplier : U.customer, U.party, U.endpoint)
      return endpoints.some((e) => attrValue(e, 'schemeID') === undefined) ? [issue(at)] : NONE
    },
    model,
  })
}

/** XPath's general `a = b` on two element lists: some pair with the same string value, as written. */
function someEqual(a: readonly XmlElement[], b: readonly XmlElement[]): boolean {
  if (a.length === 0 || b.length === 0) return false
  const values = new Set(b.map(stringValue))
  return a.some((el) => values.has(stringValue(el)))
}

const PAYEE_NAME = btPath('BG-10', 'BT-59')

export const br17 = bound({
  cii: (root) => {
    const out: Issue[] = []
    for (const payee of descendants(root, C.payee)) {
      const transaction = payee.parent?.parent
      const sellers = transaction === undefined ? [] : descend(transaction, C.agreement, C.seller)
      const ofSellers = (...path: QName[]): XmlElement[] => sellers.flatMap((s) => descend(s, ...path))
      const names = kids(payee, C.name)
      const named = names.length > 0
      const sameAsSeller =
        someEqual(names, ofSellers(C.name)) ||
        someEqual(kids(payee, C.id), ofSellers(C.id)) ||
        someEqual(descend(payee, C.legalOrganization, C.id), ofSellers(C.legalOrganization, C.id))
      if (!named || sameAsSeller) out.push(issue(PAYEE_NAME))
    }
    return out
  },
  ubl: (root) => {
    const out: Issue[] = []
    for (const payee of descendants(root, U.payee)) {
      const sellers = payee.parent === undefined ? [] : descend(payee.parent, U.supplier, U.party)
      const names = descend(payee, U.partyName, U.name)
      const sameAsSeller =
        someEqual(names, sellers.flatMap((s) => descend(s, U.partyName, U.name))) ||
        someEqual(descend(payee, U.partyIdentification, U.id), sellers.flatMap((s) => descend(s, U.partyIdentification, U.id)))
      if (names.length === 0 || sameAsSeller) out.push(issue(PAYEE_NAME))
    }
    return out
  },
  model: (invoice) => {
    const payee = invoice.payee
    if (payee === undefined) return NONE
    const seller = invoice.seller
    const same = (a: string | undefined, b: string | undefined): boolean => a !== undefined && a === b
    const sameAsSeller =
      same(payee.name, seller.name) ||
      (payee.identifier !== undefined && seller.identifiers.some((s) => s.value === payee.identifier?.value)) ||
      same(payee.legalRegistrationId?.value, seller.legalRegistrationId?.value)
    return when(!hasText(payee.name) || sameAsSeller, PAYEE_NAME)
  },
})

export const br62 = electronicAddressRule('seller')
export const br63 = electronicAddressRule('buyer')

const CII_PREFIXES = new Set(CII_VAT_PREFIXES.codes)
const UBL_PREFIX_LIST = ' ' + UBL_VAT_PREFIXES.codes.join(' ') + ' '
/** XPath `substring(x, 1, 2)`: the first two characters (code points). */
const prefixOf = (id: string): string => [...id].slice(0, 2).join('')

/** Where a VAT identifier element is, for the finding's location. */
function vatIdAt(id: XmlElement): string {
  if (hasAncestor(id, C.taxRepresentative)) return btPath('BG-11', 'BT-63')
  if (hasAncestor(id, C.buyer)) return btPath('BG-7', 'BT-48')
  return btPath('BG-4', 'BT-31')
}

function ublVatIdAt(partyTaxScheme: XmlElement): string {
  if (hasAncestor(partyTaxScheme, U.taxRepresentative)) return btPath('BG-11', 'BT-63')
  if (hasAncestor(partyTaxScheme, U.customer)) return btPath('BG-7', 'BT-48')
  return btPath('BG-4', 'BT-31')
}

/** The model's VAT identifiers whose prefix `ok` rejects. */
function modelBrCo09(invoice: Invoice, ok: (prefix: string) => boolean): Issue[] {
  const ids: [string, string | undefined][] = [
    [btPath('BG-4', 'BT-31'), invoice.seller.vatIdentifier],
    [btPath('BG-7', 'BT-48'), invoice.buyer.vatIdentifier],
    [btPath('BG-11', 'BT-63'), invoice.sellerTaxRepresentative?.vatIdentifier],
  ]
  return ids.flatMap(([at, v]) => (v === undefined || ok(prefixOf(v)) ? [] : [issue(at, { found: v })]))
}

export const brCo09 = bound({
  cii: (root) =>
    descendants(root, C.id)
      .filter((id) => attrValue(id, 'schemeID') === 'VA' && isChildOf(id, C.taxRegistration))
      .flatMap((id) => {
        const value = stringValue(id)
        return CII_PREFIXES.has(prefixOf(value)) ? [] : [issue(vatIdAt(id), { found: value })]
      }),
  ubl: (root) =>
    descendants(root, U.partyTaxScheme)
      .filter(ublIsVat)
      .flatMap((pts) => {
        const id = kids(pts, U.companyId)[0]
        const value = id === undefined ? '' : stringValue(id)
        return UBL_PREFIX_LIST.includes(prefixOf(value)) ? [] : [issue(ublVatIdAt(pts), { found: value })]
      }),
  model: (invoice) => modelBrCo09(invoice, (prefix) => CII_PREFIXES.has(prefix)),
})


/**
 * BR-56 (the seller tax representative's VAT identifier, BT-63). CII: each
 * `ram:SellerTaxRepresentativeTradeParty` has a non-blank `ram:SpecifiedTaxRegistration/ram:ID`
 * with `schemeID` VA. UBL: each `cac:TaxRepresentativeParty` has a `cbc:CompanyID` in a
 * `cac:PartyTaxScheme` of the VAT scheme, blank or not.
 */
export const br56 = bound({
  cii: (root) =>
    descendants(root, C.taxRepresentative).flatMap((rep) => {
      const ids = descend(rep, C.taxRegistration, C.id).filter((id) => attrValue(id, 'schemeID') === 'VA')
      const first = ids[0]
      return first !== undefined && normalizeSpace(stringValue(first)) !== '' ? [] : [issue(btPath('BG-11', 'BT-63'))]
    }),
  ubl: (root) =>
    descendants(root, U.taxRepresentative).flatMap((rep) =>
      ublHasCompanyId(rep, true) ? [] : [issue(btPath('BG-11', 'BT-63'))],
    ),
  model: (invoice) => when(invoice.sellerTaxRepresentative !== undefined && !hasText(invoice.sellerTaxRepresentative.vatIdentifier), btPath('BG-11', 'BT-63')),
})

const SELLER_ID = {
  globalId: q('ram:GlobalID'),
  legalOrganization: q('ram:SpecifiedLegalOrganization'),
  partyIdentification: q('cac:PartyIdentification'),
  legalEntity: q('cac:PartyLegalEntity'),
  ublId: q('cbc:ID'),
}

/**
 * BR-CO-26 (the seller is identified: BT-29, BT-30 or BT-31), by presence as the official tests
 * ask, blank or not. CII: each `ram:SellerTradeParty` has a `ram:ID`, `ram:GlobalID`,
 * `ram:SpecifiedLegalOrganization/ram:ID` or `ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`.
 * UBL: each `cac:AccountingSupplierParty/cac:Party` has a VAT-scheme `cac:PartyTaxScheme/cbc:CompanyID`,
 * a `cac:PartyIdentification/cbc:ID` whose scheme is not SEPA, or a `cac:PartyLegalEntity/cbc:CompanyID`.
 */
export const brCo26 = bound({
  cii: (root) =>
    descendants(root, C.seller).flatMap((seller) => {
      const ok =
        kids(seller, C.id).length > 0 ||
        kids(seller, SELLER_ID.globalId).length > 0 ||
        descend(seller, SELLER_ID.legalOrganization, C.id).length > 0 ||
        ciiHasRegistration(seller, 'VA')
      return ok ? [] : [issue(btPath('BG-4', 'BT-29'))]
    }),
  ubl: (root) =>
    descendants(root, U.supplier).flatMap((supplier) => {
      const parties = kids(supplier, U.party)
      const ok =
        parties.some((p) => ublHasCompanyId(p, true)) ||
        parties.some((p) => descend(p, SELLER_ID.partyIdentification, SELLER_ID.ublId).some((id) => attrValue(id, 'schemeID') !== 'SEPA')) ||
        parties.some((p) => descend(p, SELLER_ID.legalEntity, U.companyId).length > 0)
      return ok ? [] : [issue(btPath('BG-4', 'BT-29'))]
    }),
  model: (invoice) => {
    const p = invoice.seller
    return when(!(p.identifiers.length > 0 || p.legalRegistrationId !== undefined || hasText(p.vatIdentifier)), btPath('BG-4', 'BT-29'))
  },
})
