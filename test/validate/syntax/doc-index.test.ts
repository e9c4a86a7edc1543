import { describe, expect, it } from 'vitest'
import { docIndex, lastDocumentCache, memoPerDocument } from '../../../src/validate/syntax/doc-index.js'
import { parseXml } from '../../../src/xml/index.js'

const docA = parseXml('<a><x id="1"/><y/><x/></a>').root
const docB = parseXml('<b><x/><z id="2"/></b>').root

describe('per-document caches keep the last document only', () => {
  it('computes once per document while it is asked about, again after another one', () => {
    const seen: string[] = []
    const cached = lastDocumentCache((root) => {
      seen.push(root.local)
      return { name: root.local }
    })
    expect(cached(docA).name).toBe('a')
    expect(cached(docA)).toBe(cached(docA))
    expect(cached(docB).name).toBe('b')
    expect(cached(docA).name).toBe('a')
    expect(seen).toEqual(['a', 'b', 'a'])
  })

  it('indexes the document asked about, also when documents alternate', () => {
    expect(docIndex(docA).byLocal.get('x')).toEqual([docA.children[0], docA.children[2]])
    expect(docIndex(docB).byLocal.get('x')).toEqual([docB.children[0]])
    expect(docIndex(docB).attributeOwners.get('id')).toEqual([docB.children[1]])
    expect(docIndex(docA).attributeOwners.get('id')).toEqual([docA.children[0]])
    expect(docIndex(docA).byLocal.has('z')).toBe(false)
  })

  it('keeps memoised values apart per document', () => {
    const key = {}
    expect(memoPerDocument(key, docA, () => 'A')).toBe('A')
    expect(memoPerDocument(key, docB, () => 'B')).toBe('B')
    expect(memoPerDocument(key, docA, () => 'A again')).toBe('A again')
  })
})
