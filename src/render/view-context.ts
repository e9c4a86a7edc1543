/**
 * What every part of the view builder needs: the language's labels and its formatters, bound
 * once per rendering.
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import type { Identifier } from '../model/invoice.js'
import { codeName } from './codes.js'
import { formatAmount, formatDate, formatDecimal, formatMoney, formatPercent } from './format.js'
import type { CodeListKey } from './i18n/code-names.js'
import type { Invoice } from '../model/invoice.js'
import { type DocumentKind, type Labels, type Language, labelsFor } from './i18n/index.js'

export type ViewContext = {
  language: Language
  t: Labels
  /** BT-5, the currency of every amount but BT-111. */
  currency: string
  money(value: Decimal | undefined, currency?: string): string | undefined
  amount(value: Decimal | undefined): string | undefined
  number(value: Decimal | undefined): string | undefined
  percent(value: Decimal | undefined): string | undefined
  date(value: string | undefined): string | undefined
  code(list: CodeListKey, value: string | undefined): string | undefined
  /** An identifier with its scheme: `4000001123452 (0088)`. */
  id(value: Identifier | undefined): string | undefined
  yesNo(value: boolean | undefined): string | undefined
}

/** Order-X documents and the order type codes (220 order, 230 change, 231 response) read as orders. */
export function documentKind(inv: Pick<Invoice, 'typeCode' | 'source'>): DocumentKind {
  return inv.source?.syntax === 'Order-X' || ['220', '230', '231'].includes(inv.typeCode ?? '') ? 'order' : 'invoice'
}

export function viewContext(language: Language, currency: string, kind: DocumentKind = 'invoice'): ViewContext {
  const t = labelsFor(language, kind)
  return {
    language,
    t,
    currency,
    money: (v, c = currency) => (v === undefined ? undefined : formatMoney(v, c, language)),
    amount: (v) => (v === undefined ? undefined : formatAmount(v, language)),
    number: (v) => (v === undefined ? undefined : formatDecimal(v, language)),
    percent: (v) => (v === undefined ? undefined : formatPercent(v, language)),
    date: (v) => (v === undefined ? undefined : formatDate(v, language)),
    code: (list, v) => (v === undefined ? undefined : codeName(list, v, language)),
    id: (v) => {
      if (v === undefined) return undefined
      const scheme = [v.schemeId, v.schemeVersion].filter((s) => s !== undefined && s !== '').join(' ')
      return scheme === '' ? v.value : `${v.value} (${t.scheme} ${scheme})`
    },
    yesNo: (v) => (v === undefined ? undefined : v ? t.yes : t.no),
  }
}
