/**
 * The encoding of the structure tables in `tables/` (one per official schema set) and their
 * compilation into matchers. A table lists, for every element type of the schema set, either its
 * value kind (simple content) or its content model (sequence / choice / all of element particles
 * with min/max occurrences), plus the attributes it allows. Names and namespaces are interned.
 * The tables hold facts of the schemas (names, order, occurrences, base types, enumerations) in
 * einvoice's own compact form.
 * @module
 */

/** Value kind of simple content: XSD built-in base type plus the facets that restrict it. */
export type XsdValue = {
  /** Base type; `union` with `u`. */
  b: string
  /** Member types of a union (`b` is `union`). */
  u?: readonly XsdValue[] | undefined
  /** Allowed values (enumeration facet). */
  e?: readonly string[] | undefined
  /** Patterns (XSD regular expressions, anchored). */
  p?: readonly string[] | undefined
  length?: string | undefined
  minLength?: string | undefined
  maxLength?: string | undefined
}

/**
 * A particle: an element `[ns, name, type, min, max, declared type, local?]` (the declared type an
 * index into `typeNames`, -1 for an anonymous type; `local` 1 for a local element declaration,
 * which a wildcard's element never matches), a group `['s'|'c'|'a', min, max, ...]`
 * (sequence, choice, all) or a wildcard `['*', min, max, namespaces, processContents]`.
 * `max` -1 means unbounded.
 */
export type XsdParticle = readonly (number | string | XsdParticle)[]

/** An attribute of an attribute set: its name, or its name and value kind (index into `values`). */
export type XsdAttr = string | readonly [string, number]

/** `[0, value, attrs]` simple content; `[1, model | null, attrs, mixed?]` element content. */
export type XsdType = readonly [0, number, number] | readonly [1, XsdParticle | null, number] | readonly [1, XsdParticle | null, number, 1]

export type XsdTable = {
  /** The schema set's id as the oracle names it (`cii-d16b`, `facturx-EN16931`, `ubl-2.1` ...). */
  id: string
  title: string
  ns: readonly string[]
  names: readonly string[]
  values: readonly XsdValue[]
  /**
   * Attribute sets: local names (or `{ns}local`), `!` marks required, `*` any attribute; an entry
   * `[name, value]` is an attribute whose value the schema restricts beyond a string (a fixed
   * value, written as a one-value enumeration, a code list, lengths, xs:anyURI, xs:language ...).
   */
  attrs: readonly (readonly XsdAttr[])[]
  types: readonly XsdType[]
  /** Global root elements: [ns, name, type, declared type (index into typeNames)]. */
  roots: readonly (readonly [number, number, number] | readonly [number, number, number, number])[]
  /**
   * The names of the declared types, `[ns, local name]`, for xsi:type (which must name the
   * declared type: no type of these schemas derives from another that an element is declared with).
   */
  typeNames?: readonly (readonly [number, string])[] | undefined
  /**
   * Where a lax wildcard lets any element name a type with xsi:type (UBL): the schema set's other
   * named types, which no element of the table uses, `[ns, local name]`.
   */
  otherTypeNames?: readonly (readonly [number, string])[] | undefined
  /**
   * Global elements that no content model of the table refers to, reachable only through a
   * wildcard (UBL's signature schemas: sig:UBLDocumentSignatures, xades:QualifyingProperties …):
   * [ns, name, type, declared type].
   */
  globals?: readonly (readonly [number, number, number, number])[] | undefined
}

/** Compiled particle: element, group or wildcard, with its first set for deterministic matching. */
export type Particle =
  | {
      kind: 'element'
      key: string
      ns: string
      local: string
      label: string
      type: number
      min: number
      max: number
      /** The declared type's expanded name `{ns}local`, '' when anonymous, undefined when the table does not say. */
      typeName: string | undefined
    }
  | {
      kind: 'seq' | 'choice' | 'all'
      min: number
      max: number
      items: Particle[]
      first: Set<string> | 'any'
      /** The first set by local name → namespaces, so matching needs no key string per child. */
      firstByLocal: ReadonlyMap<string, readonly string[]> | 'any'
      nullable: boolean
    }
  | {
      kind: 'any'
      min: number
      max: number
      accepts: (ns: string) => boolean
      label: string
      /**
       * How the elements it matches are assessed: not at all (skip), as declared when the schema
       * set declares them globally (lax), or so and an error when it does not (strict).
       */
      process: 'skip' | 'lax' | 'strict'
    }

