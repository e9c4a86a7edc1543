/**
 * What the PDF/A width check needs from an embedded Type 1 program (FontFile; Adobe Type 1 Font
 * Format): each glyph's advance width in 1/1000 em by glyph name, and the program's built-in
 * encoding. The width is the `wx` operand of the charstring's `hsbw` (or `sbw`), its first
 * command; charstrings are eexec- and then charstring-encrypted. Reading is bounded (every
 * charstring is interpreted only up to its width, subroutine calls at most 10 deep and 200
 * operations) and a damaged program yields undefined, never an exception.
 * @module
 */

export type Type1Metrics = {
  /** Advance width by glyph name, in 1/1000 em (the FontMatrix applied). */
  widths: ReadonlyMap<string, number>
  /** The program's own encoding: code → glyph name ('StandardEncoding' when it names that one). */
  encoding: readonly (string | undefined)[] | 'StandardEncoding'
}

const EEXEC_KEY = 55665
const CHARSTRING_KEY = 4330

/** Type 1 decryption (section 7): each cipher byte feeds the key of the next. */
function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, data.length - skip))
  let r = key
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!
    const p = c ^ (r >> 8)
    r = ((c + r) * 52845 + 22719) & 0xffff
    if (i >= skip) out[i - skip] = p & 0xff
  }
  return out
}

const latin1 = (data: Uint8Array): string => {
  let s = ''
  for (let i = 0; i < data.length; i += 8192) s += String.fromCharCode(...data.subarray(i, i + 8192))
  return s
}

/** A PFB file stored as is (segment headers 0x80 t len32le) becomes the plain PFA-style bytes. */
function withoutPfbHeaders(data: Uint8Array): Uint8Array {
  if (data[0] !== 0x80 || data[1] !== 0x01) return data
  const parts: Uint8Array[] = []
  let at = 0
  while (at + 6 <= data.length && data[at] === 0x80 && (data[at + 1] === 1 || data[at + 1] === 2)) {
    const length = data[at + 2]! | (data[at + 3]! << 8) | (data[at + 4]! << 16) | (data[at + 5]! << 24)
    if (length < 0 || at + 6 + length > data.length) break
    parts.push(data.subarray(at + 6, at + 6 + length))
    at += 6 + length
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)

/** The eexec section as binary: hex when its first four bytes are hex digits (section 7.2). */
function eexecBinary(data: Uint8Array): Uint8Array {
  if (data.length < 4 || ![0, 1, 2, 3].every((i) => isHex(data[i]!))) return data
  const out: number[] = []
  let high = -1
  for (const c of data) {
    if (!isHex(c)) continue
    const v = c <= 0x39 ? c - 0x30 : (c | 0x20) - 87
    if (high < 0) high = v
    else {
      out.push(high * 16 + v)
      high = -1
    }
  }
  return Uint8Array.from(out)
}

/** Built-in encoding of the clear-text part: `StandardEncoding`, or `dup code /name put` entries. */
function clearEncoding(clear: string): Type1Metrics['encoding'] {
  if (/\/Encoding\s+StandardEncoding\s+def/.test(clear)) return 'StandardEncoding'
  const names: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined)
  for (const m of clear.matchAll(/dup\s+(\d+)\s*\/([^\s/[\]{}()<>]+)\s+put/g)) {
    const code = Number(m[1])
    if (code < 256) names[code] = m[2]
  }
  return names
}

