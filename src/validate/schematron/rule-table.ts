/**
 * Compiles a schematron rule table (Factur-X and Order-X profile rules) into the engine's tree
 * patterns, so these layers run in the same single walk as the CEN syntax rules. A row is
 * `[rule id, flag, context index, kind, expression, code list]`:
 * - `assert`: the expression must hold (business rules, BR-FXEXT-*, …);
 * - `one` / `max1` / `max2` / `min1`: how often the expression's nodes may occur;
 * - `attr`: the attribute must be present; `code`: the value must be empty or in the code list;
 * - `unused`: the profile marks the element/attribute as not used — a report, never invalidating.
 * Conditions that cannot be evaluated (a dynamic error, e.g. "abc" as a decimal) are collected
 * per document: the reference stops the whole layer there, see `evaluationFailures`.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { elementLocation } from '../location.js'
import { renderMessage } from '../messages.js'
import type { ElementMatcher, Finding, Layer, MessageParams, Severity, TreeContext, TreePattern, TreeRule, TreeRuleGroup } from '../types.js'
import type { Expr } from './ast.js'
import { type ChildPath, type ChildPathCounter, childPathOf, compileChildPaths } from './child-paths.js'
import { type Compiled, type Env, compile, envOfRun } from './compile.js'
import { parseXPath } from './parser.js'
import { compilePattern } from './pattern.js'
import { XPathDynamicError, atomize, stringOf } from './values.js'

/** Rule id of the finding for a condition the document makes impossible to evaluate. */
export const EVALUATION_RULE_ID = 'EINVOICE-RULE-EVALUATION'

/** Schematron flags; `r` marks the profile's "not used in this context" reports. */
export type RuleFlag = 'f' | 'e' | 'w' | 'i' | 'r'
export type RuleKind = 'assert' | 'one' | 'max1' | 'max2' | 'min1' | 'attr' | 'code' | 'unused'

export type SchematronTable = {
  /** [pattern name, context], highest priority first within a pattern. */
  contexts: readonly (readonly [pattern: string, context: string])[]
  rows: readonly (readonly [id: string, flag: RuleFlag, context: number, kind: RuleKind, expr: string, list?: number])[]
  /** Code lists by id, values separated by `|` (facts of the profile's code list database). */
  codeLists: Readonly<Record<number, string>>
}

export type CompileOptions = {
  layer: Layer
  namespaces: Readonly<Record<string, string>>
  /** Rule id for the profile's "not used" reports (they carry no id in the official rules). */
  reportId: string
  /** Message text for a failed `assert` row (own words; the rule id is prefixed by the renderer). */
  summary(id: string): string
}

const SEVERITY: Readonly<Record<RuleFlag, Severity>> = { f: 'fatal', e: 'error', w: 'warning', i: 'information', r: 'information' }

export type EvaluationFailure = { ruleId: string; layer: Layer; element: XmlElement; detail: string }
const FAILURES = new WeakMap<XmlElement, EvaluationFailure[]>()

function rootOf(el: XmlElement): XmlElement {
  let r = el
  while (r.parent !== undefined) r = r.parent
  return r
}

/** Conditions of these tables that could not be evaluated on the document `root` (and forgets them). */
export function takeEvaluationFailures(root: XmlElement): EvaluationFailure[] {
  const list = FAILURES.get(root) ?? []
  FAILURES.delete(root)
  return list
}

/** Records a condition's dynamic error: the rule counts as passed, the layer fails instead. */
function recordFailure(err: unknown, id: string, layer: Layer, el: XmlElement): true {
  if (!(err instanceof XPathDynamicError)) throw err
  const root = rootOf(el)
  let list = FAILURES.get(root)
  if (list === undefined) FAILURES.set(root, (list = []))
  list.push({ ruleId: id, layer, element: el, detail: err.message })
  return true
}

/** Runs a condition; a dynamic error is recorded and the rule counts as passed (the layer fails instead). */
function guarded(id: string, layer: Layer, run: (el: XmlElement, env: Env) => boolean): (el: XmlElement, ctx: TreeContext) => boolean {
  return (el, ctx) => {
    try {
      return run(el, envOfRun(ctx, ctx.doc.root))
    } catch (err) {
      return recordFailure(err, id, layer, el)
    }
  }
}

