import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { breakLongWords } from '../../src/render/long-words.js'
import { invoiceToPdf } from '../../src/render/xml-to-pdf.js'
import { sampleInvoice } from './sample-invoice.js'

/** Every character 1 unit wide, `W` 2, a line feed nothing. */
const measure = { widthOfString: (s: string) => [...s].reduce((sum, ch) => sum + (ch === 'W' ? 2 : ch === '\n' ? 0 : 1), 0) }

describe('breakLongWords', () => {
  it('leaves text alone when no run of 64 non-space characters is wider than the line', () => {
    const text = 'short words only, and ' + 'x'.repeat(63)
    expect(breakLongWords(measure, text, 10)).toBe(text)
    const fits = 'y'.repeat(90)
    expect(breakLongWords(measure, fits, 100)).toBe(fits)
  })

  it('splits a long run into lines that fit, keeping every character and the words around it', () => {
    const word = 'A'.repeat(20_000)
    const out = breakLongWords(measure, `before ${word} after`, 100)
    const lines = out.split('\n')
    expect(lines.join('')).toBe(`before ${word} after`)
    expect(lines.slice(1, -1).every((l) => l.length === 100)).toBe(true)
    expect(lines[0]).toBe('before ' + 'A'.repeat(100))
  })

  it('measures by character, so wide characters make shorter lines', () => {
    const lines = breakLongWords(measure, 'W'.repeat(100), 100).split('\n')
    expect(lines.map((l) => l.length)).toEqual([50, 50])
  })

  it('breaks after the last - or / that fits, when there is one', () => {
    const url = 'https://example.com/' + 'a'.repeat(50) + '/' + 'b'.repeat(60)
    expect(breakLongWords(measure, url, 100).split('\n')).toEqual(['https://example.com/' + 'a'.repeat(50) + '/', 'b'.repeat(60)])
  })

  it('shortens a line that the text measured as a whole finds too wide (a run is laid out wider than its characters)', () => {
    const wider = { widthOfString: (s: string) => (s.length === 1 ? 1 : s.length * 1.04) }
    const lines = breakLongWords(wider, 'A'.repeat(1000), 100).split('\n')
    expect(lines.every((l) => wider.widthOfString(l) <= 100)).toBe(true)
    expect(lines.join('')).toBe('A'.repeat(1000))
  })

  it('leaves room for the line feed, which pdfkit measures as a glyph (else it moves the last CJK character to a line of its own)', () => {
    const cjk = { widthOfString: (s: string) => [...s].length * 8.5 }
    const lines = breakLongWords(cjk, '长'.repeat(300), 511.28).split('\n')
    expect(lines.every((l) => cjk.widthOfString(`${l}\n`) <= 511.28)).toBe(true)
    expect(lines.slice(0, -1).map((l) => [...l].length)).toEqual([59, 59, 59, 59, 59])
    expect(lines.join('')).toBe('长'.repeat(300))
  })

  it('keeps characters outside the BMP whole', () => {
    const out = breakLongWords(measure, '😀'.repeat(200), 50)
    expect(out.replaceAll('\n', '')).toBe('😀'.repeat(200))
    expect(out.split('\n').every((l) => !/[\ud800-\udbff]$/.test(l))).toBe(true)
  })
})

describe('xmltopdf with a note of one 200,000-character word', () => {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-long-word-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('prints all of it, in full lines (pdfkit breaking it took over two minutes; 20,000 characters 13 s and 876 MB)', async () => {
    const inv = sampleInvoice(2)
    const textOf = async (name: string, notes: typeof inv.notes): Promise<string> => {
      const file = join(dir, name)
      writeFileSync(file, await invoiceToPdf({ ...inv, notes }))
      return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    }
    const countA = (text: string): number => text.match(/A/g)?.length ?? 0
    const without = await textOf('without.pdf', inv.notes)
    const withWord = await textOf('with.pdf', [...inv.notes, { text: 'A'.repeat(200_000) }])
    expect(countA(withWord) - countA(without)).toBe(200_000)
    // No line of the word broken again by pdfkit, which left a lone character on a line of its own.
    expect(withWord.match(/^A{1,3}$/gm) ?? []).toHaveLength(0)
  }, 60_000)
})
