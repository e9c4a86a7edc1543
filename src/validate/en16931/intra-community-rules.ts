/**
 * BR-IC-11 and BR-IC-12 (an intra-community supply needs a delivery date or invoicing period, and
 * the deliver-to country), read on the tree as the official tests are written:
 *
 * - CII asks on each header `ram:CategoryCode` of `K` (as written) whose tax is of the VAT type:
 *   whether the header delivery event has a `udt:DateTimeString` or the header settlement a
 *   `ram:BillingSpecifiedPeriod` start or end (BR-IC-11), and whether the ship-to party's address
 *   has a `ram:CountryID` element, blank or not (BR-IC-12): one finding per such code.
 * - UBL asks once per document, when a VAT-scheme breakdown category is `K` (normalised):
 *   `string-length(cac:Delivery/cbc:ActualDeliveryDate) > 1` or any child of `cac:InvoicePeriod`
 *   (a period with only its date code will do) for BR-IC-11, and
 *   `string-length(…/cac:Country/cbc:IdentificationCode) > 1` for BR-IC-12 (text as written).
 *
 * Without a tree, the model: a delivery date or period date, and a country code of two characters.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { descend, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { issue, when } from './model-helpers.js'
import { type Check, bound, ciiIsVat, ublIsVat } from './syntax-bound-rules.js'

const C = {
  transaction: q('rsm:SupplyChainTradeTransaction'),
  settlement: q('ram:ApplicableHeaderTradeSettlement'),
  tradeTax: q('ram:ApplicableTradeTax'),
  categoryCode: q('ram:CategoryCode'),
  delivery: q('ram:ApplicableHeaderTradeDelivery'),
  event: q('ram:ActualDeliverySupplyChainEvent'),
  occurrence: q('ram:OccurrenceDateTime'),
  dateTimeString: q('udt:DateTimeString'),
  period: q('ram:BillingSpecifiedPeriod'),
  start: q('ram:StartDateTime'),
  end: q('ram:EndDateTime'),
  shipTo: q('ram:ShipToTradeParty'),
  address: q('ram:PostalTradeAddress'),
  country: q('ram:CountryID'),
}
const U = {
  taxTotal: q('cac:TaxTotal'),
  taxSubtotal: q('cac:TaxSubtotal'),
  taxCategory: q('cac:TaxCategory'),
  id: q('cbc:ID'),
  delivery: q('cac:Delivery'),
  actualDeliveryDate: q('cbc:ActualDeliveryDate'),
  invoicePeriod: q('cac:InvoicePeriod'),
  deliveryLocation: q('cac:DeliveryLocation'),
  address: q('cac:Address'),
  country: q('cac:Country'),
  identificationCode: q('cbc:IdentificationCode'),
}

/** The K codes of the header breakdowns, each a context of the CII tests (one finding each). */
function ciiKCodes(root: XmlElement): XmlElement[] {
  const taxes = descend(root, C.transaction, C.settlement, C.tradeTax).filter(ciiIsVat)
  return taxes.flatMap((t) => kids(t, C.categoryCode).filter((c) => stringValue(c) === 'K'))
}

const ublHasK = (root: XmlElement): boolean =>
  descend(root, U.taxTotal, U.taxSubtotal, U.taxCategory).some((c) => ublIsVat(c) && kids(c, U.id).some((id) => normalizeSpace(stringValue(id)) === 'K'))

/** XPath `string-length(path) > 1` over a path that finds at most one element here (the first). */
const longerThanOne = (elements: readonly XmlElement[]): boolean => {
  const first = elements[0]
  return first !== undefined && [...stringValue(first)].length > 1
}

const modelHasK = (invoice: Invoice): boolean => invoice.vatBreakdown.some((v) => v.categoryCode === 'K')

export const brIc11: Check = bound({
  cii: (root) => {
    const codes = ciiKCodes(root)
    if (codes.length === 0 || descend(root, C.transaction, C.delivery, C.event, C.occurrence, C.dateTimeString).length > 0) return []
    // `../../ram:BillingSpecifiedPeriod/…` from the code: the settlement that holds its breakdown.
    const periodDated = (code: XmlElement): boolean =>
      kids(code.parent?.parent ?? code, C.period).some((p) => kid(p, C.start) !== undefined || kid(p, C.end) !== undefined)
    return codes.filter((code) => !periodDated(code)).map((): Issue => issue(btPath('BG-13', 'BT-72')))
  },
  ubl: (root) =>
    when(
      ublHasK(root) &&
        !longerThanOne(descend(root, U.delivery, U.actualDeliveryDate)) &&
        !kids(root, U.invoicePeriod).some((p) => p.children.length > 0),
      btPath('BG-13', 'BT-72'),
    ),
  model: (invoice) =>
    when(
      modelHasK(invoice) &&
        invoice.delivery?.actualDeliveryDate === undefined &&
        invoice.invoicingPeriod?.startDate === undefined &&
        invoice.invoicingPeriod?.endDate === undefined,
      btPath('BG-13', 'BT-72'),
    ),
})

export const brIc12: Check = bound({
  cii: (root) => {
    const codes = ciiKCodes(root)
    if (codes.length === 0 || descend(root, C.transaction, C.delivery, C.shipTo, C.address, C.country).length > 0) return []
    return codes.map((): Issue => issue(btPath('BG-13', 'BG-15', 'BT-80')))
  },
  ubl: (root) => when(ublHasK(root) && !longerThanOne(descend(root, U.delivery, U.deliveryLocation, U.address, U.country, U.identificationCode)), btPath('BG-13', 'BG-15', 'BT-80')),
  model: (invoice) => when(modelHasK(invoice) && (invoice.delivery?.address?.countryCode ?? '').length < 2, btPath('BG-13', 'BG-15', 'BT-80')),
})
