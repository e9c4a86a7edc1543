/**
 * Start and end tags for the scanner: names, attributes, namespace scoping (Namespaces in XML 1.0
 * §5: declarations apply to their element and its content; prefixes `xml` and `xmlns` are
 * predeclared), the tree links, and the depth and element limits.
 * @module
 */
import { xmlError } from './position.js'
import { noteFirstChild } from './text-runs.js'
import { endOfInput, fail, failAt, newScope, skipSpaces } from './scan-state.js'
import type { ScanState } from './scan-state.js'
import { scanAttributeValue } from './scan-text.js'
import { shared, sharedName, sharedNameAt } from './name-cache.js'
import type { XmlAttribute, XmlElement } from './types.js'
import { ASCII_NAME, COLON, DQUOTE, EQUALS, GT, NAME_PART, SLASH, SQUOTE, codePointAt, isNameChar, isNameStartChar, isSpace } from './xml-chars.js'
import { excerpt } from '../util/excerpt.js'

const XML_NS = 'http://www.w3.org/XML/1998/namespace'
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'

// Leaves (most elements of an invoice) share these instead of allocating two empty arrays each.
// Frozen, so a consumer that tries to mutate a parsed tree fails loudly instead of corrupting others.
const NO_ATTRIBUTES = Object.freeze([]) as unknown as XmlAttribute[]
const NO_CHILDREN = Object.freeze([]) as unknown as XmlElement[]

/** Above this many attributes on one tag, duplicates are found with a Set instead of pairwise. */
const PAIRWISE_LIMIT = 8

/**
 * Reads NameChars from `i` and returns the offset after them; notes the colons in
 * `s.nameColon` / `s.nameColons`.
 */
function scanName(s: ScanState, i: number): number {
  const t = s.text
  const n = s.length
  let colon = -1
  let colons = 0
  let hash = 0
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    // Letters first: nearly every character of an invoice's element names is one.
    if (((c | 0x20) - 0x61) >>> 0 < 26) {
      hash = (Math.imul(hash, 31) + c) | 0
      continue
    }
    hash = (Math.imul(hash, 31) + c) | 0
    if (c < 128) {
      if (((ASCII_NAME[c] as number) & NAME_PART) === 0) break
      if (c === COLON && colons++ === 0) colon = i
    } else {
      const cp = codePointAt(t, i)
      if (!isNameChar(cp)) break
      s.sawNonAsciiName = true
      if (cp > 0xffff) i++
    }
  }
  s.nameColon = colon
  s.nameColons = colons
  s.nameHash = hash
  return i
}

/**
 * Above this many bindings in scope, prefixes are resolved through `innermost` instead of a scan
 * of the bindings: an invoice declares a handful, which the scan goes through faster than a Map
 * lookup, and the scan's cost grows with every binding (quadratic with many declarations).
 */
const SCANNED_BINDINGS = 16

/** Namespace URI bound to a prefix ('' for the default namespace) in the current scope. */
function resolve(s: ScanState, prefix: string): string | undefined {
  const innermost = s.innermost
  if (innermost === undefined) {
    const { prefixes, uris } = s
    for (let k = s.bindings - 1; k >= 0; k--) if (prefixes[k] === prefix) return uris[k]
  } else {
    const k = innermost.get(prefix)
    if (k !== undefined) return s.uris[k]
  }
  if (prefix === 'xml') return XML_NS
  if (prefix === 'xmlns') return XMLNS_NS
  return undefined
}

/** Namespaces §3 constraints on declarations ("Reserved Prefixes and Namespace Names"). */
function checkBinding(s: ScanState, at: number, prefix: string, uri: string): void {
  if (prefix === 'xml' && uri !== XML_NS) fail(s, at, `the prefix xml must be bound to ${XML_NS}`)
  if (prefix === 'xmlns') fail(s, at, 'the prefix xmlns may not be declared')
  if (uri === XMLNS_NS) fail(s, at, `no prefix may be bound to ${XMLNS_NS}`)
  if (uri === XML_NS && prefix !== 'xml') fail(s, at, `only the prefix xml may be bound to ${XML_NS}`)
}

