import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { getOperation } from '../../src/operations/registry.js'

const VALID = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url))

describe('validateFile operation', () => {
  const op = getOperation('validateFile')

  it('is declared as the interface describes it', () => {
    expect(op).toMatchObject({ path: '/e-invoice/validate', cliName: 'validate', heavy: true, outputMediaType: 'application/octet-stream', errorMediaType: '*/*' })
    expect(op?.params.map((p) => [p.name, p.default])).toEqual([['ignoreNotices', false]])
  })

  it('answers the XML report', async () => {
    const out = await op?.run({ inputs: { file: VALID }, params: { ignoreNotices: false } })
    expect(String(out?.body)).toContain('<summary status="valid"/>')
  })

  it('rejects a missing file with MISSING_INPUT', async () => {
    await expect(op?.run({ inputs: {}, params: {} })).rejects.toMatchObject({ errorCode: 'MISSING_INPUT' })
  })
})
