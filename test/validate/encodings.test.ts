/** Invoices in other encodings than UTF-8 validate as their UTF-8 originals do (refcheck: all valid). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/index.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'

/** windows-1252 bytes 0x80–0x9F for the characters the test files use beyond Latin-1. */
const CP1252: Readonly<Record<string, number>> = { '\u20ac': 0x80, '\u2026': 0x85, '\u2013': 0x96, '\u201e': 0x84, '\u201c': 0x93 }

/** `text` in a single-byte encoding: Latin-1 characters as their byte, others by `table` or as a character reference. */
function singleByte(text: string, table: Readonly<Record<string, number>>): Buffer {
  const bytes: number[] = []
  for (const c of text) {
    const code = c.codePointAt(0) as number
    const mapped = table[c]
    if (mapped !== undefined) bytes.push(mapped)
    else if (code <= 0xff && (code < 0x80 || code > 0x9f)) bytes.push(code)
    else for (const b of Buffer.from(`&#x${code.toString(16)};`, 'latin1')) bytes.push(b)
  }
  return Buffer.from(bytes)
}

describe.skipIf(!hasCorpus)('validating an invoice whose encoding is not UTF-8', () => {
  const STANDARD = 'kosit-xrechnung-testsuite/src/test/business-cases/standard'
  const findingsOf = (bytes: Uint8Array): string[] => validateXml(bytes).findings.map((f) => `${f.ruleId} ${JSON.stringify(f.location)} ${f.message}`)

  for (const file of ['01.02a-INVOICE_ubl.xml', '01.02a-INVOICE_uncefact.xml']) {
    it(`${file}: UTF-16 with a byte order mark, UTF-16BE without, windows-1252 and ISO-8859-1 give the findings of UTF-8`, () => {
      // Read here, not while collecting: without the corpus the test is skipped before it runs.
      const utf8 = readFileSync(join(CORPUS_DIR, STANDARD, file), 'utf8')
      const declared = (encoding: string): string => utf8.replace(/encoding="UTF-8"/i, `encoding="${encoding}"`)
      const expected = findingsOf(Buffer.from(utf8))
      expect(validateXml(Buffer.from(utf8)).valid).toBe(true)
      const variants = [
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(declared('UTF-16'), 'utf16le')]),
        Buffer.from(declared('UTF-16BE'), 'utf16le').swap16(),
        // '…' is byte 0x85 in windows-1252 and a character reference in ISO-8859-1.
        singleByte(declared('windows-1252'), CP1252),
        singleByte(declared('ISO-8859-1'), {}),
      ]
      expect(utf8).toMatch(/[äöüß]/)
      expect(utf8).toContain('\u2026')
      for (const bytes of variants) expect(findingsOf(bytes)).toEqual(expected)
    })
  }
})