/** Records one attribute (name in [start, end), value read, closing quote at `quote`); binds namespace declarations. */
function addAttribute(s: ScanState, start: number, end: number, value: string, quote: number): void {
  const t = s.text
  const name = shared(t.slice(start, end))
  const colon = s.nameColon
  if (colon >= 0) {
    if (colon === start || colon === end - 1 || s.nameColons > 1) fail(s, quote, `malformed name ${excerpt(name)} (one ":" between a prefix and a local name)`)
    if (colon - start === 5 && t.startsWith('xmlns', start)) {
      // The namespace name is the attribute value as normalised, white space and all (Namespaces in
      // XML 1.0 §2.2; libxml2 and the JDK's parser keep it): `"urn:x "` is another namespace than `urn:x`.
      const uri = value
      if (uri === '') fail(s, quote, `${excerpt(name)}="" cannot undeclare a prefix in XML 1.0`)
      // The shared copy: resolve() compares it with shared prefixes on every tag.
      const prefix = shared(name.slice(6))
      bind(s, prefix, uri)
      checkBinding(s, quote, prefix, uri)
    }
  } else if (name === 'xmlns') {
    const uri = value
    bind(s, '', uri)
    checkBinding(s, quote, '', uri)
  }
  const k = s.attrCount++
  s.attrNames[k] = name
  s.attrValues[k] = value
  s.attrColons[k] = colon < 0 ? -1 : colon - start
}

function bind(s: ScanState, prefix: string, uri: string): void {
  const k = s.bindings++
  s.prefixes[k] = prefix
  s.uris[k] = shared(uri)
  s.scope = newScope()
  if (s.innermost !== undefined) makeInnermost(s.innermost, s, k)
  else if (s.bindings > SCANNED_BINDINGS) {
    // Kept from here to the end of the document: it serves again however many come and go.
    const innermost = new Map<string, number>()
    for (let j = 0; j < s.bindings; j++) makeInnermost(innermost, s, j)
    s.innermost = innermost
  }
}

/** Makes binding `k` its prefix's innermost, noting the one it hides. */
function makeInnermost(innermost: Map<string, number>, s: ScanState, k: number): void {
  const prefix = s.prefixes[k] as string
  s.hides[k] = innermost.get(prefix) ?? -1
  innermost.set(prefix, k)
}

/** Ends the bindings from `mark` on (an element's own), innermost first, bringing back what they hid. */
function unbind(s: ScanState, mark: number): void {
  const innermost = s.innermost
  if (innermost !== undefined) {
    for (let k = s.bindings - 1; k >= mark; k--) {
      const hidden = s.hides[k] as number
      if (hidden < 0) innermost.delete(s.prefixes[k] as string)
      else innermost.set(s.prefixes[k] as string, hidden)
    }
  }
  s.bindings = mark
  s.scope = newScope()
}

/** `/` at `i` inside a start tag: must be followed by `>`; returns the offset of that `>`. */
function emptyTagEnd(s: ScanState, i: number): number {
  if (i + 1 >= s.length) endOfInput(s)
  if (s.text.charCodeAt(i + 1) !== GT) failAt(s, i + 1, '"/" in a start tag must be followed by ">"')
  return i + 1
}

/** Attributes from `i` (white space after the name) to the tag's `>`, whose offset is returned. */
function scanAttributes(s: ScanState, i: number): number {
  const t = s.text
  const n = s.length
  for (;;) {
    i = skipSpaces(s, i)
    if (i >= n) endOfInput(s)
    let c = t.charCodeAt(i)
    if (c === GT) return i
    if (c === SLASH) return emptyTagEnd(s, i)
    if (!isNameStartChar(codePointAt(t, i))) failAt(s, i, 'disallowed character in attribute name')
    const start = i
    const nameEnd = (i = scanName(s, i))
    if (i >= n) endOfInput(s)
    c = t.charCodeAt(i)
    if (c !== EQUALS) {
      if (c === GT) fail(s, i, `attribute ${excerpt(t.slice(start, nameEnd))} has no value`)
      if (!isSpace(c)) failAt(s, i, 'disallowed character in attribute name')
      i = skipSpaces(s, i)
      if (i >= n) endOfInput(s)
      if (t.charCodeAt(i) !== EQUALS) failAt(s, i, `attribute ${excerpt(t.slice(start, nameEnd))} has no value`)
    }
    i = skipSpaces(s, i + 1)
    if (i >= n) endOfInput(s)
    const q = t.charCodeAt(i)
    if (q !== DQUOTE && q !== SQUOTE) failAt(s, i, 'unquoted attribute value (put it in quotes)')
    s.i = i + 1
    const value = scanAttributeValue(s, q)
    i = s.i
    addAttribute(s, start, nameEnd, value, i)
    i++
    if (i >= n) endOfInput(s)
    c = t.charCodeAt(i)
    if (c === GT) return i
    if (c === SLASH) return emptyTagEnd(s, i)
    if (!isSpace(c)) {
      if (isNameStartChar(codePointAt(t, i))) failAt(s, i, 'no white space between attributes')
      failAt(s, i, 'disallowed character in attribute name')
    }
  }
}

