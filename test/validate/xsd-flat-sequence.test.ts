import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type XsdProblem, checkStructure } from '../../src/validate/xsd/structure-check.js'
import { type CompiledTable, type CompiledType, compileTable, flatSequence, typeAt } from '../../src/validate/xsd/xsd-table.js'
import { XSD_SCHEMAS } from '../../src/validate/xsd/schemas.js'
import { type XmlElement, parseXml } from '../../src/xml/index.js'
import { corpusPath, hasCorpus, noteIfNoCorpus } from '../helpers/corpus.js'

noteIfNoCorpus('xsd-flat-sequence (the UBL invoice)')

// Flat sequences are matched by looking children up (structure-check.ts, matchFlat); the general
// matcher must decide every document the same way. Compared on mutations of valid invoices: each
// element with children loses a child, gets one twice, has two neighbours swapped, gains a
// foreign child, or loses all its children.
const INVOICES: readonly [file: string, schemas: readonly string[], corpus: boolean][] = [
  [new URL('../fixtures/validate/cii-en16931.xml', import.meta.url).pathname, ['cii-d16b', 'facturx-EN16931', 'facturx-BASIC', 'facturx-MINIMUM', 'facturx-EXTENDED'], false],
  [corpusPath('cen-en16931/ubl/examples/ubl-tc434-example3.xml'), ['ubl-21'], true],
]

/** The table as the general matcher alone sees it. */
/** Every type of the table, compiled. */
const allTypes = (t: CompiledTable): CompiledType[] => t.source.types.map((_, i) => typeAt(t, i) as CompiledType)
const withoutFlat = (t: CompiledTable): CompiledTable => ({ ...t, types: allTypes(t).map((ty) => (ty.simple ? ty : { ...ty, flat: undefined })) })

const described = (problems: XsdProblem[]): unknown[] => problems.map((p) => ({ ...p, el: `${p.el.qname}@${p.el.line}:${p.el.column}` }))

function* mutations(root: XmlElement): Generator<string> {
  const parents: XmlElement[] = []
  const walk = (el: XmlElement): void => {
    if (el.children.length > 0) parents.push(el)
    el.children.forEach(walk)
  }
  walk(root)
  const foreign = parseXml('<x:Foreign xmlns:x="urn:example"/>').root
  for (const p of parents) {
    const original = p.children
    const set = (kids: XmlElement[], what: string): string => {
      p.children = kids
      return `${what} in ${p.qname}@${p.line}`
    }
    for (let i = 0; i < original.length; i++) {
      yield set(original.filter((_, k) => k !== i), `without child ${i}`)
      yield set([...original.slice(0, i + 1), original[i] as XmlElement, ...original.slice(i + 1)], `child ${i} twice`)
      if (i + 1 < original.length) yield set([...original.slice(0, i), original[i + 1] as XmlElement, original[i] as XmlElement, ...original.slice(i + 2)], `children ${i}, ${i + 1} swapped`)
    }
    yield set([...original, foreign], 'a foreign child')
    yield set([], 'no children')
    p.children = original
  }
}

describe('flat sequences decide as the general content-model matcher', () => {
  it('nearly every type of the invoice schemas is a flat sequence', () => {
    const table = compileTable(XSD_SCHEMAS['cii-d16b'])
    const complex = allTypes(table).filter((t) => !t.simple && t.model !== null)
    expect(complex.filter((t) => !t.simple && t.flat !== undefined).length).toBeGreaterThan(complex.length * 0.9)
  })

  it('is no flat sequence: a repeated sequence, a choice, a name twice, a forbidden element', () => {
    const el = (local: string, min: number, max: number) => ({ kind: 'element' as const, key: ` ${local}`, ns: '', local, label: local, type: 0, min, max, typeName: undefined })
    const seq = (max: number, items: ReturnType<typeof el>[]) => ({ kind: 'seq' as const, min: 1, max, items, first: new Set<string>(), firstByLocal: new Map(), nullable: false })
    expect(flatSequence(seq(1, [el('a', 1, 1), el('b', 0, 1)]))?.items.length).toBe(2)
    expect(flatSequence(seq(2, [el('a', 1, 1)]))).toBeUndefined()
    expect(flatSequence({ ...seq(1, [el('a', 1, 1)]), kind: 'choice' })).toBeUndefined()
    expect(flatSequence(seq(1, [el('a', 1, 1), el('b', 0, 1), el('a', 0, 1)]))).toBeUndefined()
    expect(flatSequence(seq(1, [el('a', 1, 1), el('b', 0, 0)]))).toBeUndefined()
  })

  for (const [file, schemas, corpus] of INVOICES) {
    it.skipIf(corpus && !hasCorpus)(`on mutations of ${file.split('/').pop() ?? ''}`, () => {
      const root = parseXml(readFileSync(file)).root
      for (const name of schemas) {
        const fast = compileTable(XSD_SCHEMAS[name as keyof typeof XSD_SCHEMAS])
        const general = withoutFlat(fast)
        let compared = 0
        let invalid = 0
        for (const what of mutations(root)) {
          const expected = described(checkStructure(general, root))
          expect(described(checkStructure(fast, root)), `${name}: ${what}`).toEqual(expected)
          compared++
          if (expected.length > 0) invalid++
        }
        // The mutations reach both verdicts many times (a test that compares nothing cannot pass);
        // under a narrower profile's schema the invoice and all its mutations are invalid.
        expect(compared).toBeGreaterThan(200)
        expect(invalid).toBeGreaterThan(50)
        if (checkStructure(fast, root).length === 0) expect(compared - invalid).toBeGreaterThan(20)
        else expect(name).toMatch(/MINIMUM|BASIC/)
      }
    })
  }
})
