/**
 * xmltopdf with embedXml of an XML whose specification identifier (BT-24) names no profile: the
 * container cannot be chosen, and xmltopdf has no profile parameter to give one (the interface
 * declares none), so the refusal says what the user can do instead of asking for that parameter.
 */
import { describe, expect, it } from 'vitest'
import { parseParams } from '../../src/operations/params.js'
import { xmltopdf } from '../../src/operations/xmltopdf.js'
import { corpusText, hasCorpus } from '../helpers/corpus.js'
import { bearer, useTestServer } from '../helpers/server.js'

const CII = corpusText('cen-en16931/cii/examples/CII_business_example_01.xml')
const GUIDELINE = /<ram:GuidelineSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:GuidelineSpecifiedDocumentContextParameter>/
const COMFORT_1 = CII.replace('urn:cen.eu:en16931:2017', 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort')
const WITHOUT_BT24 = CII.replace(GUIDELINE, '')

const embed = (xml: string) => xmltopdf.run({ inputs: { file: new TextEncoder().encode(xml) }, params: parseParams(xmltopdf, { embedXml: 'true' }) })

describe.skipIf(!hasCorpus)('xmltopdf embedXml without a profile in BT-24', () => {
  const srv = useTestServer()

  it('names BT-24 and combine-xml, not a profile parameter xmltopdf does not have', async () => {
    expect(WITHOUT_BT24).not.toContain('GuidelineSpecifiedDocumentContextParameter')
    for (const [xml, id] of [
      [COMFORT_1, 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort'],
      [WITHOUT_BT24, 'missing'],
    ] as const) {
      const err = await embed(xml).then(
        () => undefined,
        (e: unknown) => e as { errorCode: string; message: string; details: Record<string, string> },
      )
      expect(err?.errorCode).toBe('INVALID_PARAMETER')
      expect(err?.message).toMatch(/^embedXml \(--embed-xml\) cannot embed this XML: .*\(BT-24\).*combine-xml --profile/)
      expect(err?.message).not.toContain('give the profile parameter')
      expect(err?.details).toEqual({ embedXml: 'needs a BT-24 that names a profile', specificationIdentifier: id })
    }
    // Without embedXml the same XML renders.
    const plain = await xmltopdf.run({ inputs: { file: new TextEncoder().encode(COMFORT_1) }, params: parseParams(xmltopdf, {}) })
    expect(Buffer.from(plain.body as Uint8Array).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('answers the endpoint with details naming embedXml, no profile key', async () => {
    const form = new FormData()
    form.set('file', new Blob([COMFORT_1], { type: 'application/xml' }), 'invoice.xml')
    const res = await fetch(`${srv.base}/e-invoice/xmltopdf?embedXml=true`, { method: 'POST', body: form, headers: bearer(srv.key) })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errorCode?: string; details?: Record<string, string> }
    expect(body.errorCode).toBe('INVALID_PARAMETER')
    expect(body.details).not.toHaveProperty('profile')
    expect(body.details).toMatchObject({ embedXml: 'needs a BT-24 that names a profile' })
  })
})