export type CompiledAttrs = {
  allowed: Set<string>
  required: string[]
  any: boolean
  /** Value kinds of the attributes the schema restricts (undefined when none is). */
  values: ReadonlyMap<string, XsdValue> | undefined
}

/**
 * A content model that is one sequence (at most once) of element particles with distinct names,
 * nearly every type of the invoice schemas: its children can be matched by looking each one up
 * instead of trying the particles in turn (structure-check.ts, matchFlat).
 */
export type FlatSequence = {
  /** Particle index by child local name, then namespace. */
  index: ReadonlyMap<string, ReadonlyMap<string, number>>
  items: readonly (Particle & { kind: 'element' })[]
  /** `requiredBefore[k]`: how many of the particles before index k have min > 0. */
  requiredBefore: Int32Array
}

export type CompiledType =
  | { simple: true; value: XsdValue; attrs: CompiledAttrs }
  | { simple: false; model: Particle | null; attrs: CompiledAttrs; mixed: boolean; flat: FlatSequence | undefined }

export type CompiledTable = {
  id: string
  title: string
  /** The schema set's table. */
  source: XsdTable
  /**
   * The compiled types by index, each compiled on first use (`typeAt`): a document meets few of
   * a table's types (UBL's has hundreds for extension content alone).
   */
  types: (CompiledType | undefined)[]
  roots: Map<string, number>
  /** The root elements' declared type names (see the element particle's `typeName`). */
  rootTypeNames: Map<string, string | undefined>
  /**
   * For elements a lax or strict wildcard matches (UBL's ext:ExtensionContent, the signature
   * schemas' wildcards): the global elements the table declares, by key (`ns local`), with their
   * type and declared type name, and the types by name. UBL declares cbc: and cac: elements
   * globally only, the signature schemas also locally (particles flagged local, which a
   * wildcard's element never takes), so a key has one type; built on first use.
   */
  declared?: { elements: Map<string, { type: number; typeName: string | undefined }>; typesByName: Map<string, number>; otherTypes: ReadonlySet<string> } | undefined
  /** The table's `otherTypeNames` as expanded names `{ns}local`. */
  otherTypeNames: readonly string[]
  /** The table's `globals`, by key, with type and declared type name. */
  globals: readonly { key: string; type: number; typeName: string | undefined }[]
}

/** Child key: namespace URI and local name (a space never occurs in either). */
export const keyOf = (ns: string, local: string): string => `${ns} ${local}`

const MAX = (n: number): number => (n < 0 ? Infinity : n)

function wildcard(spec: string, targetNs: string): (ns: string) => boolean {
  if (spec === '##any') return () => true
  // `!ns`: XSD ##other, resolved by the generator against the declaring schema's namespace.
  if (spec.startsWith('!')) return (ns) => ns !== spec.slice(1) && ns !== ''
  const allowed = new Set(spec.split(/\s+/).map((s) => (s === '##targetNamespace' ? targetNs : s === '##local' ? '' : s)))
  return (ns) => allowed.has(ns)
}

/** The expanded name `{ns}local` of declared type `index` of the table, '' when anonymous (-1), undefined when unknown. */
function typeNameOf(t: XsdTable, index: number | string | XsdParticle | undefined): string | undefined {
  if (typeof index !== 'number' || t.typeNames === undefined) return undefined
  if (index < 0) return ''
  const name = t.typeNames[index]
  return name === undefined ? undefined : `{${t.ns[name[0]] ?? ''}}${name[1]}`
}

