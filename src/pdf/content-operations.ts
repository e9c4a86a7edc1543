/**
 * A content-stream reader that keeps operands (ISO 32000-1 7.8.2): numbers, names, strings as
 * bytes and arrays, each operator called with the operands before it. The text and transparency
 * checks of PDF/A need the operands (which font, which string, which graphics state); dictionaries
 * (marked-content properties) and inline-image data are skipped.
 * @module
 */
import { TOKEN, isNumberToken, lexContent, stringBytes, tokenText } from './content-lexer.js'

/** `null` stands for true, false, null and a malformed number (`1.2.3`). */
export type Operand = number | { name: string } | Uint8Array | Operand[] | null

/**
 * Calls `visit` for every operator with its operands, in order. Malformed input never throws:
 * unbalanced delimiters end the stream or are skipped.
 */
export function forEachOperation(data: Uint8Array, visit: (operator: string, operands: readonly Operand[]) => void): void {
  const stack: Operand[][] = [[]]
  lexContent(data, (kind, start, end, size, inDictionary) => {
    if (inDictionary) return
    if (kind === TOKEN.operator) {
      // An operator inside an unclosed array ends that array (a damaged stream).
      while (stack.length > 1) stack[stack.length - 2]!.push(stack.pop()!)
      visit(tokenText(data, start, end), stack[0]!)
      stack[0] = []
    } else if (kind === TOKEN.arrayOpen) stack.push([])
    else if (kind === TOKEN.arrayClose) {
      if (stack.length > 1) {
        const array = stack.pop()!
        stack[stack.length - 1]!.push(array)
      }
    } else {
      const operand =
        kind === TOKEN.string ? stringBytes(data, start, size)
        : kind === TOKEN.name ? { name: tokenText(data, start, end) }
        : kind === TOKEN.number && isNumberToken(data, start, end) ? Number(tokenText(data, start, end))
        : null
      stack[stack.length - 1]!.push(operand)
    }
  })
}
