/**
 * A content-stream scan for the text-showing state only: `q`/`Q`, `Tf`, `Tr` and the strings of
 * `Tj`, `'`, `"` and `TJ`. Same tokens and the same operand rules as forEachOperation
 * (content-operations.ts), but numbers are recognised without being read and no operand list is
 * built, so the scan the glyph rules run on every page stays cheap.
 * @module
 */
import { CLASS, hex, literal, skipInlineImage } from './content-operations.js'

export type TextShowVisitor = {
  save: () => void
  restore: () => void
  /** `Tf` with a name as its first operand. */
  font: (name: string | undefined) => void
  /** `Tr`: the rendering mode, 0 when the first operand is not a number. */
  mode: (mode: number) => void
  show: (bytes: Uint8Array) => void
}

/** `[+-]?(\d+\.?\d*|\.\d+)`: the shape of a number token. */
function isNumber(data: Uint8Array, from: number, to: number): boolean {
  let i = from
  if (data[i] === 0x2d || data[i] === 0x2b) i++
  let digits = 0
  let dot = false
  for (; i < to; i++) {
    const c = data[i]!
    if (c === 0x2e && !dot) dot = true
    else if (c >= 0x30 && c <= 0x39) digits++
    else return false
  }
  return digits > 0
}

const text = (data: Uint8Array, from: number, to: number): string => String.fromCharCode(...data.subarray(from, Math.min(to, from + 256)))

/** What the scan keeps of one top-level operand. */
type Kind = 'string' | 'name' | 'number' | 'array' | 'other'

export function scanTextShows(data: Uint8Array, visit: TextShowVisitor): void {
  const n = data.length
  let dictDepth = 0
  let arrayDepth = 0
  // The operands since the last operator: their count, the first one, the third and the last.
  let count = 0
  let firstKind = 'other' as Kind
  // A name or number operand is kept as its place in the stream: only Tf and Tr read one.
  let firstFrom = 0
  let firstTo = 0
  let firstArray: Uint8Array[] = []
  let third: Uint8Array | undefined
  let last: Uint8Array | undefined
  // The direct strings of the outermost open array.
  let arrayStrings: Uint8Array[] = []
  const operand = (kind: Kind, value?: Uint8Array, from = 0, to = 0): void => {
    if (dictDepth > 0) return
    if (arrayDepth > 0) {
      if (arrayDepth === 1 && kind === 'string') arrayStrings.push(value!)
      return
    }
    if (count === 0) {
      firstKind = kind
      firstFrom = from
      firstTo = to
      if (kind === 'array') firstArray = arrayStrings
    }
    if (count === 2) third = kind === 'string' ? value : undefined
    last = kind === 'string' ? value : undefined
    count++
  }
  const closeArray = (): void => {
    arrayDepth--
    if (arrayDepth === 0) {
      operand('array')
      arrayStrings = []
    }
  }
  let i = 0
  while (i < n) {
    const c = data[i]!
    const cls = CLASS[c]
    if (cls === 1) i++
    else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++
    } else if (c === 0x28) {
      const [bytes, next] = literal(data, i)
      operand('string', bytes)
      i = next
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      dictDepth++
      i += 2
    } else if (c === 0x3e && data[i + 1] === 0x3e) {
      dictDepth = Math.max(0, dictDepth - 1)
      i += 2
    } else if (c === 0x3c) {
      const [bytes, next] = hex(data, i)
      operand('string', bytes)
      i = next
    } else if (c === 0x5b) {
      if (dictDepth === 0) arrayDepth++
      i++
    } else if (c === 0x5d) {
      if (dictDepth === 0 && arrayDepth > 0) closeArray()
      i++
    } else if (c === 0x2f) {
      const start = ++i
      while (i < n && CLASS[data[i]!] === 0) i++
      operand('name', undefined, start, i)
    } else if (cls === 2) i++
    else {
      const start = i
      while (i < n && CLASS[data[i]!] === 0) i++
      const length = i - start
      if (isNumber(data, start, i)) {
        operand('number', undefined, start, i)
        continue
      }
      const a = data[start]!
      const b = length > 1 ? data[start + 1]! : 0
      // true, false, null are operands.
      if ((length === 4 && (a === 0x74 || a === 0x6e)) || (length === 5 && a === 0x66)) {
        const word = text(data, start, i)
        if (word === 'true' || word === 'null' || word === 'false') {
          operand('other')
          continue
        }
      }
      if (dictDepth > 0) continue
      // An operator inside an unclosed array ends that array (a damaged stream).
      while (arrayDepth > 0) closeArray()
      if (length === 1 && a === 0x71) visit.save()
      else if (length === 1 && a === 0x51) visit.restore()
      else if (length === 1 && a === 0x27 && last !== undefined) visit.show(last)
      else if (length === 1 && a === 0x22 && third !== undefined && count >= 3) visit.show(third)
      else if (length === 2 && a === 0x54) {
        if (b === 0x66) visit.font(firstKind === 'name' ? text(data, firstFrom, firstTo) : undefined)
        else if (b === 0x72) visit.mode(firstKind === 'number' ? Number(text(data, firstFrom, firstTo)) : 0)
        else if (b === 0x6a && last !== undefined) visit.show(last)
        else if (b === 0x4a && firstKind === 'array') for (const s of firstArray) visit.show(s)
      } else if (length === 2 && a === 0x49 && b === 0x44) i = skipInlineImage(data, i)
      count = 0
      firstKind = 'other'
      third = last = undefined
    }
  }
}
