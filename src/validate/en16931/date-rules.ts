/**
 * The date rules read on the tree as the official tests do.
 *
 * BR-03 (issue date, BT-2): CII asks for a non-blank `udt:DateTimeString` whose `@format` is
 * `102`; a date in another format fails it, a date that is not a calendar date passes. UBL asks
 * for a non-blank `cbc:IssueDate`.
 *
 * BR-29 (invoicing period, BG-14) and BR-30 (line period, BG-26): the end is not before the start.
 * The official CII test compares the texts of the `udt:DateTimeString` children whose `@format` is
 * `102`, as strings (`End >= Start` between untyped values, in code point order), and holds only when some pair
 * compares so or one of `ram:EndDateTime`, `ram:StartDateTime` is missing. So a period whose dates
 * have another format, or an empty `ram:EndDateTime`, fails it, though the model cannot read those
 * dates. UBL compares `xs:date` values on the tree: a year may be negative or have five digits,
 * and a time zone moves the date's start (the model keeps `YYYY-MM-DD` only). Its BR-29 runs on
 * every `cac:InvoicePeriod` that is no line's, sub-invoice lines' included. A date that is no
 * xs:date, or two of them, stops the official transform instead (the probe's finding).
 * @module
 */
import type { Invoice, Period } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { compareCodePoints } from '../../xml/xml-chars.js'
import { btPath } from '../location.js'
import { attrValue, normalizeSpace, stringValue } from '../syntax/paths.js'
import { descend, descendants, kids, q } from '../syntax/tree-helpers.js'
import { xsDateMs } from '../schematron/values.js'
import type { Issue, MessageParams } from '../types.js'
import { isAbsent, issue, when } from './model-helpers.js'
import { bound, isChildOf, ublLines } from './syntax-bound-rules.js'

const PERIOD = q('ram:BillingSpecifiedPeriod')
const HEADER_SETTLEMENT = q('ram:ApplicableHeaderTradeSettlement')
const LINE_SETTLEMENT = q('ram:SpecifiedLineTradeSettlement')
const LINE_ITEM = q('ram:IncludedSupplyChainTradeLineItem')
const START = q('ram:StartDateTime')
const END = q('ram:EndDateTime')
const DATE_TIME_STRING = q('udt:DateTimeString')
const EXCHANGED_DOCUMENT = q('rsm:ExchangedDocument')
const ISSUE_DATE_TIME = q('ram:IssueDateTime')
const UBL_ISSUE_DATE = q('cbc:IssueDate')

/** The 102-format texts of a period's start or end. */
const texts102 = (holders: readonly XmlElement[]): string[] =>
  holders.flatMap((h) => kids(h, DATE_TIME_STRING)).filter((d) => attrValue(d, 'format') === '102').map(stringValue)

function ciiPeriodFails(period: XmlElement): MessageParams | undefined {
  const starts = kids(period, START)
  const ends = kids(period, END)
  if (starts.length === 0 || ends.length === 0) return undefined
  const s = texts102(starts)
  const e = texts102(ends)
  if (e.some((end) => s.some((start) => compareCodePoints(end, start) >= 0))) return undefined
  return { start: s[0] ?? '(none in format 102)', end: e[0] ?? '(none in format 102)' }
}

const U = {
  period: q('cac:InvoicePeriod'),
  start: q('cbc:StartDate'),
  end: q('cbc:EndDate'),
  invoiceLine: q('cac:InvoiceLine'),
  creditNoteLine: q('cac:CreditNoteLine'),
  descriptionCode: q('cbc:DescriptionCode'),
}

/** UBL `xs:date(cbc:EndDate) >= xs:date(cbc:StartDate)` when both are there (an uncastable pair passes here). */
function ublPeriodFails(period: XmlElement): MessageParams | undefined {
  const starts = kids(period, U.start)
  const ends = kids(period, U.end)
  if (starts.length !== 1 || ends.length !== 1) return undefined
  const start = stringValue(starts[0] as XmlElement)
  const end = stringValue(ends[0] as XmlElement)
  const s = xsDateMs(start)
  const e = xsDateMs(end)
  if (s === undefined || e === undefined || e >= s) return undefined
  return { start: start.trim(), end: end.trim() }
}

