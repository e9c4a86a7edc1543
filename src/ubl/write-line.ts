/**
 * BG-25 INVOICE LINE → cac:InvoiceLine / cac:CreditNoteLine in the XSD's sequence (ID, Note,
 * quantity, LineExtensionAmount, AccountingCost, InvoicePeriod, OrderLineReference,
 * DocumentReference, AllowanceCharge, Item, Price, sub-lines).
 * @module
 */
import type { InvoiceLine, Item, LineAllowanceCharge, Period, PriceDetails } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { UblLineNode } from './line-tree.js'
import type { UblKind } from './ubl-codes.js'
import { cbcAmount, cbcId, cbcPercent, decimalText, openAllowanceCharge, taxScheme } from './write-values.js'

/** cac:InvoicePeriod with StartDate/EndDate (BG-14, BG-26); BT-8 is added by the header. */
export function writePeriod(w: XmlTextWriter, p: Period | undefined, descriptionCode?: string | undefined): void {
  w.openOptional('cac:InvoicePeriod')
  w.leaf('cbc:StartDate', p?.startDate)
  w.leaf('cbc:EndDate', p?.endDate)
  w.leaf('cbc:DescriptionCode', descriptionCode)
  w.close()
}

function writeLineAllowanceCharge(w: XmlTextWriter, ac: LineAllowanceCharge, currency: string): void {
  openAllowanceCharge(w, ac, currency)
  w.close()
}

function writeItem(w: XmlTextWriter, item: Item, line: InvoiceLine): void {
  const vat = line.vat
  w.open('cac:Item')
  w.leaf('cbc:Description', item.description)
  w.leaf('cbc:Name', item.name)
  w.wrapped('cac:BuyersItemIdentification', 'cbc:ID', item.buyerId)
  w.wrapped('cac:SellersItemIdentification', 'cbc:ID', item.sellerId)
  w.openOptional('cac:StandardItemIdentification')
  cbcId(w, 'cbc:ID', item.standardId)
  w.close()
  w.wrapped('cac:OriginCountry', 'cbc:IdentificationCode', item.countryOfOrigin)
  for (const c of item.classifications) {
    w.wrapped('cac:CommodityClassification', 'cbc:ItemClassificationCode', c.value, attr('listID', c.schemeId) + attr('listVersionID', c.schemeVersion))
  }
  // UBL-SR-48: exactly one ClassifiedTaxCategory per line.
  w.open('cac:ClassifiedTaxCategory')
  w.leaf('cbc:ID', vat.categoryCode)
  cbcPercent(w, 'cbc:Percent', vat.rate)
  taxScheme(w, 'VAT')
  w.close()
  for (const a of item.attributes) {
    w.openOptional('cac:AdditionalItemProperty')
    w.leaf('cbc:Name', a.name)
    w.leaf('cbc:Value', a.value)
    w.close()
  }
  w.close()
}

/**
 * cac:Price. BT-147 and BT-148 live in its AllowanceCharge, whose Amount the XSD requires: with a
 * gross price but no discount the discount is gross − net (BR: net = gross − discount).
 */
function writePrice(w: XmlTextWriter, p: PriceDetails, currency: string, nested: boolean): void {
  // A sub-line's Price is optional: one the source left out reads as a bare zero net price.
  if (nested && p.netPrice.isZero() && p.baseQuantity === undefined && p.grossPrice === undefined && p.priceDiscount === undefined) return
  const discount = p.priceDiscount ?? (p.grossPrice === undefined ? undefined : p.grossPrice.minus(p.netPrice))
  w.open('cac:Price')
  cbcAmount(w, 'cbc:PriceAmount', p.netPrice, currency)
  if (p.baseQuantity !== undefined) w.text('cbc:BaseQuantity', decimalText(p.baseQuantity), attr('unitCode', p.baseQuantityUnitCode))
  if (discount !== undefined) {
    w.open('cac:AllowanceCharge')
    w.text('cbc:ChargeIndicator', 'false')
    cbcAmount(w, 'cbc:Amount', discount, currency)
    cbcAmount(w, 'cbc:BaseAmount', p.grossPrice, currency)
    w.close()
  }
  w.close()
}

function lineNote(line: InvoiceLine): string | undefined {
  const texts = [line.note, ...(line.additionalNotes ?? []).map((n) => n.text)]
  const kept = texts.filter((t): t is string => t !== undefined && t.trim() !== '')
  return kept.length === 0 ? undefined : kept.join('\n')
}

/** A line with its sub-lines (BG-DEX-01), which follow Price in the XSD sequence and nest alike. */
export function writeLine(w: XmlTextWriter, node: UblLineNode, kind: UblKind, currency: string, nested = false): void {
  const line = node.line
  const object = line.objectIdentifier
  w.open(`cac:${nested ? kind.subLineElement : kind.lineElement}`)
  w.text('cbc:ID', line.id)
  // UBL-SR-34 allows one line note: EXTENDED further notes are appended to it, one per line.
  w.leaf('cbc:Note', lineNote(line))
  // A sub-line's quantity is optional: one the source left out reads as zero without a unit.
  if (!(nested && line.quantity.isZero() && line.unitCode === undefined)) {
    w.text(`cbc:${kind.quantityElement}`, decimalText(line.quantity), attr('unitCode', line.unitCode))
  }
  cbcAmount(w, 'cbc:LineExtensionAmount', line.netAmount, currency)
  w.leaf('cbc:AccountingCost', line.buyerAccountingReference)
  writePeriod(w, line.period)
  w.wrapped('cac:OrderLineReference', 'cbc:LineID', line.orderLineReference)
  if (object !== undefined) {
    w.open('cac:DocumentReference')
    cbcId(w, 'cbc:ID', object)
    w.text('cbc:DocumentTypeCode', '130')
    w.close()
  }
  for (const ac of line.allowances) writeLineAllowanceCharge(w, ac, currency)
  for (const ac of line.charges) writeLineAllowanceCharge(w, ac, currency)
  writeItem(w, line.item, line)
  writePrice(w, line.price, currency, nested)
  for (const sub of node.subLines) writeLine(w, sub, kind, currency, true)
  w.close()
}
