/**
 * BG-25 INVOICE LINE → cac:InvoiceLine / cac:CreditNoteLine in the XSD's sequence (ID, Note,
 * quantity, LineExtensionAmount, AccountingCost, InvoicePeriod, OrderLineReference,
 * DocumentReference, AllowanceCharge, Item, Price, sub-lines).
 * @module
 */
import type { InvoiceLine, Item, LineAllowanceCharge, Period, PriceDetails } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { UblLineNode } from './line-tree.js'
import type { UblKind } from './ubl-codes.js'
import { cac, cbc, cbcAmount, cbcId, cbcPercent, decimalText, taxScheme } from './write-values.js'

/** cac:InvoicePeriod with StartDate/EndDate (BG-14, BG-26); BT-8 is added by the header. */
export function writePeriod(p: Period | undefined, descriptionCode?: string | undefined): XmlNode | undefined {
  return cac(
    'InvoicePeriod',
    cbc('StartDate', p?.startDate),
    cbc('EndDate', p?.endDate),
    cbc('DescriptionCode', descriptionCode),
  )
}

function writeLineAllowanceCharge(ac: LineAllowanceCharge, currency: string): XmlNode {
  return el(
    'cac:AllowanceCharge',
    undefined,
    el('cbc:ChargeIndicator', undefined, ac.isCharge ? 'true' : 'false'),
    cbc('AllowanceChargeReasonCode', ac.reasonCode),
    cbc('AllowanceChargeReason', ac.reason),
    cbcPercent('MultiplierFactorNumeric', ac.percentage),
    cbcAmount('Amount', ac.amount, currency),
    cbcAmount('BaseAmount', ac.baseAmount, currency),
  )
}

function writeItem(item: Item, line: InvoiceLine): XmlNode {
  const vat = line.vat
  return el(
    'cac:Item',
    undefined,
    cbc('Description', item.description),
    cbc('Name', item.name),
    cac('BuyersItemIdentification', cbc('ID', item.buyerId)),
    cac('SellersItemIdentification', cbc('ID', item.sellerId)),
    cac('StandardItemIdentification', cbcId('ID', item.standardId)),
    cac('OriginCountry', cbc('IdentificationCode', item.countryOfOrigin)),
    ...item.classifications.map((c) =>
      cac('CommodityClassification', cbc('ItemClassificationCode', c.value, { listID: c.schemeId, listVersionID: c.schemeVersion })),
    ),
    // UBL-SR-48: exactly one ClassifiedTaxCategory per line.
    el('cac:ClassifiedTaxCategory', undefined, cbc('ID', vat.categoryCode), cbcPercent('Percent', vat.rate), taxScheme('VAT')),
    ...item.attributes.map((a) => cac('AdditionalItemProperty', cbc('Name', a.name), cbc('Value', a.value))),
  )
}

/**
 * cac:Price. BT-147 and BT-148 live in its AllowanceCharge, whose Amount the XSD requires: with a
 * gross price but no discount the discount is gross − net (BR: net = gross − discount).
 */
function writePrice(p: PriceDetails, currency: string, nested: boolean): XmlNode | undefined {
  // A sub-line's Price is optional: one the source left out reads as a bare zero net price.
  if (nested && p.netPrice.isZero() && p.baseQuantity === undefined && p.grossPrice === undefined && p.priceDiscount === undefined) return undefined
  const discount = p.priceDiscount ?? (p.grossPrice === undefined ? undefined : p.grossPrice.minus(p.netPrice))
  return el(
    'cac:Price',
    undefined,
    cbcAmount('PriceAmount', p.netPrice, currency),
    p.baseQuantity === undefined
      ? undefined
      : el('cbc:BaseQuantity', { unitCode: p.baseQuantityUnitCode }, decimalText(p.baseQuantity)),
    discount === undefined
      ? undefined
      : el(
          'cac:AllowanceCharge',
          undefined,
          el('cbc:ChargeIndicator', undefined, 'false'),
          cbcAmount('Amount', discount, currency),
          cbcAmount('BaseAmount', p.grossPrice, currency),
        ),
  )
}

function lineNote(line: InvoiceLine): string | undefined {
  const texts = [line.note, ...(line.additionalNotes ?? []).map((n) => n.text)]
  const kept = texts.filter((t): t is string => t !== undefined && t.trim() !== '')
  return kept.length === 0 ? undefined : kept.join('\n')
}

/** A line with its sub-lines (BG-DEX-01), which follow Price in the XSD sequence and nest alike. */
export function writeLine(node: UblLineNode, kind: UblKind, currency: string, nested = false): XmlNode {
  const line = node.line
  const object = line.objectIdentifier
  return el(
    `cac:${nested ? kind.subLineElement : kind.lineElement}`,
    undefined,
    el('cbc:ID', undefined, line.id),
    // UBL-SR-34 allows one line note: EXTENDED further notes are appended to it, one per line.
    cbc('Note', lineNote(line)),
    // A sub-line's quantity is optional: one the source left out reads as zero without a unit.
    nested && line.quantity.isZero() && line.unitCode === undefined
      ? undefined
      : el(`cbc:${kind.quantityElement}`, { unitCode: line.unitCode }, decimalText(line.quantity)),
    cbcAmount('LineExtensionAmount', line.netAmount, currency),
    cbc('AccountingCost', line.buyerAccountingReference),
    writePeriod(line.period),
    cac('OrderLineReference', cbc('LineID', line.orderLineReference)),
    object === undefined
      ? undefined
      : cac('DocumentReference', cbcId('ID', object), el('cbc:DocumentTypeCode', undefined, '130')),
    ...line.allowances.map((ac) => writeLineAllowanceCharge(ac, currency)),
    ...line.charges.map((ac) => writeLineAllowanceCharge(ac, currency)),
    writeItem(line.item, line),
    writePrice(line.price, currency, nested),
    ...node.subLines.map((sub) => writeLine(sub, kind, currency, true)),
  )
}