/**
 * The finished start tag's attributes with namespaces resolved (declarations left out), each
 * checked in order for an undeclared prefix, then against the earlier ones for a duplicate
 * (Namespaces §6.3: the same local name and namespace URI, whatever the prefixes).
 */
function resolveAttributes(s: ScanState, gt: number): XmlAttribute[] {
  const count = s.attrCount
  const { attrNames, attrValues, attrColons } = s
  const expanded: string[] = new Array<string>(count)
  const seen = count > PAIRWISE_LIMIT ? new Set<string>() : undefined
  let attributes = NO_ATTRIBUTES
  for (let k = 0; k < count; k++) {
    const name = attrNames[k] as string
    const colon = attrColons[k] as number
    let uri = ''
    let key = name
    if (colon >= 0) {
      const prefix = name.slice(0, colon)
      const bound = resolve(s, prefix)
      if (bound === undefined) fail(s, gt, `namespace prefix "${excerpt(prefix)}" is not declared (no xmlns:${excerpt(prefix)} in scope)`)
      uri = bound
      key = `{${uri}}${name.slice(colon + 1)}`
    }
    if (seen === undefined) {
      for (let j = 0; j < k; j++) if (expanded[j] === key) refuseDuplicate(s, gt, name)
      expanded[k] = key
    } else {
      if (seen.has(key)) refuseDuplicate(s, gt, name)
      seen.add(key)
    }
    // Namespace declarations are in scope already and are not attributes of the tree.
    if (colon === 5 ? name.startsWith('xmlns') : name === 'xmlns') continue
    const attribute: XmlAttribute = { ns: uri, local: colon >= 0 ? sharedName(name, colon).local : name, qname: name, value: attrValues[k] as string }
    if (attributes === NO_ATTRIBUTES) attributes = [attribute]
    else attributes.push(attribute)
  }
  return attributes
}

/** The bindings from `mark` on (the start tag's own declarations) as prefix, URI, prefix, URI … */
function declarations(s: ScanState, mark: number): string[] {
  const out: string[] = []
  for (let k = mark; k < s.bindings; k++) out.push(s.prefixes[k] as string, s.uris[k] as string)
  return out
}

function refuseDuplicate(s: ScanState, gt: number, name: string): never {
  fail(s, gt, `duplicate attribute ${excerpt(name)} (an attribute may occur once per element)`)
}

