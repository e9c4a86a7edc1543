/**
 * Words wider than the line, broken into lines before pdfkit sees them. pdfkit breaks such a word
 * itself, but measures the rest of it again for every line (a font layout of all its characters
 * each time, and each kept in its cache): a note of one 20,000-character word took 13 s and 876 MB
 * to print, one of 200,000 characters over two minutes. Here each character is measured once.
 * @module
 */

/** Shorter runs of non-space characters are left to pdfkit: the cost of its own break stays small. */
const LONG_RUN = /\S{64,}/g

type Measure = { widthOfString(text: string): number }

/**
 * `text` with every run of 64 or more non-space characters that is wider than `width` (in the
 * document's current font and size) split into lines that fit, after the last `-` or `/` that
 * fits when there is one, else where the line is full.
 */
export function breakLongWords(doc: Measure, text: string, width: number): string {
  LONG_RUN.lastIndex = 0
  if (!LONG_RUN.test(text)) return text
  const widths = new Map<string, number>()
  const widthOf = (ch: string): number => {
    let w = widths.get(ch)
    if (w === undefined) widths.set(ch, (w = doc.widthOfString(ch)))
    return w
  }
  // pdfkit measures the line feed ending each line as a glyph (the font's missing-glyph width): a
  // line must leave room for it, or pdfkit moves its last character (a CJK one, which it may break
  // before) onto a line of its own.
  const room = width - doc.widthOfString('\n')
  return text.replace(LONG_RUN, (word) => splitWord(word, room, widthOf, (piece) => doc.widthOfString(piece)).join('\n'))
}

/**
 * Lines are first cut by the sum of their characters' widths, then measured as pdfkit measures
 * them (a run is laid out wider than its characters alone, by ~4 % in DejaVu Sans) and shortened
 * until they fit: a line pdfkit found too wide it would break again, leaving a lone character.
 * With `joined` (a script whose letters join, like Arabic, is laid out much narrower than its
 * letters alone), a line cut where it was full then takes as many more characters as still fit.
 */
export function splitWord(word: string, width: number, widthOf: (ch: string) => number, widthOfPiece: (piece: string) => number, joined = false): string[] {
  const lines: string[] = []
  let start = 0
  let used = 0
  /** Just after the last `-` or `/` on the current line (0: none). */
  let soft = 0
  for (let i = 0; i < word.length; ) {
    const ch = String.fromCodePoint(word.codePointAt(i) as number)
    const w = widthOf(ch)
    if (used + w > width && i > start) {
      let end = soft > start ? soft : i
      while (end > start + 1 && widthOfPiece(word.slice(start, end)) > width) end -= isLowSurrogate(word.charCodeAt(end - 1)) ? 2 : 1
      if (joined && end === i) end = extend(word, start, end, width, widthOfPiece)
      lines.push(word.slice(start, end))
      start = end
      used = 0
      soft = 0
      if (end > i) {
        i = end
        continue
      }
      for (const c of word.slice(start, i)) used += widthOf(c)
    }
    used += w
    i += ch.length
    if (ch === '-' || ch === '/') soft = i
  }
  // The last line, measured as a whole, may still be too wide.
  while (word.length - start > 1 && widthOfPiece(word.slice(start)) > width) {
    let end = word.length
    while (end > start + 1 && widthOfPiece(word.slice(start, end)) > width) end -= isLowSurrogate(word.charCodeAt(end - 1)) ? 2 : 1
    lines.push(word.slice(start, end))
    start = end
  }
  // A joined line may have taken the rest of the word already.
  if (start < word.length || lines.length === 0) lines.push(word.slice(start))
  return lines
}

/** The end of the longest piece from `start`, at least to `end`, that fits: steps halved as they overshoot. */
function extend(word: string, start: number, end: number, width: number, widthOfPiece: (piece: string) => number): number {
  for (let step = (end - start) >> 1; step >= 1 && end < word.length; ) {
    let next = Math.min(word.length, end + step)
    if (next < word.length && isLowSurrogate(word.charCodeAt(next))) next++
    if (widthOfPiece(word.slice(start, next)) <= width) end = next
    else step >>= 1
  }
  return end
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff
