/**
 * The graphics values ISO 19005-3 restricts that only content streams carry: the `ri` operator's
 * rendering intent (6.2.6) and an inline image's `/Intent` (6.2.6), `/I` or `/Interpolate`
 * (6.2.8) and `/F` or `/Filter` (6.1.10). Read token by token from the caller's own lexer pass, so
 * the PDF/A check (src/validate/pdf/content-limits-check.ts) and pdf2pdfa (pdfa-fixes.ts) read a
 * stream alike without lexing it twice.
 * @module
 */
import { type LexVisitor, TOKEN, type TokenKind, decodeName, tokenText } from './content-lexer.js'
import { INLINE_IMAGE_FILTERS, RENDERING_INTENTS } from './pdfa-facts.js'

/** One value PDF/A forbids; `at` is the byte offset of its token (a name's slash). */
export type GraphicsValueProblem =
  | { kind: 'intent'; inline: boolean; at: number; intent: string }
  | { kind: 'interpolate'; at: number; key: string }
  /** `filter` undefined: the entry is no name (`raw` is its text). */
  | { kind: 'inline-filter'; at: number; filter: string | undefined; raw: string }

const isOperator = (data: Uint8Array, start: number, end: number, op: string): boolean =>
  end - start === 2 && data[start] === op.charCodeAt(0) && data[start + 1] === op.charCodeAt(1)

/** A token visitor that reports each forbidden value of the stream `data` as it passes. */
export function graphicsValueReader(data: Uint8Array, report: (problem: GraphicsValueProblem) => void): LexVisitor {
  const name = (start: number, end: number): string => decodeName(tokenText(data, start, end))
  // The last name operand outside arrays and dictionaries since the last operator (`ri`'s operand).
  let nameStart = -1
  let nameEnd = -1
  let nesting = 0
  // Between BI and ID: the inline image's dictionary, read key by value at the top level.
  let inline = false
  let inlineKey: string | undefined
  // Inside the array an inline image's /F (or /Filter) holds.
  let inlineFilters = false

  const filter = (kind: TokenKind, start: number, end: number): void => {
    const value = kind === TOKEN.name ? name(start, end) : undefined
    if (value !== undefined && INLINE_IMAGE_FILTERS.has(value)) return
    report({ kind: 'inline-filter', at: kind === TOKEN.name ? start - 1 : start, filter: value, raw: tokenText(data, start, end, 32) })
  }
  const inlineValue = (kind: TokenKind, start: number, end: number): void => {
    const key = inlineKey
    inlineKey = undefined
    if (key === 'Intent' && kind === TOKEN.name) {
      const intent = name(start, end)
      if (!RENDERING_INTENTS.has(intent)) report({ kind: 'intent', inline: true, at: start - 1, intent })
    } else if ((key === 'I' || key === 'Interpolate') && kind === TOKEN.keyword && tokenText(data, start, end) === 'true') {
      report({ kind: 'interpolate', at: start, key })
    } else if (key === 'F' || key === 'Filter') {
      if (kind === TOKEN.arrayOpen) inlineFilters = true
      else filter(kind, start, end)
    }
  }

  return (kind, start, end) => {
    if (inlineFilters && nesting === 1 && kind !== TOKEN.arrayClose) filter(kind, start, end)
    if (inline && nesting === 0 && kind !== TOKEN.operator && kind !== TOKEN.arrayClose && kind !== TOKEN.dictClose) {
      if (inlineKey === undefined && kind === TOKEN.name) inlineKey = name(start, end)
      else inlineValue(kind, start, end)
    }
    if (kind === TOKEN.name) {
      if (nesting === 0) {
        nameStart = start
        nameEnd = end
      }
    } else if (kind === TOKEN.arrayOpen || kind === TOKEN.dictOpen) nesting++
    else if (kind === TOKEN.arrayClose || kind === TOKEN.dictClose) {
      nesting = Math.max(0, nesting - 1)
      if (nesting === 0) inlineFilters = false
    } else if (kind === TOKEN.operator) {
      nesting = 0
      if (isOperator(data, start, end, 'BI') || isOperator(data, start, end, 'ID')) {
        inline = data[start] === 0x42
        inlineKey = undefined
        inlineFilters = false
      } else if (isOperator(data, start, end, 'ri') && nameStart >= 0) {
        const intent = name(nameStart, nameEnd)
        if (!RENDERING_INTENTS.has(intent)) report({ kind: 'intent', inline: false, at: nameStart - 1, intent })
      }
      nameStart = -1
    }
  }
}
