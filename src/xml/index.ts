/**
 * The safe XML layer: parse untrusted invoice XML into a namespace-resolved tree with positions,
 * navigate it by namespace URI, and write XML deterministically. Raw parser output never leaves
 * this folder.
 * @module
 */
export type { ParseXmlOptions, XmlAttribute, XmlDocument, XmlElement, XmlProcessingInstruction } from './types.js'
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_ELEMENTS, PARSE_XML_OPTIONS, documentArgument, parseXml, parseXmlChecked } from './parse.js'
export { DEFAULT_MAX_BYTES } from './decode.js'
export { attr, child, childrenNamed, childText, elementPath, namespaceOf, requireChild, requireText } from './navigate.js'
export { CANONICAL_PREFIX, NS } from './namespaces.js'
export type { NamespaceKey } from './namespaces.js'
export { el, escapeXmlAttribute, escapeXmlText, serializeXml, toXmlChars } from './serialize.js'
export type { SerializeXmlOptions, XmlNode } from './serialize.js'
export { lineColumnAt } from './position.js'
export { leadingTextOf, textRunsOf } from './text-runs.js'
export { collapseXmlSpace, isXmlBlank, isXmlSpace, xmlTrim } from './whitespace.js'
export type { TextPosition } from './position.js'