/**
 * A context whose predicate raises a dynamic error (`udt:Indicator = false()` on "FALSE",
 * `normalize-space()` of two values) does not match the element, as XSLT 3.0 treats errors in
 * match patterns and Saxon does: the official transform goes on (refcheck agrees on both).
 */
function guardedContext(matcher: ElementMatcher): ElementMatcher {
  const guard =
    (test: (el: XmlElement) => boolean) =>
    (el: XmlElement): boolean => {
      try {
        return test(el)
      } catch (err) {
        if (!(err instanceof XPathDynamicError)) throw err
        return false
      }
    }
  const { where } = matcher
  return { ...matcher, matches: guard(matcher.matches), where: where === undefined ? undefined : guard(where) }
}

function valueOf(c: Compiled, el: XmlElement, env: Env): string | undefined {
  const first = c.seq(el, 1, 1, env)[0]
  return first === undefined ? undefined : stringOf(atomize(first))
}

const PARSED = new WeakMap<Readonly<Record<string, string>>, Map<string, Expr | { error: unknown }>>()

/**
 * A condition's syntax tree, parsed once per text: a group's plan (is it a plain child path?) and
 * its compiled form read the same tree. Parsing every condition twice cost a cold run about a
 * sixth of its instructions. A text that does not parse throws the same error each time.
 */
function parsedSource(source: string, namespaces: Readonly<Record<string, string>>): Expr {
  let bySource = PARSED.get(namespaces)
  if (bySource === undefined) PARSED.set(namespaces, (bySource = new Map()))
  let parsed = bySource.get(source)
  if (parsed === undefined) {
    try {
      parsed = parseXPath(source, namespaces)
    } catch (error) {
      parsed = { error }
    }
    bySource.set(source, parsed)
  }
  if ('error' in parsed) throw parsed.error
  return parsed
}

const BY_SOURCE = new WeakMap<Readonly<Record<string, string>>, Map<string, Compiled>>()

/** Rows repeat the same conditions (`.`, `ram:ID`, `@format` …): one compiled form per text. */
function compiledSource(source: string, namespaces: Readonly<Record<string, string>>): Compiled {
  let bySource = BY_SOURCE.get(namespaces)
  if (bySource === undefined) BY_SOURCE.set(namespaces, (bySource = new Map()))
  let c = bySource.get(source)
  if (c === undefined) bySource.set(source, (c = compile(parsedSource(source, namespaces))))
  return c
}

const LIMITS: Readonly<Record<string, (n: number) => boolean>> = {
  one: (n) => n === 1,
  max1: (n) => n <= 1,
  max2: (n) => n <= 2,
  min1: (n) => n >= 1,
}

/**
 * A compiled row and what its group's batch needs: the condition itself (`run`, for one guard and
 * one evaluation state per element instead of per rule) and, for count rows, kind, path and list.
 */
type CompiledRow = {
  rule: TreeRule
  id: string
  run: (el: XmlElement, env: Env) => boolean
  kind: RuleKind
  source: string
  allowed: ReadonlySet<string> | undefined
}

