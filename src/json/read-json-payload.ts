/**
 * A payload read straight from JSON text in one pass, steered by its zod schema: no quoting pass,
 * no intermediate object tree, no zod run on the happy path. Every field value is read by the
 * same function its zod schema runs (fields.ts), so what this returns equals
 * `readPayload(schema, parseJsonText(text))`. Anything off the common path (a syntax error, a
 * refused value, a duplicate key, a schema node without a form) makes it give up; the caller
 * then takes that slow path, which also words the error.
 * @module
 */
import { endianness } from 'node:os'
import { z } from 'zod'
import { FieldIssue, type FieldRead, fieldForms } from './fields.js'
import { shapeCode } from './object-shape.js'
import { quoteNumbers } from './parse-json.js'

/** Reads the value at the cursor (whitespace already skipped) and returns its output. */
type Reader = () => unknown

/** Thrown to give up on the fast path. */
const GIVE_UP: unique symbol = Symbol('give up')
/** A field not (yet) seen in the object being read. */
const ABSENT: unique symbol = Symbol('absent')
/** Nesting beyond this goes to the slow path (JSON.parse is not recursive, this reader is). */
const MAX_DEPTH = 200

let src = ''
let pos = 0
/**
 * Whether every string read so far is written by JSON.stringify as it is between quotes: no
 * escape in its token (an unescaped token holds no quote, backslash or control character) and no
 * surrogate. The response writer then skips its own scan of these strings.
 */
let plainStrings = true

/**
 * The text's UTF-16 code units (same offsets as `src`), read by the scanners: an element of a
 * typed array is cheaper to load than `charCodeAt`, which must dispatch on how V8 stores the
 * string. Two 0 units follow the text, so a scan running off its end stops at a character no
 * token allows (a string may step over one with its backslash).
 */
const EMPTY_CODES: Uint16Array = new Uint16Array(0)
let codes = EMPTY_CODES
/** Kept between calls for texts up to this many code units; a larger text gets its own array. */
const KEPT_CODES = 1 << 16
let keptCodes: Uint16Array = new Uint16Array(1024)
let keptBytes = Buffer.from(keptCodes.buffer)
const LITTLE_ENDIAN = endianness() === 'LE'

function loadCodes(text: string): Uint16Array {
  const length = text.length + 2
  if (!LITTLE_ENDIAN) {
    // Buffer's utf16le is little-endian; elsewhere copy unit by unit.
    const units = new Uint16Array(length)
    for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i)
    return units
  }
  let units = keptCodes
  let bytes = keptBytes
  if (length > units.length) {
    units = new Uint16Array(length)
    bytes = Buffer.from(units.buffer)
    if (length <= KEPT_CODES) {
      keptCodes = units
      keptBytes = bytes
    }
  }
  bytes.write(text, 0, 'utf16le')
  units[text.length] = 0
  units[text.length + 1] = 0
  return units
}

function giveUp(): never {
  // A private signal, caught in readPayloadText; never escapes.
  throw GIVE_UP
}

// The scanners work on local copies of the cursor: module variables cannot live in registers.
function skipWhitespace(): void {
  const text = codes
  let i = pos
  let c = text[i] as number
  // Most scans stop at once, on a character above the space: one compare.
  while (c <= 0x20 && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) c = text[++i] as number
  pos = i
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}

/** A string token (cursor on its quote), decoded as JSON.parse decodes it. */
function readString(): string {
  const text = codes
  const start = pos + 1
  let i = start
  let escaped = false
  for (;;) {
    const c = text[i] as number
    if (c === 0x22) break
    if (c === 0x5c) {
      escaped = true
      i += 2
      continue
    }
    // A raw control character is invalid JSON; so is the end of the text (a 0 after it, see loadCodes).
    if (c < 0x20) giveUp()
    if (c >= 0xd800 && c <= 0xdfff) plainStrings = false
    i++
  }
  pos = i + 1
  if (!escaped) return src.slice(start, i)
  plainStrings = false
  try {
    return JSON.parse(src.slice(start - 1, i + 1)) as string
  } catch {
    return giveUp()
  }
}

/** A number token's literal text, exactly JSON's grammar (as parseJsonText keeps it). */
function readNumber(): string {
  const text = codes
  const start = pos
  let i = start
  let c = text[i] as number
  if (c === 0x2d) c = text[++i] as number
  if (c === 0x30) c = text[++i] as number
  else if (c >= 0x31 && c <= 0x39) {
    do c = text[++i] as number
    while (isDigit(c))
  } else giveUp()
  if (c === 0x2e) {
    if (!isDigit(text[++i] as number)) giveUp()
    do c = text[++i] as number
    while (isDigit(c))
  }
  if (c === 0x65 || c === 0x45) {
    c = text[++i] as number
    if (c === 0x2b || c === 0x2d) c = text[++i] as number
    if (!isDigit(c)) giveUp()
    do c = text[++i] as number
    while (isDigit(c))
  }
  pos = i
  return src.slice(start, i)
}

