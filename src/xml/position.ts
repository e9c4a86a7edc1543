/**
 * Positions for messages, and the one way this layer builds its errors:
 * `line L, column C: <reason>` with `{ line, column }` in details.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import type { EInvoiceErrorCode } from '../errors.js'

export type TextPosition = { line: number; column: number }

/**
 * 1-based line and column of a UTF-16 offset. CR LF, CR and LF each end a line (XML 1.0 §2.11).
 * Linear in the offset: for error paths only, never per element.
 */
export function lineColumnAt(text: string, offset: number): TextPosition {
  const end = Math.max(0, Math.min(offset, text.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

/** The error every refusal of this layer throws. */
export function xmlError(
  position: TextPosition,
  reason: string,
  extra: Record<string, string> = {},
  code: EInvoiceErrorCode = 'INVALID_XML',
): EInvoiceError {
  const { line, column } = position
  return new EInvoiceError(code, `line ${line}, column ${column}: ${reason}`, {
    details: { line: String(line), column: String(column), ...extra },
  })
}
