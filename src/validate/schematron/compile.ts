/**
 * Compiles a parsed rule expression once into JS closures over the parsed XML tree: each node of
 * the syntax tree becomes functions specialised for what its parent needs (a sequence, an effective
 * boolean value, a count), with the focus (item, position, size) passed as arguments instead of
 * context objects. Semantics are those of XPath 2.0 as the rule tables use it; dynamic errors
 * surface as `XPathDynamicError`.
 * @module
 */
import type { XmlAttribute, XmlElement } from '../../xml/index.js'
import type { Expr, NameTest, Step } from './ast.js'
import { exprId, pathId } from './expr-key.js'
import {
  CONTEXT_FUNCTIONS,
  dependsOnFocus,
  documentWideWorthy,
  mentions,
  readsSize,
  scanFreeVariables,
  stepUsesVariables,
  subExpressions,
  usesFreeVariables,
  usesVariables,
} from './expr-analysis.js'
import { castTo, functionFor, integer, normalizedIsNonEmpty, stringLength } from './functions.js'
import { attributesOf, axisNodes, compareOrder, documentOf, indexedDescendants } from './nodes.js'
import {
  type Atomic,
  type DocNode,
  type Item,
  type Node,
  type Sequence,
  XPathDynamicError,
  arithmetic,
  atomize,
  bool,
  compareUntypedWithDouble,
  dec,
  ebv,
  generalCompare,
  isNode,
  nodeString,
  numericOperand,
  toDouble,
  valueCompare,
} from './values.js'
import { type Decimal, ZERO } from '../../model/decimal.js'
import { compareCodePoints } from '../../xml/xml-chars.js'

/**
 * Evaluation state for one document (or one run over it): variable slots (bound by `for`/`some`/
 * `every`, one per nesting depth) and the results of document-only path prefixes, computed once.
 */
export type Env = {
  doc: DocNode
  vars: Sequence[]
  prefixes: (Sequence | undefined)[]
  /** Results of variable-free parts of bound expressions by context node, per memo id (see `memoized`). */
  memo: (Map<Node, unknown> | undefined)[]
  /** Results of document-wide parts, per memo id (see `documentWide`). */
  wide: (WideValues | undefined)[]
  /**
   * Candidates by key, per owner (the document or a parent) and name and key (`keyedFilter`), and
   * texts per `membership` test. Kept here, not in WeakMaps keyed by nodes: in Node 20 a
   * scavenge treats an old WeakMap's entries as strong, so every document would be promoted.
   */
  keyed: Map<object, Map<string, KeyIndex>> | undefined
  members: Map<number, Set<string> | null | undefined> | undefined
}


const newEnv = (doc: DocNode): Env => ({ doc, vars: [], prefixes: [], memo: [], wide: [], keyed: undefined, members: undefined })

type Fn<T> = (item: Item, pos: number, size: number, env: Env) => T

/** What the result is known to be before evaluation: decides how a predicate is read. */
type Shape = 'bool' | 'nodes' | 'any'

export type Compiled = {
  seq: Fn<Sequence>
  /** Effective boolean value. */
  bool: Fn<boolean>
  count: Fn<number>
  shape: Shape
  /**
   * Whether some selected item passes `test`, stopping at the first: only for selections that
   * cannot raise an error, where stopping early cannot hide one.
   */
  some: ((item: Item, pos: number, size: number, env: Env, test: (x: Item) => boolean) => boolean) | undefined
}

/**
 * The evaluation state of the last document asked about through `envAt` (a WeakMap keyed by the
 * root kept every document's tree alive through young-generation collections, see nodes.ts).
 * It is renewed with the document node, whose attribute nodes its memos may hold.
 */
let lastEnv: Env | undefined

/** The evaluation state of the document whose root element is `root`. */
function envOfRoot(root: XmlElement): Env {
  const doc = documentOf(root)
  if (lastEnv === undefined || lastEnv.doc !== doc) lastEnv = newEnv(doc)
  return lastEnv
}

/** Where a run keeps its evaluation state: on the engine's context object itself, read once per rule. */
const RUN_ENV = Symbol('schematron evaluation state')
type RunHolder = { [RUN_ENV]?: Env }

/**
 * The evaluation state of one run over a document (`run` is the engine's context object): the
 * document-only results are shared by the rules of one validation, not kept with the document.
 */
export function envOfRun(run: object, root: XmlElement): Env {
  const holder = run as RunHolder
  let env = holder[RUN_ENV]
  if (env === undefined || env.doc !== documentOf(root)) holder[RUN_ENV] = env = newEnv(documentOf(root))
  return env
}

export function envAt(el: XmlElement): Env {
  let root = el
  while (root.parent !== undefined) root = root.parent
  return envOfRoot(root)
}

const TRUE_SEQ: Sequence = [bool(true)]
const FALSE_SEQ: Sequence = [bool(false)]
const EMPTY: Sequence = []
const boolSeq = (b: boolean): Sequence => (b ? TRUE_SEQ : FALSE_SEQ)

/** Static scope: variable name → slot. */
type Scope = ReadonlyMap<string, number>

/**
 * False while `compileGeneric` runs: every shape then takes the general route (sequences, general
 * comparison, no memo), the baseline the specialised forms are tested against.
 */
let specialise = true

/** Slots of document-only path prefixes in `Env.prefixes`, by the prefix's syntax tree. */
const PREFIX_IDS = new Map<number, number>()

function make(shape: Shape, seq: Fn<Sequence>, boolFn?: Fn<boolean>, count?: Fn<number>): Compiled {
  return {
    seq,
    shape,
    bool: boolFn ?? (shape === 'nodes' ? (i, p, s, e) => seq(i, p, s, e).length > 0 : (i, p, s, e) => ebv(seq(i, p, s, e))),
    count: count ?? ((i, p, s, e) => seq(i, p, s, e).length),
    some: undefined,
  }
}

function fromBool(b: Fn<boolean>): Compiled {
  return make('bool', (i, p, s, e) => boolSeq(b(i, p, s, e)), b, () => 1)
}

function constant(value: Atomic): Compiled {
  const seq = [value]
  const truth = ebv(seq)
  return make('any', () => seq, () => truth, () => 1)
}

// ---------------------------------------------------------------------------------------------
// Predicates and steps

type Pred = (item: Item, pos: number, size: number, env: Env) => boolean

/** A predicate: a number selects by position, anything else by its effective boolean value. */
function compilePredicate(p: Expr, scope: Scope): Pred {
  if (p.kind === 'literal-number') {
    const at = p.value.t === 'dec' ? p.value.v.toNumber() : (p.value.v as number)
    return (_i, pos) => pos === at
  }
  const c = compileIn(p, scope)
  if (c.shape !== 'any') return c.bool
  return (item, pos, size, env) => {
    const r = c.seq(item, pos, size, env)
    if (r.length === 1) {
      const only = r[0] as Item
      if (!isNode(only)) {
        const a = only as Atomic
        if (a.t === 'dec') return a.v.toNumber() === pos
        if (a.t === 'dbl') return a.v === pos
      }
    }
    return ebv(r)
  }
}

function filterBy(items: Sequence, preds: readonly Pred[], env: Env): Sequence {
  let current = items
  for (const p of preds) {
    const kept: Sequence = []
    const size = current.length
    for (let i = 0; i < size; i++) {
      const item = current[i] as Item
      if (p(item, i + 1, size, env)) kept.push(item)
    }
    current = kept
  }
  return current
}

/**
 * The predicates as effective boolean values when none can select by position: each is a boolean
 * or a node selection (as `compilePredicate` decides; a number or a value of unknown type may be a
 * position, as may last()). The subset has no position(), so such a predicate ignores the position.
 */
