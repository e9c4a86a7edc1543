/**
 * Namespace URIs of the invoice syntaxes, and the prefixes used for them in paths and messages.
 * Readers match elements by these URIs only; the prefixes in a file are arbitrary.
 * @module
 */

export const NS = {
  /** UN/CEFACT CII D16B (EN 16931 CII binding, Factur-X / ZUGFeRD 2.x, XRechnung CII). */
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  /** OASIS UBL 2.1. */
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  /** ZUGFeRD 1.0 (CrossIndustryDocument, RAM :12, UDT :15). */
  zf1rsm: 'urn:ferd:CrossIndustryDocument:invoice:1p0',
  zf1ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12',
  zf1udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15',
  zf1qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:12',
  /** Order-X 1.0 (SCRDM CCBDA CIO message structure, D19B :128 libraries). */
  oxrsm: 'urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100',
  oxram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:128',
  oxudt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:128',
  oxqdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:128',
  /** W3C. */
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const

export type NamespaceKey = keyof typeof NS

/**
 * Prefix shown for a namespace URI in element paths. These are the prefixes the official
 * schematron files bind (CEN UBL rules use `ubl:` for Invoice-2 and `cn:` for CreditNote-2), so a
 * path in our messages reads like a location in an official report.
 */
export const CANONICAL_PREFIX: ReadonlyMap<string, string> = new Map([
  [NS.rsm, 'rsm'],
  [NS.ram, 'ram'],
  [NS.udt, 'udt'],
  [NS.qdt, 'qdt'],
  [NS.ublInvoice, 'ubl'],
  [NS.ublCreditNote, 'cn'],
  [NS.cbc, 'cbc'],
  [NS.cac, 'cac'],
  [NS.ext, 'ext'],
  [NS.zf1rsm, 'rsm'],
  [NS.zf1ram, 'ram'],
  [NS.zf1udt, 'udt'],
  [NS.zf1qdt, 'qdt'],
  [NS.oxrsm, 'rsm'],
  [NS.oxram, 'ram'],
  [NS.oxudt, 'udt'],
  [NS.oxqdt, 'qdt'],
  [NS.xsi, 'xsi'],
  [NS.xml, 'xml'],
])
