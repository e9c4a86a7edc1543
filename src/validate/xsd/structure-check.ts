/**
 * Structure checks equivalent to XSD validation, driven by the compiled tables: every element's
 * children are matched against its content model (order, unknown or misplaced elements,
 * min/max occurrences), simple content against its value kind, attributes against the allowed
 * set. The schemas are deterministic (XSD Unique Particle Attribution), so a greedy match in one
 * pass over the children decides like a schema validator. One finding per violated content model,
 * at the element concerned, with line:column.
 * @module
 */
import { type XmlAttribute, type XmlElement, namespaceOf } from '../../xml/index.js'
import { type CompiledTable, type CompiledType, type FlatSequence, type Particle, declaredOf, keyOf, typeAt } from './xsd-table.js'
import { checkValue } from './values.js'
import { collapseXmlSpace } from '../../xml/whitespace.js'

export type XsdProblemKind =
  | 'unexpected'
  | 'missing'
  | 'value'
  | 'attribute'
  | 'attribute-value'
  | 'required-attribute'
  | 'text'
  | 'root'
  | 'nil'
  | 'nil-value'
  | 'type'
  | 'type-prefix'
  | 'type-unknown'
  | 'undeclared'
  | 'duplicate-id'

export type XsdProblem = {
  kind: XsdProblemKind
  el: XmlElement
  /** Names the schema would accept at this point (unexpected / missing). */
  expected?: string[] | undefined
  detail?: string | undefined
  /** The attribute whose value is wrong (attribute-value). */
  attribute?: XmlAttribute | undefined
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'
const XSD_NS = 'http://www.w3.org/2001/XMLSchema'
/** The type "index" of an element a lax wildcard matched: assessed as `assessWildcard` decides. */
const LAX = -2
/** The same for a strict wildcard, which also wants the element declared. */
const STRICT = -3
const BOOLEAN = { b: 'boolean' } as const

type MatchState = {
  kids: readonly XmlElement[]
  pos: number
  /**
   * The first `matched` entries: the children matched so far and their types (-1: matched by a
   * wildcard, not checked further). A count instead of truncating the arrays for each element.
   */
  matched: number
  matchedEls: XmlElement[]
  matchedTypes: number[]
  /** The declared type names of the matched children (the particle's `typeName`). */
  matchedNames: (string | undefined)[]
  /**
   * Whether to collect the labels of particles that could have matched at `pos` (for "expected
   * ..." messages). Off on the first pass; an element that fails is matched again with it on,
   * which decides the same way (the match is deterministic) and only then builds the labels.
   */
  track: boolean
  tried: string[]
  triedAt: number
  failed: XsdProblem | undefined
}

function note(s: MatchState, label: string): void {
  if (!s.track) return
  if (s.triedAt !== s.pos) {
    s.triedAt = s.pos
    s.tried = []
  }
  if (!s.tried.includes(label)) s.tried.push(label)
}

function canStart(p: Particle, s: MatchState, pos: number): boolean {
  const el = s.kids[pos]
  if (el === undefined) return false
  if (p.kind === 'element') return p.local === el.local && p.ns === el.ns
  if (p.kind === 'any') return p.accepts(el.ns)
  if (p.firstByLocal === 'any') return true
  const namespaces = p.firstByLocal.get(el.local)
  return namespaces !== undefined && namespaces.includes(el.ns)
}

function labels(p: Particle): string[] {
  if (p.kind === 'element' || p.kind === 'any') return [p.label]
  return p.items.flatMap(labels)
}

/** Matches one particle at s.pos; returns false (with s.failed set) when the model is violated. */
function match(p: Particle, s: MatchState, parent: XmlElement): boolean {
  if (p.kind === 'element' || p.kind === 'any') {
    let count = 0
    while (count < p.max && s.pos < s.kids.length) {
      const el = s.kids[s.pos] as XmlElement
      if (p.kind === 'element' ? p.local !== el.local || p.ns !== el.ns : !p.accepts(el.ns)) break
      s.matchedEls[s.matched] = el
      s.matchedNames[s.matched] = p.kind === 'element' ? p.typeName : undefined
      s.matchedTypes[s.matched++] = p.kind === 'element' ? p.type : p.process === 'lax' ? LAX : p.process === 'strict' ? STRICT : -1
      s.pos++
      count++
    }
    if (count < p.max) note(s, p.label)
    if (count < p.min) {
      const at = s.kids[s.pos]
      s.failed = at === undefined ? { kind: 'missing', el: parent, expected: [...s.tried] } : { kind: 'unexpected', el: at, expected: [...s.tried] }
      return false
    }
    return true
  }
  let occurrences = 0
  while (occurrences < p.max) {
    const next = s.kids[s.pos]
    if (occurrences >= p.min && !canStart(p, s, s.pos)) {
      if (s.track) for (const l of firstLabels(p)) note(s, l)
      break
    }
    const before = s.pos
    if (p.kind === 'choice') {
      const branch = chooseBranch(p.items, s)
      if (branch === undefined) {
        if (s.track) for (const l of firstLabels(p)) note(s, l)
        s.failed = next === undefined ? { kind: 'missing', el: parent, expected: [...s.tried] } : { kind: 'unexpected', el: next, expected: [...s.tried] }
        return false
      }
      if (!match(branch, s, parent)) return false
    } else if (p.kind === 'all') {
      if (!matchAll(p.items, s, parent)) return false
    } else {
      for (const item of p.items) if (!match(item, s, parent)) return false
    }
    occurrences++
    if (s.pos === before) break
  }
  return true
}

/**
 * Matches the children against a flat sequence by looking each one up, recording what it matched
 * as `match` does. False at any deviation: the general matcher then decides and describes it (it
 * may still accept, e.g. no children for a sequence that may be absent altogether).
 */
function matchFlat(flat: FlatSequence, s: MatchState): boolean {
  const { index, items, requiredBefore } = flat
  const kids = s.kids
  // The particle the last child matched, and how many children in a row it matched.
  let at = 0
  let count = 0
  for (let i = 0; i < kids.length; i++) {
    const el = kids[i] as XmlElement
    const k = index.get(el.local)?.get(el.ns)
    if (k === undefined || k < at) return false
    const item = items[k] as FlatSequence['items'][number]
    if (k === at) {
      if (count >= item.max) return false
      count++
    } else {
      // Leaving particle `at` and skipping those between: each must have had enough.
      if (count < (items[at] as FlatSequence['items'][number]).min || requiredBefore[k] !== requiredBefore[at + 1]) return false
      at = k
      count = 1
    }
    s.matchedEls[s.matched] = el
    s.matchedNames[s.matched] = item.typeName
    s.matchedTypes[s.matched++] = item.type
  }
  s.pos = kids.length
  const last = items[at]
  return last !== undefined && count >= last.min && requiredBefore[items.length] === requiredBefore[at + 1]
}

/** The branch of a choice that can start at s.pos, else (at the end) a branch that may be empty. */
function chooseBranch(items: readonly Particle[], s: MatchState): Particle | undefined {
  for (const b of items) if (canStart(b, s, s.pos)) return b
  if (s.pos < s.kids.length) return undefined
  for (const b of items) if (isNullable(b)) return b
  return undefined
}

function firstLabels(p: Particle): string[] {
  if (p.kind === 'element' || p.kind === 'any') return [p.label]
  return p.first === 'any' ? ['any element'] : [...p.first].map((k) => k.slice(k.indexOf(' ') + 1))
}

function isNullable(p: Particle): boolean {
  if (p.kind === 'element' || p.kind === 'any') return p.min === 0
  return p.nullable
}

/** xs:all: each member at most once, any order; required members must all appear. */
function matchAll(items: readonly Particle[], s: MatchState, parent: XmlElement): boolean {
  const seen = new Set<Particle>()
  for (;;) {
    const item = items.find((i) => !seen.has(i) && canStart(i, s, s.pos))
    if (item === undefined) break
    seen.add(item)
    if (!match(item, s, parent)) return false
  }
  const missing = items.filter((i) => !seen.has(i) && !isNullable(i))
  if (missing.length === 0) return true
  s.failed = { kind: 'missing', el: parent, expected: missing.flatMap(labels) }
  return false
}

/**
 * An attribute of the XML Schema instance namespace, as xmllint (libxml2) judges it whatever the
 * element's type: xsi:schemaLocation and xsi:noNamespaceSchemaLocation are allowed anywhere with
 * any value (xmllint validates against the schema it was given and loads nothing they name);
 * xsi:nil is an error on every element, since no official invoice schema declares an element
 * nillable (with a value that is no xs:boolean, that is the error); xsi:type must name the
 * element's declared type (checkXsiType); any other name (`xsi:foo`, `xsi:Nil`) is not allowed.
 * False when it is not allowed.
 */
function checkXsiAttribute(el: XmlElement, a: XmlAttribute, declared: string | undefined, out: XsdProblem[]): boolean {
  switch (a.local) {
    case 'schemaLocation':
    case 'noNamespaceSchemaLocation':
      return true
    case 'type':
      checkXsiType(el, a.value, declared, out)
      return true
    case 'nil':
      out.push(checkValue(BOOLEAN, a.value) === undefined ? { kind: 'nil', el } : { kind: 'nil-value', el, detail: a.value })
      return true
    default:
      return false
  }
}

/** A QName as written: an optional prefix and a local name, NCNames of ASCII or beyond, nothing around them. */
const QNAME = /^(?:([A-Za-z_\u00C0-\uFFFF][\w.\u00B7\u00C0-\uFFFF-]*):)?([A-Za-z_\u00C0-\uFFFF][\w.\u00B7\u00C0-\uFFFF-]*)$/

/**
 * xsi:type as xmllint judges it on the invoice schemas. No type of the official schema sets
 * derives from a type that an element is declared with (checked on every set when the declared
 * types were added to the tables), so the only type xsi:type may name is the declared one itself.
 * Its value must be a QName as written: xmllint resolves the prefix before collapsing white space,
 * so ` udt:TextType ` has the unbound prefix " udt". `declared` undefined (a table without the
 * declared types): not judged.
 */
function checkXsiType(el: XmlElement, value: string, declared: string | undefined, out: XsdProblem[]): void {
  if (declared === undefined) return
  const name = xsiTypeName(el, value, out)
  if (name !== undefined && name !== declared) out.push({ kind: 'type', el, detail: value })
}

/** The expanded name `{ns}local` an xsi:type value names at `el`; undefined (and a type-prefix problem) when its prefix is not bound or it is no QName. */
function xsiTypeName(el: XmlElement, value: string, out: XsdProblem[]): string | undefined {
  const m = QNAME.exec(value)
  const ns = m === null ? undefined : namespaceOf(el, m[1] ?? '')
  if (ns === undefined) {
    out.push({ kind: 'type-prefix', el, detail: value })
    return undefined
  }
  return `{${ns}}${m?.[2] ?? ''}`
}

/**
 * xs:ID values (the signature schemas' `Id` attributes) must be unique in the document; xmllint
 * registers each one it validates and rejects the second. `ids` holds the document's so far.
 */
function checkUniqueId(el: XmlElement, a: XmlAttribute, ids: Set<string>, out: XsdProblem[]): void {
  const id = collapseXmlSpace(a.value)
  if (ids.has(id)) out.push({ kind: 'duplicate-id', el, detail: id, attribute: a })
  else ids.add(id)
}

function checkAttributes(el: XmlElement, type: CompiledType, declared: string | undefined, ids: Set<string>, out: XsdProblem[]): void {
  const { attrs } = type
  // Indexed: called for every element, and for-of allocates an iterator even over no attributes.
  const list = el.attributes
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as XmlAttribute
    // The xml: attributes (xml:lang, xml:space …) are attributes like any other: no official
    // invoice schema declares them, so xmllint rejects them.
    if (a.ns === XSI && checkXsiAttribute(el, a, declared, out)) continue
    const name = a.ns === '' ? a.local : `{${a.ns}}${a.local}`
    if (!attrs.any && !attrs.allowed.has(name)) out.push({ kind: 'attribute', el, detail: a.qname })
    else if (attrs.values !== undefined) {
      const kind = attrs.values.get(name)
      const why = kind === undefined ? undefined : checkValue(kind, a.value)
      if (why !== undefined) out.push({ kind: 'attribute-value', el, detail: why, attribute: a })
      else if (kind?.b === 'ID') checkUniqueId(el, a, ids, out)
    }
  }
  if (attrs.required.length === 0) return
  for (const r of attrs.required) {
    if (!el.attributes.some((a) => a.ns === '' && a.local === r)) out.push({ kind: 'required-attribute', el, detail: r })
  }
}

