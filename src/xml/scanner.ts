/**
 * The XML scanner behind parseXml: one pass over the decoded text with charCodeAt, building the
 * namespace-resolved tree directly (no events, no per-character strings). It enforces XML 1.0
 * well-formedness and namespace well-formedness as invoices need them, refuses any DOCTYPE, and
 * places every element and every refusal by line and column.
 * @module
 */
import { endOfInput } from './scan-state.js'
import { ScanState } from './scan-state.js'
import { scanBang, scanPi } from './scan-markup.js'
import { scanEndTag, scanStartTag } from './scan-tags.js'
import { scanOutside, scanText } from './scan-text.js'
import type { XmlEncoding } from './decode.js'
import type { XmlDocument } from './types.js'
import { BANG, QUESTION, SLASH } from './xml-chars.js'

/**
 * Scans a whole document. `text` is already decoded, its byte order mark dropped (see decode.ts;
 * `encoding` says from what, for the declaration's check): a U+FEFF that starts it is content,
 * refused like any other character before the root (a second byte order mark was skipped here).
 * Throws EInvoiceError `INVALID_XML` (`line L, column C: ...`) at the first problem.
 */
export function scanXml(text: string, maxDepth: number, maxElements: number, encoding?: XmlEncoding): XmlDocument {
  const s = new ScanState(text, maxDepth, maxElements, encoding)
  const n = text.length
  for (;;) {
    if (s.depth > 0) scanText(s)
    else scanOutside(s)
    const lt = s.i
    if (lt >= n) break
    const c = text.charCodeAt(lt + 1)
    if (c === SLASH) scanEndTag(s, lt)
    else if (c === BANG) scanBang(s, lt)
    // The XML declaration may only be the very first thing (§2.8).
    else if (c === QUESTION) scanPi(s, lt, lt === 0)
    else scanStartTag(s, lt)
  }
  const root = s.root
  if (root === undefined || s.depth > 0) endOfInput(s)
  const doc: XmlDocument = { root, processingInstructions: s.processingInstructions }
  if (s.sawSplit) doc.textSplit = true
  if (!s.sawNonAsciiName) doc.asciiNames = true
  if (encoding !== undefined) doc.encoding = encoding
  return doc
}
