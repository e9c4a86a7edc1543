/**
 * Model → UN/CEFACT CII D16B (`rsm:CrossIndustryInvoice`) for the Factur-X / ZUGFeRD 2 profiles
 * MINIMUM … EXTENDED and XRechnung 3.0 (behaviour doc §3.2–§3.5). Each profile's content comes from
 * its row in CII_CONTENT_RULES, so what a profile's schema or schematron rejects is left out.
 * @module
 */
import type { Invoice } from '../model/invoice.js'
import { PRODUCT_NAME, VERSION } from '../version.js'
import { NS, type XmlNode, el, serializeXml } from '../xml/index.js'
import { CII_CONTENT_RULES, type CiiContentRules } from './content-rules.js'
import type { CiiLevel } from './profiles.js'
import { dateNode, leaf, wrapped } from './write-format.js'
import { lineNode } from './write-lines.js'
import { partyNode, partyShape, shipToParty, taxRepresentativeNode } from './write-party.js'
import { settlementNode } from './write-settlement.js'

/** Canonical prefixes, declared on the root in this order (as Mustang does, without xsi). */
const CII_NAMESPACES = { rsm: NS.rsm, ram: NS.ram, qdt: NS.qdt, udt: NS.udt }

/** CII TypeCodes of referenced documents: BT-17 tender/lot (50), BT-18 invoiced object (130), BG-24 (916). */
const TENDER_TYPE = '50'
const OBJECT_TYPE = '130'

export type WriteCiiOptions = {
  /** The profile whose content rules apply. */
  level: CiiLevel
}

function context(invoice: Invoice, rules: CiiContentRules): XmlNode {
  const test = invoice.extension?.testIndicator
  return el(
    'rsm:ExchangedDocumentContext',
    {},
    rules.extended && test !== undefined && el('ram:TestIndicator', {}, el('udt:Indicator', {}, test ? 'true' : 'false')),
    wrapped('ram:BusinessProcessSpecifiedDocumentContextParameter', 'ram:ID', invoice.businessProcessType ?? rules.defaultBusinessProcess),
    el('ram:GuidelineSpecifiedDocumentContextParameter', {}, el('ram:ID', {}, invoice.specificationIdentifier)),
  )
}

function exchangedDocument(invoice: Invoice, rules: CiiContentRules): XmlNode {
  return el(
    'rsm:ExchangedDocument',
    {},
    el('ram:ID', {}, invoice.invoiceNumber),
    rules.extended && leaf('ram:Name', invoice.extension?.documentName),
    el('ram:TypeCode', {}, invoice.typeCode),
    dateNode('ram:IssueDateTime', invoice.issueDate),
    // MINIMUM's schema has no notes (Mustang writes them anyway).
    ...(rules.beyondMinimum ? invoice.notes : []).map((n) =>
      el(
        'ram:IncludedNote',
        {},
        rules.extended && leaf('ram:ContentCode', n.contentCode),
        el('ram:Content', {}, n.text),
        leaf('ram:SubjectCode', n.subjectCode),
      ),
    ),
  )
}

/** BG-24 documents, BT-17 and BT-18 as AdditionalReferencedDocument (EN 16931 and above). */
function additionalDocuments(invoice: Invoice): XmlNode[] {
  const out: XmlNode[] = []
  for (const doc of invoice.supportingDocuments) {
    const a = doc.attachment
    out.push(
      el(
        'ram:AdditionalReferencedDocument',
        {},
        el('ram:IssuerAssignedID', {}, doc.id),
        leaf('ram:URIID', doc.externalUri),
        el('ram:TypeCode', {}, doc.typeCode ?? '916'),
        leaf('ram:Name', doc.description),
        a && el('ram:AttachmentBinaryObject', { mimeCode: a.mimeCode, filename: a.filename }, a.base64),
      ),
    )
  }
  if (invoice.tenderOrLotReference !== undefined) {
    out.push(el('ram:AdditionalReferencedDocument', {}, el('ram:IssuerAssignedID', {}, invoice.tenderOrLotReference), el('ram:TypeCode', {}, TENDER_TYPE)))
  }
  const obj = invoice.invoicedObjectIdentifier
  if (obj !== undefined) {
    out.push(
      el(
        'ram:AdditionalReferencedDocument',
        {},
        el('ram:IssuerAssignedID', {}, obj.value),
        el('ram:TypeCode', {}, OBJECT_TYPE),
        leaf('ram:ReferenceTypeCode', obj.schemeId),
      ),
    )
  }
  return out
}

/** EXTENDED parties kept by their CII element name (extension.otherParties), in XSD order. */
function otherParty(invoice: Invoice, rules: CiiContentRules, role: string): XmlNode | undefined {
  const party = rules.extended ? invoice.extension?.otherParties?.[role] : undefined
  return party && partyNode(`ram:${role}`, party, partyShape(rules, 'other'), rules)
}

