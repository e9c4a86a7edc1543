import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseParams } from '../../src/operations/params.js'
import { getOperation } from '../../src/operations/registry.js'
import { styledinvoicetofx } from '../../src/operations/styledinvoicetofx.js'
import { xmltohtml } from '../../src/operations/xmltohtml.js'
import { xmltopdf } from '../../src/operations/xmltopdf.js'
import { corpusPath, hasCorpus } from '../helpers/corpus.js'

const CII = 'cen-en16931/cii/examples/CII_business_example_01.xml'

describe('rendering operations', () => {
  it('are declared in the registry as the interface names them', () => {
    expect(getOperation('xmltohtml')).toStrictEqual({ ...xmltohtml, run: expect.any(Function) })
    expect(getOperation('xmltopdf')).toMatchObject({ path: '/e-invoice/xmltopdf', heavy: true, errorMediaType: '*/*' })
    expect(getOperation('styledinvoicetofx')).toMatchObject({ cliName: 'styled', heavy: true })
    expect(xmltopdf.params.map((p) => p.name)).toEqual(['returnJSON', 'embedXml', 'tagged', 'language'])
    expect(styledinvoicetofx.params.find((p) => p.name === 'writeStorage')).toMatchObject({ in: 'header', headerPrefix: 'write' })
  })

  it('xmltohtml requires a language of EN, FR or DE', () => {
    expect(() => parseParams(xmltohtml, {})).toThrow(/language: required query parameter is missing/)
    expect(() => parseParams(xmltohtml, { language: 'es' })).toThrow(/language: expected one of EN, FR, DE/)
    expect(parseParams(xmltohtml, { language: 'fr' })).toEqual({ language: 'FR' })
    expect(parseParams(xmltopdf, {})).toEqual({ returnJSON: false, embedXml: false, tagged: false, language: 'EN' })
  })

  it('refuses a missing file', async () => {
    await expect(xmltohtml.run({ inputs: {}, params: { language: 'EN' } })).rejects.toMatchObject({ errorCode: 'MISSING_INPUT' })
    await expect(xmltopdf.run({ inputs: { file: new Uint8Array() }, params: {} })).rejects.toMatchObject({ errorCode: 'MISSING_INPUT' })
  })

  it.skipIf(!hasCorpus)('answers HTML and PDF bytes as application/octet-stream', async () => {
    const file = readFileSync(corpusPath(CII))
    const html = await xmltohtml.run({ inputs: { file }, params: { language: 'DE' } })
    expect(html).toMatchObject({ mediaType: 'application/octet-stream', fileName: 'invoice.html', warnings: [] })
    expect(String(html.body)).toContain('<html lang="de">')
    const pdf = await xmltopdf.run({ inputs: { file }, params: parseParams(xmltopdf, { embedXml: 'true' }) })
    expect(pdf).toMatchObject({ mediaType: 'application/octet-stream', fileName: 'invoice.pdf' })
    expect(Buffer.from(pdf.body as Uint8Array).includes(Buffer.from('/AFRelationship /Alternative'))).toBe(true)
  })
})
