import { describe, expect, it } from 'vitest'
import { validateXml } from '../../../src/validate/index.js'
import { hasCorpus, noteIfNoCorpus } from '../../helpers/corpus.js'
import { subLineChain } from '../../helpers/sub-line-chain.js'

noteIfNoCorpus('validate/facturx/sub-line-chain')

const ruleIds = (xml: string): string[] => [...new Set(validateXml(Buffer.from(xml)).findings.map((f) => f.ruleId))].sort()

describe.skipIf(!hasCorpus)('Factur-X EXTENDED sub-line rules on a deep line hierarchy', () => {
  it('validates a chain of 3,000 sub-lines (each rule over the lines once per document, and sub-lines looked up by key)', () => {
    // BR-FXEXT-08 asks, on every line, whether every GROUP line's total is the sum of its
    // sub-lines': evaluated per line that was n³ comparisons (400 lines took 51 s). BR-FXEXT-11 and
    // -12 look for a line's parent or sub-lines among all lines: n² (2,000 lines 8 s) until the
    // lines were looked up by key.
    const chain = subLineChain(3000)
    expect(chain.match(/<ram:ParentLineID>/g)).toHaveLength(2999)
    const found = ruleIds(chain)
    expect(found).not.toContain('BR-FXEXT-08')
    expect(found).not.toContain('BR-FXEXT-11')
    // A GROUP line whose total is not its sub-line's is found.
    const broken = chain.replace(/(<ram:LineID>L1500<\/ram:LineID>[\s\S]*?<ram:LineTotalAmount>)600\.00/, '$1601.00')
    expect(broken).not.toBe(chain)
    expect(ruleIds(broken)).toContain('BR-FXEXT-08')
    // A sub-line naming a parent the invoice lacks is found.
    expect(ruleIds(chain.replace('<ram:ParentLineID>L1499<', '<ram:ParentLineID>X1499<'))).toContain('BR-FXEXT-11')
  }, 120_000)
})