function readWord<T>(word: string, value: T): T {
  if (!src.startsWith(word, pos)) giveUp()
  pos += word.length
  return value
}

/** Steps over any value, checking its syntax. */
function skipValue(depth: number): void {
  if (depth > MAX_DEPTH) giveUp()
  const c = codes[pos] as number
  if (c === 0x22) readString()
  else if (c === 0x7b || c === 0x5b) {
    const close = c === 0x7b ? 0x7d : 0x5d
    pos++
    skipWhitespace()
    if ((codes[pos] as number) === close) {
      pos++
      return
    }
    for (;;) {
      if (close === 0x7d) {
        if ((codes[pos] as number) !== 0x22) giveUp()
        readString()
        skipWhitespace()
        if ((codes[pos++] as number) !== 0x3a) giveUp()
        skipWhitespace()
      }
      skipValue(depth + 1)
      skipWhitespace()
      const next = codes[pos++] as number
      if (next === close) return
      if (next !== 0x2c) giveUp()
      skipWhitespace()
    }
  } else if (c === 0x74) readWord('true', true)
  else if (c === 0x66) readWord('false', false)
  else if (c === 0x6e) readWord('null', null)
  else readNumber()
}

/** Any value as parseJsonText gives it (numbers as their literal text). */
function readGeneric(): unknown {
  const start = pos
  skipValue(0)
  try {
    return JSON.parse(quoteNumbers(src.slice(start, pos)))
  } catch {
    return giveUp()
  }
}

/** A scalar as parseJsonText gives it; objects and arrays through the generic path. */
function readPlain(): unknown {
  const c = codes[pos] as number
  if (c === 0x22) return readString()
  if (c === 0x74) return readWord('true', true)
  if (c === 0x66) return readWord('false', false)
  if (c === 0x6e) return readWord('null', null)
  if (c === 0x7b || c === 0x5b) return readGeneric()
  return readNumber()
}

/** Numbers the sources ownCopy compiles: V8 caches an `eval` by its text and would give back the same function. */
let copies = 0
/**
 * Whether ownCopy compiles copies. Compiling one costs about 70 µs (66 readers for an Invoice:
 * ~5 ms), too much for a process that reads one text (the CLI), so the readers are first made
 * without copies and made again with them once this many texts have been read.
 */
const READS_BEFORE_COPIES = 20
let reads = 0
let copying = false

/** How many reader copies have been compiled (for tests). */
export function readerCopies(): number {
  return copies
}

/**
 * `generic` compiled again from its own source text, by `evaluate`: a direct `eval` written where
 * `generic` was made, so the copy sees the same variables. V8 keeps one set of feedback for all
 * closures made at one site, so the readers of every schema shared one: the calls of each
 * field's reader and of the generated shape code, and the property loads and stores, were
 * megamorphic, and none could be inlined. A copy has feedback of its own (made only after
 * READS_BEFORE_COPIES texts). Where code generation from strings is refused
 * (`--disallow-code-generation-from-strings`, a content security policy) `eval` throws an
 * EvalError; then, as on any other failure, `generic` itself is used: slower, same results.
 */
function ownCopy(generic: Reader, evaluate: (source: string) => unknown): Reader {
  if (!copying) return generic
  try {
    const copy = evaluate(`(${generic.toString()})\n//${copies}`)
    if (typeof copy !== 'function') return generic
    copies++
    return copy as Reader
  } catch {
    return generic
  }
}

function leafReader(read: FieldRead<unknown>): Reader {
  const generic: Reader = () => {
    const result = read(readPlain())
    return result instanceof FieldIssue ? giveUp() : result
  }
  return ownCopy(generic, (source) => eval(source))
}

function listReader(item: Reader): Reader {
  const generic: Reader = () => {
    const c = codes[pos] as number
    if (c === 0x6e) return readWord('null', undefined)
    if (c !== 0x5b) giveUp()
    pos++
    skipWhitespace()
    const out: unknown[] = []
    if ((codes[pos] as number) === 0x5d) {
      pos++
      return out
    }
    for (;;) {
      out.push(item())
      skipWhitespace()
      const next = codes[pos++] as number
      if (next === 0x5d) return out
      if (next !== 0x2c) giveUp()
      skipWhitespace()
    }
  }
  return ownCopy(generic, (source) => eval(source))
}

/** What an absent key gives in zod's output: nothing, a value, or (for this reader) the slow path. */
type Absence = { kind: 'omit' } | { kind: 'value'; value: unknown } | { kind: 'issue' }

function absenceOf(schema: z.ZodType): Absence {
  const probe = z.object({ key: schema }).safeParse({})
  if (!probe.success) return { kind: 'issue' }
  if (!('key' in probe.data)) return { kind: 'omit' }
  const value: unknown = probe.data.key
  // A default object must be fresh each time: left to zod.
  return typeof value === 'object' && value !== null ? { kind: 'issue' } : { kind: 'value', value }
}

/**
 * An object: known keys read by their field's reader, unknown keys skipped, output in the shape's
 * key order as zod writes it. `mergeVatId` applies TradeParty's rule: when both vatID and vatid
 * are given, the later one in the text wins for both.
 *
 * Keys given in shape order (the common case: payloads are written from the same model) go
 * straight into the output; the first key out of order moves what was read into slots, and the
 * output is built from them at the end.
 */
function objectReader(schema: z.ZodObject, mergeVatId: boolean): Reader {
  const names = Object.keys(schema.shape)
  const count = names.length
  const index = new Map(names.map((name, i) => [name, i]))
  const readers: Reader[] = []
  const absences: Absence[] = []
  for (const name of names) {
    const field = schema.shape[name] as z.ZodType
    readers.push(readerFor(field))
    absences.push(absenceOf(field))
  }
  const code = shapeCode(names, readers)
  // A required field may come later in the text: only the slots can tell it is missing.
  const inOrder = absences.every((a) => a.kind !== 'issue')
  // The key that followed each key last time (`after[count]`: the first key), tried before a lookup.
  const after: number[] = new Array<number>(count + 1).fill(-1)
  const vatIdAt = index.get('vatID') ?? -1
  const vatidAt = index.get('vatid') ?? -1
  const merges = mergeVatId && vatIdAt >= 0 && vatidAt >= 0

  // The first field from each index on whose absence needs work (most are simply omitted), so
  // settling a gap jumps over the omitted ones instead of visiting every field of a wide shape.
  const nextToSettle = new Int32Array(count + 1).fill(count)
  for (let j = count - 1; j >= 0; j--) {
    nextToSettle[j] = (absences[j] as Absence).kind === 'omit' ? (nextToSettle[j + 1] as number) : j
  }

  /** Sets fields [from, to) that the text left out, as zod would. */
  const settleAbsent = (out: Record<string, unknown>, from: number, to: number): void => {
    for (let j = nextToSettle[from] as number; j < to; j = nextToSettle[j + 1] as number) {
      const absence = absences[j] as Absence
      if (absence.kind === 'value') code.store(out, j, absence.value)
      else if (absence.kind === 'issue') giveUp()
    }
  }

  /** The fields below `settled` read so far, as slots (a default counts as not read). */
  const toSlots = (out: Record<string, unknown>, settled: number): unknown[] => {
    const slots: unknown[] = new Array<unknown>(count).fill(ABSENT)
    for (let j = 0; j < settled; j++) {
      const name = names[j] as string
      if (!Object.hasOwn(out, name)) continue
      const absence = absences[j] as Absence
      if (absence.kind !== 'value' || out[name] !== absence.value) slots[j] = out[name]
    }
    return slots
  }

  const generic: Reader = () => {
    if ((codes[pos] as number) !== 0x7b) giveUp()
    pos++
    skipWhitespace()
    let out: Record<string, unknown> = {}
    let slots: unknown[] | undefined = inOrder ? undefined : new Array<unknown>(count).fill(ABSENT)
    let settled = 0
    let previous = count
    let vatidLast = false
    if ((codes[pos] as number) === 0x7d) pos++
    else {
      for (;;) {
        // A key is matched in place (no substring, no lookup): first against the one that followed
        // last time, then against the names; an escaped or unknown key is read and looked up.
        let i: number | undefined = after[previous] as number
        const end = i >= 0 ? code.keyEnd(codes, pos, i) : -1
        if (end >= 0) pos = end
        else {
          i = code.find(codes, pos)
          if (i >= 0) pos += (names[i] as string).length + 2
          else {
            if ((codes[pos] as number) !== 0x22) giveUp()
            i = index.get(readString())
          }
          if (i !== undefined) after[previous] = i
        }
        skipWhitespace()
        if ((codes[pos++] as number) !== 0x3a) giveUp()
        skipWhitespace()
        if (i === undefined) skipValue(0)
        else {
          previous = i
          const value = code.read(i)
          if (slots === undefined && i >= settled) {
            settleAbsent(out, settled, i)
            code.store(out, i, value)
            settled = i + 1
          } else {
            slots ??= toSlots(out, settled)
            // JSON.parse keeps the last of duplicate keys; rare enough to leave to the slow path.
            if (slots[i] !== ABSENT) giveUp()
            slots[i] = value
          }
          if (i === vatidAt) vatidLast = true
          else if (i === vatIdAt) vatidLast = false
        }
        skipWhitespace()
        const next = codes[pos++] as number
        if (next === 0x7d) break
        if (next !== 0x2c) giveUp()
        skipWhitespace()
      }
    }
    if (slots === undefined) {
      settleAbsent(out, settled, count)
      if (merges && Object.hasOwn(out, 'vatID') && Object.hasOwn(out, 'vatid')) {
        const winner = vatidLast ? out['vatid'] : out['vatID']
        out['vatID'] = winner
        out['vatid'] = winner
      }
      return out
    }
    if (merges && slots[vatIdAt] !== ABSENT && slots[vatidAt] !== ABSENT) {
      const winner = vatidLast ? slots[vatidAt] : slots[vatIdAt]
      slots[vatIdAt] = winner
      slots[vatidAt] = winner
    }
    out = {}
    for (let i = 0; i < count; i++) {
      const value = slots[i]
      if (value !== ABSENT) code.store(out, i, value)
      else {
        const absence = absences[i] as Absence
        if (absence.kind === 'value') code.store(out, i, absence.value)
        else if (absence.kind === 'issue') giveUp()
      }
    }
    return out
  }
  return ownCopy(generic, (source) => eval(source))
}