/**
 * Text of XML white space only (an NBSP is content, which element-only content does not allow).
 */
function blank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false
  }
  return true
}

/** Resets the one match state of a document walk for the children of the next element. */
function reset(s: MatchState, kids: readonly XmlElement[], track: boolean): MatchState {
  s.kids = kids
  s.pos = 0
  s.matched = 0
  s.track = track
  if (s.tried.length > 0) s.tried = []
  s.triedAt = -1
  s.failed = undefined
  return s
}

/**
 * How xmllint assesses an element that a lax or strict wildcard matched (UBL's
 * ext:ExtensionContent, the signature schemas' wildcards): an element the schema set declares
 * globally is validated as declared (a cbc:IssueDate there must be a date). For a strict wildcard
 * any other element is an error, and its content is not assessed. For a lax one, an element the
 * set does not declare is validated as its xsi:type names (an unbound prefix is an error) and
 * otherwise skipped, its attributes unjudged (xsi:nil, xml:lang …) and its children assessed the
 * same way (`rootKey`: the document element's). Returns [type index, declared type name] to check
 * it with, 'skip' to leave it and its content, or undefined to skip it (its element children then
 * pushed as LAX).
 */
function assessWildcard(table: CompiledTable, el: XmlElement, rootKey: string, strict: boolean, out: XsdProblem[]): [number, string | undefined] | 'skip' | undefined {
  const declared = declaredOf(table)
  const key = keyOf(el.ns, el.local)
  const found = declared.elements.get(key)
  // Of the roots, only the document's own is declared: refcheck validates an Invoice with the
  // Invoice schema, which has no CreditNote, and the other way round.
  if (found !== undefined && (key === rootKey || !table.roots.has(key))) return [found.type, found.typeName]
  if (strict) {
    out.push({ kind: 'undeclared', el })
    return 'skip'
  }
  const xsiType = el.attributes.find((a) => a.ns === XSI && a.local === 'type')
  if (xsiType === undefined) return undefined
  const name = xsiTypeName(el, xsiType.value, out)
  if (name === undefined) return undefined
  const type = declared.typesByName.get(name)
  if (type !== undefined) return [type, name]
  // A type of the schema set that no element of the table uses, or a built-in one: the table
  // cannot check the element against it (not judged). Any other name resolves to no type.
  if (!declared.otherTypes.has(name) && !name.startsWith(`{${XSD_NS}}`)) out.push({ kind: 'type-unknown', el, detail: xsiType.value })
  return undefined
}

