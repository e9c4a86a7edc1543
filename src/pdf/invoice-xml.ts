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

const ROOT_TAG = /^<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<&]*"|'[^'<&]*'))*)\s*\/?>/
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

/**
 * The syntax read from the root start tag alone (its name and the namespace declared on it),
 * without parsing the rest of the document: for extract's fast path, which returns the bytes
 * unchanged and leaves well-formedness to whoever reads them. Undefined whenever the prolog is
 * unusual (DOCTYPE, UTF-16, entity references in the namespace): then use invoiceSyntaxOf.
 */
export function sniffInvoiceSyntax(bytes: Uint8Array): InvoiceXmlSyntax | undefined {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 8192))
  let i = head.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (i < head.length && ' \t\r\n'.includes(head[i]!)) i++
    if (head.startsWith('<?', i)) i = head.indexOf('?>', i) + 2
    else if (head.startsWith('<!--', i)) i = head.indexOf('-->', i) + 3
    else break
    if (i < 2) return undefined
  }
  const tag = ROOT_TAG.exec(head.slice(i))
  if (tag === null) return undefined
  const [, first, second, attributes] = tag
  const prefix = second === undefined ? undefined : first
  const local = second ?? first!
  const wanted = prefix === undefined ? 'xmlns' : `xmlns:${prefix}`
  for (const [, name, double, single] of attributes!.matchAll(ATTRIBUTE)) {
    if (name === wanted) return ROOTS.find((r) => r.ns === (double ?? single) && r.local === local)?.syntax
  }
  return undefined
}

/**
 * Cheap test for the common case: the root element's namespace URI appears near the start.
 * Used to avoid a full parse of every large non-invoice attachment.
 */
export function mayBeInvoiceXml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096))
  return ROOTS.some((r) => head.includes(r.local))
}
