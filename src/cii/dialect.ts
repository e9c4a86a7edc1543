/**
 * The three UN/CEFACT "cross industry" syntaxes read by one engine: CII D16B (Factur-X, ZUGFeRD
 * 2.x, XRechnung CII), ZUGFeRD 1.0 (CrossIndustryDocument) and Order-X. They share the party,
 * price, tax and allowance building blocks and differ in namespace versions and in the names of
 * the containers around them. Each difference is a row here, so the reader never branches on the
 * syntax.
 * @module
 */
import type { InvoiceSource } from '../model/invoice.js'
import { NS } from '../xml/index.js'

export type CiiDialect = {
  syntax: InvoiceSource['syntax']
  /** Root element (namespace + local name) and a human name for messages. */
  rootNs: string
  rootLocal: string
  displayName: string
  ram: string
  /** Namespaces of DateTimeString / Indicator (udt) and FormattedDateTime (qdt). */
  dataTypeNs: readonly string[]
  context: string
  document: string
  transaction: string
  headerAgreement: string
  headerDelivery: string
  headerSettlement: string
  headerSummation: string
  lineAgreement: string
  lineDelivery: string
  lineSettlement: string
  lineSummation: string
  /** VAT rate element (BT-96, BT-119, BT-152 ...). */
  rate: string
  /** Quantity elements of a line, first present wins (BT-129). */
  lineQuantity: readonly string[]
  /** Currency elements of the settlement, first present wins (BT-5). */
  currency: readonly string[]
  /** Id elements of a referenced document (ZUGFeRD 1 uses ID, later versions IssuerAssignedID). */
  referenceId: readonly string[]
  /** Date elements of a referenced document (ZUGFeRD 1: IssueDateTime as xs:dateTime text). */
  referenceDate: readonly string[]
}

export const CII_DIALECT: CiiDialect = {
  syntax: 'CII',
  rootNs: NS.rsm,
  rootLocal: 'CrossIndustryInvoice',
  displayName: 'CII D16B CrossIndustryInvoice',
  ram: NS.ram,
  dataTypeNs: [NS.udt, NS.qdt],
  context: 'ExchangedDocumentContext',
  document: 'ExchangedDocument',
  transaction: 'SupplyChainTradeTransaction',
  headerAgreement: 'ApplicableHeaderTradeAgreement',
  headerDelivery: 'ApplicableHeaderTradeDelivery',
  headerSettlement: 'ApplicableHeaderTradeSettlement',
  headerSummation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  lineAgreement: 'SpecifiedLineTradeAgreement',
  lineDelivery: 'SpecifiedLineTradeDelivery',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementLineMonetarySummation',
  rate: 'RateApplicablePercent',
  lineQuantity: ['BilledQuantity'],
  currency: ['InvoiceCurrencyCode'],
  referenceId: ['IssuerAssignedID'],
  referenceDate: ['FormattedIssueDateTime'],
}

/** ZUGFeRD 1.0: RAM :12 / UDT :15, "SupplyChain" container names, ApplicablePercent. */
export const ZF1_DIALECT: CiiDialect = {
  syntax: 'ZUGFeRD1',
  rootNs: NS.zf1rsm,
  rootLocal: 'CrossIndustryDocument',
  displayName: 'ZUGFeRD 1.0 CrossIndustryDocument',
  ram: NS.zf1ram,
  dataTypeNs: [NS.zf1udt, NS.zf1qdt],
  context: 'SpecifiedExchangedDocumentContext',
  document: 'HeaderExchangedDocument',
  transaction: 'SpecifiedSupplyChainTradeTransaction',
  headerAgreement: 'ApplicableSupplyChainTradeAgreement',
  headerDelivery: 'ApplicableSupplyChainTradeDelivery',
  headerSettlement: 'ApplicableSupplyChainTradeSettlement',
  headerSummation: 'SpecifiedTradeSettlementMonetarySummation',
  lineAgreement: 'SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent',
  lineQuantity: ['BilledQuantity'],
  currency: ['InvoiceCurrencyCode'],
  referenceId: ['ID', 'IssuerAssignedID'],
  referenceDate: ['IssueDateTime', 'FormattedIssueDateTime'],
}

/** Order-X 1.0: CII structure on the D19B (:128) libraries; an order has requested quantities. */
export const ORDERX_DIALECT: CiiDialect = {
  ...CII_DIALECT,
  syntax: 'Order-X',
  rootNs: NS.oxrsm,
  rootLocal: 'SCRDMCCBDACIOMessageStructure',
  displayName: 'Order-X SCRDMCCBDACIOMessageStructure',
  ram: NS.oxram,
  dataTypeNs: [NS.oxudt, NS.oxqdt],
  lineQuantity: ['RequestedQuantity', 'AgreedQuantity', 'BilledQuantity'],
  currency: ['OrderCurrencyCode', 'InvoiceCurrencyCode'],
}