function agreement(invoice: Invoice, rules: CiiContentRules): XmlNode {
  const full = rules.fullEn16931
  const more = rules.beyondMinimum
  const project = invoice.projectReference
  const other = (role: string) => otherParty(invoice, rules, role)
  return el(
    'ram:ApplicableHeaderTradeAgreement',
    {},
    leaf('ram:BuyerReference', invoice.buyerReference),
    partyNode('ram:SellerTradeParty', invoice.seller, partyShape(rules, 'seller'), rules),
    partyNode('ram:BuyerTradeParty', invoice.buyer, partyShape(rules, 'buyer'), rules),
    other('SalesAgentTradeParty'),
    other('BuyerTaxRepresentativeTradeParty'),
    more && invoice.sellerTaxRepresentative && taxRepresentativeNode(invoice.sellerTaxRepresentative),
    other('ProductEndUserTradeParty'),
    rules.extended && wrapped('ram:ApplicableTradeDeliveryTerms', 'ram:DeliveryTypeCode', invoice.delivery?.deliveryTermsCode),
    full && wrapped('ram:SellerOrderReferencedDocument', 'ram:IssuerAssignedID', invoice.salesOrderReference),
    wrapped('ram:BuyerOrderReferencedDocument', 'ram:IssuerAssignedID', invoice.purchaseOrderReference),
    more && wrapped('ram:ContractReferencedDocument', 'ram:IssuerAssignedID', invoice.contractReference),
    ...(full ? additionalDocuments(invoice) : []),
    other('BuyerAgentTradeParty'),
    // The project name is mandatory beside BT-11 in CII; the id stands in when no name is given.
    full && project !== undefined && el('ram:SpecifiedProcuringProject', {}, el('ram:ID', {}, project), el('ram:Name', {}, invoice.projectName ?? project)),
  )
}

function delivery(invoice: Invoice, rules: CiiContentRules): XmlNode {
  const d = invoice.delivery
  if (d === undefined || !rules.beyondMinimum) return el('ram:ApplicableHeaderTradeDelivery', {})
  const note = d.deliveryNoteReference
  const shipTo = d.party ?? shipToParty(d)
  return el(
    'ram:ApplicableHeaderTradeDelivery',
    {},
    shipTo && partyNode('ram:ShipToTradeParty', shipTo, partyShape(rules, 'shipTo'), rules),
    rules.extended && d.ultimateShipTo && partyNode('ram:UltimateShipToTradeParty', d.ultimateShipTo, partyShape(rules, 'shipTo'), rules),
    rules.extended && d.shipFrom && partyNode('ram:ShipFromTradeParty', d.shipFrom, partyShape(rules, 'shipTo'), rules),
    d.actualDeliveryDate !== undefined && el('ram:ActualDeliverySupplyChainEvent', {}, dateNode('ram:OccurrenceDateTime', d.actualDeliveryDate)),
    wrapped('ram:DespatchAdviceReferencedDocument', 'ram:IssuerAssignedID', invoice.despatchAdviceReference),
    rules.fullEn16931 && wrapped('ram:ReceivingAdviceReferencedDocument', 'ram:IssuerAssignedID', invoice.receivingAdviceReference),
    rules.extended &&
      note &&
      el('ram:DeliveryNoteReferencedDocument', {}, el('ram:IssuerAssignedID', {}, note.id), dateNode('ram:FormattedIssueDateTime', note.issueDate, 'qdt')),
  )
}

/** Lines that count (EXTENDED's GROUP / INFORMATION sub-lines exist only in EXTENDED). */
function writtenLines(invoice: Invoice, rules: CiiContentRules) {
  if (!rules.lines) return []
  if (rules.extended) return invoice.lines
  return invoice.lines.filter((l) => l.lineStatusReasonCode === undefined || l.lineStatusReasonCode === 'DETAIL')
}

/** The CII document as a tree (for callers that post-process it, e.g. Order-X). */
export function ciiTree(invoice: Invoice, options: WriteCiiOptions): XmlNode {
  const rules = CII_CONTENT_RULES[options.level]
  return el(
    'rsm:CrossIndustryInvoice',
    {},
    context(invoice, rules),
    exchangedDocument(invoice, rules),
    el(
      'rsm:SupplyChainTradeTransaction',
      {},
      ...writtenLines(invoice, rules).map((line) => lineNode(line, rules)),
      agreement(invoice, rules),
      delivery(invoice, rules),
      settlementNode(invoice, rules),
    ),
  )
}

/**
 * Writes the invoice as CII XML text (UTF-8, 2-space indentation, deterministic).
 * @example
 * writeCii(model, { level: 'EN16931' }) // '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice …'
 */
export function writeCii(invoice: Invoice, options: WriteCiiOptions): string {
  return serializeXml(ciiTree(invoice, options), {
    namespaces: CII_NAMESPACES,
    comment: ` generated by ${PRODUCT_NAME} ${VERSION} `,
  })
}
