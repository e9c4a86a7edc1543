/**
 * EN 16931 core business rules BR-01 … BR-65 on the semantic model (CEN validation artefacts
 * 1.3.16). Presence follows the official tests: text terms must be non-blank, amounts must exist.
 * Messages live in messages-en.ts under the rule id.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import { btPath } from '../location.js'
import type { Issue, ModelRule, Severity } from '../types.js'
import { br08, br09, br10, br11, br19, br20 } from './address-rules.js'
import { br31, br32, br36, br37, br41, br43 } from './allowance-rules.js'
import { br50, br61 } from './payment-account-rules.js'
import { br03, br29, br30 } from './date-rules.js'
import { br17, br56, br62, br63 } from './party-rules.js'
import { br55 } from './preceding-invoice-rules.js'
import { br53 } from './vat-currency-rules.js'
import { br21, br22, br23, br24, br25, br26, br27, br28, br45, br46, br47, br48, br49, br51Cii, br51Ubl, br52, br54, br57, br64, br65 } from './syntax-bound-rules.js'
import { type ModelCheck, hasReason, hasText, isAbsent, isAllowanceOrCharge, issue, when } from './model-helpers.js'
import { type TotalTerm, groupsLacking } from './totals-presence.js'

type RuleRow = readonly [id: string, bt: string | undefined, check: ModelCheck, severity?: Severity]

/** Document-level text term rules: [id, BT, value]. */
const requiredText = (id: string, bt: string, value: (inv: Invoice) => string | undefined): RuleRow => [
  id,
  bt,
  ({ invoice }) => when(isAbsent(invoice, bt) || !hasText(value(invoice)), btPath(bt)),
]

/** BR-12…15: each totals group has the amount's element, blank or not. */
const requiredAmount = (id: string, bt: TotalTerm): RuleRow => [id, bt, (ctx) => Array.from({ length: groupsLacking(ctx, bt) }, () => issue(btPath('BG-22', bt)))]

/** One issue per element of a list that fails `bad` (1-based index in the location). */
function each<T>(items: readonly T[], group: string, bt: string | undefined, bad: (item: T) => boolean, params?: (item: T) => Record<string, string>): Issue[] {
  const out: Issue[] = []
  items.forEach((item, i) => {
    if (bad(item)) out.push(issue(bt === undefined ? btPath(group, i + 1) : btPath(group, i + 1, bt), params?.(item) ?? {}))
  })
  return out
}

const ROWS: readonly RuleRow[] = [
  requiredText('BR-01', 'BT-24', (i) => i.specificationIdentifier),
  requiredText('BR-02', 'BT-1', (i) => i.invoiceNumber),
  ['BR-03', 'BT-2', br03],
  requiredText('BR-04', 'BT-3', (i) => i.typeCode),
  requiredText('BR-05', 'BT-5', (i) => i.currencyCode),
  requiredText('BR-06', 'BT-27', (i) => i.seller.name),
  requiredText('BR-07', 'BT-44', (i) => i.buyer.name),
  ['BR-08', 'BG-5', br08],
  ['BR-09', 'BT-40', br09],
  ['BR-10', 'BG-8', br10],
  ['BR-11', 'BT-55', br11],
  requiredAmount('BR-12', 'BT-106'),
  requiredAmount('BR-13', 'BT-109'),
  requiredAmount('BR-14', 'BT-112'),
  requiredAmount('BR-15', 'BT-115'),
  ['BR-16', 'BG-25', ({ invoice }) => when(invoice.lines.length === 0, btPath('BG-25'))],
  ['BR-17', 'BT-59', br17],
  ['BR-18', 'BT-62', ({ invoice }) => when(invoice.sellerTaxRepresentative !== undefined && (isAbsent(invoice, 'BT-62') || !hasText(invoice.sellerTaxRepresentative.name)), btPath('BG-11', 'BT-62'))],
  ['BR-19', 'BG-12', br19],
  ['BR-20', 'BT-69', br20],
  ['BR-21', 'BT-126', br21],
  ['BR-22', 'BT-129', br22],
  ['BR-23', 'BT-130', br23],
  ['BR-24', 'BT-131', br24],
  ['BR-25', 'BT-153', br25],
  ['BR-26', 'BT-146', br26],
  ['BR-27', 'BT-146', br27],
  ['BR-28', 'BT-148', br28],
  ['BR-29', 'BT-74', br29],
  ['BR-30', 'BT-135', br30],
  ['BR-31', 'BT-92', br31],
  ['BR-32', 'BT-95', br32],
  ['BR-33', 'BT-97', ({ invoice }) => each(invoice.allowancesAndCharges.filter((a) => isAllowanceOrCharge(invoice, a, false)), 'BG-20', 'BT-97', (a) => !hasReason(invoice, a))],
  ['BR-36', 'BT-99', br36],
  ['BR-37', 'BT-102', br37],
  ['BR-38', 'BT-104', ({ invoice }) => each(invoice.allowancesAndCharges.filter((a) => isAllowanceOrCharge(invoice, a, true)), 'BG-21', 'BT-104', (a) => !hasReason(invoice, a))],
  ['BR-41', 'BT-136', br41],
  ['BR-42', 'BT-139', ({ invoice }) => invoice.lines.flatMap((l, i) => each(l.allowances, `BG-25[${i + 1}]/BG-27`, 'BT-139', (a) => !hasReason(invoice, a)))],
  ['BR-43', 'BT-141', br43],
  ['BR-44', 'BT-144', ({ invoice }) => invoice.lines.flatMap((l, i) => each(l.charges, `BG-25[${i + 1}]/BG-28`, 'BT-144', (a) => !hasReason(invoice, a)))],
  ['BR-45', 'BT-116', br45],
  ['BR-46', 'BT-117', br46],
  ['BR-47', 'BT-118', br47],
  ['BR-48', 'BT-119', br48],
  ['BR-49', 'BT-81', br49],
  ['BR-50', 'BT-84', br50],
  ['BR-51', 'BT-87', br51Cii],
  ['BR-51', 'BT-87', br51Ubl, 'warning'],
  ['BR-52', 'BT-122', br52],
  ['BR-53', 'BT-111', br53],
  ['BR-54', 'BG-32', br54],
  ['BR-55', 'BT-25', br55],
  ['BR-56', 'BT-63', br56],
  ['BR-57', 'BT-80', br57],
  ['BR-61', 'BT-84', br61],
  ['BR-62', 'BT-34-1', br62],
  ['BR-63', 'BT-49-1', br63],
  ['BR-64', 'BT-157-1', br64],
  ['BR-65', 'BT-158-1', br65],
]


export const CORE_RULES: readonly ModelRule[] = ROWS.map(([id, bt, check, severity]) => ({
  id,
  bt,
  severity: severity ?? 'fatal',
  layer: 'en16931',
  check,
}))
