/**
 * Sub-invoice lines (XRechnung BG-DEX-01, Factur-X EXTENDED sub-lines) between the model and UBL.
 * The model keeps lines flat, as CII does: a sub-line names its parent (`parentLineId`) and its
 * status (`lineStatusReasonCode`: DETAIL, GROUP, INFORMATION; only DETAIL and status-less lines
 * count in the sums). UBL nests sub-lines inside their parent and counts only the top-level lines,
 * whose amount is the sum of their sub-lines (BR-DEX-02). Both say the same when the sums agree:
 * a line with sub-lines is a GROUP, a nested line without sub-lines a DETAIL.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import type { InvoiceLine } from '../model/invoice.js'

/** The status a line has in the model when it stands at this place of a UBL line tree. */
export function ublLineStatus(nested: boolean, hasSubLines: boolean): string | undefined {
  if (hasSubLines) return 'GROUP'
  return nested ? 'DETAIL' : undefined
}

export type UblLineNode = { line: InvoiceLine; subLines: UblLineNode[] }

export type UblLineTree = {
  /** The UBL lines, each with its sub-lines, in the model's order. */
  roots: UblLineNode[]
  /**
   * Top-level GROUP / INFORMATION lines without sub-lines: EXTENDED leaves them out of the sums,
   * UBL would count them, so they are not written.
   */
  omitted: InvoiceLine[]
  /** Lines naming a parent that is not in the invoice (or a parent cycle): written at top level. */
  orphans: InvoiceLine[]
  /** Sub-lines whose INFORMATION status UBL cannot say (they are read back as DETAIL or GROUP). */
  statusLost: InvoiceLine[]
}

const NOT_COUNTED = new Set(['GROUP', 'INFORMATION'])

/**
 * Sub-line levels UBL output may have. Each level is one more element around the next, and XML
 * readers limit nesting (einvoice's own parser reads 64 levels, which this leaves room for).
 */
export const MAX_SUB_LINE_DEPTH = 50

/** Refuses a line hierarchy deeper than MAX_SUB_LINE_DEPTH, naming the first line below it. */
function requireDepth(roots: readonly UblLineNode[]): void {
  let level = roots
  for (let depth = 1; level.length > 0; depth++) {
    const next: UblLineNode[] = []
    for (const node of level) {
      if (depth > MAX_SUB_LINE_DEPTH) {
        throw new EInvoiceError(
          'INPUT_TOO_LARGE',
          `line ${node.line.id} is a sub-line ${depth - 1} levels below a top-level line; UBL nests each level as an element, and einvoice writes at most ${MAX_SUB_LINE_DEPTH - 1} levels of sub-lines`,
          { details: { line: node.line.id, limit: `${MAX_SUB_LINE_DEPTH - 1} levels of sub-lines` } },
        )
      }
      for (const sub of node.subLines) next.push(sub)
    }
    level = next
  }
}

/** The line a line is nested in, or undefined for a top-level line, an unknown parent or a cycle. */
function parentsOf(lines: readonly InvoiceLine[]): { parent: Map<InvoiceLine, InvoiceLine>; orphans: Set<InvoiceLine> } {
  const parent = new Map<InvoiceLine, InvoiceLine>()
  const orphans = new Set<InvoiceLine>()
  if (!lines.some((l) => l.parentLineId !== undefined)) return { parent, orphans }
  const byId = new Map<string, InvoiceLine>()
  for (const line of lines) if (!byId.has(line.id)) byId.set(line.id, line)
  for (const line of lines) {
    if (line.parentLineId === undefined) continue
    const p = byId.get(line.parentLineId)
    if (p === undefined || p === line) orphans.add(line)
    else parent.set(line, p)
  }
  // A cycle of parents has no top: its first line in document order goes to the top level. Each
  // line is walked up from once (a deep hierarchy walked from every line was quadratic).
  const order = new Map<InvoiceLine, number>(lines.map((line, i) => [line, i]))
  const ON_WALK = 1
  const SETTLED = 2
  const state = new Map<InvoiceLine, number>()
  for (const start of [...parent.keys()]) {
    if (state.has(start)) continue
    const walk: InvoiceLine[] = []
    let at: InvoiceLine | undefined = start
    while (at !== undefined && !state.has(at)) {
      state.set(at, ON_WALK)
      walk.push(at)
      at = parent.get(at)
    }
    if (at !== undefined && state.get(at) === ON_WALK) {
      const cycle = walk.slice(walk.indexOf(at))
      let first = cycle[0] as InvoiceLine
      for (const line of cycle) if ((order.get(line) as number) < (order.get(first) as number)) first = line
      parent.delete(first)
      orphans.add(first)
    }
    for (const line of walk) state.set(line, SETTLED)
  }
  return { parent, orphans }
}

/** Arranges the model's flat lines as UBL lines and sub-lines. */
export function ublLineTree(lines: readonly InvoiceLine[]): UblLineTree {
  const { parent, orphans } = parentsOf(lines)
  let roots: UblLineNode[]
  if (parent.size === 0) {
    roots = lines.map((line) => ({ line, subLines: [] }))
  } else {
    const nodes = new Map<InvoiceLine, UblLineNode>(lines.map((line) => [line, { line, subLines: [] }]))
    roots = []
    for (const line of lines) {
      const node = nodes.get(line) as UblLineNode
      const p = parent.get(line)
      if (p === undefined) roots.push(node)
      else nodes.get(p)?.subLines.push(node)
    }
    requireDepth(roots)
  }
  const isOmitted = (n: UblLineNode): boolean => n.subLines.length === 0 && NOT_COUNTED.has(n.line.lineStatusReasonCode ?? '')
  const omitted = roots.filter(isOmitted).map((n) => n.line)
  const omittedSet = new Set(omitted)
  return {
    roots: omitted.length === 0 ? roots : roots.filter((n) => !isOmitted(n)),
    omitted,
    orphans: lines.filter((l) => orphans.has(l) && !omittedSet.has(l)),
    statusLost: lines.filter((l) => parent.has(l) && l.lineStatusReasonCode === 'INFORMATION'),
  }
}
