/**
 * The parsed XML tree handed to the syntax readers (cii/, ubl/, zf1/, orderx/) and validate/.
 * Plain data: no methods, no per-element maps, so a 2 MB invoice stays cheap to hold.
 * @module
 */

/** One attribute, matched by namespace URI + local name. Namespace declarations are not attributes. */
export type XmlAttribute = {
  /** Namespace URI, '' for an unprefixed attribute (XML Namespaces §6.3: no default namespace). */
  ns: string
  local: string
  /** Name as written (`xsi:schemaLocation`), for messages. */
  qname: string
  /** Value with entities and character references resolved; never trimmed or coerced. */
  value: string
}

export type XmlElement = {
  /** Namespace URI, '' when none. Match by URI, never by prefix: prefixes differ between files. */
  ns: string
  /** Local name. */
  local: string
  /** Name as written (`rsm:CrossIndustryInvoice`, `a:Invoice`, `Invoice`), for messages. */
  qname: string
  attributes: XmlAttribute[]
  /** Element children in document order. */
  children: XmlElement[]
  /** Direct character data (text + CDATA) concatenated, untouched: `0012.50` stays `0012.50`. */
  text: string
  /** 1-based line of the start tag's `<`. */
  line: number
  /** 1-based column of the start tag's `<` (UTF-16 code units from the start of the line). */
  column: number
  parent: XmlElement | undefined
  /**
   * The namespace declarations of this element's start tag, as prefix, URI, prefix, URI … (the
   * default namespace has the prefix ''); undefined when it declares none. For values that are
   * QNames (xsi:type), which resolve against the declarations in scope (navigate.ts, namespaceOf).
   */
  namespaces?: readonly string[] | undefined
}

export type XmlProcessingInstruction = {
  target: string
  body: string
  /** 1-based line of the `<?`. */
  line: number
}

export type XmlDocument = {
  root: XmlElement
  processingInstructions: XmlProcessingInstruction[]
  /** Set when a comment or PI splits some element's text into several text nodes (text-runs.ts). */
  textSplit?: true | undefined
  /** Set by the parser when every element and attribute name (prefixes included) is ASCII. */
  asciiNames?: true | undefined
  /** How the bytes were read: `utf-8`, `utf-16le`, `utf-16be`, `iso-8859-1` or another WHATWG label; undefined for a string. */
  encoding?: string | undefined
}

/** Limits for untrusted input; each one turns into an EInvoiceError, never a crash. */
export type ParseXmlOptions = {
  /** Largest accepted input in bytes (UTF-8). @default 52_428_800 (50 MB) */
  maxBytes?: number | undefined
  /** Deepest accepted element nesting (the root is depth 1). CII needs about 12. @default 64 */
  maxDepth?: number | undefined
  /** Most elements accepted in one document. @default 2_000_000 */
  maxElements?: number | undefined
}
