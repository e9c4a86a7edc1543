/**
 * The reference parser for the differential tests: parseXml as it was before the scanner, built on
 * saxes (a non-validating SAX parser that never loads DTDs) with the same decoding, DOCTYPE refusal
 * and limits. saxes is a dev dependency only; nothing in src/ may import this file.
 * @module
 */
import { SaxesParser } from 'saxes'
import type { SaxesTagNS } from 'saxes'
import { EInvoiceError } from '../../src/errors.js'
import { checkDeclaredEncoding, decodeXmlInput, DEFAULT_MAX_BYTES } from '../../src/xml/decode.js'
import { saxesErrorReason } from './saxes-errors.js'
import { lineColumnAt, xmlError } from '../../src/xml/position.js'
import type { ParseXmlOptions, XmlAttribute, XmlDocument, XmlElement, XmlProcessingInstruction } from '../../src/xml/types.js'

const DEFAULT_MAX_DEPTH = 64
const DEFAULT_MAX_ELEMENTS = 2_000_000

// Leaves (most elements of an invoice) share these instead of allocating two empty arrays each.
// Frozen, so a consumer that tries to mutate a parsed tree fails loudly instead of corrupting others.
const NO_ATTRIBUTES = Object.freeze([]) as unknown as XmlAttribute[]
const NO_CHILDREN = Object.freeze([]) as unknown as XmlElement[]

const XML_DECLARATION = /^<\?xml[ \t\r\n]/
/** saxes messages about the end of the input: those point after the last character. */
const AT_END = /^\d+:\d+: (unclosed tag|unexpected end|document must contain a root)/

const TEXT_OUTSIDE_ROOT = /^\d+:\d+: text data outside of root node/
const NOT_XML_SPACE = /[^ \t\r\n]/
const LF = 10
const CR = 13

/**
 * Position of a start tag that spans lines (`<` at `lt`, before `lineStart`, the start of the line
 * saxes is on). Only such tags pay for a scan, and it stops at the previous line break, so a whole
 * parse stays linear even for a one-line document.
 */
function startBeforeLine(text: string, lt: number, lineStart: number, currentLine: number): { line: number; column: number } {
  let breaks = 0
  for (let i = lt; i < lineStart; i++) {
    const c = text.charCodeAt(i)
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks++
  }
  let s = lt
  while (s > 0 && text.charCodeAt(s - 1) !== LF && text.charCodeAt(s - 1) !== CR) s--
  return { line: currentLine - breaks, column: lt - s + 1 }
}

/**
 * Where a saxes error is reported: after the input for end-of-input errors, at the start of stray
 * text outside the root, else at the character saxes stopped on.
 */
function errorOffset(message: string, text: string, position: number): number {
  if (AT_END.test(message)) return text.length
  if (TEXT_OUTSIDE_ROOT.test(message)) {
    // saxes reports the end of the text run; point at its first non-space character instead.
    const runStart = text.lastIndexOf('>', Math.min(position, text.length) - 1) + 1
    const first = text.slice(runStart, runStart + 1000).search(NOT_XML_SPACE)
    if (first >= 0) return runStart + first
  }
  return Math.max(0, position - 1)
}

type SaxesNS = { xmlns: true; position: true; forceXMLVersion: true; defaultXMLVersion: '1.0' }

/**
 * Parses XML from untrusted input. Text is kept verbatim (no trimming, no number coercion).
 * Refuses with EInvoiceError `INVALID_XML` (`line L, column C: reason`, `details.line/column`):
 * not well-formed or truncated XML, any DOCTYPE (so no DTD, no entity expansion: XXE and
 * "billion laughs" cannot happen), undeclared prefixes, nesting deeper than `maxDepth`, more than
 * `maxElements` elements, empty input, bytes that break their encoding or a declaration that
 * contradicts it (decoding is parseXml's own, decode.ts); with `INPUT_TOO_LARGE` input over `maxBytes`.
 * @example
 * const { root } = parseXml(bytes)
 * const id = childText(child(root, NS.rsm, 'ExchangedDocument')!, NS.ram, 'ID')
 */
