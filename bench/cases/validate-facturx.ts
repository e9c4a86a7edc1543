import { readFileSync } from 'node:fs'
import { runTreePatterns } from '../../src/validate/engine.js'
import { facturxRuleSet } from '../../src/validate/facturx/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { parseXml } from '../../src/xml/index.js'
import type { BenchCase } from '../harness.js'
import type { Finding } from '../../src/validate/types.js'
import { invoice } from './validate.js'

// The Factur-X profile layers alone (already parsed documents): what they add to the full stack
// measured in validate.ts. The 35 KB invoice is the one of the full-stack cases; the EXTENDED rule
// set is the largest table (1464 rows), run on the same documents declared EXTENDED.
const EXTENDED_ID = 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended<'
const declaredExtended = (xml: string): string => xml.replace('urn:cen.eu:en16931:2017<', EXTENDED_ID)

const small = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`, 'utf8')
const large = invoice.toString('utf8')
const docs = {
  small: parseXml(small),
  smallExtended: parseXml(declaredExtended(small)),
  large: parseXml(large),
  largeExtended: parseXml(declaredExtended(large)),
}
const en = facturxRuleSet('EN16931')
const ext = facturxRuleSet('EXTENDED')

const run = (patterns: typeof en.treePatterns, d: typeof docs.small): Finding[] => {
  const out: Finding[] = []
  runTreePatterns(patterns, { doc: d, syntax: 'CII' }, out)
  return out
}

const kb = (s: string): number => Math.round(Buffer.byteLength(s) / 1024)

export const cases: BenchCase[] = [
  {
    name: `validate: ${kb(large)} KB CII, Factur-X rules only (already parsed), EN 16931 profile`,
    operation: 'validate',
    run: () => run(en.treePatterns, docs.large),
  },
  {
    name: `validate: ${kb(large)} KB CII, Factur-X rules only (already parsed), EXTENDED profile`,
    operation: 'validate',
    run: () => run(ext.treePatterns, docs.largeExtended),
  },
  {
    name: `validate: Factur-X EN 16931 layer only, ${kb(small)} KB CII (parsed)`,
    operation: 'validate',
    run: () => run(en.treePatterns, docs.small),
  },
  {
    name: `validate: Factur-X EXTENDED layer only, ${kb(small)} KB CII (parsed)`,
    operation: 'validate',
    run: () => run(ext.treePatterns, docs.smallExtended),
  },
]
