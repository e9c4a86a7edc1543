import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { parse } from '../../src/operations/parse.js'
import { getOperation } from '../../src/operations/registry.js'

const fixture = readFileSync(new URL('../fixtures/xml/cii-odd-prefixes.xml', import.meta.url))

describe('parse operation', () => {
  it('is declared as the interface describes it', () => {
    expect(getOperation('parse')).toStrictEqual({ ...parse, run: expect.any(Function) })
    expect(parse).toMatchObject({
      method: 'POST',
      path: '/e-invoice/parse',
      outputMediaType: 'application/octet-stream',
      errorMediaType: '*/*',
      inputs: [{ name: 'file', source: 'multipart', format: 'binary', required: true }],
    })
  })

  it('answers the invoice JSON', async () => {
    const out = await parse.run({ inputs: { file: fixture }, params: {} })
    expect(out.mediaType).toBe('application/octet-stream')
    expect(JSON.parse(String(out.body))).toMatchObject({ number: 'INV-0012', grandTotal: 330.86 })
  })

  it('refuses a missing file', async () => {
    await expect(parse.run({ inputs: {}, params: {} })).rejects.toMatchObject({ errorCode: 'MISSING_INPUT' })
  })

  it('refuses XML that is not an invoice', async () => {
    const run = parse.run({ inputs: { file: Buffer.from('<note/>') }, params: {} })
    await expect(run).rejects.toBeInstanceOf(EInvoiceError)
    await expect(parse.run({ inputs: { file: Buffer.from('<note/>') }, params: {} })).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_DOCUMENT' })
  })
})