/** A node without a form: read generically, then run its own zod schema. */
function zodReader(schema: z.ZodType): Reader {
  return () => {
    const result = schema.safeParse(readGeneric())
    return result.success ? result.data : giveUp()
  }
}

/** A z.object this reader reads itself: no catchall, no checks of its own (refine). */
function plainObject(schema: z.ZodType): z.ZodObject | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined
  return schema.def.catchall === undefined && (schema.def.checks ?? []).length === 0 ? schema : undefined
}

function compile(schema: z.ZodType): Reader {
  const form = fieldForms.get(schema)
  if (form?.kind === 'leaf') return leafReader(form.read)
  if (form?.kind === 'list') return listReader(readerFor(form.item))
  if (form?.kind === 'nullish') {
    const inner = readerFor(form.inner)
    const generic: Reader = () => ((codes[pos] as number) === 0x6e ? readWord('null', undefined) : inner())
    return ownCopy(generic, (source) => eval(source))
  }
  if (form?.kind === 'mergeVatId') {
    const object = plainObject(form.object)
    return object === undefined ? zodReader(schema) : objectReader(object, true)
  }
  if (schema instanceof z.ZodOptional) return readerFor(schema.unwrap() as z.ZodType)
  const object = plainObject(schema)
  return object === undefined ? zodReader(schema) : objectReader(object, false)
}

let readers = new WeakMap<z.ZodType, Reader>()

function readerFor(schema: z.ZodType): Reader {
  let reader = readers.get(schema)
  if (reader === undefined) {
    reader = compile(schema)
    readers.set(schema, reader)
  }
  return reader
}

/**
 * Reads `text` as `schema` in one pass.
 * @returns the payload, with whether each of its strings needs no escaping in JSON (no escape in
 * the text, no surrogate; strings the schema makes itself are derived from those or constant);
 * undefined when the text needs the slow path (parseJsonText + readPayload).
 */
export function readPayloadText<S extends z.ZodType>(
  schema: S,
  text: string,
): { payload: z.output<S>; plainStrings: boolean } | undefined {
  if (!copying && ++reads === READS_BEFORE_COPIES) {
    // The readers made again, now as copies (see ownCopy).
    copying = true
    readers = new WeakMap()
  }
  const reader = readerFor(schema)
  src = text
  codes = loadCodes(text)
  pos = text.charCodeAt(0) === 0xfeff ? 1 : 0
  plainStrings = true
  try {
    skipWhitespace()
    const payload = reader() as z.output<S>
    skipWhitespace()
    return pos === src.length ? { payload, plainStrings } : undefined
  } catch {
    // GIVE_UP, or anything unexpected (e.g. a stack overflow): the slow path decides.
    return undefined
  } finally {
    src = ''
    codes = EMPTY_CODES
  }
}
