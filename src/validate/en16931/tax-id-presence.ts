/**
 * Which tax identifiers of the parties a document has, as the official BR-x-02/03/04 tests ask:
 * whether an element is there, blank or not (the model reads a blank identifier as absent).
 * CII: `ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA' | 'FC']` of the seller, the tax
 * representative and the buyer, and the buyer's `ram:SpecifiedLegalOrganization/ram:ID`. UBL:
 * `cac:PartyTaxScheme/cbc:CompanyID` (of the VAT scheme, or of any scheme for the seller) and the
 * buyer's `cac:PartyLegalEntity/cbc:CompanyID`.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { attrValue } from '../syntax/paths.js'
import { descendants, kids, q } from '../syntax/tree-helpers.js'
import type { ModelContext } from '../types.js'
import { hasText } from './model-helpers.js'
import { ublIsVat } from './syntax-bound-rules.js'

export type TaxIdPresence = {
  /** A seller VAT identifier (BT-31). */
  sellerVat: boolean
  /** A seller tax identifier of another kind: CII `FC`, UBL another scheme than VAT (BT-32). */
  sellerOther: boolean
  /** A tax representative VAT identifier (BT-63). */
  representativeVat: boolean
  /** A buyer VAT identifier (BT-48). */
  buyerVat: boolean
  /** A buyer legal registration identifier (BT-47). */
  buyerLegal: boolean
  /**
   * `sellerVat`, `sellerOther` and `representativeVat` of the parties at their place in the
   * header only. The CII tests of BR-S, BR-Z, BR-E, BR-AF, BR-AG and BR-O-02…04 ask for
   * `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty`
   * (and the representative there), the others for `//ram:SellerTradeParty` anywhere: they differ
   * when a party stands elsewhere, e.g. under an agreement element in another namespace. UBL tests
   * `//` throughout, and the model knows only the header: the same values there.
   */
  atHeader: { sellerVat: boolean; sellerOther: boolean; representativeVat: boolean }
}

const C = {
  transaction: q('rsm:SupplyChainTradeTransaction'),
  agreement: q('ram:ApplicableHeaderTradeAgreement'),
  seller: q('ram:SellerTradeParty'),
  buyer: q('ram:BuyerTradeParty'),
  representative: q('ram:SellerTaxRepresentativeTradeParty'),
  taxRegistration: q('ram:SpecifiedTaxRegistration'),
  legalOrganization: q('ram:SpecifiedLegalOrganization'),
  id: q('ram:ID'),
}
const U = {
  supplier: q('cac:AccountingSupplierParty'),
  customer: q('cac:AccountingCustomerParty'),
  representative: q('cac:TaxRepresentativeParty'),
  party: q('cac:Party'),
  partyTaxScheme: q('cac:PartyTaxScheme'),
  legalEntity: q('cac:PartyLegalEntity'),
  companyId: q('cbc:CompanyID'),
}

const some = (parents: readonly XmlElement[], test: (el: XmlElement) => boolean): boolean => parents.some(test)

/** CII `<party>/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = scheme]`, blank or not. */
export const ciiHasRegistration = (party: XmlElement, scheme: string): boolean =>
  kids(party, C.taxRegistration).some((r) => kids(r, C.id).some((id) => attrValue(id, 'schemeID') === scheme))

/** UBL `<party>/cac:PartyTaxScheme[of the VAT scheme, or `vat` false: of another]/cbc:CompanyID`, blank or not. */
export const ublHasCompanyId = (party: XmlElement, vat: boolean): boolean =>
  kids(party, U.partyTaxScheme).some((s) => ublIsVat(s) === vat && kids(s, U.companyId).length > 0)

/** `//<party>/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = scheme]`. */
const ciiRegistration = (root: XmlElement, party: typeof C.seller, scheme: string): boolean => some(descendants(root, party), (p) => ciiHasRegistration(p, scheme))

/** `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/<party>/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = scheme]` (the root is the CII document element). */
const ciiHeaderRegistration = (root: XmlElement, party: typeof C.seller, scheme: string): boolean =>
  some(
    kids(root, C.transaction).flatMap((t) => kids(t, C.agreement).flatMap((a) => kids(a, party))),
    (p) => ciiHasRegistration(p, scheme),
  )

/** `//<role>[/cac:Party]/cac:PartyTaxScheme[VAT or not]/cbc:CompanyID`. */
function ublCompanyId(root: XmlElement, role: typeof U.supplier, viaParty: boolean, vat: boolean): boolean {
  const parties = descendants(root, role).flatMap((r) => (viaParty ? kids(r, U.party) : [r]))
  return some(parties, (p) => ublHasCompanyId(p, vat))
}

/** `ids` with the header values equal to those found anywhere (UBL, the model). */
function sameAtHeader(ids: Omit<TaxIdPresence, 'atHeader'>): TaxIdPresence {
  return { ...ids, atHeader: { sellerVat: ids.sellerVat, sellerOther: ids.sellerOther, representativeVat: ids.representativeVat } }
}

function fromModel(invoice: Invoice): TaxIdPresence {
  return sameAtHeader({
    sellerVat: hasText(invoice.seller.vatIdentifier),
    sellerOther: hasText(invoice.seller.taxRegistrationId),
    representativeVat: hasText(invoice.sellerTaxRepresentative?.vatIdentifier),
    buyerVat: hasText(invoice.buyer.vatIdentifier),
    buyerLegal: invoice.buyer.legalRegistrationId !== undefined,
  })
}

/** The parties' tax identifiers of the context's document, from its tree where there is one. */
export function taxIdPresence({ invoice, syntax, doc }: ModelContext): TaxIdPresence {
  if (doc === undefined) return fromModel(invoice)
  const root = doc.root
  if (syntax === 'CII') {
    return {
      sellerVat: ciiRegistration(root, C.seller, 'VA'),
      sellerOther: ciiRegistration(root, C.seller, 'FC'),
      representativeVat: ciiRegistration(root, C.representative, 'VA'),
      buyerVat: ciiRegistration(root, C.buyer, 'VA'),
      buyerLegal: some(descendants(root, C.buyer), (p) => kids(p, C.legalOrganization).some((o) => kids(o, C.id).length > 0)),
      atHeader: {
        sellerVat: ciiHeaderRegistration(root, C.seller, 'VA'),
        sellerOther: ciiHeaderRegistration(root, C.seller, 'FC'),
        representativeVat: ciiHeaderRegistration(root, C.representative, 'VA'),
      },
    }
  }
  if (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote') {
    return sameAtHeader({
      sellerVat: ublCompanyId(root, U.supplier, true, true),
      sellerOther: ublCompanyId(root, U.supplier, true, false),
      representativeVat: ublCompanyId(root, U.representative, false, true),
      buyerVat: ublCompanyId(root, U.customer, true, true),
      buyerLegal: some(descendants(root, U.customer).flatMap((c) => kids(c, U.party)), (p) => kids(p, U.legalEntity).some((e) => kids(e, U.companyId).length > 0)),
    })
  }
  return fromModel(invoice)
}
