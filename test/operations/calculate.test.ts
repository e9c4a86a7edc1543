/** The calculate operation's answer as the bytes serve and the CLI send: UTF-8 that reads back to the same texts. */
import { describe, expect, it } from 'vitest'
import { calculate } from '../../src/operations/calculate.js'

/** The answer's bytes, encoded as src/server/respond.ts and the CLI's stdout encode a text body. */
async function answerBytes(invoiceJson: string): Promise<Buffer> {
  const { body } = await calculate.run({ inputs: { invoice: Buffer.from(invoiceJson, 'utf8') }, params: {} })
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength)
}

describe('calculate answer bytes', () => {
  // Each text as a product name; the input is written with JSON.stringify, so a lone surrogate
  // arrives as a \u escape in the request.
  const texts: Record<string, string> = {
    'Latin-1 letters': 'Bürobedarf Straße',
    'CJK and an emoji (two and four UTF-8 bytes wide)': '中文 😀',
    'quotes, backslash and control characters': 'a "b" \\ c\n\t\u0000\u001f',
    'line and paragraph separators': 'x\u2028y\u2029z',
    'a lone high and a lone low surrogate': 'a\ud800b\udc00c',
  }
  for (const [name, text] of Object.entries(texts)) {
    it(name, async () => {
      const bytes = await answerBytes(JSON.stringify({ zfitems: [{ price: 1, quantity: 1, product: { name: text, vatpercent: 19 } }] }))
      // Valid UTF-8 (a lone surrogate written raw would come out as U+FFFD here) ...
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      // ... holding the text exactly, escaped as JSON.stringify escapes it.
      expect(decoded).toContain(`"name":${JSON.stringify(text)}`)
      const answer = JSON.parse(decoded) as { zfitems: { product: { name: string } }[] }
      expect(answer.zfitems[0]?.product.name).toBe(text)
    })
  }

  it('is the same for a body given as text and as bytes', async () => {
    const json = JSON.stringify({ currency: 'EUR', zfitems: [{ price: '3.5', quantity: 2, product: { name: 'Küche 中', vatpercent: 7 } }] })
    const { calculateInvoiceJsonText } = await import('../../src/calc/calculate-invoice.js')
    expect((await answerBytes(json)).equals(Buffer.from(calculateInvoiceJsonText(json), 'utf8'))).toBe(true)
  })
})
