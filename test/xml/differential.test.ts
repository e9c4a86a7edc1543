/** The scanner against the saxes reference on every XML file of the corpus: the same trees, the same verdicts. */
import { describe, expect, it } from 'vitest'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { compareParsers } from '../helpers/xml-compare.js'

noteIfNoCorpus('xml differential')

describe('compareParsers (the differential check itself)', () => {
  it('finds no difference on a well-formed document and on a refused one', () => {
    expect(compareParsers('<r xmlns="urn:x"><a b="1">t</a><?p q?></r>')).toEqual({ accepted: true })
    expect(compareParsers('<r><a></r>')).toEqual({ accepted: false })
  })

  it('reports a verdict difference (saxes keeps a lone surrogate the scanner refuses)', () => {
    // A string with a lone high surrogate: saxes reads it and the next character as one code point.
    expect(compareParsers('<r>\uD800x</r>').mismatch).toMatch(/scanner refuses, saxes accepts/)
  })
})

describe.skipIf(!hasCorpus)('parseXml and the saxes reference on the corpus', () => {
  const files = [...new Set(oracle().map((e) => e.file))].filter((f) => f.toLowerCase().endsWith('.xml')).sort()

  it('covers every XML file of the corpus', () => {
    expect(files.length).toBeGreaterThan(400)
  })

  it('builds deep-equal trees (positions, text, attributes, PIs) or refuses with the same message', () => {
    const mismatches: string[] = []
    let accepted = 0
    for (const file of files) {
      const bytes = readCorpusFile(file)
      for (const input of [bytes, bytes.toString('utf8')]) {
        const c = compareParsers(input)
        if (c.mismatch !== undefined) mismatches.push(`${file}: ${c.mismatch}`)
        if (c.messageDiffers !== undefined) mismatches.push(`${file}: ${c.messageDiffers.scanner} | saxes: ${c.messageDiffers.saxes}`)
        if (c.accepted) accepted++
      }
    }
    expect(mismatches).toEqual([])
    expect(accepted).toBeGreaterThan(800)
  })
})
