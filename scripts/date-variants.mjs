/**
 * Date variants for scripts/mutation-check.mjs --dates (a developer tool). For each date of a base
 * (CII `udt:DateTimeString` and `qdt:DateTimeString` with their `format` attribute, UBL `cbc:*Date`),
 * one file per value drawn from lists of calendar-invalid dates (30 February, month 13, day 0, year
 * 0000), leap days (2024, 1900, 2000), extreme years, other lengths and separators, white space
 * around or inside the date (space, tab, line feed, NBSP), time zones on UBL dates, and CII format
 * codes (610, 616, 203, 205, blank, padded, absent) with dates of their length or another's; then
 * the relations between dates: each period's start one day after, equal to or one day before its
 * end, a line period reaching outside the invoice period, and the due date, tax point date and
 * delivery date set to the issue date, the day before or after it; and, for every date or time
 * (no draws), CII `udt:DateTime` in place of or beside `udt:DateTimeString`, UBL `cbc:*Time` values
 * (a `cbc:IssueTime` added after the issue date where the base has none),
 * and each later period's start a day before the first period's start or its end a day after
 * the first's end (a line period outside the invoice period), or on that edge; a CII period whose
 * start and end end in a full-width and a mathematical digit zero (code point order).
 * @module
 */

/** CII texts for a format-102 date (its place as written, the other attributes kept). */
const CII_TEXTS = [
  '20230229', '20240230', '20241301', '20240001', '20240100', '20241232', '00000101', '20240229', '19000229', '20000229', '21000229',
  '00010101', '99991231', '120240101', '2024010', '2024-01-01', ' 20240101 ', '\t20240101', '20240101\n', '\u00a020240101', '20240101\u00a0',
  '2024 0101', '', ' ', '+20240101', '-20240101', '２０２４０１０１', '20240101Z', '202401011200', '202401', '24010101',
]
/** [format attribute (null: none), text] pairs for CII dates. */
const CII_FORMATS = [
  ['610', '202401'], ['610', '202413'], ['610', '20240101'], ['616', '202401'], ['616', '202453'], ['616', '20240101'], ['203', '202401011200'],
  ['203', '20240101'], ['205', '202401011200+0100'], ['205', '20240101'], ['', '20240101'], [' ', '20240101'], ['102 ', '20240101'], [' 102', '20240101'],
  ['1O2', '20240101'], ['101', '240101'], [null, '20240101'], [null, '2024-01-01'], ['102', '202401'], ['610', '2024-01'],
  ['102&#9;', '20240101'], ['&#10;102', '20240101'], ['102&#160;', '20240101'], ['&#x31;02', '20240101'],
]
/** What replaces a CII date's `udt:DateTimeString` (D16B's other choice, `udt:DateTime`, or both). */
const CII_ELEMENTS = ['<udt:DateTime>2024-01-01T00:00:00</udt:DateTime>', '<udt:DateTime>20240101</udt:DateTime>', '<udt:DateTime>2024-01-01T00:00:00Z</udt:DateTime>']
/** UBL xs:time texts (cbc:IssueTime, cbc:*Time). */
const UBL_TIMES = ['12:00:00', '24:00:00', '23:59:60', '12:00:00Z', '12:00:00+14:00', '12:00:00+14:01', '12:00', '12:00:00.5', ' 12:00:00', '12:00:00 ', '', '2024-01-01T12:00:00']
/** UBL texts for an xs:date (the negative and five-digit years are a known difference, see docs/validate.md). */
const UBL_TEXTS = [
  '2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-01-00', '2024-01-32', '0000-01-01', '2024-02-29', '1900-02-29', '2000-02-29',
  '2100-02-29', '0001-01-01', '9999-12-31', '2024-01-01Z', '2024-01-01+14:00', '2024-01-01+14:01', '2024-01-01-14:00', '2024-01-01-00:00',
  '2024-01-01+15:00', '2024-01-01+05:30', '2024-01-01+5:30', '2024-01-01 ', ' 2024-01-01', '\t2024-01-01', '2024-01-01\n', '\u00a02024-01-01',
  '20240101', '2024-1-01', '2024-01-1', '2024-01-01T00:00:00', '24-01-01', '2024/01/01', '', ' ', '2024-01-01z', '+2024-01-01', '2024-01-01+14:00 ',
]
const CII_DATE = /<((?:udt|qdt):DateTimeString)((?:\s[^>]*)?)>([^<]*)<\/\1>/g
const UBL_DATE = /<(cbc:[A-Za-z]*Date)((?:\s[^>]*)?)>([^<]*)<\/\1>/g
const UBL_TIME = /<(cbc:[A-Za-z]*Time)((?:\s[^>]*)?)>([^<]*)<\/\1>/g
/** The local name of the element that holds the one at `index` (the last start tag before it). */
function holder(xml, index) {
  const m = /<([\w.-]+:)?([\w.-]+)(?:\s[^>]*)?>\s*$/.exec(xml.slice(Math.max(0, index - 400), index))
  return m?.[2] ?? '?'
}
/** `iso` (YYYY-MM-DD) moved by `days`. */
function shifted(iso, days) {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
const isoOf = (text, cii) => {
  const t = text.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '')
  if (cii) return /^\d{8}$/.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6)}` : null
  return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null
}
const written = (iso, cii) => (cii ? iso.replace(/-/g, '') : iso)

/**
 * The variants of `xml`: [xml, what] pairs. `draw(n)` draws below n; `perSite` values of each list
 * are drawn per date (all of them when it is at least the list's length).
 */
export function dateVariants(xml, draw, perSite) {
  // CII, ZUGFeRD 1 and Order-X write udt:DateTimeString; UBL cbc:*Date.
  const cii = !xml.includes('urn:oasis:names:specification:ubl:schema:xsd:')
  const found = [...xml.matchAll(cii ? CII_DATE : UBL_DATE)]
  const out = []
  const pickSome = (list) => {
    const order = list.map((_, i) => i)
    const kept = []
    while (kept.length < Math.min(perSite, list.length)) kept.push(list[order.splice(draw(order.length), 1)[0]])
    return kept
  }
  const at = (m, text, attrs = m[2]) => xml.slice(0, m.index) + `<${m[1]}${attrs}>${text}</${m[1]}>` + xml.slice(m.index + m[0].length)
  const tag = (text) => (text === '' ? 'empty' : encodeURIComponent(text).replace(/%/g, '').slice(0, 24))
  for (const m of found) {
    const where = cii ? holder(xml, m.index) : m[1].slice(4)
    if (cii) {
      for (const text of pickSome(CII_TEXTS)) out.push([at(m, text), `${where}-t-${tag(text)}`])
      for (const [format, text] of pickSome(CII_FORMATS)) {
        const attrs = /\sformat="[^"]*"/.test(m[2]) ? m[2].replace(/\sformat="[^"]*"/, format === null ? '' : ` format="${format}"`) : format === null ? m[2] : `${m[2]} format="${format}"`
        out.push([at(m, text, attrs), `${where}-f${format === null ? 'none' : tag(format)}-${tag(text)}`])
      }
    } else {
      for (const text of pickSome(UBL_TEXTS)) out.push([at(m, text), `${where}-t-${tag(text)}`])
    }
  }
  // Deterministic variants (no draws, so a seed's drawn variants stay as they were): CII udt:DateTime
  // in place of, or beside, a udt:DateTimeString; every UBL time value.
  for (const m of found) {
    if (!cii || m[1] !== 'udt:DateTimeString') continue
    const where = holder(xml, m.index)
    for (const [i, element] of CII_ELEMENTS.entries()) {
      out.push([xml.slice(0, m.index) + element + xml.slice(m.index + m[0].length), `${where}-datetime${i}`])
      out.push([xml.slice(0, m.index + m[0].length) + element + xml.slice(m.index + m[0].length), `${where}-datetime${i}-beside`])
    }
  }
  if (!cii) {
    // A base without cbc:IssueTime gets one after its cbc:IssueDate, with each value.
    const issueDate = /<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/.exec(xml)
    if (!xml.includes('<cbc:IssueTime') && issueDate !== null) {
      const after = issueDate.index + issueDate[0].length
      for (const text of UBL_TIMES) out.push([`${xml.slice(0, after)}<cbc:IssueTime>${text}</cbc:IssueTime>${xml.slice(after)}`, `IssueTime-new-${tag(text)}`])
    }
    for (const m of xml.matchAll(UBL_TIME)) {
      for (const text of UBL_TIMES) out.push([xml.slice(0, m.index) + `<${m[1]}${m[2]}>${text}</${m[1]}>` + xml.slice(m.index + m[0].length), `${m[1].slice(4)}-${tag(text)}`])
    }
  }
  // Relations: periods (start and end in one holder), and dates set from the issue date.
  const dated = found.map((m) => ({ m, where: cii ? holder(xml, m.index) : m[1].slice(4), iso: isoOf(m[3], cii) }))
  const replaceAll = (pairs) => {
    let result = xml
    for (const [m, text] of [...pairs].sort((a, b) => b[0].index - a[0].index)) result = result.slice(0, m.index) + `<${m[1]}${m[2]}>${text}</${m[1]}>` + result.slice(m.index + m[0].length)
    return result
  }
  for (let i = 0; i < dated.length; i++) {
    const start = dated[i]
    if (!/^Start(Date|DateTime)$/.test(start.where) || start.iso === null) continue
    const end = dated.slice(i + 1).find((d) => /^End(Date|DateTime)$/.test(d.where))
    if (end === undefined || end.iso === null || xml.slice(start.m.index, end.m.index).includes('Period>')) continue
    for (const [what, days] of [['after', 1], ['equal', 0], ['before', -1], ['far', 400]]) {
      out.push([replaceAll([[start.m, written(shifted(end.iso, days), cii)]]), `period-start-${what}-end`])
    }
    out.push([replaceAll([[end.m, written(shifted(start.iso, -1), cii)]]), 'period-end-before-start'])
    // The last digits written U+FF10 and U+1D7CE (a surrogate pair): CII compares the texts as
    // strings, in code point order (no draws).
    if (cii) {
      const a = `${start.m[3].trim().slice(0, 7)}\uff10`
      const b = `${start.m[3].trim().slice(0, 7)}\u{1d7ce}`
      out.push([replaceAll([[start.m, a], [end.m, b]]), 'period-codepoints'])
      out.push([replaceAll([[start.m, b], [end.m, a]]), 'period-codepoints-rev'])
    }
  }
  // A line period reaching a day outside the invoice period (R110/R111, BR-29/BR-30 beside).
  const header = dated.filter((d) => /^Start(Date|DateTime)$/.test(d.where) || /^End(Date|DateTime)$/.test(d.where))
  // The invoice period: UBL's comes before the lines, CII's in the header settlement after them.
  const lines = cii ? xml.indexOf('ApplicableHeaderTradeSettlement>') : xml.search(/<cac:(InvoiceLine|CreditNoteLine)>/)
  const isHeader = (d) => (lines < 0 ? !cii : cii ? d.m.index > lines : d.m.index < lines)
  const headerStart = header.find((d) => d.where.startsWith('Start') && isHeader(d))
  const headerEnd = header.find((d) => d.where.startsWith('End') && isHeader(d))
  if (headerStart?.iso != null && headerEnd?.iso != null) {
    for (const d of header) {
      if (d === headerStart || d === headerEnd || d.iso === null) continue
      const start = d.where.startsWith('Start')
      for (const [what, days] of [['out', start ? -1 : 1], ['edge', 0]]) {
        out.push([replaceAll([[d.m, written(shifted((start ? headerStart : headerEnd).iso, days), cii)]]), `line-${start ? 'start' : 'end'}-${what}`])
      }
    }
  }
  const issue = dated.find((d) => /^Issue(Date|DateTime)$/.test(d.where))
  if (issue !== undefined && issue.iso !== null) {
    for (const d of dated) {
      if (d === issue || d.iso === null || !/Due|TaxPoint|Delivery|Occurrence|Start|End/.test(d.where)) continue
      for (const [what, days] of [['issue', 0], ['issue-1', -1], ['issue+1', 1]]) out.push([replaceAll([[d.m, written(shifted(issue.iso, days), cii)]]), `${d.where}-${what}`])
    }
  }
  return out
}