function truthPredicates(predicates: readonly Expr[], scope: Scope): Fn<boolean>[] | undefined {
  const out: Fn<boolean>[] = []
  for (const p of predicates) {
    if (p.kind === 'literal-number') return undefined
    const c = compileIn(p, scope)
    if (c.shape === 'any') return undefined
    out.push(c.bool)
  }
  return out
}

/**
 * `ram:X`, `ram:X[ram:Y = 'S']` over any number of nodes: the children of each in one loop, tested
 * by name and then by the predicates' boolean values, no list per input node.
 */
function namedChildStep(test: NameTest, preds: readonly Fn<boolean>[], ordered: boolean): StepFn {
  const { ns, local } = test
  const np = preds.length
  const [p0] = preds
  const keep = (c: XmlElement, env: Env): boolean => {
    if (np === 0) return true
    if (np === 1) return (p0 as Fn<boolean>)(c, 1, 1, env)
    for (let k = 0; k < np; k++) if (!(preds[k] as Fn<boolean>)(c, 1, 1, env)) return false
    return true
  }
  return (inputs, _item, _pos, _size, env) => {
    const out: Node[] = []
    const n = inputs.length
    for (let i = 0; i < n; i++) {
      const input = inputs[i] as Item
      if (!isNode(input)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
      if ('t' in input) {
        if (input.t === 'doc' && nameMatches(input.root, test) && keep(input.root, env)) out.push(input.root)
        continue
      }
      const kids = input.children
      for (let k = 0; k < kids.length; k++) {
        const c = kids[k] as XmlElement
        if ((local === undefined || c.local === local) && (ns === undefined || c.ns === ns) && keep(c, env)) out.push(c)
      }
    }
    return ordered || out.length <= 1 ? out : documentOrder(out)
  }
}

const nameMatches = (n: { ns: string; local: string }, t: NameTest): boolean =>
  (t.local === undefined || n.local === t.local) && (t.ns === undefined || n.ns === t.ns)

/** The nodes an axis step selects from one node, before predicates (document order). */
type Axis = (n: Node, env: Env) => readonly Node[]

function compileAxis(step: Step & { kind: 'axis' }): Axis {
  const test = step.test
  if (step.axis === 'child' && test !== 'node') {
    const { ns, local } = test
    return (n) => {
      if (!('t' in n)) {
        const out: Node[] = []
        for (const c of n.children) if ((local === undefined || c.local === local) && (ns === undefined || c.ns === ns)) out.push(c)
        return out
      }
      return n.t === 'doc' && nameMatches(n.root, test) ? [n.root] : EMPTY_NODES
    }
  }
  if (step.axis === 'attribute') {
    return (n) => {
      if ('t' in n) return EMPTY_NODES
      if (n.attributes.length === 0) return EMPTY_NODES
      const all = attributesOf(n)
      return test === 'node' ? all : all.filter((a) => nameMatches(a, test))
    }
  }
  if (step.axis === 'self' && test === 'node') return (n) => [n]
  return (n, env) => axisNodes(n, step, env.doc)
}

const EMPTY_NODES: readonly Node[] = []

/**
 * One step applied to the current sequence. `antichain`: the inputs are in document order and none
 * contains another, so child/attribute/self results are already ordered and distinct.
 */
type StepFn = (inputs: Sequence, item: Item, pos: number, size: number, env: Env) => Sequence

/**
 * `stableInputs`: the step's inputs are an absolute path's prefix of named child steps, kept per
 * document (one array of elements per run), so a keyed predicate can index the children of all of
 * them at once.
 */
function compileStep(step: Step, scope: Scope, first: boolean, antichain: boolean, stableInputs = false): StepFn {
  const preds = step.predicates.map((p) => compilePredicate(p, scope))
  if (step.kind === 'filter') {
    const inner = compileIn(step.expr, scope)
    return (inputs, item, pos, size, env) => {
      const n = inputs.length
      if (n === 1 && first) return filterBy(inner.seq(item, pos, size, env), preds, env)
      const out: Sequence = []
      let nodesOnly = true
      for (let i = 0; i < n; i++) {
        const input = inputs[i] as Item
        const r = first ? filterBy(inner.seq(item, pos, size, env), preds, env) : filterBy(inner.seq(input, i + 1, n, env), preds, env)
        for (const x of r) {
          if (!isNode(x)) nodesOnly = false
          out.push(x)
        }
      }
      return n <= 1 || !nodesOnly || out.length <= 1 ? out : documentOrder(out as Node[])
    }
  }
  const ordered = antichain && (step.axis === 'child' || step.axis === 'attribute' || step.axis === 'self')
  if (specialise && step.axis === 'child' && step.test !== 'node') {
    const truths = truthPredicates(step.predicates, scope)
    if (truths !== undefined) {
      const named = namedChildStep(step.test, truths, ordered)
      const keyed = keyedPredicate(step.test, step.predicates, scope)
      if (keyed === undefined) return named
      const test = step.test
      // From one parent (`…/ram:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[…]`): its children by key.
      // From a document-wide prefix (`/…/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement[…]`,
      // asked once per VAT breakdown by BR-S-08): the named children of all its nodes by key.
      return (inputs, item, pos, size, env) => {
        const only = inputs[0]
        if (inputs.length === 1 && only !== undefined && isNode(only) && !('t' in only)) {
          const children = (): Sequence => only.children.filter((c) => nameMatches(c, test))
          return keyedFilter(only, keyed, children, truths, env)
        }
        if (stableInputs && inputs.length > 1) {
          const children = (): Sequence => {
            const out: Node[] = []
            for (const x of inputs as readonly XmlElement[]) for (const c of x.children) if (nameMatches(c, test)) out.push(c)
            return out
          }
          return keyedFilter(inputs, keyed, children, truths, env)
        }
        return named(inputs, item, pos, size, env)
      }
    }
  }
  const axis = compileAxis(step)
  return (inputs, _item, _pos, _size, env) => {
    const n = inputs.length
    if (n === 1) {
      const input = inputs[0] as Item
      if (!isNode(input)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
      const nodes = axis(input, env)
      return preds.length === 0 ? (nodes as Sequence) : filterBy(nodes as Sequence, preds, env)
    }
    const out: Sequence = []
    for (let i = 0; i < n; i++) {
      const input = inputs[i] as Item
      if (!isNode(input)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
      const nodes = axis(input, env)
      if (nodes.length === 0) continue
      const kept = preds.length === 0 ? (nodes as Sequence) : filterBy(nodes as Sequence, preds, env)
      for (const x of kept) out.push(x)
    }
    return ordered || out.length <= 1 ? out : documentOrder(out as Node[])
  }
}

// ---------------------------------------------------------------------------------------------
// Keyed selections: `X[K = V and …]` looked up by V instead of testing every X

/**
 * A predicate with a conjunct that compares a key of the candidate (K: its relative path, maybe in
 * `normalize-space()` or ending in `xs:decimal()`, no variables) with a value that does not read
 * the candidate (V), as the sub-line rules do: `//ram:IncludedSupplyChainTradeLineItem[normalize-space(…/ram:ParentLineID) =
 * normalize-space($item/…/ram:LineID) and …]`, or BR-S-08 per VAT rate: `…/ram:SpecifiedLineTradeSettlement[ram:ApplicableTradeTax/ram:CategoryCode = 'S'
 * and ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate]`. Tested on every line
 * for every line (or rate), that is n²; with the candidates' keys in a map, n.
 */
type Keyed = {
  /** The conjuncts before the key's (no variables): tested once per candidate when the index is built. */
  before: Compiled[]
  key: Compiled
  value: Compiled
  /** The candidates' name, the key and the conjuncts before it: what an index is kept under. */
  indexKey: string
  /** The key is the last conjunct: the index then decides the whole predicate. */
  last: boolean
}

/** `a and b and c` → a, b, c, in the order XPath writes (and our `and` evaluates) them. */
function conjunctsOf(e: Expr): Expr[] {
  return e.kind === 'binary' && e.op === 'and' ? [...conjunctsOf(e.left), ...conjunctsOf(e.right)] : [e]
}

/**
 * For a step `test[p]` with this one predicate. Being an `and` or `=`, it is a boolean, never a
 * position. The key is the first conjunct of that form, or a later one whose V is a variable or
 * a literal (evaluating it raises nothing) when the conjuncts before it use no variables: those
 * are then tested on every candidate once, when the index is built, in the order and with the
 * errors of the general evaluation (`and` tests its right side only when its left holds).
 */
function keyedPredicate(test: NameTest, predicates: readonly Expr[], scope: Scope): Keyed | undefined {
  const p = predicates[0]
  // One predicate: with several, the general evaluation tests them in another order (errors could differ).
  if (p === undefined || predicates.length !== 1) return undefined
  const all = conjunctsOf(p)
  let at = -1
  for (let i = 0; i < all.length; i++) {
    const c = all[i] as Expr
    if (c.kind === 'binary' && c.op === '=' && isKeyPath(c.left) && !dependsOnFocus(c.right) && (i === 0 || c.right.kind === 'var' || c.right.kind.startsWith('literal'))) {
      // A key compared with a constant (`CategoryCode = 'S'`) often keeps most candidates; one
      // compared with a variable (`… = $rate`) few: prefer the latter.
      if (at < 0 || c.right.kind === 'var') at = i
      if (c.right.kind === 'var') break
    }
    if (usesFreeVariables(c)) break
  }
  const chosen = all[at] as (Expr & { kind: 'binary' }) | undefined
  if (chosen === undefined) return undefined
  const before = all.slice(0, at)
  return {
    // The outer scope: a binding inside a conjunct then takes a slot of its own.
    before: before.map((c) => compileIn(c, scope)),
    key: compileIn(chosen.left, NO_SCOPE),
    value: compileIn(chosen.right, scope),
    indexKey: `${test.ns ?? '*'} ${test.local ?? '*'} ${exprId(chosen.left)} ${before.map(exprId).join(' ')}`,
    last: at === all.length - 1,
  }
}

const isChildPath = (e: Expr): boolean => e.kind === 'path' && e.root === 'none' && e.steps.every(isChildName)

/** `xs:decimal(ram:A/ram:B)` of a child path. */
const isDecimalOfChildPath = (e: Expr): boolean => e.kind === 'call' && e.name === 'xs:decimal' && e.args.length === 1 && isChildPath(e.args[0] as Expr)

/** A relative path of named child steps without predicates, `normalize-space()` of one, or one that ends in `xs:decimal(child path)`. */
function isKeyPath(e: Expr): boolean {
  if (e.kind === 'call' && e.name === 'normalize-space' && e.args.length === 1) return isChildPath(e.args[0] as Expr)
  if (isDecimalOfChildPath(e)) return true
  if (e.kind !== 'path' || e.root !== 'none') return false
  const last = e.steps[e.steps.length - 1]
  if (last?.kind === 'filter' && last.predicates.length === 0 && isDecimalOfChildPath(last.expr)) return e.steps.slice(0, -1).every(isChildName)
  return e.steps.every(isChildName)
}

/**
 * The candidates by key (those the conjuncts before the key keep), and how many candidates there
 * are. Keys are all texts (compared as strings) or all decimals (compared as numbers: kept under
 * their normalised digits); `byKey` is undefined when some candidate's key is of another type or of
 * both, or a conjunct or key raised an error (then every candidate is tested).
 */
type KeyIndex = { byKey: Map<string, Node[]> | undefined; kind: 'text' | 'dec' | undefined; size: number; first: Item | undefined }

/** Equal decimals, one key: decimal.js writes equal values alike (no trailing zeros, -0 as 0). */
const decimalKey = (d: Decimal): string => d.toString()

function keyIndex(owner: object, keyed: Keyed, candidates: () => Sequence, env: Env): KeyIndex {
  const byOwner = (env.keyed ??= new Map())
  let indexes = byOwner.get(owner)
  if (indexes === undefined) byOwner.set(owner, (indexes = new Map()))
  const known = indexes.get(keyed.indexKey)
  if (known !== undefined) return known
  const all = candidates()
  let byKey: Map<string, Node[]> | undefined = new Map()
  let kind: KeyIndex['kind']
  try {
    candidates: for (let i = 0; i < all.length && byKey !== undefined; i++) {
      const c = all[i] as Node
      for (const b of keyed.before) if (!b.bool(c, i + 1, all.length, env)) continue candidates
      for (const item of keyed.key.seq(c, i + 1, all.length, env)) {
        const a = atomize(item)
        const k = a.t === 'str' || a.t === 'untyped' ? 'text' : a.t === 'dec' ? 'dec' : undefined
        if (k === undefined || (kind !== undefined && k !== kind)) {
          byKey = undefined
          break
        }
        kind = k
        const text = a.t === 'dec' ? decimalKey(a.v) : (a as { v: string }).v
        const list = byKey.get(text)
        if (list === undefined) byKey.set(text, [c])
        else if (list[list.length - 1] !== c) list.push(c)
      }
    }
  } catch (err) {
    if (!(err instanceof XPathDynamicError)) throw err
    byKey = undefined
  }
  const index = { byKey, kind, size: all.length, first: all[0] }
  indexes.set(keyed.indexKey, index)
  return index
}

/**
 * The candidates (in document order, all owned by `owner`: the document, one parent, or a kept
 * prefix) that the predicate keeps. Exact as long as the general comparison of K with V is one of
 * texts or of decimals: every key was of V's kind and raised no error; otherwise all candidates
 * are tested.
 */
function keyedFilter(owner: object, keyed: Keyed, candidates: () => Sequence, preds: readonly Pred[], env: Env): Sequence {
  const { byKey, kind, size, first } = keyIndex(owner, keyed, candidates, env)
  if (size === 0 || first === undefined) return EMPTY
  if (byKey === undefined) return filterBy(candidates(), preds, env)
  // V does not read the candidate: evaluated once, on the first as the general evaluation does.
  const values = keyed.value.seq(first, 1, size, env)
  let found: Node[] | undefined
  for (const v of values) {
    const a = atomize(v)
    // Text against text keys, a decimal against decimal keys (no key at all: nothing equals); else as written.
    let text: string
    if ((a.t === 'str' || a.t === 'untyped') && kind !== 'dec') text = a.v
    else if (a.t === 'dec' && kind !== 'text') text = decimalKey(a.v)
    else return filterBy(candidates(), preds, env)
    const list = byKey.get(text)
    if (list === undefined) continue
    found = found === undefined ? list : (documentOrder([...found, ...list]) as Node[])
  }
  if (found === undefined) return EMPTY
  // The conjuncts before the key held for every indexed candidate, without an error (else no
  // index): with none after it, the found are the answer. A copy: the index keeps its lists.
  if (keyed.last) return found.slice()
  // The predicate again on the few found: its later conjuncts decide.
  return filterBy(found, preds, env)
}

/**
 * `some $p in S satisfies F($p) = G`, S the document's (BR-FXEXT-11: is this line's parent among
 * all line IDs?): asked on every line, that is n²; with the texts of F over S in a set, once per run
 * and then one lookup. Exact as long as the comparison is one of texts: every F value was text
 * and raised no error, and G's values are text; otherwise the general evaluation.
 */
let nextMembershipId = 0

function membership(expr: Expr & { kind: 'quantified' }, scope: Scope, general: Fn<boolean>): Fn<boolean> | undefined {
  const [binding, ...more] = expr.bindings
  const body = expr.body
  if (expr.every || binding === undefined || more.length > 0 || body.kind !== 'binary' || body.op !== '=') return undefined
  const [name, over] = binding
  const { left, right } = body
  if (usesFreeVariables(over) || dependsOnFocus(over)) return undefined
  if (dependsOnFocus(left) || scanFreeVariables(left, new Set([name])) || !scanFreeVariables(left, new Set())) return undefined
  if (mentions(right, name)) return undefined
  const slot = Math.max(-1, ...scope.values()) + 1
  const sequence = compileIn(over, scope)
  const of = compileIn(left, new Map(scope).set(name, slot))
  const value = compileIn(right, scope)
  // Per run (Env.members): undefined when S is empty, null when a value of F is not text.
  const id = nextMembershipId++
  const textsOf = (item: Item, pos: number, size: number, env: Env): Set<string> | null | undefined => {
    const sets = (env.members ??= new Map())
    if (sets.has(id)) return sets.get(id)
    const all = sequence.seq(item, pos, size, env)
    let texts: Set<string> | null | undefined = all.length === 0 ? undefined : new Set()
    const saved = env.vars[slot] as Sequence
    try {
      for (let k = 0; k < all.length && texts instanceof Set; k++) {
        env.vars[slot] = [all[k] as Item]
        for (const x of of.seq(item, pos, size, env)) {
          const a = atomize(x)
          if (a.t !== 'str' && a.t !== 'untyped') {
            texts = null
            break
          }
          texts.add(a.v)
        }
      }
    } catch (err) {
      if (!(err instanceof XPathDynamicError)) throw err
      texts = null
    } finally {
      env.vars[slot] = saved
    }
    sets.set(id, texts)
    return texts
  }
  return (item, pos, size, env) => {
    const texts = textsOf(item, pos, size, env)
    // Nothing to bind: false, and G is never evaluated.
    if (texts === undefined) return false
    if (texts === null) return general(item, pos, size, env)
    let found = false
    for (const x of value.seq(item, pos, size, env)) {
      const a = atomize(x)
      if (a.t !== 'str' && a.t !== 'untyped') return general(item, pos, size, env)
      if (texts.has(a.v)) found = true
    }
    return found
  }
}

/** The union of step results: without duplicates, in document order. */
function documentOrder(nodes: Node[]): Sequence {
  // Steps from nodes in document order mostly yield them in order already: one pass tells.
  let ordered = true
  for (let i = 1; i < nodes.length && ordered; i++) ordered = compareOrder(nodes[i - 1] as Node, nodes[i] as Node) < 0
  if (ordered) return nodes
  const unique = [...new Set(nodes)]
  return unique.sort(compareOrder)
}

const isChildName = (s: Step): s is Step & { kind: 'axis'; test: NameTest } =>
  s.kind === 'axis' && s.axis === 'child' && s.test !== 'node' && s.predicates.length === 0

/**
 * `ram:A/ram:B` (and `…/@x`) from the context node, no predicates: the most common shape of the
 * tables. Counted and tested for existence without building the node list.
 */
function compileSimpleRelative(steps: readonly Step[]): Compiled | undefined {
  const last = steps[steps.length - 1]
  if (last === undefined) return undefined
  const attr = last.kind === 'axis' && last.axis === 'attribute' && last.test !== 'node' && last.predicates.length === 0 ? last.test : undefined
  const children = attr === undefined ? steps : steps.slice(0, -1)
  if (!children.every(isChildName)) return undefined
  const tests = children.map((s) => nameTester(s.test))
  const attrTest = attr === undefined ? undefined : nameTester(attr)
  // Visits the selected nodes of one element in document order; stops when `visit` returns true.
  const walk = (el: XmlElement, depth: number, visit: (n: Node) => boolean): boolean => {
    if (depth === tests.length) {
      if (attrTest === undefined) return visit(el)
      if (el.attributes.length === 0) return false
      for (const a of attributesOf(el)) if (attrTest(a) && visit(a)) return true
      return false
    }
    const t = tests[depth] as (n: { ns: string; local: string }) => boolean
    for (const c of el.children) if (t(c) && walk(c, depth + 1, visit)) return true
    return false
  }
  // Counting and existence of longer paths (`ram:A/ram:B`, `ram:A/@x`) recurse without a visitor
  // callback; the attributes are the element's own (`attributesOf` lists the same ones as nodes).
  const countFrom = (el: XmlElement, depth: number): number => {
    let n = 0
    if (depth === tests.length) {
      if (attrTest === undefined) return 1
      const attributes = el.attributes
      for (let i = 0; i < attributes.length; i++) if (attrTest(attributes[i] as XmlAttribute)) n++
      return n
    }
    const t = tests[depth] as (n: { ns: string; local: string }) => boolean
    const kids = el.children
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as XmlElement
      if (t(c)) n += countFrom(c, depth + 1)
    }
    return n
  }
  const existsFrom = (el: XmlElement, depth: number): boolean => {
    if (depth === tests.length) return attrTest === undefined || el.attributes.some(attrTest)
    const t = tests[depth] as (n: { ns: string; local: string }) => boolean
    const kids = el.children
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as XmlElement
      if (t(c) && existsFrom(c, depth + 1)) return true
    }
    return false
  }
  // The two most common shapes, `ram:X` and `@x`, counted and tested without a visitor.
  const [onlyChild] = tests
  const countIn: (el: XmlElement) => number =
    tests.length === 1 && onlyChild !== undefined && attrTest === undefined
      ? (el) => {
          let n = 0
          for (const c of el.children) if (onlyChild(c)) n++
          return n
        }
      : tests.length === 0 && attrTest !== undefined
        ? (el) => {
            let n = 0
            for (const a of el.attributes) if (attrTest(a)) n++
            return n
          }
        : (el) => countFrom(el, 0)
  const existsIn: (el: XmlElement) => boolean =
    tests.length === 1 && onlyChild !== undefined && attrTest === undefined
      ? (el) => el.children.some(onlyChild)
      : tests.length === 0 && attrTest !== undefined
        ? (el) => el.attributes.some(attrTest)
        : (el) => existsFrom(el, 0)
  // An attribute has no children nor attributes; the document node goes the general way.
  const start = (item: Item): XmlElement | undefined => {
    if (!isNode(item)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
    return 't' in item ? undefined : item
  }
  let generalPath: Compiled | undefined
  const general = (): Compiled => (generalPath ??= compileGeneralPath({ kind: 'path', root: 'none', steps: steps as Step[] }, new Map()))
  const isDoc = (item: Item): boolean => 't' in item && item.t === 'doc'
  const compiled = make(
    'nodes',
    (item, pos, size, env) => {
      if (isDoc(item)) return general().seq(item, pos, size, env)
      const el = start(item)
      if (el === undefined) return EMPTY
      const out: Node[] = []
      walk(el, 0, (n) => {
        out.push(n)
        return false
      })
      return out
    },
    (item, pos, size, env) => {
      if (isDoc(item)) return general().bool(item, pos, size, env)
      const el = start(item)
      return el !== undefined && existsIn(el)
    },
    (item, pos, size, env) => {
      if (isDoc(item)) return general().count(item, pos, size, env)
      const el = start(item)
      return el === undefined ? 0 : countIn(el)
    },
  )
  // Selection without errors: a comparison may stop at the first node that satisfies it.
  const named = children.every((c) => c.test.ns !== undefined && c.test.local !== undefined) && (attr === undefined || (attr.ns !== undefined && attr.local !== undefined))
  compiled.some = named
    ? namedSome(
        children.map((c) => c.test as { ns: string; local: string }),
        attr as { ns: string; local: string } | undefined,
        (item, pos, size, env, test) => general().seq(item, pos, size, env).some(test),
      )
    : (item, pos, size, env, test) => {
        if (isDoc(item)) return general().seq(item, pos, size, env).some(test)
        const el = start(item)
        return el !== undefined && walk(el, 0, test)
      }
  return compiled
}

type SomeFn = NonNullable<Compiled['some']>

/**
 * `some` of a path of fully named child steps (and a named attribute at the end): the same nodes in
 * the same document order as the walk with name test functions, compared by name in nested loops.
 * `fromDoc` takes the document node as context item (the general path).
 */
function namedSome(steps: readonly { ns: string; local: string }[], attr: { ns: string; local: string } | undefined, fromDoc: SomeFn): SomeFn {
  const depth = steps.length
  const nss = steps.map((t) => t.ns)
  const locals = steps.map((t) => t.local)
  const someFrom = (el: XmlElement, d: number, test: (x: Item) => boolean): boolean => {
    if (d === depth) {
      if (attr === undefined) return test(el)
      if (el.attributes.length === 0) return false
      for (const a of attributesOf(el)) if (a.local === attr.local && a.ns === attr.ns && test(a)) return true
      return false
    }
    const ns = nss[d]
    const local = locals[d]
    const kids = el.children
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as XmlElement
      if (c.local === local && c.ns === ns && someFrom(c, d + 1, test)) return true
    }
    return false
  }
  return (item, pos, size, env, test) => {
    if (!isNode(item)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
    if (!('t' in item)) return someFrom(item, 0, test)
    return item.t === 'doc' ? fromDoc(item, pos, size, env, test) : false
  }
}

/** A name test as a function, specialised for the usual fully named case. */
function nameTester(t: NameTest): (n: { ns: string; local: string }) => boolean {
  const { ns, local } = t
  if (ns !== undefined && local !== undefined) return (n) => n.local === local && n.ns === ns
  return (n) => (local === undefined || n.local === local) && (ns === undefined || n.ns === ns)
}

function compilePath(expr: Expr & { kind: 'path' }, scope: Scope): Compiled {
  if (expr.root === 'none') {
    const only = expr.steps[0]
    if (expr.steps.length === 1 && only !== undefined && only.kind === 'axis' && only.axis === 'self' && only.test === 'node' && only.predicates.length === 0) {
      // `.`, the context item: a node, or a value where the focus is one (`tokenize(…)[starts-with(., '#')]`).
      return make(
        'any',
        (item) => [item],
        (item) => (isNode(item) ? true : ebv([item])),
        () => 1,
      )
    }
    const simple = specialise ? compileSimpleRelative(expr.steps) : undefined
    if (simple !== undefined) return simple
  }
  const general = compileGeneralPath(expr, scope)
  // Its effective boolean value (not(…), a predicate, an operand of and/or) stops at the first node, as Saxon's does.
  const first = firstMatch(expr, scope)
  return first === undefined ? general : { ...general, bool: first }
}

function compileGeneralPath(expr: Expr & { kind: 'path' }, scope: Scope): Compiled {
  const shape: Shape = expr.steps.every((s) => s.kind === 'axis') ? 'nodes' : 'any'
  let steps = expr.steps
  // `//name[p]` from the document node: the per-document name index instead of a full walk
  // (predicates are non-positional, so applying them over the whole list is exact).
  let indexed: { step: Step & { kind: 'axis' }; preds: Pred[]; keyed: Keyed | undefined } | undefined
  let descendAll = false
  if (expr.root === '//' && steps[0] !== undefined) {
    const s = steps[0]
    if (s.kind === 'axis' && s.axis === 'child' && s.test !== 'node' && s.test.local !== undefined && s.predicates.every((p) => p.kind !== 'literal-number' && !readsSize(p))) {
      const keyed = specialise ? keyedPredicate(s.test, s.predicates, scope) : undefined
      indexed = { step: s, preds: s.predicates.map((p) => compilePredicate(p, scope)), keyed }
      steps = steps.slice(1)
    } else descendAll = true
  }
  // Leading steps of an absolute path that depend on nothing but the document: once per document.
  let stable = 0
  if (expr.root !== 'none') {
    for (const s of expr.steps) {
      if (stepUsesVariables(s)) break
      stable++
    }
  }
  // The steps (of `steps`) evaluated once per document, the prefix kept in `env.prefixes`.
  const cut = stable - (indexed === undefined ? 0 : 1)
  // A prefix of named child steps (after the root, or the indexed `//name`) holds elements only.
  const elementPrefix = stable > 0 && expr.steps.slice(0, stable).every((s) => s.kind === 'axis' && s.axis === 'child' && s.test !== 'node')
  // Document order without duplicates is guaranteed by construction after the root or one node.
  let antichain = !descendAll && indexed === undefined
  // At most one node so far: the context item or the document node, then its parent or itself
  // (`../../ram:X`); what the next child, attribute, self or parent step selects from it is ordered.
  let single = expr.root !== '//'
  const fns: StepFn[] = steps.map((s, i) => {
    // The first step after the kept prefix always gets the same array, the prefix itself.
    const fn = compileStep(s, scope, expr.root === 'none' && i === 0, antichain, elementPrefix && i === cut)
    const axis = s.kind === 'axis' ? s.axis : undefined
    const downward = axis === 'child' || axis === 'attribute' || axis === 'self'
    antichain = (antichain && downward) || (single && (downward || axis === 'parent'))
    single = single && (axis === 'parent' || axis === 'self')
    return fn
  })
  const begin = (item: Item, env: Env): Sequence => {
    if (expr.root === 'none') return [item]
    if (indexed !== undefined) {
      const { step, keyed, preds } = indexed
      if (keyed !== undefined) return keyedFilter(env.doc, keyed, () => indexedDescendants(env.doc, step) as Sequence, preds, env)
      const found = indexedDescendants(env.doc, step) as Sequence
      return preds.length === 0 ? found : filterBy(found, preds, env)
    }
    if (descendAll) return axisNodes(env.doc, DESCENDANT_OR_SELF, env.doc)
    return [env.doc]
  }
  const run = (from: number, to: number, current: Sequence, item: Item, pos: number, size: number, env: Env): Sequence => {
    for (let i = from; i < to; i++) current = (fns[i] as StepFn)(current, item, pos, size, env)
    return current
  }
  const all = fns.length
  if (stable === 0) return make(shape, (item, pos, size, env) => run(0, all, begin(item, env), item, pos, size, env))
  // Equal prefixes share one slot: the rules repeat the same document-wide selections
  // (`//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:CategoryCode='L']` …).
  const prefixKey = pathId(expr.root, expr.steps.slice(0, stable))
  let id = PREFIX_IDS.get(prefixKey)
  if (id === undefined) PREFIX_IDS.set(prefixKey, (id = PREFIX_IDS.size))
  const slot = id
  return make(shape, (item, pos, size, env) => {
    let prefix = env.prefixes[slot]
    if (prefix === undefined) env.prefixes[slot] = prefix = run(0, cut, begin(item, env), item, pos, size, env)
    return run(cut, all, prefix, item, pos, size, env)
  })
}

const DESCENDANT_OR_SELF: Step & { kind: 'axis' } = { kind: 'axis', axis: 'descendant-or-self', test: 'node', predicates: [] }

// ---------------------------------------------------------------------------------------------
// Operators

const OP_TEST: Readonly<Record<string, (c: number) => boolean>> = {
  '=': (c) => c === 0,
  '!=': (c) => c !== 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
}

function single(seq: Sequence): Item | undefined {
  if (seq.length > 1) throw new XPathDynamicError('XPTY0004', 'an operand of arithmetic has several values')
  return seq[0]
}

function compileComparison(op: string, left: Compiled, leftExpr: Expr, right: Expr, rightC: Compiled, scope: Scope): Compiled {
  if (!specialise) return fromBool((item, pos, size, env) => generalCompare(op, left.seq(item, pos, size, env), rightC.seq(item, pos, size, env)))
  // `count(x) = 1`, `count(x) <= 1`: an integer against an integer literal, as plain numbers.
  if (leftExpr.kind === 'call' && leftExpr.name === 'count' && leftExpr.args.length === 1 && right.kind === 'literal-number' && /^\d+$/.test(right.text)) {
    const n = Number(right.text)
    const test = OP_TEST[op] as (c: number) => boolean
    const counted = compileIn(leftExpr.args[0] as Expr, scope)
    return fromBool((i, p, s, e) => test(counted.count(i, p, s, e) - n))
  }
  // `string-length(x) <= 2` (the BR-DEC rules): the length as a plain number, as for count().
  if (leftExpr.kind === 'call' && leftExpr.name === 'string-length' && leftExpr.args.length <= 1 && right.kind === 'literal-number' && /^\d+$/.test(right.text)) {
    const n = Number(right.text)
    const test = OP_TEST[op] as (c: number) => boolean
    const arg = leftExpr.args[0] === undefined ? undefined : compileIn(leftExpr.args[0], scope)
    const noArgs: Sequence[] = []
    return fromBool((i, p, s, e) => test(stringLength({ args: arg === undefined ? noArgs : [arg.seq(i, p, s, e)], context: i }) - n))
  }
  // `path = 'literal'`: node values compare as strings (untyped against xs:string), no atomising.
  if (right.kind === 'literal-string') {
    const lit = right.value
    const test = OP_TEST[op] as (c: number) => boolean
    const litSeq = rightC
    const litValue: Sequence = [{ t: 'str', v: lit }]
    const some = left.some
    if (some !== undefined) {
      const holds = (x: Item): boolean => {
        if (!isNode(x)) return generalCompare(op, [x], litValue)
        const s = nodeString(x)
        return test(compareCodePoints(s, lit))
      }
      return fromBool((item, pos, size, env) => some(item, pos, size, env, holds))
    }
    return fromBool((item, pos, size, env) => {
      const l = left.seq(item, pos, size, env)
      for (const x of l) {
        // A node, a string or an untyped value against a string literal: compared as strings.
        const s = isNode(x) ? nodeString(x) : x.t === 'str' || x.t === 'untyped' ? x.v : undefined
        if (s !== undefined) {
          if (test(compareCodePoints(s, lit))) return true
        } else if (generalCompare(op, [x], litSeq.seq(item, pos, size, env))) return true
      }
      return false
    })
  }
  // `amount >= 0` over a plain path: each node's text as xs:double (an error for a bad lexical
  // form, as the cast of an untyped operand is), compared with the number as the general
  // comparison does (Saxon's order: `-0.00 >= 0` is false); stops at the first match.
  if (right.kind === 'literal-number' && left.some !== undefined) {
    const lit = right.value
    // A decimal has no negative zero.
    const n = lit.t === 'dec' ? toDouble(lit, true) + 0 : toDouble(lit, true)
    const integer = lit.t === 'dec' && lit.v.isInteger()
    const test = OP_TEST[op] as (c: number) => boolean
    const litValue: Sequence = [lit]
    const some = left.some
    const holds = (x: Item): boolean => {
      if (!isNode(x)) return generalCompare(op, [x], litValue)
      return test(compareUntypedWithDouble(nodeString(x), n, integer))
    }
    return fromBool((item, pos, size, env) => some(item, pos, size, env, holds))
  }
  return fromBool((item, pos, size, env) => generalCompare(op, left.seq(item, pos, size, env), rightC.seq(item, pos, size, env)))
}

function compileBinary(expr: Expr & { kind: 'binary' }, scope: Scope): Compiled {
  const { op } = expr
  const l = compileIn(expr.left, scope)
  const r = compileIn(expr.right, scope)
  switch (op) {
    case 'and':
      return fromBool((i, p, s, e) => l.bool(i, p, s, e) && r.bool(i, p, s, e))
    case 'or':
      return fromBool((i, p, s, e) => l.bool(i, p, s, e) || r.bool(i, p, s, e))
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compileComparison(op, l, expr.left, expr.right, r, scope)
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return make('any', (i, p, s, e) => valueCompare(op, l.seq(i, p, s, e), r.seq(i, p, s, e)))
    case '|':
    case 'union':
      return make('nodes', (i, p, s, e) => documentOrder([...l.seq(i, p, s, e), ...r.seq(i, p, s, e)] as Node[]))
    default:
      return make('any', (i, p, s, e) => {
        const a = single(l.seq(i, p, s, e))
        const b = single(r.seq(i, p, s, e))
        if (a === undefined || b === undefined) return EMPTY
        return [arithmetic(op, atomize(a), atomize(b))]
      })
  }
}

// ---------------------------------------------------------------------------------------------
// Calls, bindings, the rest

function compileCall(expr: Expr & { kind: 'call' }, scope: Scope): Compiled {
  // last(): the size of the focus, as a predicate passes it (`tokenize(…)[last()]`).
  if (expr.name === 'last' && expr.args.length === 0) return make('any', (_item, _pos, size) => [integer(size)])
  const fn = functionFor(expr.name)
  if (fn === undefined) throw new Error(`rule expression: unsupported function ${expr.name}()`)
  const args = expr.args.map((a) => compileIn(a, scope))
  const [a0, a1] = args
  if (args.length === 1 && a0 !== undefined) {
    switch (expr.name) {
      case 'not':
        return fromBool((i, p, s, e) => !a0.bool(i, p, s, e))
      case 'boolean':
        return fromBool(a0.bool)
      case 'exists':
      case 'empty': {
        // Of nodes, the effective boolean value is existence, and a path's stops at its first node (compilePath).
        const found: Fn<boolean> = a0.shape === 'nodes' ? a0.bool : (i, p, s, e) => a0.count(i, p, s, e) > 0
        return fromBool(expr.name === 'exists' ? found : (i, p, s, e) => !found(i, p, s, e))
      }
      case 'count':
        return make('any', (i, p, s, e) => [integer(a0.count(i, p, s, e))], undefined, () => 1)
    }
  }
  // `normalize-space()`, `string()` …: the context item as the argument, no argument list to build.
  if (args.length === 0 && CONTEXT_FUNCTIONS.has(expr.name)) {
    const noArgs: Sequence[] = []
    const truth = expr.name === 'normalize-space' ? (item: Item) => normalizedIsNonEmpty({ args: noArgs, context: item }) : undefined
    return make('any', (item) => fn({ args: noArgs, context: item }), truth)
  }
  if (args.length === 0 && (expr.name === 'true' || expr.name === 'false')) {
    const v = expr.name === 'true'
    return fromBool(() => v)
  }
  const shape: Shape = BOOLEAN_FUNCTIONS.has(expr.name) ? 'bool' : 'any'
  // One and two arguments (nearly every call) without a mapping callback per evaluation.
  if (args.length === 1 && a0 !== undefined) {
    const truth = expr.name === 'normalize-space' ? (item: Item, pos: number, size: number, env: Env) => normalizedIsNonEmpty({ args: [a0.seq(item, pos, size, env)], context: item }) : undefined
    return make(shape, (item, pos, size, env) => fn({ args: [a0.seq(item, pos, size, env)], context: item }), truth)
  }
  if (args.length === 2 && a0 !== undefined && a1 !== undefined) {
    return make(shape, (item, pos, size, env) => fn({ args: [a0.seq(item, pos, size, env), a1.seq(item, pos, size, env)], context: item }))
  }
  return make(shape, (item, pos, size, env) => fn({ args: args.map((a) => a.seq(item, pos, size, env)), context: item }))
}

/**
 * A predicate that never selects by position, as its effective boolean value; undefined when it
 * may be a number. Beside booleans and nodes (truthPredicates' kind) the values of a path whose
 * last step is a boolean (`cac:TaxScheme/(… = 'VAT')`, one per scheme: two make a dynamic error).
 */
function nonPositional(p: Expr, scope: Scope): Fn<boolean> | undefined {
  if (p.kind === 'literal-number') return undefined
  const c = compileIn(p, scope)
  if (c.shape !== 'any') return c.bool
  const last = p.kind === 'path' ? p.steps[p.steps.length - 1] : undefined
  const booleans = last?.kind === 'filter' && last.predicates.length === 0 && compileIn(last.expr, scope).shape === 'bool'
  return booleans ? (item, pos, size, env) => ebv(c.seq(item, pos, size, env)) : undefined
}

/**
 * Whether a path of named child steps (from the context element, the root or `//`) selects
 * anything, visited depth first in document order and stopped at the first node: as Saxon's lazy
 * pipeline evaluates a path's effective boolean value (and so `exists(…)`), a predicate is
 * evaluated only up to the first match, and one that cannot be evaluated on a later node raises
 * nothing (`exists(//…/cac:PartyTaxScheme[cac:TaxScheme/(… = 'VAT')]/cbc:CompanyID)` on a seller
 * whose second scheme is written twice). Undefined for other paths (a predicate that may be a
 * position, other axes), which are evaluated whole.
 */
function firstMatch(e: Expr, scope: Scope): Fn<boolean> | undefined {
  if (e.kind !== 'path' || e.steps.length === 0) return undefined
  const plan: { test: NameTest; preds: Fn<boolean>[] }[] = []
  for (const step of e.steps) {
    if (step.kind !== 'axis' || step.axis !== 'child' || step.test === 'node') return undefined
    const preds: Fn<boolean>[] = []
    for (const p of step.predicates) {
      const pred = nonPositional(p, scope)
      if (pred === undefined) return undefined
      preds.push(pred)
    }
    plan.push({ test: step.test, preds })
  }
  const passes = (el: XmlElement, depth: number, env: Env): boolean => {
    const { test, preds } = plan[depth] as (typeof plan)[number]
    if (!nameMatches(el, test)) return false
    for (let k = 0; k < preds.length; k++) if (!(preds[k] as Fn<boolean>)(el, 1, 1, env)) return false
    return true
  }
  const below = (el: XmlElement, depth: number, env: Env): boolean => {
    if (depth === plan.length) return true
    const kids = el.children
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as XmlElement
      if (passes(c, depth, env) && below(c, depth + 1, env)) return true
    }
    return false
  }
  const first = e.steps[0] as Step & { kind: 'axis' }
  if (e.root === '//') {
    // `//*`: no name index to start from; evaluated whole.
    if (first.test === 'node' || first.test.local === undefined) return undefined
    return (_item, _pos, _size, env) => {
      const candidates = indexedDescendants(env.doc, first) ?? []
      for (let i = 0; i < candidates.length; i++) {
        const c = candidates[i] as XmlElement
        if (passes(c, 0, env) && below(c, 1, env)) return true
      }
      return false
    }
  }
  if (e.root === '/') return (_item, _pos, _size, env) => passes(env.doc.root, 0, env) && below(env.doc.root, 1, env)
  return (item, _pos, _size, env) => {
    if (!isNode(item)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
    if ('t' in item) return item.t === 'doc' ? passes(item.root, 0, env) && below(item.root, 1, env) : false
    return below(item, 0, env)
  }
}

/** Functions whose result is always one xs:boolean (their predicate use is never positional). */
const BOOLEAN_FUNCTIONS = new Set(['contains', 'starts-with', 'ends-with', 'matches'])

function compileBindings(bindings: readonly [string, Expr][], scope: Scope, body: (scope: Scope) => Compiled): {
  /** Calls `visit` for every combination of bindings until it returns false; false if stopped. */
  each: (item: Item, pos: number, size: number, env: Env, visit: () => boolean) => boolean
  body: Compiled
} {
  const slots: [slot: number, c: Compiled][] = []
  let inner = new Map(scope)
  for (const [name, e] of bindings) {
    const c = compileIn(e, inner)
    // One slot per nesting depth (a shadowing binding gets its own).
    const slot = Math.max(-1, ...inner.values()) + 1
    inner = new Map(inner).set(name, slot)
    slots.push([slot, c])
  }
  const compiledBody = body(inner)
  const each = (item: Item, pos: number, size: number, env: Env, visit: () => boolean, k = 0): boolean => {
    if (k === slots.length) return visit()
    const [slot, c] = slots[k] as [number, Compiled]
    const saved = env.vars[slot] as Sequence
    try {
      for (const x of c.seq(item, pos, size, env)) {
        env.vars[slot] = [x]
        if (!each(item, pos, size, env, visit, k + 1)) return false
      }
    } finally {
      env.vars[slot] = saved
    }
    return true
  }
  return { each: (i, p, s, e, v) => each(i, p, s, e, v), body: compiledBody }
}

// ---------------------------------------------------------------------------------------------
// Memoised parts: variable-free parts of bound expressions, parts a long condition repeats

const NO_SCOPE: Scope = new Map()
const INTERNED = new Map<number, Compiled>()
let nextMemoId = 0

/** Worth a memo lookup: anything but a literal, a variable or `.`. */
const memoWorthy = (e: Expr): boolean => e.kind !== 'literal-string' && e.kind !== 'literal-number' && e.kind !== 'var' && e.kind !== 'context'

const isPlainStep = (s: Step): boolean => s.kind === 'axis' && (s.axis === 'child' || s.axis === 'attribute') && s.test !== 'node' && s.predicates.length === 0

/**
 * `ram:A/ram:B` or `ram:A/ram:B = 'S'` from the context node: a few name checks, as cheap as the
 * memo lookup that would replace them (the EN 16931 VAT rules test such parts on every line).
 */
function cheapToRecompute(e: Expr): boolean {
  if (e.kind === 'path') return e.root === 'none' && e.steps.length <= 2 && e.steps.every(isPlainStep)
  return e.kind === 'binary' && COMPARISONS.has(e.op) && cheapToRecompute(e.left) && (e.right.kind === 'literal-string' || e.right.kind === 'literal-number')
}

const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>='])

/** `evaluate` with its results for node items kept in the run's map that `results` picks. */
function perNode<T>(results: (env: Env) => Map<Node, T>, evaluate: Fn<T>): Fn<T> {
  return (item, pos, size, env) => {
    if (!isNode(item)) return evaluate(item, pos, size, env)
    const m = results(env)
    let r = m.get(item)
    if (r === undefined) m.set(item, (r = evaluate(item, pos, size, env)))
    return r
  }
}

/**
 * A variable-free part of an expression that binds variables (`every $rate in … satisfies`,
 * `for $x in …`), or one a long condition repeats: its value depends on the context node only (the
 * subset has no position(), and compileIn keeps no part that calls last() for its own focus), yet
 * it is evaluated again for every bound value and every line — the EXTENDED VAT rules filter all lines by rate a dozen times each. Its results are kept
 * per context node for one evaluation state, and equal syntax trees (the rules repeat their
 * conditions) share one memo. A dynamic error is not kept: the next evaluation raises it again.
 */
function memoized(expr: Expr): Compiled {
  const key = exprId(expr)
  const known = INTERNED.get(key)
  if (known !== undefined) return known
  const inner = compileNode(expr, NO_SCOPE)
  const id = nextMemoId
  nextMemoId += 3
  // One map per way of evaluating it (sequence, boolean, count), made when first used in a run.
  const table =
    <T>(slot: number) =>
    (env: Env): Map<Node, T> =>
      (env.memo[slot] ??= new Map<Node, T>()) as Map<Node, T>
  const c: Compiled = {
    shape: inner.shape,
    seq: perNode(table<Sequence>(id), inner.seq),
    bool: perNode(table<boolean>(id + 1), inner.bool),
    count: perNode(table<number>(id + 2), inner.count),
    some: undefined,
  }
  INTERNED.set(key, c)
  return c
}

function compileIn(expr: Expr, scope: Scope): Compiled {
  // Kept values are per context node (or per document): a part that reads the size of its focus is not.
  if (!specialise || readsSize(expr)) return compileNode(expr, scope)
  if (!withinDocumentWide && !usesFreeVariables(expr) && documentWideWorthy(expr)) return documentWide(expr)
  if ((scope.size > 0 ? memoWorthy(expr) && !cheapToRecompute(expr) : repeated?.has(expr) === true) && !usesVariables(expr)) return memoized(expr)
  return compileNode(expr, scope)
}

// ---------------------------------------------------------------------------------------------
// Document-wide parts: the same value whatever the context item

/** Set while the parts of a document-wide expression compile: its value is kept, theirs need not be. */
let withinDocumentWide = false
/** Slots in `Env.wide`, one per document-wide part. */
let nextWideSlot = 0
const DOCUMENT_WIDE = new Map<number, Compiled>()

/** Results of one document-wide part for one evaluation state (undefined: not yet evaluated). */
type WideValues = { seq: Sequence | undefined; bool: boolean | undefined; count: number | undefined }

/**
 * A part whose value is the document's, not the context item's (`count(//ram:X[…])`, the seller's
 * VAT identifiers the line rules test again on every line): evaluated once per evaluation state,
 * shared by equal syntax trees of all rules. A dynamic error is not kept (raised again each time).
 */
function documentWide(expr: Expr): Compiled {
  const key = exprId(expr)
  const known = DOCUMENT_WIDE.get(key)
  if (known !== undefined) return known
  withinDocumentWide = true
  let inner: Compiled
  try {
    inner = compileNode(expr, NO_SCOPE)
  } finally {
    withinDocumentWide = false
  }
  const slot = nextWideSlot++
  const values = (env: Env): WideValues => (env.wide[slot] ??= { seq: undefined, bool: undefined, count: undefined })
  const c: Compiled = {
    shape: inner.shape,
    seq: (item, pos, size, env) => {
      const v = values(env)
      return (v.seq ??= inner.seq(item, pos, size, env))
    },
    bool: (item, pos, size, env) => {
      const v = values(env)
      return (v.bool ??= inner.bool(item, pos, size, env))
    },
    count: (item, pos, size, env) => {
      const v = values(env)
      return (v.count ??= inner.count(item, pos, size, env))
    },
    some: undefined,
  }
  DOCUMENT_WIDE.set(key, c)
  return c
}

function compileNode(expr: Expr, scope: Scope): Compiled {
  switch (expr.kind) {
    case 'literal-string':
      return constant({ t: 'str', v: expr.value })
    case 'literal-number':
      return constant(expr.value)
    case 'var': {
      const slot = scope.get(expr.name)
      if (slot === undefined) throw new Error(`rule expression: unbound variable $${expr.name}`)
      return make('any', (_i, _p, _s, env) => env.vars[slot] as Sequence)
    }
    case 'context':
      return make('any', (item) => [item])
    case 'sequence': {
      const items = expr.items.map((e) => compileIn(e, scope))
      return make('any', (i, p, s, e) => items.flatMap((c) => c.seq(i, p, s, e)))
    }
    case 'call':
      return compileCall(expr, scope)
    case 'path':
      return compilePath(expr, scope)
    case 'binary':
      return compileBinary(expr, scope)
    case 'negate': {
      const operand = compileIn(expr.operand, scope)
      return make('any', (i, p, s, e) => {
        const a = single(operand.seq(i, p, s, e))
        return a === undefined ? EMPTY : [arithmetic('-', dec(ZERO), numericOperand(atomize(a)))]
      })
    }
    case 'for': {
      const body = expr.body
      const b = compileBindings(expr.bindings, scope, (inner) => compileIn(body, inner))
      return make('any', (i, p, s, e) => {
        const out: Sequence = []
        b.each(i, p, s, e, () => {
          for (const x of b.body.seq(i, p, s, e)) out.push(x)
          return true
        })
        return out
      })
    }
    case 'quantified': {
      const { every, body } = expr
      const b = compileBindings(expr.bindings, scope, (inner) => compileIn(body, inner))
      const general: Fn<boolean> = (i, p, s, e) => {
        let result = every
        b.each(i, p, s, e, () => {
          if (b.body.bool(i, p, s, e) !== every) {
            result = !every
            return false
          }
          return true
        })
        return result
      }
      return fromBool((specialise ? membership(expr, scope, general) : undefined) ?? general)
    }
    case 'if': {
      const cond = compileIn(expr.cond, scope)
      const then = compileIn(expr.then, scope)
      const otherwise = compileIn(expr.else, scope)
      return make('any', (i, p, s, e) => (cond.bool(i, p, s, e) ? then : otherwise).seq(i, p, s, e))
    }
    case 'cast': {
      const operand = compileIn(expr.operand, scope)
      const { type, castable } = expr
      if (castable) {
        return fromBool((i, p, s, e) => {
          const a = single(operand.seq(i, p, s, e))
          if (a === undefined) return false
          try {
            castTo(type, atomize(a))
            return true
          } catch (err) {
            if (err instanceof XPathDynamicError) return false
            throw err
          }
        })
      }
      return make('any', (i, p, s, e) => {
        const a = single(operand.seq(i, p, s, e))
        return a === undefined ? EMPTY : [castTo(type, atomize(a))]
      })
    }
  }
}

const COMPILED = new WeakMap<Expr, Compiled>()

/**
 * The expression compiled without any specialised form, memo or shared result: the general
 * evaluation the specialised one must always agree with (tests compare the two).
 */
export function compileGeneric(expr: Expr): Compiled {
  specialise = false
  try {
    return compileNode(expr, new Map())
  } finally {
    specialise = true
  }
}

/** The closures of an expression, compiled on first use and kept with the syntax tree. */
export function compile(expr: Expr): Compiled {
  let c = COMPILED.get(expr)
  if (c === undefined) {
    const outer = repeated
    repeated = repeatedParts(expr)
    try {
      c = compileIn(expr, new Map())
    } finally {
      repeated = outer
    }
    COMPILED.set(expr, c)
  }
  return c
}

/** The repeated parts of the expression being compiled (see `repeatedParts`). */
let repeated: ReadonlySet<Expr> | undefined

/** Below this many syntax tree nodes a condition is not searched for repeated parts. */
const REPEATS_WORTH_SEARCHING = 50

/**
 * Whether `e` has at least `n` nodes, a path counting as its steps (predicates not looked into): a
 * cheap test run on every condition compiled, most of which are too small to repeat anything.
 */
function hasNodes(e: Expr, n: number): boolean {
  let left = n
  const visit = (x: Expr): boolean => {
    if (--left <= 0) return true
    switch (x.kind) {
      case 'binary':
        return visit(x.left) || visit(x.right)
      case 'call':
      case 'sequence':
        for (const a of x.kind === 'call' ? x.args : x.items) if (visit(a)) return true
        return false
      case 'path':
        left -= x.steps.length
        return left <= 0
      case 'negate':
      case 'cast':
        return visit(x.operand)
      case 'if':
        return visit(x.cond) || visit(x.then) || visit(x.else)
      case 'for':
      case 'quantified':
        return true
      default:
        return false
    }
  }
  return visit(e)
}

/**
 * Parts a long condition computes more than once (BR-CO-17 reads the VAT rate of its breakdown four
 * times, the totals rules the same amounts again and again): non-trivial parts whose syntax trees
 * are equal. `compileIn` keeps their results per context node (`memoized`).
 */
function repeatedParts(root: Expr): ReadonlySet<Expr> | undefined {
  if (!hasNodes(root, REPEATS_WORTH_SEARCHING)) return undefined
  const byKey = new Map<number, Expr[]>()
  const visit = (e: Expr): void => {
    const trivial = !memoWorthy(e) || (e.kind === 'path' && e.steps.length === 1 && e.steps[0]?.predicates.length === 0)
    if (!trivial) {
      const key = exprId(e)
      const list = byKey.get(key)
      if (list === undefined) byKey.set(key, [e])
      else list.push(e)
    }
    for (const c of subExpressions(e)) visit(c)
  }
  visit(root)
  const out = new Set<Expr>()
  for (const list of byKey.values()) if (list.length > 1) for (const e of list) out.add(e)
  return out.size === 0 ? undefined : out
}