/** Checks one element against its type and recurses into the children the model matched. */
function checkElement(table: CompiledTable, el: XmlElement, typeIndex: number, typeName: string | undefined, out: XsdProblem[]): void {
  // Parallel stacks and one reused match state: no allocation per element of the document.
  const elements: XmlElement[] = [el]
  const types: number[] = [typeIndex]
  const names: (string | undefined)[] = [typeName]
  const ids = new Set<string>()
  const s: MatchState = { kids: [], pos: 0, matched: 0, matchedEls: [], matchedTypes: [], matchedNames: [], track: false, tried: [], triedAt: -1, failed: undefined }
  while (elements.length > 0) {
    const current = elements.pop() as XmlElement
    let t = types.pop() as number
    let declared = names.pop()
    if (t === LAX || t === STRICT) {
      const assessed = assessWildcard(table, current, keyOf(el.ns, el.local), t === STRICT, out)
      if (assessed === 'skip') continue
      if (assessed === undefined) {
        for (let i = current.children.length - 1; i >= 0; i--) {
          elements.push(current.children[i] as XmlElement)
          types.push(LAX)
          names.push(undefined)
        }
        continue
      }
      ;[t, declared] = assessed
    }
    const type = typeAt(table, t)
    if (type === undefined) continue
    checkAttributes(current, type, declared, ids, out)
    if (type.simple) {
      if (current.children.length > 0) out.push({ kind: 'unexpected', el: current.children[0] as XmlElement, expected: [] })
      else if (type.value.b !== 'anyType') {
        const why = checkValue(type.value, current.text)
        if (why !== undefined) out.push({ kind: 'value', el: current, detail: why })
      }
      continue
    }
    if (!type.mixed && !blank(current.text)) out.push({ kind: 'text', el: current })
    const kids = current.children
    reset(s, kids, false)
    let ok = type.model === null || (type.flat !== undefined && matchFlat(type.flat, s))
    if (!ok && type.model !== null) {
      reset(s, kids, false)
      ok = match(type.model, s, current)
    }
    if (!ok || s.pos < kids.length) {
      // A problem: decide again, this time collecting what the schema expected (for the message).
      reset(s, kids, true)
      ok = type.model === null ? true : match(type.model, s, current)
    }
    if (!ok && s.failed !== undefined) out.push(s.failed)
    else if (s.pos < s.kids.length) {
      const at = s.kids[s.pos] as XmlElement
      out.push({ kind: 'unexpected', el: at, expected: s.triedAt === s.pos ? [...s.tried] : [] })
    }
    for (let i = s.matched - 1; i >= 0; i--) {
      const matchedType = s.matchedTypes[i] as number
      if (matchedType === -1) continue
      elements.push(s.matchedEls[i] as XmlElement)
      types.push(matchedType)
      names.push(s.matchedNames[i])
    }
  }
}

/** Validates a document tree against one compiled schema set. */
export function checkStructure(table: CompiledTable, root: XmlElement): XsdProblem[] {
  const out: XsdProblem[] = []
  const type = table.roots.get(keyOf(root.ns, root.local))
  if (type === undefined) {
    out.push({ kind: 'root', el: root, expected: [...table.roots.keys()].map((k) => k.split(' ')[1] ?? k) })
    return out
  }
  checkElement(table, root, type, table.rootTypeNames.get(keyOf(root.ns, root.local)), out)
  return out
}
