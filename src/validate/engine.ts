/**
 * The rule engine: runs the selected rule sets in one pass — model rules once over the semantic
 * invoice, tree patterns in a single walk over the XML — and returns findings as data.
 * @module
 */
import type { XmlElement } from '../xml/index.js'
import { renderMessage } from './messages.js'
import type {
  ElementMatcher,
  Finding,
  FindingLocation,
  Issue,
  ModelContext,
  RuleSet,
  TreeContext,
  TreePattern,
  TreeRule,
  TreeRuleGroup,
} from './types.js'
import { type Candidates, type Dispatcher, buildDispatcher } from './dispatch.js'
import { elementLocation } from './location.js'

/** Above this many cached states and transitions a dispatcher is rebuilt (hostile input). */
const MAX_DISPATCH_SIZE = 50_000

const patternIds = new WeakMap<TreePattern, number>()
let nextPatternId = 0
const dispatchers = new Map<string, Dispatcher>()
/**
 * The pattern list of the previous run and its dispatcher: a validation builds its list anew each
 * time, but from the same patterns, so comparing them one by one (a pointer check each) spares
 * building the key string from ~75 WeakMap lookups on every run.
 */
let lastPatterns: readonly TreePattern[] = []
let lastKey = ''
let lastDispatcher: Dispatcher | undefined

function patternId(p: TreePattern): number {
  let id = patternIds.get(p)
  if (id === undefined) patternIds.set(p, (id = nextPatternId++))
  return id
}

function samePatterns(a: readonly TreePattern[], b: readonly TreePattern[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Dispatchers are keyed by the identity of the patterns in the list (a handful per process). */
function dispatcherFor(patterns: readonly TreePattern[]): [key: string, dispatcher: Dispatcher] {
  if (lastDispatcher !== undefined && samePatterns(patterns, lastPatterns) && dispatchers.get(lastKey) === lastDispatcher) return [lastKey, lastDispatcher]
  let key = ''
  for (const p of patterns) key += `${patternId(p)},`
  let d = dispatchers.get(key)
  if (d === undefined) {
    d = buildDispatcher(patterns)
    dispatchers.set(key, d)
  }
  lastPatterns = [...patterns]
  lastKey = key
  lastDispatcher = d
  return [key, d]
}

function treeFinding(rule: TreeRule, el: XmlElement, ctx: TreeContext): Finding {
  const params = { ...(rule.describe?.(el, ctx) ?? {}), element: el.qname }
  const messageKey = rule.describe === undefined || !('kind' in params) ? rule.id : `syntax.${params.kind ?? ''}`
  return {
    ruleId: rule.id,
    severity: rule.severity,
    layer: rule.layer,
    bt: rule.bt,
    location: elementLocation(el),
    messageKey,
    params,
    message: renderMessage('en', messageKey, rule.id, params),
  }
}

/**
 * Walks the tree once; each element is checked by the first matching group of every pattern.
 * Which groups an element can match comes from the dispatcher, keyed by the element's name and
 * its parent's state, so most elements cost a few map lookups. With `rest`, the findings of the
 * patterns from `rest.from` on go to `rest.out`: two passes (the rules and the notices) share one
 * walk, each output in the order its own walk would give.
 */
export function runTreePatterns(
  patterns: readonly TreePattern[],
  ctx: TreeContext,
  out: Finding[],
  rest?: { from: number; out: Finding[] } | undefined,
): void {
  const restFrom = rest === undefined ? patterns.length : rest.from
  const [key, dispatcher] = dispatcherFor(patterns)
  const stack: XmlElement[] = [ctx.doc.root]
  const parentStates: number[] = [dispatcher.start]
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement
    const { state, candidates } = dispatcher.enter(parentStates.pop() as number, el)
    // Indexed loops: this body runs for every candidate of every element.
    for (let c = 0; c < candidates.length; c++) {
      const { pattern, groups, tests } = candidates[c] as Candidates
      const target = pattern < restFrom ? out : (rest as { out: Finding[] }).out
      for (let i = 0; i < groups.length; i++) {
        const test = tests[i]
        if (test !== undefined && !test(el)) continue
        const g = groups[i] as TreeRuleGroup
        if (g.failing !== undefined) {
          const failed = g.failing(el, ctx)
          for (let r = 0; r < failed.length; r++) target.push(treeFinding(failed[r] as TreeRule, el, ctx))
        } else {
          const rules = g.rules
          for (let r = 0; r < rules.length; r++) {
            const rule = rules[r] as TreeRule
            if (!rule.test(el, ctx)) target.push(treeFinding(rule, el, ctx))
          }
        }
        break
      }
    }
    const kids = el.children
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push(kids[i] as XmlElement)
      parentStates.push(state)
    }
  }
  if (dispatcher.size > MAX_DISPATCH_SIZE) dispatchers.delete(key)
}

function issueLocation(issue: Issue): FindingLocation {
  const at = issue.at
  if (at === undefined) return { path: '/Invoice' }
  if (typeof at === 'string') return { path: at }
  return elementLocation(at)
}

export function runModelRules(ruleSets: readonly RuleSet[], ctx: ModelContext, out: Finding[]): void {
  for (const set of ruleSets) {
    for (const rule of set.modelRules) {
      for (const issue of rule.check(ctx)) {
        const params = issue.params ?? {}
        const messageKey = issue.messageKey ?? rule.messageKey ?? rule.id
        out.push({
          ruleId: rule.id,
          severity: rule.severity,
          layer: rule.layer,
          bt: rule.bt,
          location: issueLocation(issue),
          messageKey,
          params,
          message: renderMessage('en', messageKey, rule.id, params),
        })
      }
    }
  }
}

/** Element matcher helper re-exported for rule modules. */
export type { ElementMatcher }