/** The FontMatrix's horizontal scale × 1000 (1 for the usual [0.001 0 0 0.001 0 0]). */
function matrixScale(clear: string): number {
  const m = /\/FontMatrix\s*\[\s*([-+\d.eE]+)/.exec(clear)
  const a = m === null ? 0.001 : Number(m[1])
  return Number.isFinite(a) && a !== 0 ? a * 1000 : 1
}

type Charstrings = { glyphs: Map<string, Uint8Array>; subrs: Uint8Array[]; lenIV: number }

/** Reads `len RD <bytes>` at `at` (after the name or `dup i`): the bytes and the index after them. */
function binaryToken(text: string, data: Uint8Array, at: number): [Uint8Array, number] | undefined {
  const m = /^\s*(\d+)\s+(\S+) /.exec(text.slice(at, at + 40))
  if (m === null) return undefined
  const start = at + m[0].length
  const length = Number(m[1])
  if (start + length > data.length) return undefined
  return [data.subarray(start, start + length), start + length]
}

/** The Subrs and CharStrings of the decrypted private part. */
function charstrings(priv: Uint8Array): Charstrings | undefined {
  const text = latin1(priv)
  const lenIV = Number(/\/lenIV\s+(-?\d+)/.exec(text)?.[1] ?? 4)
  const subrs: Uint8Array[] = []
  const subrsAt = text.indexOf('/Subrs')
  const charsAt = text.indexOf('/CharStrings')
  if (charsAt < 0) return undefined
  if (subrsAt >= 0 && subrsAt < charsAt) {
    const re = /dup\s+(\d+)/y
    let at = text.indexOf('array', subrsAt) + 5
    for (let guard = 0; at > 4 && guard < 65536; guard++) {
      const ws = /\s*/y
      ws.lastIndex = at
      ws.exec(text)
      re.lastIndex = ws.lastIndex
      const m = re.exec(text)
      if (m === null) break
      const token = binaryToken(text, priv, re.lastIndex)
      if (token === undefined) break
      subrs[Number(m[1])] = token[0]
      // Skip the closing `NP` / `|` / `noaccess put`.
      at = token[1]
      const tail = /\s*(NP|\||noaccess\s+put)/y
      tail.lastIndex = at
      if (tail.exec(text) !== null) at = tail.lastIndex
    }
  }
  const glyphs = new Map<string, Uint8Array>()
  const begin = text.indexOf('begin', charsAt)
  if (begin < 0) return undefined
  const entry = /\s*\/([^\s/[\]{}()<>]+)/y
  let at = begin + 5
  for (let guard = 0; guard < 65536; guard++) {
    entry.lastIndex = at
    const m = entry.exec(text)
    if (m === null) break
    const token = binaryToken(text, priv, entry.lastIndex)
    if (token === undefined) break
    glyphs.set(m[1]!, token[0])
    at = token[1]
    const tail = /\s*(ND|\|-|noaccess\s+def)/y
    tail.lastIndex = at
    if (tail.exec(text) !== null) at = tail.lastIndex
  }
  return glyphs.size === 0 ? undefined : { glyphs, subrs, lenIV }
}

/** The advance width a Type 1 charstring sets (hsbw / sbw), following callsubr; undefined if none. */
function charstringWidth(code: Uint8Array, cs: Charstrings): number | undefined {
  const stack: number[] = []
  let steps = 0
  const run = (bytes: Uint8Array, depth: number): number | 'return' | undefined => {
    const plain = cs.lenIV < 0 ? bytes : decrypt(bytes, CHARSTRING_KEY, cs.lenIV)
    for (let i = 0; i < plain.length; ) {
      if (++steps > 200) return undefined
      const v = plain[i]!
      if (v >= 32) {
        if (v <= 246) stack.push(v - 139)
        else if (v <= 250) stack.push((v - 247) * 256 + (plain[++i] ?? 0) + 108)
        else if (v <= 254) stack.push(-(v - 251) * 256 - (plain[++i] ?? 0) - 108)
        else {
          stack.push(((plain[i + 1]! << 24) | (plain[i + 2]! << 16) | (plain[i + 3]! << 8) | plain[i + 4]!) >> 0)
          i += 4
        }
        i++
        continue
      }
      i++
      if (v === 13) return stack.length >= 2 ? stack[stack.length - 1] : undefined // hsbw: sbx wx
      if (v === 12) {
        const e = plain[i++]
        if (e === 7) return stack.length >= 4 ? stack[stack.length - 2] : undefined // sbw: sbx sby wx wy
        if (e === 12 && stack.length >= 2) {
          // div: widths of fractional size are written as a quotient.
          const b = stack.pop()!
          const a = stack.pop()!
          stack.push(b === 0 ? 0 : a / b)
          continue
        }
        return undefined
      }
      if (v === 10) {
        const index = stack.pop()
        const subr = index === undefined ? undefined : cs.subrs[index]
        if (subr === undefined || depth >= 10) return undefined
        const r = run(subr, depth + 1)
        if (r !== 'return') return r
        continue
      }
      if (v === 11) return 'return'
      return undefined // any other command before the width: not a charstring we can read
    }
    return undefined
  }
  const r = run(code, 0)
  return typeof r === 'number' ? r : undefined
}

/**
 * Widths and built-in encoding of a Type 1 program. `clearLength` is the stream's /Length1 (the
 * clear-text part); when missing or wrong, the part ends after `eexec` and its line end.
 */
export function type1Metrics(program: Uint8Array, clearLength?: number): Type1Metrics | undefined {
  try {
    const data = withoutPfbHeaders(program)
    const head = latin1(data.subarray(0, Math.min(data.length, clearLength !== undefined && clearLength > 0 ? clearLength + 16 : 65536)))
    const eexec = head.indexOf('eexec')
    if (eexec < 0) return undefined
    let start = clearLength !== undefined && clearLength > eexec && clearLength <= data.length ? clearLength : eexec + 5
    while (start < data.length && (data[start] === 0x0d || data[start] === 0x0a || data[start] === 0x20 || data[start] === 0x09)) start++
    const clear = head.slice(0, eexec)
    const priv = decrypt(eexecBinary(data.subarray(start)), EEXEC_KEY, 4)
    const cs = charstrings(priv)
    if (cs === undefined) return undefined
    const scale = matrixScale(clear)
    const widths = new Map<string, number>()
    for (const [name, code] of cs.glyphs) {
      const w = charstringWidth(code, cs)
      if (w !== undefined && Number.isFinite(w)) widths.set(name, scale === 1 ? w : Math.round(w * scale))
    }
    return widths.size === 0 ? undefined : { widths, encoding: clearEncoding(clear) }
  } catch {
    return undefined // a damaged program is not compared
  }
}