export function parseXmlWithSaxes(input: Uint8Array | string, options: ParseXmlOptions = {}): XmlDocument {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS
  const { text, encoding } = decodeXmlInput(input, maxBytes)

  const parser = new SaxesParser<SaxesNS>({ xmlns: true, position: true, forceXMLVersion: true, defaultXMLVersion: '1.0' })
  const processingInstructions: XmlProcessingInstruction[] = []
  let root: XmlElement | undefined
  let current: XmlElement | undefined
  let lastClosed: XmlElement | undefined
  let depth = 0
  let count = 0

  parser.on('doctype', () => {
    // Fires once the declaration is read and before anything in it is used: saxes never expands
    // DTD entities, and we stop here so no entity reference after it is even looked at.
    const at = Math.max(0, text.lastIndexOf('<!DOCTYPE', parser.position))
    throw xmlError(
      lineColumnAt(text, at),
      'DOCTYPE declarations are refused: einvoice never reads DTDs or expands entities (invoice XML has no DOCTYPE)',
    )
  })

  // One handler per element (no 'opentagstart'): saxes has just consumed the start tag's '>', and
  // the nearest '<' before it is the tag's own, since '<' cannot occur inside a start tag (§3.1).
  parser.on('opentag', (tag: SaxesTagNS) => {
    const pos = parser.position
    const lt = text.lastIndexOf('<', pos - 1)
    const lineStart = pos - parser.columnIndex
    let line = parser.line
    let column: number
    if (lt >= lineStart) column = lt - lineStart + 1
    else ({ line, column } = startBeforeLine(text, lt, lineStart, line))
    depth++
    // The XML declaration, if any, has been read once the root is open.
    if (++count === 1) checkDeclaredEncoding(parser.xmlDecl.encoding, encoding, { line: 1, column: 1 })
    if (depth > maxDepth) {
      throw xmlError({ line, column }, `<${tag.name}> is nested ${depth} elements deep, more than the limit of ${maxDepth}`, {
        limit: String(maxDepth),
      })
    }
    if (count > maxElements) {
      throw xmlError({ line, column }, `more than ${maxElements} elements, the limit for one document`, {
        limit: String(maxElements),
      })
    }
    let attributes = NO_ATTRIBUTES
    const raw = tag.attributes
    for (const key in raw) {
      const a = raw[key] as SaxesTagNS['attributes'][string]
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue // namespace declarations, already resolved
      const attribute: XmlAttribute = { ns: a.uri, local: a.local, qname: a.name, value: a.value }
      if (attributes === NO_ATTRIBUTES) attributes = [attribute]
      else attributes.push(attribute)
    }
    const element: XmlElement = {
      ns: tag.uri,
      local: tag.local,
      qname: tag.name,
      attributes,
      children: NO_CHILDREN,
      text: '',
      line,
      column,
      parent: current,
    }
    if (current === undefined) root = element
    else if (current.children === NO_CHILDREN) current.children = [element]
    else current.children.push(element)
    current = element
  })

  parser.on('closetag', () => {
    lastClosed = current
    current = current?.parent
    depth--
  })
  parser.on('text', (t: string) => {
    if (current !== undefined) current.text += t
  })
  // Measured: with seven or more handlers registered, V8 runs saxes' inner loop several times
  // slower (0.8 → 5 ms CPU for a 34 KB CII). CDATA and PIs are rare in invoices, so their handlers
  // are registered only when the text could contain one (a false hit only costs speed).
  if (text.includes('<![CDATA[')) {
    parser.on('cdata', (t: string) => {
      if (current !== undefined) current.text += t
    })
  }
  if (text.indexOf('<?', XML_DECLARATION.test(text) ? 5 : 0) >= 0) {
    parser.on('processinginstruction', (pi: { target: string; body: string }) => {
      // saxes is just past '?>'; count the line ends back to this PI's '<?' (bounded by its length).
      const pos = parser.position
      const start = text.lastIndexOf('<?' + pi.target, pos - 2 - pi.body.length)
      let breaks = 0
      for (let i = Math.max(0, start); i < pos; i++) {
        const c = text.charCodeAt(i)
        if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks++
      }
      processingInstructions.push({ target: pi.target, body: pi.body, line: parser.line - breaks })
    })
  }

  try {
    parser.write(text).close()
  } catch (err) {
    if (err instanceof EInvoiceError) throw err
    // Without an error handler saxes throws its well-formedness errors; the parser still knows where.
    const message = err instanceof Error ? err.message : String(err)
    const offset = errorOffset(message, text, parser.position)
    throw xmlError(lineColumnAt(text, offset), saxesErrorReason(message, { text, offset, current, lastClosed }))
  }
  if (root === undefined) throw xmlError({ line: 1, column: 1 }, 'no root element')
  return { root, processingInstructions }
}
