/**
 * Sub-invoice lines (XRechnung BG-DEX-01, Factur-X EXTENDED sub-lines) between the model and UBL.
 * The model keeps lines flat, as CII does: a sub-line names its parent (`parentLineId`) and its
 * status (`lineStatusReasonCode`: DETAIL, GROUP, INFORMATION; only DETAIL and status-less lines
 * count in the sums). UBL nests sub-lines inside their parent and counts only the top-level lines,
 * whose amount is the sum of their sub-lines (BR-DEX-02). Both say the same when the sums agree:
 * a line with sub-lines is a GROUP, a nested line without sub-lines a DETAIL.
 * @module
 */
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
  // A cycle of parents has no top: its first line in document order goes to the top level.
  for (const line of parent.keys()) {
    const seen = new Set<InvoiceLine>([line])
    for (let at = parent.get(line); at !== undefined; at = parent.get(at)) {
      if (at === line) {
        parent.delete(line)
        orphans.add(line)
        break
      }
      if (seen.has(at)) break
      seen.add(at)
    }
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
  }
  const isOmitted = (n: UblLineNode): boolean => n.subLines.length === 0 && NOT_COUNTED.has(n.line.lineStatusReasonCode ?? '')
  const omitted = roots.filter(isOmitted).map((n) => n.line)
  return {
    roots: omitted.length === 0 ? roots : roots.filter((n) => !isOmitted(n)),
    omitted,
    orphans: lines.filter((l) => orphans.has(l) && !omitted.includes(l)),
    statusLost: lines.filter((l) => parent.has(l) && l.lineStatusReasonCode === 'INFORMATION'),
  }
}