function compileParticle(t: XsdTable, p: XsdParticle, ownerNs: string): Particle {
  const head = p[0]
  if (typeof head === 'number') {
    const ns = t.ns[head] ?? ''
    const name = t.names[p[1] as number] ?? ''
    const typeName = typeNameOf(t, p[5])
    return { kind: 'element', key: keyOf(ns, name), ns, local: name, label: name, type: p[2] as number, min: p[3] as number, max: MAX(p[4] as number), typeName }
  }
  if (head === '*') {
    const process = p[4] === 'lax' || p[4] === 'strict' ? p[4] : 'skip'
    return { kind: 'any', min: p[1] as number, max: MAX(p[2] as number), accepts: wildcard(p[3] as string, ownerNs), label: 'any element', process }
  }
  const items = (p.slice(3) as XsdParticle[]).map((c) => compileParticle(t, c, ownerNs))
  const kind = head === 's' ? 'seq' : head === 'c' ? 'choice' : 'all'
  const group = { kind, min: p[1] as number, max: MAX(p[2] as number), items, first: new Set<string>(), firstByLocal: 'any', nullable: false } as Particle & { kind: 'seq' }
  group.nullable = group.min === 0 || (kind === 'choice' ? items.some(nullable) : items.every(nullable))
  group.first = firstSet(group)
  group.firstByLocal = group.first === 'any' ? 'any' : byLocal(group.first)
  return group
}

/** Keys (`ns local`) regrouped by local name. */
function byLocal(keys: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const k of keys) {
    const space = k.indexOf(' ')
    const local = k.slice(space + 1)
    const list = out.get(local)
    if (list === undefined) out.set(local, [k.slice(0, space)])
    else list.push(k.slice(0, space))
  }
  return out
}

export function nullable(p: Particle): boolean {
  if (p.kind === 'element' || p.kind === 'any') return p.min === 0
  return p.nullable
}

/** The element keys that can start a particle ('any' when a wildcard can). */
export function firstSet(p: Particle): Set<string> | 'any' {
  if (p.kind === 'element') return new Set([p.key])
  if (p.kind === 'any') return 'any'
  const out = new Set<string>()
  for (const item of p.items) {
    const f = firstSet(item)
    if (f === 'any') return 'any'
    for (const k of f) out.add(k)
    if (p.kind === 'seq' && !nullable(item)) break
  }
  return out
}

function compileAttrs(t: XsdTable, list: readonly XsdAttr[]): CompiledAttrs {
  const allowed = new Set<string>()
  const required: string[] = []
  let values: Map<string, XsdValue> | undefined
  let any = false
  for (const entry of list) {
    const a = typeof entry === 'string' ? entry : entry[0]
    if (a === '*') {
      any = true
      continue
    }
    const name = a.startsWith('!') ? a.slice(1) : a
    allowed.add(name)
    if (name !== a) required.push(name)
    const value = typeof entry === 'string' ? undefined : t.values[entry[1]]
    if (value !== undefined) (values ??= new Map()).set(name, value)
  }
  return { allowed, required, any, values }
}

/** The model as a flat sequence, or undefined when it is not one (see FlatSequence). */
export function flatSequence(model: Particle | null): FlatSequence | undefined {
  if (model === null || model.kind !== 'seq' || model.max !== 1) return undefined
  const items: (Particle & { kind: 'element' })[] = []
  const index = new Map<string, Map<string, number>>()
  const requiredBefore = new Int32Array(model.items.length + 1)
  for (const [k, item] of model.items.entries()) {
    // maxOccurs 0 (an element a restriction forbids) is left to the general matcher.
    if (item.kind !== 'element' || item.max < 1) return undefined
    let byNs = index.get(item.local)
    if (byNs === undefined) index.set(item.local, (byNs = new Map()))
    // A name twice in the sequence: which particle a child belongs to depends on its neighbours.
    if (byNs.has(item.ns)) return undefined
    byNs.set(item.ns, k)
    items.push(item)
    requiredBefore[k + 1] = (requiredBefore[k] as number) + (item.min > 0 ? 1 : 0)
  }
  return { index, items, requiredBefore }
}