function compileRow(row: SchematronTable['rows'][number], table: SchematronTable, options: CompileOptions, lists: Map<number, ReadonlySet<string>>): CompiledRow {
  const [id, flag, , kind, source, listId] = row
  const severity = SEVERITY[flag]
  const layer = options.layer
  // Parsed and compiled when the rule first runs: a document uses a fraction of a profile's rows.
  let compiled: Compiled | undefined
  const expr = (): Compiled => (compiled ??= compiledSource(source, options.namespaces))
  const ruleId = flag === 'r' ? options.reportId : id
  const path = source === '.' ? 'the element' : source
  const make = (run: (el: XmlElement, env: Env) => boolean, describe: (el: XmlElement, ctx: TreeContext) => MessageParams, allowed?: ReadonlySet<string>): CompiledRow => ({
    rule: { id: ruleId, severity, layer, test: guarded(id, layer, run), describe },
    id,
    run,
    kind,
    source,
    allowed,
  })
  const count = (el: XmlElement, env: Env): number => expr().count(el, 1, 1, env)
  const envIn = (ctx: TreeContext): Env => envOfRun(ctx, ctx.doc.root)
  switch (kind) {
    case 'assert':
      return make((el, env) => expr().bool(el, 1, 1, env), () => ({ kind: 'fx-rule', summary: options.summary(id) }))
    case 'one':
    case 'max1':
    case 'max2':
    case 'min1': {
      const ok = LIMITS[kind] as (n: number) => boolean
      return make((el, env) => ok(count(el, env)), (el, ctx) => ({ kind: `fx-${kind}`, path, count: String(count(el, envIn(ctx))) }))
    }
    case 'attr':
      return make((el, env) => count(el, env) > 0, () => ({ kind: 'fx-attr', path }))
    case 'unused':
      // A report fires when its test holds: the element itself (`.`) or the attribute is present.
      return make((el, env) => count(el, env) === 0, () => ({ kind: source === '.' ? 'fx-unused' : 'fx-unused-attr', path }))
    case 'code': {
      let set = lists.get(listId ?? -1)
      if (set === undefined) {
        const values = table.codeLists[listId ?? -1]
        if (values === undefined) throw new Error(`rule ${id}: no code list ${listId}`)
        set = new Set(values.split('|'))
        lists.set(listId ?? -1, set)
      }
      const allowed = set
      return make(
        (el, env) => {
          const v = valueOf(expr(), el, env)
          return v === undefined || v === '' || allowed.has(v)
        },
        (el, ctx) => ({ kind: 'fx-code', path, value: valueOf(expr(), el, envIn(ctx)) ?? '' }),
        allowed,
      )
    }
  }
}

/** Parses and compiles every row now (table checks in tests; validation compiles on first use). */
export function compileAllRows(table: SchematronTable, namespaces: Readonly<Record<string, string>>): number {
  for (const row of table.rows) compiledSource(row[4], namespaces)
  for (const [, context] of table.contexts) {
    compilePattern(context, namespaces)
    // The predicates of a context compile when an element first reaches them: check them here.
    compile(parseXPath(context, namespaces))
  }
  return table.rows.length
}

/**
 * Builds the patterns of a table once per profile: context names are read now (the engine indexes
 * them), their predicates and the row conditions are parsed and compiled when first run. Contexts
 * keep their priority order.
 */
export function compileSchematronTable(table: SchematronTable, options: CompileOptions): TreePattern[] {
  const rowsByContext = table.contexts.map((): CompiledRow[] => [])
  const lists = new Map<number, ReadonlySet<string>>()
  for (const row of table.rows) {
    const list = rowsByContext[row[2]]
    if (list === undefined) throw new Error(`rule ${row[0]}: no context ${row[2]}`)
    list.push(compileRow(row, table, options, lists))
  }
  const patterns = new Map<string, { name: string; groups: TreeRuleGroup[] }>()
  table.contexts.forEach(([name, context], i) => {
    let pattern = patterns.get(name)
    if (pattern === undefined) patterns.set(name, (pattern = { name, groups: [] }))
    const rows = rowsByContext[i] ?? []
    // Contexts without rules still take part: they shadow lower-priority contexts of the pattern.
    pattern.groups.push({
      context: guardedContext(compilePattern(context, options.namespaces)),
      rules: rows.map((r) => r.rule),
      failing: rows.length === 0 ? undefined : groupFailing(rows, options.namespaces),
    })
  })
  return [...patterns.values()]
}

const CHILD_PATHS = new WeakMap<Readonly<Record<string, string>>, Map<string, ChildPath | null>>()

/** The row's condition as a plain child path (parsed once per text), or null when it is anything else. */
function childPathOfSource(source: string, namespaces: Readonly<Record<string, string>>): ChildPath | null {
  let bySource = CHILD_PATHS.get(namespaces)
  if (bySource === undefined) CHILD_PATHS.set(namespaces, (bySource = new Map()))
  let p = bySource.get(source)
  if (p === undefined) {
    try {
      p = childPathOf(parsedSource(source, namespaces)) ?? null
    } catch {
      // A condition that does not parse stays with its rule, which reports it as it always did.
      p = null
    }
    bySource.set(source, p)
  }
  return p
}

