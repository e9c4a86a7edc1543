import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PACKAGE_ROOT } from '../../src/version.js'
import { hasDist, noteIfNoDist } from '../helpers/dist.js'

/**
 * Measured in a Node process of its own, on the build: in a test worker that other test files used
 * before, V8's heap sizing and allocation-site decisions vary with what ran there, and every
 * document was sometimes promoted whatever the validator kept.
 */
const MEASURE = `
import { readFileSync } from 'node:fs'
import v8 from 'node:v8'
const dist = (p) => new URL(p, ${JSON.stringify(pathToFileURL(join(PACKAGE_ROOT, 'dist', 'src')).href + '/')})
const { validateDocument } = await import(dist('validate/validate-xml.js'))
const { parseXml } = await import(dist('xml/index.js'))
// A Factur-X EN 16931 invoice with 40 lines: its tree is large against what a validation may keep.
const base = readFileSync(${JSON.stringify(join(PACKAGE_ROOT, 'test', 'fixtures', 'validate', 'cii-en16931.xml'))}, 'utf8')
const start = base.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
const end = base.indexOf('<ram:ApplicableHeaderTradeAgreement>')
const xml = base.slice(0, start) + base.slice(start, end).repeat(20) + base.slice(end)
const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size
// Old-generation growth per validation, a minor collection after each; keep holds every document.
function promotedPerDocument(rounds, keep) {
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
// A long warm-up and the least of three runs: optimized code and its metadata land in the old
// generation while V8 still compiles, which once put a released run at 28 % of a kept one in CI.
for (let i = 0; i < 200; i++) validateDocument(parseXml(xml), 'CII')
const released = Math.min(...[1, 2, 3].map(() => promotedPerDocument(20, undefined)))
const retained = promotedPerDocument(20, [])
process.stdout.write(JSON.stringify({ released, retained }))
`

describe.skipIf(!hasDist)('what a validation keeps after the next one', () => {
  noteIfNoDist('retention')
  it('does not promote each document to the old generation (Factur-X state per document)', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', MEASURE], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const { released, retained } = JSON.parse(run.stdout) as { released: number; retained: number }
    // Calibration: what each document costs the old generation when it is kept alive.
    expect(retained).toBeGreaterThan(0)
    expect(released).toBeLessThan(retained / 4)
  })
})
