/**
 * A content-stream scan for the text-showing state only: `q`/`Q`, `Tf`, `Tr` and the strings of
 * `Tj`, `'`, `"` and `TJ`. The same lexer and operand rules as forEachOperation
 * (content-operations.ts), but numbers are recognised without being read and no operand list is
 * built, so the scan the glyph rules run on every page stays cheap.
 * @module
 */
import { TOKEN, isNumberToken, lexContent, stringBytes, tokenText } from './content-lexer.js'

export type TextShowVisitor = {
  save: () => void
  restore: () => void
  /** `Tf` with a name as its first operand. */
  font: (name: string | undefined) => void
  /** `Tr`: the rendering mode, 0 when the first operand is not a number. */
  mode: (mode: number) => void
  show: (bytes: Uint8Array) => void
}

/** What the scan keeps of one top-level operand. */
type Kind = 'string' | 'name' | 'number' | 'array' | 'other'

export function scanTextShows(data: Uint8Array, visit: TextShowVisitor): void {
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
  lexContent(data, (kind, start, end, size, inDictionary) => {
    if (inDictionary) return
    if (kind === TOKEN.string) operand('string', stringBytes(data, start, size))
    else if (kind === TOKEN.name) operand('name', undefined, start, end)
    else if (kind === TOKEN.number) operand(isNumberToken(data, start, end) ? 'number' : 'other', undefined, start, end)
    else if (kind === TOKEN.keyword) operand('other')
    else if (kind === TOKEN.arrayOpen) arrayDepth++
    else if (kind === TOKEN.arrayClose) {
      if (arrayDepth > 0) closeArray()
    } else {
      // An operator inside an unclosed array ends that array (a damaged stream).
      while (arrayDepth > 0) closeArray()
      const length = end - start
      const a = data[start]!
      const b = length > 1 ? data[start + 1]! : 0
      if (length === 1 && a === 0x71) visit.save()
      else if (length === 1 && a === 0x51) visit.restore()
      else if (length === 1 && a === 0x27 && last !== undefined) visit.show(last)
      else if (length === 1 && a === 0x22 && third !== undefined && count >= 3) visit.show(third)
      else if (length === 2 && a === 0x54) {
        if (b === 0x66) visit.font(firstKind === 'name' ? tokenText(data, firstFrom, firstTo) : undefined)
        else if (b === 0x72) visit.mode(firstKind === 'number' ? Number(tokenText(data, firstFrom, firstTo)) : 0)
        else if (b === 0x6a && last !== undefined) visit.show(last)
        else if (b === 0x4a && firstKind === 'array') for (const s of firstArray) visit.show(s)
      }
      count = 0
      firstKind = 'other'
      third = last = undefined
    }
  })
}
