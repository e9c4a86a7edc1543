/**
 * Any supported invoice XML → the EN 16931 model: the syntax is recognised from the root
 * element (namespace URI + local name, never the prefix) and the matching reader runs.
 * @module
 */
import { EInvoiceError } from './errors.js'
import type { Invoice, InvoiceSource } from './model/invoice.js'
import { NS, type ParseXmlOptions, type XmlDocument, documentArgument, parseXml } from './xml/index.js'
import { readCii } from './cii/read-cii.js'
import { readZf1 } from './zf1/read-zf1.js'
import { readOrderX } from './orderx/read-orderx.js'
import { readUbl } from './ubl/read-ubl.js'
import { textOrBytesArgument, type TextOrBytesInput } from './util/byte-input.js'
import { excerpt } from './util/excerpt.js'

export type InvoiceSyntax = InvoiceSource['syntax']

type SyntaxRow = {
  syntax: InvoiceSyntax
  ns: string
  local: string
  /** Human name listed in the "supported" part of error messages. */
  name: string
  read(doc: XmlDocument): Invoice
}

/** Every root element einvoice reads; the first match wins. */
const SYNTAXES: readonly SyntaxRow[] = [
  { syntax: 'CII', ns: NS.rsm, local: 'CrossIndustryInvoice', name: 'CII D16B CrossIndustryInvoice (Factur-X, ZUGFeRD 2.x, XRechnung CII)', read: readCii },
  { syntax: 'ZUGFeRD1', ns: NS.zf1rsm, local: 'CrossIndustryDocument', name: 'ZUGFeRD 1.0 CrossIndustryDocument', read: readZf1 },
  { syntax: 'Order-X', ns: NS.oxrsm, local: 'SCRDMCCBDACIOMessageStructure', name: 'Order-X SCRDMCCBDACIOMessageStructure', read: readOrderX },
  { syntax: 'UBL-Invoice', ns: NS.ublInvoice, local: 'Invoice', name: 'UBL 2.1 Invoice', read: readUbl },
  { syntax: 'UBL-CreditNote', ns: NS.ublCreditNote, local: 'CreditNote', name: 'UBL 2.1 CreditNote', read: readUbl },
]

/** The syntax of a parsed document, or undefined when its root is none einvoice reads. */
export function detectSyntax(doc: XmlDocument): InvoiceSyntax | undefined {
  const { ns, local } = documentArgument(doc, 'doc').root
  return SYNTAXES.find((s) => s.local === local && s.ns === ns)?.syntax
}

/**
 * Reads a parsed invoice document into the model.
 * @throws EInvoiceError UNSUPPORTED_DOCUMENT when the root is not a supported invoice syntax.
 */
export function readInvoiceDocument(doc: XmlDocument): Invoice {
  const { ns, local, qname, line, column } = documentArgument(doc, 'doc').root
  const row = SYNTAXES.find((s) => s.local === local && s.ns === ns)
  if (row === undefined) {
    const where = ns === '' ? 'without a namespace' : `in namespace "${excerpt(ns)}"`
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      `line ${line}, column ${column}: the root element ${excerpt(qname)} ${where} is not an invoice einvoice reads; ` +
        `supported: ${SYNTAXES.map((s) => s.name).join('; ')}`,
      { details: { root: qname, namespace: ns, line: String(line), column: String(column) } },
    )
  }
  return row.read(doc)
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

function isPdf(input: Uint8Array | string): boolean {
  if (typeof input === 'string') return input.startsWith('%PDF-')
  return PDF_MAGIC.every((b, i) => input[i] === b)
}

/**
 * Reads invoice XML (bytes or text) into the model.
 * @throws EInvoiceError INVALID_XML (with line and column) for input that is not well-formed or
 * refused XML, UNSUPPORTED_DOCUMENT for XML of another kind or a PDF.
 * @example
 * const invoice = readInvoice(readFileSync('factur-x.xml'))
 * invoice.totals.amountDueForPayment.toString()
 */
export function readInvoice(input: TextOrBytesInput, options: ParseXmlOptions = {}): Invoice {
  input = textOrBytesArgument(input, 'xml')
  if (isPdf(input)) {
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      'the input is a PDF: take its invoice XML out first with extractInvoiceXml() (the parse and validate operations do this themselves)',
      { details: { input: 'PDF' } },
    )
  }
  return readInvoiceDocument(parseXml(input, options))
}
