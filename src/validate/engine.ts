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
import { elementLocation } from './location.js'

type IndexedPattern = {
  byLocal: Map<string, readonly TreeRuleGroup[]>
  anyLocal: readonly TreeRuleGroup[]
}

const patternIndex = new WeakMap<TreePattern, IndexedPattern>()

/** Groups per local name, in priority order, so each element only tries the contexts it can match. */
function indexPattern(pattern: TreePattern): IndexedPattern {
  const cached = patternIndex.get(pattern)
  if (cached !== undefined) return cached
  const anyLocal = pattern.groups.filter((g) => g.context.locals === undefined)
  const locals = new Set<string>()
  for (const g of pattern.groups) for (const l of g.context.locals ?? []) locals.add(l)
  const byLocal = new Map<string, readonly TreeRuleGroup[]>()
  for (const local of locals) {
    byLocal.set(
      local,
      pattern.groups.filter((g: TreeRuleGroup) => g.context.locals === undefined || (g.context.locals as readonly string[]).includes(local)),
    )
  }
  const indexed = { byLocal, anyLocal }
  patternIndex.set(pattern, indexed)
  return indexed
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

/** Walks the tree once; each element is checked by the first matching group of every pattern. */
export function runTreePatterns(patterns: readonly TreePattern[], ctx: TreeContext, out: Finding[]): void {
  const indexed = patterns.map(indexPattern)
  const stack: XmlElement[] = [ctx.doc.root]
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement
    for (const p of indexed) {
      const groups = p.byLocal.get(el.local) ?? p.anyLocal
      for (const g of groups) {
        if (!g.context.matches(el)) continue
        for (const rule of g.rules) if (!rule.test(el, ctx)) out.push(treeFinding(rule, el, ctx))
        break
      }
    }
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as XmlElement)
  }
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
        out.push({
          ruleId: rule.id,
          severity: rule.severity,
          layer: rule.layer,
          bt: rule.bt,
          location: issueLocation(issue),
          messageKey: rule.messageKey ?? rule.id,
          params,
          message: renderMessage('en', rule.messageKey ?? rule.id, rule.id, params),
        })
      }
    }
  }
}

/** Element matcher helper re-exported for rule modules. */
export type { ElementMatcher }
