/**
 * Every business-term value an invoice model carries, as the text a view must show in a given
 * language: strings as they are, dates and decimals formatted by the language's rules. Used to
 * prove that the HTML and PDF views drop nothing.
 */
import { isDecimal } from '../../src/model/decimal.js'
import type { Invoice } from '../../src/model/invoice.js'
import { formatDate, formatDecimal } from '../../src/render/format.js'
import type { Language } from '../../src/render/i18n/index.js'

/** Keys whose values are not shown as text: the attachment content (listed by name and size), reader bookkeeping. */
const SKIP = new Set(['base64', 'source'])

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export type TermValue = { path: string; text: string }

export function termValues(invoice: Invoice, language: Language): TermValue[] {
  const out: TermValue[] = []
  const walk = (value: unknown, path: string): void => {
    if (value === undefined || value === null || typeof value === 'boolean') return
    if (isDecimal(value)) {
      out.push({ path, text: formatDecimal(value, language) })
      return
    }
    if (typeof value === 'string') {
      if (value.trim() === '') return
      out.push({ path, text: ISO_DATE.test(value) ? formatDate(value, language) : value })
      return
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}[${i}]`))
      return
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (!SKIP.has(k)) walk(v, path === '' ? k : `${path}.${k}`)
      return
    }
    out.push({ path, text: String(value) })
  }
  walk(invoice, '')
  return out
}

/** Text compared without any whitespace: line breaks and wrapping differ between HTML and PDF. */
export function squash(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, '')
}

/** The visible text of an HTML page (tags removed, entities decoded). */
export function htmlText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/** The values of `expected` that `text` lacks. */
export function missingValues(expected: readonly TermValue[], text: string): TermValue[] {
  const hay = squash(text)
  return expected.filter((v) => !hay.includes(squash(v.text)))
}
