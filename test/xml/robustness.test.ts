/**
 * Mutated corpus files (fixed seed): the scanner and the saxes reference must agree on accept vs
 * refuse for every mutation, refuse with the same error code, and the scanner must throw nothing
 * but EInvoiceError. Messages may be worded differently where the scanner says more; how many
 * differ is printed.
 */
import { describe, expect, it } from 'vitest'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { compareParsers } from '../helpers/xml-compare.js'

noteIfNoCorpus('xml robustness')

/** mulberry32: a tiny deterministic PRNG, so every run tries the same mutations. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Byte strings that break (or just change) markup when put anywhere. */
const TOKENS = ['<', '>', '&', '"', "'", ']]>', '\0', '\x01', '\r', '\n', ' ', ':', '=', '/', '!', '?', '-', '--', '&amp;', '&#0;', '&nbsp;', '<!DOCTYPE x>', '<?xml version="1.0"?>', '<![CDATA[', '<a>', '</a>', 'é', '\uFFFF'].map((t) =>
  Buffer.from(t, 'utf8'),
)
/** Bytes that are not UTF-8 or not allowed in XML: lone continuation, overlong, surrogate, truncated sequence. */
const BAD_BYTES = [Buffer.from([0xff]), Buffer.from([0x80]), Buffer.from([0xc0, 0xbc]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe2, 0x82])]

type Mutation = { label: string; bytes: Buffer }

function mutations(file: string, bytes: Buffer, next: () => number): Mutation[] {
  const out: Mutation[] = []
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const at = (): number => Math.floor(next() * bytes.length)
  const splice = (offset: number, remove: number, insert: Buffer): Buffer =>
    Buffer.concat([bytes.subarray(0, offset), insert, bytes.subarray(offset + remove)])
  for (let k = 0; k < 12; k++) {
    const o = at()
    out.push({ label: `${file} truncated at ${o}`, bytes: bytes.subarray(0, o) })
  }
  for (let k = 0; k < 12; k++) {
    const o = at()
    const t = pick(TOKENS)
    out.push({ label: `${file} byte ${o} replaced by ${JSON.stringify(t.toString('latin1'))}`, bytes: splice(o, 1, t) })
  }
  for (let k = 0; k < 12; k++) {
    const o = at()
    const t = pick(TOKENS)
    out.push({ label: `${file} ${JSON.stringify(t.toString('latin1'))} inserted at ${o}`, bytes: splice(o, 0, t) })
  }
  for (let k = 0; k < 4; k++) {
    const o = at()
    out.push({ label: `${file} invalid UTF-8 at ${o}`, bytes: splice(o, next() < 0.5 ? 0 : 1, pick(BAD_BYTES)) })
    const d = at()
    out.push({ label: `${file} byte ${d} deleted`, bytes: splice(d, 1, Buffer.alloc(0)) })
  }
  // Markup-aware mutations: a start tag gets a copy of its first attribute, an undeclared prefix,
  // or loses its namespace declarations.
  const text = bytes.toString('latin1')
  const attr = /<[A-Za-z][^\s/>]*(\s+)([A-Za-z][\w.:-]*\s*=\s*("[^"]*"|'[^']*'))/g
  for (const m of [...text.matchAll(attr)].filter(() => next() < 0.3).slice(0, 3)) {
    const end = (m.index ?? 0) + m[0].length
    out.push({ label: `${file} duplicate attribute ${m[2] ?? ''}`, bytes: splice(end, 0, Buffer.from(` ${m[2] ?? ''}`, 'latin1')) })
  }
  const tags = [...text.matchAll(/<[A-Za-z][^\s/>]*/g)]
  for (let k = 0; k < 3 && tags.length > 0; k++) {
    const m = pick(tags)
    const end = (m.index ?? 0) + m[0].length
    const insert = pick([' zz:a="1"', ' xml:lang="de"', ' xmlns:zz=""', ' xmlns:xml="urn:x"', ' xmlns="http://www.w3.org/2000/xmlns/"', ' a="<"', ' a=1', ' a'])
    out.push({ label: `${file} ${insert} added to ${m[0]}`, bytes: splice(end, 0, Buffer.from(insert, 'latin1')) })
    const renamed = m[0].replace(/^<([A-Za-z][\w.-]*):/, '<zz:')
    if (renamed !== m[0]) out.push({ label: `${file} ${m[0]} renamed ${renamed}`, bytes: splice(m.index ?? 0, m[0].length, Buffer.from(renamed, 'latin1')) })
  }
  const declaration = /\sxmlns(:[\w.-]+)?\s*=\s*"[^"]*"/.exec(text)
  if (declaration !== null) out.push({ label: `${file} without ${declaration[0].trim()}`, bytes: splice(declaration.index, declaration[0].length, Buffer.alloc(0)) })
  return out
}

describe.skipIf(!hasCorpus)('parseXml and the saxes reference on mutated corpus files', () => {
  it('agree on accept vs refuse and on the error code for every mutation', { timeout: 180_000 }, () => {
    const next = random(20_261_121)
    const files = [...new Set(oracle().map((e) => e.file))].filter((f) => f.toLowerCase().endsWith('.xml')).sort()
    // Every sixth file (about 75, of all syntaxes), so a run stays well under a minute.
    const sample = files.filter((_f, k) => k % 6 === 0)
    const mismatches: string[] = []
    const wording: string[] = []
    let total = 0
    let refused = 0
    for (const file of sample) {
      for (const m of mutations(file, readCorpusFile(file), next)) {
        const c = compareParsers(m.bytes)
        total++
        if (!c.accepted) refused++
        if (c.mismatch !== undefined) mismatches.push(`${m.label}: ${c.mismatch}`)
        if (c.messageDiffers !== undefined) wording.push(`${m.label}\n    scanner: ${c.messageDiffers.scanner}\n    saxes:   ${c.messageDiffers.saxes}`)
      }
    }
    process.stderr.write(`[xml robustness] ${total} mutations, ${refused} refused, ${wording.length} refused with other wording than saxes\n`)
    if (process.env['XML_WORDING'] !== undefined) process.stderr.write(wording.join('\n') + '\n')
    expect(mismatches).toEqual([])
    expect(total).toBeGreaterThan(3500)
    expect(refused).toBeGreaterThan(total / 2)
  })
})
