/**
 * Recognising invoice XML: the root elements of the syntaxes einvoice reads (behaviour doc §5.3)
 * and the file names under which ZUGFeRD / Factur-X / XRechnung / Order-X put it in a PDF (§5.1).
 * @module
 */
import { NS, type XmlElement, parseXml } from '../xml/index.js'

export type InvoiceXmlSyntax = 'CII' | 'ZUGFeRD1' | 'UBL-Invoice' | 'UBL-CreditNote' | 'Order-X' | 'DespatchAdvice'

/** Root namespace + local name of each syntax. */
const ROOTS: readonly { ns: string; local: string; syntax: InvoiceXmlSyntax }[] = [
  { ns: NS.rsm, local: 'CrossIndustryInvoice', syntax: 'CII' },
  { ns: NS.zf1rsm, local: 'CrossIndustryDocument', syntax: 'ZUGFeRD1' },
  { ns: NS.ublInvoice, local: 'Invoice', syntax: 'UBL-Invoice' },
  { ns: NS.ublCreditNote, local: 'CreditNote', syntax: 'UBL-CreditNote' },
  { ns: NS.oxrsm, local: 'SCRDMCCBDACIOMessageStructure', syntax: 'Order-X' },
  { ns: 'urn:un:unece:uncefact:data:SCRDMCCBDACIDAMessageStructure:100', local: 'SCRDMCCBDACIDAMessageStructure', syntax: 'DespatchAdvice' },
]

/**
 * The embedded file names of §5.1, matched exactly (case-sensitive). When a PDF holds several,
 * the first in this list wins: the newest generation (a PDF with both a ZUGFeRD 1 and a
 * Factur-X XML, as some transitional files have, yields the Factur-X one).
 */
export const INVOICE_FILE_NAMES: readonly string[] = [
  'factur-x.xml',
  'xrechnung.xml',
  'zugferd-invoice.xml',
  'order-x.xml',
  'cida.xml',
  'ZUGFeRD-invoice.xml',
]

/** The syntax of an invoice root element, or undefined. */
export function invoiceSyntaxOfRoot(root: XmlElement): InvoiceXmlSyntax | undefined {
  return ROOTS.find((r) => r.ns === root.ns && r.local === root.local)?.syntax
}

/** The syntax when the bytes are well-formed XML with an invoice root; undefined otherwise. */
export function invoiceSyntaxOf(bytes: Uint8Array): InvoiceXmlSyntax | undefined {
  try {
    return invoiceSyntaxOfRoot(parseXml(bytes).root)
  } catch {
    return undefined
  }
}

/**
 * Cheap test for the common case: the root element's namespace URI appears near the start.
 * Used to avoid a full parse of every large non-invoice attachment.
 */
export function mayBeInvoiceXml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096))
  return ROOTS.some((r) => head.includes(r.local))
}