/** How the batch decides a row from its path's count (GENERAL: the rule's own test). */
const GENERAL = -1
const BATCH_CODE: Readonly<Record<Exclude<RuleKind, 'assert'>, number>> = { one: 0, max1: 1, max2: 2, min1: 3, attr: 4, unused: 5, code: 6 }
const NONE: readonly TreeRule[] = []

type GroupPlan = { codes: Int8Array; slots: Int32Array; counter: ChildPathCounter | undefined }

function planOf(rows: readonly CompiledRow[], namespaces: Readonly<Record<string, string>>): GroupPlan {
  const codes = new Int8Array(rows.length)
  const slots = new Int32Array(rows.length)
  const paths: ChildPath[] = []
  const values: boolean[] = []
  rows.forEach((r, i) => {
    // An assert over a plain path holds when the path selects something: a count row too.
    const code = r.kind === 'assert' ? BATCH_CODE.min1 : BATCH_CODE[r.kind]
    const path = childPathOfSource(r.source, namespaces)
    if (path === null) {
      codes[i] = GENERAL
      return
    }
    codes[i] = code
    slots[i] = paths.length
    paths.push(path)
    values.push(r.kind === 'code')
  })
  return { codes, slots, counter: paths.length === 0 ? undefined : compileChildPaths(paths, values) }
}

/**
 * The rules of one context that fail on `el`, in table order: rows over a plain child path (an
 * assert of one holds when it selects something) are decided from one count of all the context's
 * paths (child-paths.ts), the others (predicates, functions, comparisons) run their condition under
 * the same guard as the rule's own `test`. Plain paths cannot raise a dynamic error, so evaluation
 * failures are recorded exactly as rule by rule. Planned when the context is first reached.
 */
function groupFailing(rows: readonly CompiledRow[], namespaces: Readonly<Record<string, string>>): NonNullable<TreeRuleGroup['failing']> {
  let plan: GroupPlan | undefined
  return (el, ctx) => {
    const { codes, slots, counter } = (plan ??= planOf(rows, namespaces))
    const counts = counter?.counts(el)
    // The state `guarded` would look up for each rule: the same object for the whole run.
    let env: Env | undefined
    let out: TreeRule[] | undefined
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as CompiledRow
      const code = codes[i] as number
      let ok: boolean
      if (code === GENERAL) {
        env ??= envOfRun(ctx, ctx.doc.root)
        try {
          ok = row.run(el, env)
        } catch (err) {
          ok = recordFailure(err, row.id, row.rule.layer, el)
        }
      } else {
        const slot = slots[i] as number
        const n = (counts as Int32Array)[slot] as number
        switch (code) {
          case 0:
            ok = n === 1
            break
          case 1:
            ok = n <= 1
            break
          case 2:
            ok = n <= 2
            break
          case 3:
          case 4:
            ok = n >= 1
            break
          case 5:
            ok = n === 0
            break
          default: {
            const v = n === 0 ? undefined : (counter as ChildPathCounter).value(slot)
            ok = v === undefined || v === '' || (row.allowed as ReadonlySet<string>).has(v)
          }
        }
      }
      if (!ok) (out ??= []).push(row.rule)
    }
    return out ?? NONE
  }
}



const LAYER_NAME: Readonly<Partial<Record<Layer, string>>> = { facturx: 'Factur-X', orderx: 'Order-X', en16931: 'EN 16931', xrechnung: 'XRechnung' }

/**
 * One fatal finding per layer whose conditions could not be evaluated on this document (the first
 * failure, where the official validator stops). Call once after the tree walk.
 */
export function evaluationFindings(root: XmlElement): Finding[] {
  const seen = new Set<Layer>()
  const out: Finding[] = []
  for (const f of takeEvaluationFailures(root)) {
    if (seen.has(f.layer)) continue
    seen.add(f.layer)
    const params = { rule: f.ruleId, element: f.element.qname, detail: f.detail, layerName: LAYER_NAME[f.layer] ?? f.layer }
    out.push({
      ruleId: EVALUATION_RULE_ID,
      severity: 'fatal',
      layer: f.layer,
      location: elementLocation(f.element),
      messageKey: EVALUATION_RULE_ID,
      params,
      message: renderMessage('en', EVALUATION_RULE_ID, EVALUATION_RULE_ID, params),
    })
  }
  return out
}
