/**
 * Which document totals (BG-22) a document carries, as the official tests ask: whether the element
 * is there, whatever its value (a blank or unreadable amount is there; the model holds a stand-in
 * for it all the same). BR-12…15 run on each totals group; BR-CO-10/13/16 only where there is one.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { descendants, kids, q } from '../syntax/tree-helpers.js'
import type { ModelContext } from '../types.js'
import { isAbsent } from './model-helpers.js'

export type TotalTerm = 'BT-106' | 'BT-109' | 'BT-112' | 'BT-115'

const CII_GROUP = q('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
const UBL_GROUP = q('cac:LegalMonetaryTotal')
const CII_TOTAL = { 'BT-106': q('ram:LineTotalAmount'), 'BT-109': q('ram:TaxBasisTotalAmount'), 'BT-112': q('ram:GrandTotalAmount'), 'BT-115': q('ram:DuePayableAmount') }
const UBL_TOTAL = { 'BT-106': q('cbc:LineExtensionAmount'), 'BT-109': q('cbc:TaxExclusiveAmount'), 'BT-112': q('cbc:TaxInclusiveAmount'), 'BT-115': q('cbc:PayableAmount') }

const isUbl = (ctx: ModelContext): boolean => ctx.syntax === 'UBL-Invoice' || ctx.syntax === 'UBL-CreditNote'

/** The totals group elements of the document; undefined without a CII or UBL tree. */
export function totalsGroups(ctx: ModelContext): XmlElement[] | undefined {
  if (ctx.doc === undefined) return undefined
  if (ctx.syntax === 'CII') return descendants(ctx.doc.root, CII_GROUP)
  return isUbl(ctx) ? descendants(ctx.doc.root, UBL_GROUP) : undefined
}

/** The totals groups that lack `term`'s element (without a tree: one, when the reader found none). */
export function groupsLacking(ctx: ModelContext, term: TotalTerm): number {
  const groups = totalsGroups(ctx)
  if (groups === undefined) return isAbsent(ctx.invoice, term) ? 1 : 0
  const name = ctx.syntax === 'CII' ? CII_TOTAL[term] : UBL_TOTAL[term]
  return groups.filter((g) => kids(g, name).length === 0).length
}

/** Whether there is a totals group (BR-CO-10/13/16 run on it). */
export const hasTotalsGroup = (ctx: ModelContext): boolean => (totalsGroups(ctx)?.length ?? 1) > 0

/**
 * Whether an official comparison reading `terms` compares with nothing: some term's element is not
 * in the document (or there is no totals group at all), so the comparison is false whatever the
 * other amounts are.
 */
export const totalMissing = (ctx: ModelContext, ...terms: TotalTerm[]): boolean => totalsGroups(ctx)?.length === 0 || terms.some((term) => groupsLacking(ctx, term) > 0)
