/**
 * BG-25 invoice lines: the overview table and one detail section per line with its period,
 * allowances and charges (BG-26 to BG-28), price (BG-29), VAT (BG-30), item (BG-31, BG-32) and
 * the EXTENDED line content.
 * @module
 */
import type { InvoiceLine, LineAllowanceCharge, LineDocumentReference } from '../model/invoice.js'
import type { ViewContext } from './view-context.js'
import { partyFields } from './view-parties.js'
import { FieldList, type ViewSection, type ViewTable, section, table } from './view-types.js'

/** `Standard rate (S) 19 %`: category name and rate together, as the overview shows them. */
export function vatText(c: ViewContext, category: string, rate: Parameters<ViewContext['percent']>[0]): string {
  const cat = c.code('vatCategory', category) ?? category
  const pct = c.percent(rate)
  return pct === undefined ? cat : `${cat} ${pct}`
}

export function linesTable(c: ViewContext, lines: readonly InvoiceLine[]): ViewTable | undefined {
  const { t } = c
  return table(
    [
      { label: t.lineId },
      { label: t.itemName },
      { label: t.quantity, numeric: true },
      { label: t.unit },
      { label: t.netPrice, numeric: true },
      { label: t.vat },
      { label: t.lineNetAmount, numeric: true },
    ],
    lines.map((l) => [
      l.id,
      l.item.name,
      c.number(l.quantity),
      c.code('unit', l.unitCode),
      c.amount(l.price.netPrice),
      vatText(c, l.vat.categoryCode, l.vat.rate),
      c.amount(l.netAmount),
    ]),
    t.lines,
  )
}

function allowanceChargeTable(c: ViewContext, items: readonly LineAllowanceCharge[], caption: string): ViewTable | undefined {
  const { t } = c
  return table(
    [
      { label: t.kind },
      { label: t.reason },
      { label: t.reasonCode },
      { label: t.baseAmount, numeric: true },
      { label: t.percentage, numeric: true },
      { label: t.amount, numeric: true },
    ],
    items.map((a) => [
      a.isCharge ? t.charge : t.allowance,
      a.reason,
      a.reasonCode === undefined ? undefined : c.code(a.isCharge ? 'chargeReason' : 'allowanceReason', a.reasonCode),
      c.amount(a.baseAmount),
      c.percent(a.percentage),
      c.amount(a.amount),
    ]),
    caption,
  )
}

function referencesTable(c: ViewContext, refs: readonly LineDocumentReference[]): ViewTable | undefined {
  const { t } = c
  return table(
    [{ label: t.documentId }, { label: t.lineId }, { label: t.typeCode }, { label: t.referenceTypeCode }, { label: t.issueDate }],
    refs.map((r) => [r.id, r.lineId, r.typeCode, r.referenceTypeCode, c.date(r.issueDate)]),
    t.lineReferences,
  )
}

function lineFields(c: ViewContext, l: InvoiceLine): FieldList {
  const { t } = c
  const f = new FieldList()
    .add(t.lineId, l.id, 'BT-126')
    .add(t.lineNote, l.note, 'BT-127')
  for (const n of l.additionalNotes ?? []) f.add(t.lineNote, n.subjectCode === undefined ? n.text : `${n.text} (${n.subjectCode})`)
  f.add(t.lineObjectIdentifier, c.id(l.objectIdentifier), 'BT-128')
    .add(t.quantity, c.number(l.quantity), 'BT-129')
    .add(t.unit, c.code('unit', l.unitCode), 'BT-130')
    .add(t.lineNetAmount, c.money(l.netAmount), 'BT-131')
    .add(t.orderLineReference, l.orderLineReference, 'BT-132')
    .add(t.buyerAccountingReference, l.buyerAccountingReference, 'BT-133')
    .add(t.periodStart, c.date(l.period?.startDate), 'BT-134')
    .add(t.periodEnd, c.date(l.period?.endDate), 'BT-135')
    .add(t.periodDescription, l.period?.description)
    .add(t.netPrice, c.money(l.price.netPrice), 'BT-146')
    .add(t.priceDiscount, c.money(l.price.priceDiscount), 'BT-147')
    .add(t.grossPrice, c.money(l.price.grossPrice), 'BT-148')
    .add(t.baseQuantity, c.number(l.price.baseQuantity), 'BT-149')
    .add(t.baseQuantityUnit, c.code('unit', l.price.baseQuantityUnitCode), 'BT-150')
    .add(t.vatCategory, c.code('vatCategory', l.vat.categoryCode), 'BT-151')
    .add(t.vatRate, c.percent(l.vat.rate), 'BT-152')
    .add(t.exemptionReason, l.vat.exemptionReason)
    .add(t.exemptionReasonCode, c.code('vatex', l.vat.exemptionReasonCode))
  const item = l.item
  f.add(t.itemName, item.name, 'BT-153')
    .add(t.itemDescription, item.description, 'BT-154')
    .add(t.sellerItemId, item.sellerId, 'BT-155')
    .add(t.buyerItemId, item.buyerId, 'BT-156')
    .add(t.standardItemId, c.id(item.standardId), 'BT-157')
  item.classifications.forEach((cl, i) => {
    const name = item.classificationNames?.[i]
    const text = c.id(cl)
    f.add(t.itemClassification, name === undefined || text === undefined ? text : `${text}: ${name}`, 'BT-158')
  })
  f.add(t.countryOfOrigin, c.code('country', item.countryOfOrigin), 'BT-159')
    .add(t.parentLineId, l.parentLineId)
    .add(t.lineStatusReasonCode, l.lineStatusReasonCode)
    .add(t.purchaseOrderReference, l.buyerOrderReference)
  const dn = l.deliveryNoteReference
  if (dn !== undefined) {
    f.add(t.deliveryNoteReference, [dn.id, dn.lineId, dn.typeCode, dn.referenceTypeCode, c.date(dn.issueDate)].filter((x) => x !== undefined).join(' / '))
  }
  for (const p of partyFields(c, l.lineSeller)) f.add(`${t.lineSeller}: ${p.label}`, p.value)
  for (const p of partyFields(c, l.shipTo)) f.add(`${t.shipTo}: ${p.label}`, p.value)
  return f
}

/** One level-3 section per line. */
export function lineSections(c: ViewContext, lines: readonly InvoiceLine[]): ViewSection[] {
  const { t } = c
  const out: ViewSection[] = []
  for (const l of lines) {
    const s = section(`line-${l.id}`, `${t.line} ${l.id}`, 3, lineFields(c, l).fields, [
      allowanceChargeTable(c, [...l.allowances, ...l.charges], t.lineAllowancesCharges),
      allowanceChargeTable(c, l.price.grossPriceAdjustments ?? [], t.grossPriceAdjustments),
      table(
        [{ label: t.attributeName }, { label: t.attributeValue }],
        l.item.attributes.map((a) => [a.name, a.value]),
        t.itemAttributes,
      ),
      referencesTable(c, l.additionalReferences ?? []),
    ])
    if (s !== undefined) out.push(s)
  }
  return out
}