const compiled = new WeakMap<XsdTable, CompiledTable>()

/** The table's declared elements and named types (CompiledTable.declared), built once. */
export function declaredOf(table: CompiledTable): NonNullable<CompiledTable['declared']> {
  if (table.declared !== undefined) return table.declared
  const elements = new Map<string, { type: number; typeName: string | undefined }>()
  const typesByName = new Map<string, number>()
  /** Records an element (unless a local declaration) and its declared type; the first one of a name stands. */
  const declare = (key: string, type: number, typeName: string | undefined, global: boolean): void => {
    if (global && !elements.has(key)) elements.set(key, { type, typeName })
    if (typeName !== undefined && typeName !== '' && !typesByName.has(typeName)) typesByName.set(typeName, type)
  }
  const t = table.source
  // The source particles, not the compiled ones: this must not compile every type of the table.
  const visit = (p: XsdParticle): void => {
    const head = p[0]
    if (typeof head === 'number') declare(keyOf(t.ns[head] ?? '', t.names[p[1] as number] ?? ''), p[2] as number, typeNameOf(t, p[5]), p[6] !== 1)
    else if (head !== '*') for (const item of p.slice(3) as XsdParticle[]) visit(item)
  }
  for (const ty of t.types) if (ty[0] === 1 && ty[1] !== null) visit(ty[1])
  for (const [key, type] of table.roots) declare(key, type, table.rootTypeNames.get(key), true)
  for (const g of table.globals) declare(g.key, g.type, g.typeName, true)
  table.declared = { elements, typesByName, otherTypes: new Set(table.otherTypeNames) }
  return table.declared
}

/** Attribute sets compiled once per table, shared by the types that use them. */
const attrSetsOf = new WeakMap<XsdTable, CompiledAttrs[]>()

/** Type `index` of the table, compiled on first use; undefined when there is no such type. */
export function typeAt(table: CompiledTable, index: number): CompiledType | undefined {
  const done = table.types[index]
  if (done !== undefined) return done
  const t = table.source
  const ty = t.types[index]
  if (ty === undefined) return undefined
  let attrSets = attrSetsOf.get(t)
  if (attrSets === undefined) attrSetsOf.set(t, (attrSets = t.attrs.map((list) => compileAttrs(t, list))))
  const attrs = attrSets[ty[2]] ?? compileAttrs(t, [])
  let out: CompiledType
  if (ty[0] === 0) out = { simple: true, value: t.values[ty[1]] ?? { b: 'string' }, attrs }
  else {
    const model = ty[1] === null ? null : compileParticle(t, ty[1], t.ns[t.roots[0]?.[0] ?? 0] ?? '')
    out = { simple: false, model, attrs, mixed: ty.length === 4, flat: flatSequence(model) }
  }
  table.types[index] = out
  return out
}

/** Compiles a table once (first use) and caches it; its types compile as they are met (typeAt). */
export function compileTable(t: XsdTable): CompiledTable {
  const cached = compiled.get(t)
  if (cached !== undefined) return cached
  const roots = new Map<string, number>()
  const rootTypeNames = new Map<string, string | undefined>()
  for (const [ns, name, type, declared] of t.roots) {
    const key = keyOf(t.ns[ns] ?? '', t.names[name] ?? '')
    roots.set(key, type)
    rootTypeNames.set(key, typeNameOf(t, declared))
  }
  const otherTypeNames = (t.otherTypeNames ?? []).map(([ns, local]) => `{${t.ns[ns] ?? ''}}${local}`)
  const globals = (t.globals ?? []).map(([ns, name, type, declared]) => ({ key: keyOf(t.ns[ns] ?? '', t.names[name] ?? ''), type, typeName: typeNameOf(t, declared) }))
  const out: CompiledTable = { id: t.id, title: t.title, source: t, types: [], roots, rootTypeNames, otherTypeNames, globals }
  compiled.set(t, out)
  return out
}