const isLinePeriod = (p: XmlElement): boolean => isChildOf(p, U.invoiceLine) || isChildOf(p, U.creditNoteLine)

/** `normalize-space(x) != ''` on the first of the elements (the probe reports two as the official stop). */
const firstNonBlank = (els: readonly XmlElement[]): boolean => els[0] !== undefined && normalizeSpace(stringValue(els[0])) !== ''

export const br03 = bound({
  cii: (root) => {
    const dates = descend(root, EXCHANGED_DOCUMENT, ISSUE_DATE_TIME, DATE_TIME_STRING).filter((d) => attrValue(d, 'format') === '102')
    return when(!firstNonBlank(dates), btPath('BT-2'))
  },
  ubl: (root) => when(!firstNonBlank(kids(root, UBL_ISSUE_DATE)), btPath('BT-2')),
  model: (invoice) => when(isAbsent(invoice, 'BT-2'), btPath('BT-2')),
})

const modelFails = (p: Period | undefined): MessageParams | undefined =>
  p?.startDate !== undefined && p.endDate !== undefined && p.endDate < p.startDate ? { start: p.startDate, end: p.endDate } : undefined

const atLine = (i: number): string => btPath('BG-25', i + 1, 'BT-135')
const AT_DOCUMENT = btPath('BG-14', 'BT-74')

const modelBr29 = (invoice: Invoice): readonly Issue[] => {
  const failed = modelFails(invoice.invoicingPeriod)
  return when(failed !== undefined, AT_DOCUMENT, failed)
}
const modelBr30 = (invoice: Invoice): Issue[] =>
  invoice.lines.flatMap((l, i) => {
    const failed = modelFails(l.period)
    return failed === undefined ? [] : [issue(atLine(i), failed)]
  })

export const br29 = bound({
  cii: (root) =>
    descendants(root, PERIOD)
      .filter((p) => isChildOf(p, HEADER_SETTLEMENT))
      .flatMap((p) => {
        const failed = ciiPeriodFails(p)
        return failed === undefined ? [] : [issue(AT_DOCUMENT, failed)]
      }),
  ubl: (root) =>
    descendants(root, U.period)
      .filter((p) => !isLinePeriod(p))
      .flatMap((p) => {
        const failed = ublPeriodFails(p)
        return failed === undefined ? [] : [issue(AT_DOCUMENT, failed)]
      }),
  model: modelBr29,
})

export const br30 = bound({
  cii: (root) =>
    descendants(root, LINE_ITEM).flatMap((line, i) =>
      descend(line, LINE_SETTLEMENT, PERIOD).flatMap((p) => {
        const failed = ciiPeriodFails(p)
        return failed === undefined ? [] : [issue(atLine(i), failed)]
      }),
    ),
  ubl: (root) =>
    ublLines(root).flatMap((line, i) =>
      kids(line, U.period).flatMap((p) => {
        const failed = ublPeriodFails(p)
        return failed === undefined ? [] : [issue(atLine(i), failed)]
      }),
    ),
  model: modelBr30,
})

const hasDate = (p: XmlElement): boolean => kids(p, U.start).length > 0 || kids(p, U.end).length > 0

/**
 * UBL BR-CO-19 on the tree: every `cac:InvoicePeriod` that is no line's (UBL 2.1 allows several;
 * a sub-invoice line's counts too) has a `cbc:StartDate`, a `cbc:EndDate` or a
 * `cbc:DescriptionCode` element, blank or not, as the official test asks. The model knows the first.
 */
export const ublBrCo19 = (root: XmlElement): Issue[] =>
  descendants(root, U.period)
    .filter((p) => !isLinePeriod(p) && !hasDate(p) && kids(p, U.descriptionCode).length === 0)
    .map(() => issue(btPath('BG-14')))

/** UBL BR-CO-20 on the tree: every period of a line (`cac:InvoiceLine|cac:CreditNoteLine/cac:InvoicePeriod`) has a start or end date element. */
export const ublBrCo20 = (root: XmlElement): Issue[] =>
  ublLines(root).flatMap((line, i) => kids(line, U.period).filter((p) => !hasDate(p)).map(() => issue(btPath('BG-25', i + 1, 'BG-26'))))
