/**
 * A content-stream reader that keeps operands (ISO 32000-1 7.8.2): numbers, names, strings as
 * bytes and arrays, each operator called with the operands before it. The text and transparency
 * checks of PDF/A need the operands (which font, which string, which graphics state); dictionaries
 * (marked-content properties) and inline-image data are skipped.
 * @module
 */

export type Operand = number | { name: string } | Uint8Array | Operand[] | null

/** Character classes by code (ISO 32000-1 7.2.2): 1 whitespace, 2 delimiter, 0 regular. */
export const CLASS = new Uint8Array(256)
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = 2

const ESCAPES: Readonly<Record<number, number>> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c }

/** A literal string from `(` at `i`: its bytes and the index after its `)`. */
export function literal(data: Uint8Array, i: number): [Uint8Array, number] {
  const out: number[] = []
  let depth = 1
  i++
  while (i < data.length) {
    const c = data[i]!
    if (c === 0x5c) {
      const e = data[i + 1] ?? 0
      if (e >= 0x30 && e <= 0x37) {
        let v = 0
        let k = 0
        while (k < 3 && (data[i + 1 + k] ?? 0) >= 0x30 && (data[i + 1 + k] ?? 0) <= 0x37) v = v * 8 + (data[i + 1 + k++]! - 0x30)
        out.push(v & 0xff)
        i += 1 + k
      } else if (e === 0x0d || e === 0x0a) {
        // A backslash before a line end continues the string on the next line.
        i += e === 0x0d && data[i + 2] === 0x0a ? 3 : 2
      } else {
        out.push(ESCAPES[e] ?? e)
        i += 2
      }
      continue
    }
    if (c === 0x28) depth++
    else if (c === 0x29 && --depth === 0) return [Uint8Array.from(out), i + 1]
    out.push(c)
    i++
  }
  return [Uint8Array.from(out), i]
}

const hexValue = (c: number): number => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1)

/** A hex string from `<` at `i` (an odd final digit counts as followed by 0). */
export function hex(data: Uint8Array, i: number): [Uint8Array, number] {
  const out: number[] = []
  let high = -1
  i++
  while (i < data.length && data[i] !== 0x3e) {
    const v = hexValue(data[i]!)
    i++
    if (v < 0) continue
    if (high < 0) high = v
    else {
      out.push(high * 16 + v)
      high = -1
    }
  }
  if (high >= 0) out.push(high * 16)
  return [Uint8Array.from(out), i + 1]
}

const latin1 = (data: Uint8Array, from: number, to: number): string => String.fromCharCode(...data.subarray(from, Math.min(to, from + 256)))

/** After `ID`: inline image data ends at whitespace + `EI` + whitespace or the end. */
export function skipInlineImage(data: Uint8Array, i: number): number {
  for (let j = i + 1; j + 1 < data.length; j++) {
    if (data[j] === 0x45 && data[j + 1] === 0x49 && CLASS[data[j - 1]!] === 1 && (j + 2 >= data.length || CLASS[data[j + 2]!] === 1)) return j + 2
  }
  return data.length
}

/**
 * Calls `visit` for every operator with its operands, in order. Malformed input never throws:
 * unbalanced delimiters end the stream or are skipped.
 */
export function forEachOperation(data: Uint8Array, visit: (operator: string, operands: readonly Operand[]) => void): void {
  const stack: Operand[][] = [[]]
  let dictDepth = 0
  const push = (o: Operand): void => {
    if (dictDepth === 0) stack[stack.length - 1]!.push(o)
  }
  const n = data.length
  let i = 0
  while (i < n) {
    const c = data[i]!
    const cls = CLASS[c]
    if (cls === 1) {
      i++
    } else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++
    } else if (c === 0x28) {
      const [bytes, next] = literal(data, i)
      push(bytes)
      i = next
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      dictDepth++
      i += 2
    } else if (c === 0x3e && data[i + 1] === 0x3e) {
      dictDepth = Math.max(0, dictDepth - 1)
      i += 2
    } else if (c === 0x3c) {
      const [bytes, next] = hex(data, i)
      push(bytes)
      i = next
    } else if (c === 0x5b) {
      if (dictDepth === 0) stack.push([])
      i++
    } else if (c === 0x5d) {
      if (dictDepth === 0 && stack.length > 1) {
        const array = stack.pop()!
        push(array)
      }
      i++
    } else if (c === 0x2f) {
      const start = ++i
      while (i < n && CLASS[data[i]!] === 0) i++
      push({ name: latin1(data, start, i) })
    } else if (cls === 2) {
      i++
    } else {
      const start = i
      while (i < n && CLASS[data[i]!] === 0) i++
      const word = latin1(data, start, i)
      const number = Number(word)
      if (word === 'true' || word === 'false') push(null)
      else if (word === 'null') push(null)
      else if (!Number.isNaN(number) && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) push(number)
      else if (dictDepth === 0) {
        // An operator inside an unclosed array ends that array (a damaged stream).
        while (stack.length > 1) stack[stack.length - 2]!.push(stack.pop()!)
        visit(word, stack[0]!)
        stack[0] = []
        if (word === 'ID') i = skipInlineImage(data, i)
      }
    }
  }
}
