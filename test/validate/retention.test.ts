import { readFileSync } from 'node:fs'
import v8 from 'node:v8'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { validateDocument } from '../../src/validate/validate-xml.js'
import { parseXml } from '../../src/xml/index.js'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void

// A Factur-X EN 16931 invoice with 40 lines: its tree is large against what a validation may keep.
const base = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')
const start = base.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
const end = base.indexOf('<ram:ApplicableHeaderTradeAgreement>')
const xml = base.slice(0, start) + base.slice(start, end).repeat(20) + base.slice(end)

const oldSpaceUsed = (): number => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0

/** Old-generation growth per validation, a minor collection after each; `keep` holds every document. */
function promotedPerDocument(rounds: number, keep: unknown[] | undefined): number {
  gc()
  const before = oldSpaceUsed()
  for (let i = 0; i < rounds; i++) {
    const doc = parseXml(xml)
    validateDocument(doc, 'CII')
    keep?.push(doc)
    gc({ type: 'minor' })
  }
  return (oldSpaceUsed() - before) / rounds
}

// Only the validator is imported here: with the schematron modules imported by the test file
// first, each document was promoted under vitest (not in plain Node; not traced).
describe('what a validation keeps after the next one', () => {
  it('does not promote each document to the old generation (Factur-X state per document)', () => {
    for (let i = 0; i < 40; i++) validateDocument(parseXml(xml), 'CII')
    // Released documents first: keeping documents alive teaches V8's allocation sites that their
    // objects survive, and it then allocates them in the old generation at once (pretenuring),
    // which would count every later document as promoted (seen under the full suite's load).
    const released = promotedPerDocument(20, undefined)
    // Calibration: what each document costs the old generation when it is kept alive.
    const kept: unknown[] = []
    const retained = promotedPerDocument(20, kept)
    expect(retained).toBeGreaterThan(0)
    expect(released).toBeLessThan(retained / 4)
  })
})
