/**
 * The file name an HTTP extract answer suggests is the attachment's name made safe (RFC 6266
 * §4.3), as `detach --out-dir` writes it: the audit's trav_attach.pdf was answered with
 * `filename="../../../../tmp/audit/a-hostile/pwned.xml"`, nul_attach.pdf with
 * `filename*=UTF-8''evil%00.xml`, dot_attach.pdf with `filename=".."`.
 */
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PACKAGE_ROOT } from '../../src/version.js'
import { attachmentPdf } from '../pdf/attachment-pdf.js'
import { stream } from '../pdf/raw-pdf.js'
import { bearer, useTestServer } from '../helpers/server.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const xmlFile = stream('/Type /EmbeddedFile /Subtype /text#2Fxml', XML)
const srv = useTestServer()

async function extract(pdf: Uint8Array): Promise<Response> {
  const form = new FormData()
  form.set('file', new Blob([pdf]), 'invoice.pdf')
  return fetch(`${srv.base}/e-invoice/extract`, { method: 'POST', headers: bearer(srv.key), body: form })
}

describe('extract over HTTP: Content-Disposition', () => {
  it.each([
    ['../../../../tmp/audit/a-hostile/pwned.xml', 'inline; filename="pwned.xml"'],
    ['evil\u0000.xml', 'inline; filename="evil_.xml"'],
    ['..', 'inline; filename="attachment"'],
    ['..\\..\\evil.xml', 'inline; filename="evil.xml"'],
  ])('for an attachment named %j: %s', async (name, header) => {
    const res = await extract(attachmentPdf(name, xmlFile))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(header)
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(XML))).toBe(true)
  })

  it('carries the /Params /Size warning', async () => {
    const file = stream(`/Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Params << /Size 7 >>`, deflateSync(XML))
    const res = await extract(attachmentPdf('factur-x.xml', file))
    expect(res.status).toBe(200)
    expect(res.headers.get('x-einvoice-warning')).toBe(`the embedded file "factur-x.xml" decodes to ${XML.length} bytes, but its /Params /Size says 7`)
  })
})
