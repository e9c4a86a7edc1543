/**
 * decodeText must give what the fatal TextDecoder gives (a leading BOM dropped), or refuse what
 * it refuses: its fast path reads the bytes as Latin-1 and decodes only the non-ASCII runs.
 */
import { describe, expect, it } from 'vitest'
import { decodeText } from '../../src/util/text.js'

const reference = new TextDecoder('utf-8', { fatal: true })

function expected(bytes: Uint8Array): string | 'refused' {
  try {
    return reference.decode(bytes)
  } catch {
    return 'refused'
  }
}

function actual(bytes: Uint8Array): string | 'refused' {
  try {
    return decodeText(bytes, 'invoice')
  } catch (err) {
    expect((err as { errorCode?: string }).errorCode, String(err)).toBe('INVALID_ENCODING')
    return 'refused'
  }
}

/** A seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const encoder = new TextEncoder()

describe('decodeText', () => {
  it('decodes as the fatal TextDecoder does: ASCII, Latin-1, CJK, emoji, BOMs, many runs', () => {
    const texts = [
      '',
      'plain ASCII {"a":1}',
      '\ufeff{"name":"Bürobedarf"}',
      '\ufeff',
      '\ufeff\ufeffx',
      'Straße ü ä ö € 漢字 😀 \u2028 \u0080 \u00ff \uffff \u{10ffff}',
      'é'.repeat(3000),
      'aé'.repeat(3000),
      'ab€'.repeat(700) + 'tail',
      '€' + 'x'.repeat(5000) + '😀',
    ]
    for (const text of texts) {
      const bytes = encoder.encode(text)
      expect(actual(bytes), text.slice(0, 20)).toBe(expected(bytes))
      // Not a Buffer, and not at the start of its ArrayBuffer.
      const inside = new Uint8Array(bytes.length + 7)
      inside.set(bytes, 5)
      expect(actual(inside.subarray(5, 5 + bytes.length))).toBe(expected(bytes))
    }
  })

  it('agrees with it on 20,000 seeded byte strings, valid and not', () => {
    const next = random(2026)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
    // Valid characters, and byte sequences that are not (overlong, surrogates, above U+10FFFF,
    // truncated, stray continuation bytes, bytes never allowed).
    const pieces = [
      ...['a', '{', '"', ' ', '\n', 'é', 'ß', '€', '漢', '😀', '\ufeff', '\u0080', '\u07ff', '\u0800', '\uffff', '\u{10000}', '\u{10ffff}'].map((c) =>
        encoder.encode(c),
      ),
      ...[[0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xbf], [0xff], [0xf5], [0xc3]].map(
        (b) => new Uint8Array(b),
      ),
    ]
    let refused = 0
    for (let n = 0; n < 20000; n++) {
      const parts: Uint8Array[] = []
      if (next() < 0.1) parts.push(new Uint8Array([0xef, 0xbb, 0xbf]))
      const count = Math.floor(next() * 40)
      const valid = next() < 0.5
      for (let k = 0; k < count; k++) parts.push(valid ? (pick(pieces.slice(0, 17)) as Uint8Array) : pick(pieces))
      const bytes = new Uint8Array(parts.reduce((size, p) => size + p.length, 0))
      let at = 0
      for (const p of parts) {
        bytes.set(p, at)
        at += p.length
      }
      const want = expected(bytes)
      if (want === 'refused') refused++
      expect(actual(bytes), String(Array.from(bytes))).toBe(want)
    }
    expect(refused).toBeGreaterThan(3000)
  })

  it('names the offset of the first bad byte', () => {
    expect(() => decodeText(new Uint8Array([0x61, 0x62, 0xc3, 0x28]), 'invoice')).toThrow('invoice: not UTF-8 text (invalid byte at offset 2)')
  })
})
