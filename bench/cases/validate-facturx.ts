import { readFileSync } from 'node:fs'
import { runTreePatterns } from '../../src/validate/engine.js'
import { facturxRuleSet } from '../../src/validate/facturx/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { parseXml } from '../../src/xml/index.js'
import type { BenchCase } from '../harness.js'
import type { Finding } from '../../src/validate/types.js'

// The Factur-X and Order-X profile layers alone (already parsed documents): what they add to the
// full stack measured in validate.ts. The EN 16931 fixture is small; the EXTENDED rule set is the
// largest table (1464 rows), run on the same document declared EXTENDED.
const en16931 = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`, 'utf8')
const doc = parseXml(en16931)
const extended = parseXml(en16931.replace('urn:cen.eu:en16931:2017<', 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended<'))
const en = facturxRuleSet('EN16931')
const ext = facturxRuleSet('EXTENDED')

const run = (patterns: typeof en.treePatterns, d: typeof doc): Finding[] => {
  const out: Finding[] = []
  runTreePatterns(patterns, { doc: d, syntax: 'CII' }, out)
  return out
}

export const cases: BenchCase[] = [
  {
    name: `validate: Factur-X EN 16931 layer only, ${Math.round(en16931.length / 1024)} KB CII (parsed)`,
    operation: 'validate',
    run: () => run(en.treePatterns, doc),
  },
  {
    name: `validate: Factur-X EXTENDED layer only, ${Math.round(en16931.length / 1024)} KB CII (parsed)`,
    operation: 'validate',
    run: () => run(ext.treePatterns, extended),
  },
]
