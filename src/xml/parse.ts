/**
 * parseXml: untrusted bytes in, a namespace-resolved element tree with positions out.
 * Decoding (decode.ts) and scanning (scanner.ts) are our own: no DTD is ever read, and the limits,
 * strict decoding and one error type with line and column make it safe for input from anywhere.
 * @module
 */
import { decodeXmlInput, DEFAULT_MAX_BYTES } from './decode.js'
import { scanXml } from './scanner.js'
import type { ParseXmlOptions, XmlDocument } from './types.js'
import { checkOptions, objectArgument, type OptionSpec, positiveInteger } from '../util/option-input.js'

export const DEFAULT_MAX_DEPTH = 64
export const DEFAULT_MAX_ELEMENTS = 2_000_000

export const PARSE_XML_OPTIONS: OptionSpec<ParseXmlOptions> = { maxBytes: positiveInteger, maxDepth: positiveInteger, maxElements: positiveInteger }

/**
 * Parses XML from untrusted input. Text is kept verbatim (no trimming, no number coercion).
 * Refuses with EInvoiceError `INVALID_XML` (`line L, column C: reason`, `details.line/column`):
 * not well-formed or truncated XML, any DOCTYPE (so no DTD, no entity expansion: XXE and
 * "billion laughs" cannot happen), undeclared prefixes, nesting deeper than `maxDepth`, more than
 * `maxElements` elements, empty input, bytes that break their encoding (UTF-8 unless a UTF-16
 * byte order mark or the encoding declaration names another, see decode.ts) or a declaration that
 * contradicts the bytes; with `INPUT_TOO_LARGE` input over `maxBytes`.
 * @example
 * const { root } = parseXml(bytes)
 * const id = childText(child(root, NS.rsm, 'ExchangedDocument')!, NS.ram, 'ID')
 */
export function parseXml(input: Uint8Array | string, options: ParseXmlOptions = {}): XmlDocument {
  return parseXmlChecked(input, checkOptions(options, 'options', PARSE_XML_OPTIONS))
}

/** parseXml for a caller that has checked `options` itself (validateXml checks its wider options once). */
export function parseXmlChecked(input: Uint8Array | string, options: ParseXmlOptions): XmlDocument {
  const { text, encoding } = decodeXmlInput(input, options.maxBytes ?? DEFAULT_MAX_BYTES)
  return scanXml(text, options.maxDepth ?? DEFAULT_MAX_DEPTH, options.maxElements ?? DEFAULT_MAX_ELEMENTS, encoding)
}

/** A parsed document handed in by a caller: what `parseXml` returns, or an EInvoiceError naming `name`. */
export function documentArgument(doc: XmlDocument, name: string): XmlDocument {
  return objectArgument(doc, name, 'a parsed document (what parseXml returns)', (d) => typeof d['root'] === 'object' && d['root'] !== null && Array.isArray((d['root'] as { children?: unknown }).children))
}
