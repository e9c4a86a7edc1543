/**
 * A small tree builder and a deterministic serialiser (validation reports): same tree, same options →
 * same bytes; output is always well-formed XML 1.0 whatever text the tree carries. The escaping
 * here is shared with the streaming XmlTextWriter (text-writer.ts) of the syntax writers.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { boolean, type Check, checkOptions, objectArgument, optionError, type OptionSpec, recordOf, text } from '../util/option-input.js'
import { excerpt } from '../util/excerpt.js'
import { isDeclarablePrefix } from './xml-chars.js'

export type XmlNode = {
  /** Prefixed name as it is written, e.g. `ram:ID`. */
  name: string
  /** Attributes in writing order; undefined values are skipped. */
  attrs?: Record<string, string | undefined> | undefined
  /** Element children; undefined / false / null entries are skipped (for `cond && el(...)`). */
  children?: (XmlNode | undefined | false | null)[] | undefined
  /** Character data, written verbatim (escaped only). */
  text?: string | undefined
}

export type SerializeXmlOptions = {
  /** prefix → namespace URI, declared on the root in this order ('' declares the default namespace). */
  namespaces: Record<string, string>
  /** Write `<?xml version="1.0" encoding="UTF-8"?>` first. @default true */
  declaration?: boolean | undefined
  /** One level of indentation. @default '  ' */
  indent?: string | undefined
  /** A comment written right after the root start tag (e.g. the producing tool). */
  comment?: string | undefined
}

/** Declared prefixes: '' (the default namespace) or an XML name without a colon. */
const namespaceDeclarations: Check<Record<string, string>> = {
  expected: "an object of prefix → namespace URI (prefixes are '' or XML names without a colon)",
  test: (v, name): v is Record<string, string> => {
    if (!recordOf(text).test(v, name)) return false
    const bad = Object.keys(v).find((prefix) => prefix !== '' && !isDeclarablePrefix(prefix))
    if (bad !== undefined) throw optionError(name, `the prefix ${JSON.stringify(excerpt(bad))} is not an XML name without a colon`)
    return true
  },
}

const SERIALIZE_XML_OPTIONS: OptionSpec<SerializeXmlOptions> = {
  namespaces: namespaceDeclarations,
  declaration: boolean,
  indent: { expected: 'spaces and tabs', test: (v): v is string => typeof v === 'string' && /^[ \t]*$/.test(v) },
  comment: text,
}

type Child = XmlNode | string | undefined | false | null

/** Builds a node: string children become its text, undefined/false/null children are skipped. */
export function el(name: string, attrs?: Record<string, string | undefined>, ...children: Child[]): XmlNode {
  const node: XmlNode = { name }
  if (attrs !== undefined) node.attrs = attrs
  let text: string | undefined
  let nodes: XmlNode[] | undefined
  for (const c of children) {
    if (typeof c === 'string') text = text === undefined ? c : text + c
    else if (c !== undefined && c !== false && c !== null) (nodes ??= []).push(c)
  }
  if (nodes !== undefined) node.children = nodes
  if (text !== undefined) node.text = text
  return node
}

/** Characters outside the XML 1.0 Char production (§2.2), lone surrogates included. */
export const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u
const NOT_XML_CHAR_ALL = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
// CR and, in attributes, TAB / LF are written as references: a parser would otherwise normalise
// them away (XML 1.0 §2.11 end-of-line handling, §3.3.3 attribute-value normalisation).
const TEXT_SPECIAL = /[&<>\r]/
const TEXT_SPECIAL_ALL = /[&<>\r]/g
const ATTR_SPECIAL = /[&<>"\t\n\r]/
const ATTR_SPECIAL_ALL = /[&<>"\t\n\r]/g
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}
const toEntity = (c: string): string => ENTITY[c] ?? c

/** Replaces every character XML 1.0 cannot carry (controls, U+FFFE/FFFF, lone surrogates) by U+FFFD. */
export function toXmlChars(s: string): string {
  return NOT_XML_CHAR.test(s) ? s.replace(NOT_XML_CHAR_ALL, '\uFFFD') : s
}

/** True when `s` needs no escaping or replacement in text: the common case, checked without regex. */
function plainText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    // Printable below the surrogates, minus & < > (and so minus CR and the C0 controls).
    if (c < 0x20 || c >= 0xd800 || c === 0x26 || c === 0x3c || c === 0x3e) {
      if (c === 0x09 || c === 0x0a) continue
      return false
    }
  }
  return true
}

/** Text content: `& < >` and CR escaped, non-XML characters replaced by U+FFFD. */
export function escapeXmlText(s: string): string {
  if (plainText(s)) return s
  const clean = toXmlChars(s)
  return TEXT_SPECIAL.test(clean) ? clean.replace(TEXT_SPECIAL_ALL, toEntity) : clean
}

/** True when `s` needs no escaping or replacement in an attribute value (no controls, no `& < > "`). */
function plainAttribute(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x20 || c >= 0xd800 || c === 0x22 || c === 0x26 || c === 0x3c || c === 0x3e) return false
  }
  return true
}

/** Attribute value (for double quotes): `& < > "` and TAB / LF / CR escaped, non-XML characters replaced. */
export function escapeXmlAttribute(s: string): string {
  if (plainAttribute(s)) return s
  const clean = toXmlChars(s)
  return ATTR_SPECIAL.test(clean) ? clean.replace(ATTR_SPECIAL_ALL, toEntity) : clean
}

