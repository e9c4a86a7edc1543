/**
 * Dates in the two spellings a PDF/A file must keep equal: the Info dictionary's
 * `D:YYYYMMDDHHmmSSOHH'mm'` (ISO 32000-1 7.9.4) and XMP's ISO 8601 (`xmp:CreateDate`).
 * @module
 */

/** A point in time with the timezone offset it was written with (minutes east of UTC). */
export type PdfDate = { epochMs: number; offsetMinutes: number }

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0')

function shifted(date: PdfDate): Date {
  return new Date(date.epochMs + date.offsetMinutes * 60_000)
}

function parts(date: PdfDate): string[] {
  const d = shifted(date)
  return [pad(d.getUTCFullYear(), 4), pad(d.getUTCMonth() + 1), pad(d.getUTCDate()), pad(d.getUTCHours()), pad(d.getUTCMinutes()), pad(d.getUTCSeconds())]
}

export function pdfDateFromDate(date: Date): PdfDate {
  return { epochMs: Math.floor(date.getTime() / 1000) * 1000, offsetMinutes: 0 }
}

/** `D:20260321101500Z` or `D:20260321101500+01'00'`. */
export function formatPdfDate(date: PdfDate): string {
  const [y, mo, d, h, mi, s] = parts(date)
  return `D:${y}${mo}${d}${h}${mi}${s}${zone(date.offsetMinutes, "'")}`
}

/** `2026-03-21T10:15:00Z` or `2026-03-21T10:15:00+01:00`. */
export function formatXmpDate(date: PdfDate): string {
  const [y, mo, d, h, mi, s] = parts(date)
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone(date.offsetMinutes, ':')}`
}

function zone(offset: number, style: "'" | ':'): string {
  if (offset === 0) return 'Z'
  const sign = offset < 0 ? '-' : '+'
  const hh = pad(Math.trunc(Math.abs(offset) / 60))
  const mm = pad(Math.abs(offset) % 60)
  return style === "'" ? `${sign}${hh}'${mm}'` : `${sign}${hh}:${mm}`
}

function build(fields: (string | undefined)[], tz: string | undefined, tzh: string | undefined, tzm: string | undefined): PdfDate | undefined {
  const [y, mo = '01', d = '01', h = '00', mi = '00', s = '00'] = fields
  if (y === undefined) return undefined
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  if (Number.isNaN(local)) return undefined
  let offsetMinutes = 0
  if (tz === '+' || tz === '-') offsetMinutes = (tz === '-' ? -1 : 1) * (Number(tzh ?? '0') * 60 + Number(tzm ?? '0'))
  return { epochMs: local - offsetMinutes * 60_000, offsetMinutes }
}

/** Parses a PDF date string; `undefined` when it is not one (lenient on the `D:` prefix and apostrophes). */
export function parsePdfDate(text: string): PdfDate | undefined {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?/.exec(text.trim())
  if (m === null) return undefined
  return build([m[1], m[2], m[3], m[4], m[5], m[6]], m[7], m[8], m[9])
}

/** Parses an XMP (ISO 8601 / W3C-DTF) date; `undefined` when it is not one. */
export function parseXmpDate(text: string): PdfDate | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?)?)?\s*(?:([Zz+-])(?:(\d{2}):?(\d{2}))?)?$/.exec(text.trim())
  if (m === null) return undefined
  return build([m[1], m[2], m[3], m[4], m[5], m[6]], m[7], m[8], m[9])
}