/** Start tag at `lt` (`<` followed by a name start character, else refused). */
export function scanStartTag(s: ScanState, lt: number): void {
  const t = s.text
  const n = s.length
  if (lt + 1 >= n) endOfInput(s)
  if (!isNameStartChar(codePointAt(t, lt + 1))) failAt(s, lt + 1, 'disallowed character after "<" (write &lt; for a literal <)')
  const nameEnd = scanName(s, lt + 1)
  if (nameEnd >= n) endOfInput(s)
  s.sawRoot = true
  if (s.closedRoot) fail(s, nameEnd, 'a second root element (an XML document has exactly one)')
  const colon = s.nameColon
  const colons = s.nameColons
  const line = s.line
  const column = lt - s.lineStart + 1
  const mark = s.bindings
  s.attrCount = 0
  let gt = nameEnd
  const c = t.charCodeAt(nameEnd)
  if (c === SLASH) gt = emptyTagEnd(s, nameEnd)
  else if (c !== GT) {
    if (!isSpace(c)) failAt(s, nameEnd, 'disallowed character in tag name')
    gt = scanAttributes(s, nameEnd)
  }
  const selfClosing = t.charCodeAt(gt - 1) === SLASH

  const name = sharedNameAt(t, lt + 1, nameEnd, s.nameHash, colon < 0 ? -1 : colon - lt - 1)
  const { qname, local, prefix } = name
  let ns = name.ns
  if (name.scope !== s.scope) {
    // Resolved once per name and scope: an invoice declares its prefixes on the root only.
    if (colon >= 0) {
      if (colon === lt + 1 || colon === nameEnd - 1 || colons > 1) fail(s, gt, `malformed name ${excerpt(qname)} (one ":" between a prefix and a local name)`)
      if (prefix === 'xmlns') fail(s, gt, 'an element may not have the prefix xmlns')
      const uri = resolve(s, prefix)
      if (uri === undefined) fail(s, gt, `namespace prefix "${excerpt(prefix)}" is not declared (no xmlns:${excerpt(prefix)} in scope)`)
      ns = uri
    } else ns = resolve(s, '') ?? ''
    name.ns = ns
    name.scope = s.scope
  }
  const attributes = s.attrCount === 0 ? NO_ATTRIBUTES : resolveAttributes(s, gt)

  const depth = s.depth + 1
  if (depth > s.maxDepth) {
    throw xmlError({ line, column }, `<${excerpt(qname)}> is nested ${depth} elements deep, more than the limit of ${s.maxDepth}`, { limit: String(s.maxDepth) })
  }
  if (++s.count > s.maxElements) {
    throw xmlError({ line, column }, `more than ${s.maxElements} elements, the limit for one document`, { limit: String(s.maxElements) })
  }
  const parent = s.current
  const namespaces = s.bindings === mark ? undefined : declarations(s, mark)
  const element: XmlElement = { ns, local, qname, attributes, children: NO_CHILDREN, text: '', line, column, parent, namespaces }
  if (parent === undefined) s.root = element
  else if (parent.children === NO_CHILDREN) {
    noteFirstChild(parent)
    parent.children = [element]
  }
  else parent.children.push(element)
  s.i = gt + 1
  if (selfClosing) {
    if (s.bindings !== mark) unbind(s, mark)
    if (parent === undefined) s.closedRoot = true
    return
  }
  s.depth = depth
  s.scopeMarks[depth] = mark
  s.current = element
}

/** End tag at `lt`: must name the innermost open element exactly as its start tag did (§3 WFC "Element Type Match"). */
export function scanEndTag(s: ScanState, lt: number): void {
  const t = s.text
  const n = s.length
  const open = s.current
  if (open !== undefined) {
    // The usual case, checked in place: `</` + the open element's name + `>`.
    const name = open.qname
    const gt = lt + 2 + name.length
    if (t.charCodeAt(gt) === GT) {
      let k = name.length - 1
      // From the end: the local names of siblings differ at the end more often than prefixes do.
      while (k >= 0 && name.charCodeAt(k) === t.charCodeAt(lt + 2 + k)) k--
      if (k < 0) return closeElement(s, open, gt)
    }
  }
  const nameEnd = scanName(s, lt + 2)
  if (nameEnd >= n) endOfInput(s)
  let gt = nameEnd
  if (t.charCodeAt(nameEnd) !== GT) {
    if (!isSpace(t.charCodeAt(nameEnd))) failAt(s, nameEnd, 'disallowed character in end tag')
    gt = skipSpaces(s, nameEnd)
    if (gt >= n) endOfInput(s)
    if (t.charCodeAt(gt) !== GT) failAt(s, gt, 'disallowed character in end tag')
  }
  const length = nameEnd - lt - 2
  if (length === 0) fail(s, gt, 'empty end tag </>')
  const el = s.current
  if (el === undefined) fail(s, gt, `end tag </${excerpt(t.slice(lt + 2, nameEnd))}> has no matching start tag`)
  if (el.qname.length !== length || !t.startsWith(el.qname, lt + 2)) {
    fail(s, gt, `end tag </${excerpt(t.slice(lt + 2, nameEnd))}> does not match <${excerpt(el.qname)}> opened at line ${el.line}, column ${el.column}`)
  }
  closeElement(s, el, gt)
}

function closeElement(s: ScanState, el: XmlElement, gt: number): void {
  const mark = s.scopeMarks[s.depth] as number
  if (s.bindings !== mark) unbind(s, mark)
  s.current = el.parent
  if (--s.depth === 0) s.closedRoot = true
  s.i = gt + 1
}