/** Comment text: `--` may not occur in a comment and it may not end with `-` (XML 1.0 §2.5). */
export function commentText(s: string): string {
  let c = toXmlChars(s)
  while (c.includes('--')) c = c.replace(/--/g, '- -')
  return c.endsWith('-') ? c + ' ' : c
}

type Writer = {
  out: string
  indent: string
  /** Line break + indentation per level, built once per level. */
  pads: string[]
  scope: ReadonlySet<string>
  /** The root scope, and the names already checked against it (writers repeat a few names a lot). */
  rootScope: ReadonlySet<string>
  checked: Set<string>
}

function padFor(w: Writer, level: number): string {
  return (w.pads[level] ??= '\n' + w.indent.repeat(level))
}

function checkPrefix(name: string, scope: ReadonlySet<string>, what: string, w: Writer): void {
  if (scope === w.rootScope) {
    if (w.checked.has(name)) return
    w.checked.add(name)
  }
  const colon = name.indexOf(':')
  if (colon < 0) return // no namespace, or the default one
  const prefix = name.slice(0, colon)
  if (prefix === 'xml' || prefix === 'xmlns') return
  // A writer bug, not bad user input: a tree that would serialise to non-namespace-well-formed XML.
  if (!scope.has(prefix)) throw new Error(`serializeXml: prefix "${prefix}" of ${what} ${name} is not declared`)
}

/** The start tag without its closing `>`; attributes with an undefined value are skipped. */
function startTag(node: XmlNode, w: Writer, scope: ReadonlySet<string>, extra: string): string {
  let s = '<' + node.name + extra
  const attrs = node.attrs
  if (attrs !== undefined) {
    for (const key in attrs) {
      const value = attrs[key]
      if (value === undefined) continue
      checkPrefix(key, scope, 'attribute', w)
      s += ' ' + key + '="' + escapeXmlAttribute(value) + '"'
    }
  }
  return s
}

/** Prefixes declared by the node itself (xmlns:p attributes) extend the scope for its subtree. */
function scopeOf(node: XmlNode, scope: ReadonlySet<string>): ReadonlySet<string> {
  const attrs = node.attrs
  if (attrs === undefined) return scope
  let next: Set<string> | undefined
  for (const key in attrs) {
    if (attrs[key] === undefined || !key.startsWith('xmlns')) continue
    if (key === 'xmlns') (next ??= new Set(scope)).add('')
    else if (key.charCodeAt(5) === 58 /* : */) (next ??= new Set(scope)).add(key.slice(6))
  }
  return next ?? scope
}

/** True when a child entry is skipped (`cond && el(...)` leaves false, undefined or null). */
function skipped(c: XmlNode | undefined | false | null): c is undefined | false | null {
  return c === undefined || c === false || c === null
}

function hasChildren(children: XmlNode['children']): boolean {
  if (children === undefined) return false
  for (const c of children) if (!skipped(c)) return true
  return false
}

function writeNode(node: XmlNode, w: Writer, level: number, pretty: boolean, extra: string, comment: string | undefined): void {
  const scope = scopeOf(node, w.scope)
  checkPrefix(node.name, scope, 'element', w)
  const pad = pretty && level > 0 ? padFor(w, level) : ''
  const children = node.children
  const text = node.text ?? ''
  const start = startTag(node, w, scope, extra)
  if (text === '' && comment === undefined && !hasChildren(children)) {
    w.out += pad + start + '/>'
    return
  }
  w.out += pad + start + '>'
  // Text and children together (mixed content) are written inline: indentation would become text.
  const inner = pretty && text === ''
  if (comment !== undefined) w.out += (inner ? padFor(w, level + 1) : '') + '<!--' + commentText(comment) + '-->'
  if (text !== '') w.out += escapeXmlText(text)
  if (children !== undefined) {
    const saved = w.scope
    w.scope = scope
    for (const kid of children) if (!skipped(kid)) writeNode(kid, w, level + 1, inner, '', undefined)
    w.scope = saved
  }
  if (inner) w.out += level > 0 ? padFor(w, level) : '\n'
  w.out += '</' + node.name + '>'
}

/**
 * Serialises a tree. Namespaces are declared on the root in the given order; `& < > "` are
 * escaped (`"` in attributes), characters not allowed in XML 1.0 become U+FFFD, an element with
 * neither children nor text is written `<a/>`, an element with text has no whitespace added
 * inside it, and the output ends with '\n'. Same input → same bytes.
 */
export function serializeXml(root: XmlNode, options: SerializeXmlOptions): string {
  objectArgument(root, 'root', 'an XML node (what el() builds)', (v) => typeof v['name'] === 'string')
  const { namespaces, declaration = true, indent = '  ', comment } = checkOptions(options, 'options', SERIALIZE_XML_OPTIONS)
  if (namespaces === undefined) throw new EInvoiceError('MISSING_INPUT', 'options.namespaces: required (an object of prefix → namespace URI; {} for none)', { details: { 'options.namespaces': 'required' } })
  let decls = ''
  for (const prefix of Object.keys(namespaces)) {
    decls += `${prefix === '' ? ' xmlns' : ` xmlns:${prefix}`}="${escapeXmlAttribute(namespaces[prefix] ?? '')}"`
  }
  const rootScope = new Set(Object.keys(namespaces))
  const w: Writer = { out: declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '', indent, pads: [], scope: rootScope, rootScope, checked: new Set() }
  writeNode(root, w, 0, true, decls, comment)
  return w.out + '\n'
}
