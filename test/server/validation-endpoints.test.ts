import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_ROOT } from '../../src/version.js'
import { type TestServer, bearer, startTestServer } from '../helpers/server.js'

const CII = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`)

let srv: TestServer
let key: string
beforeAll(async () => {
  srv = await startTestServer()
  key = srv.key('sandbox').key
})
afterAll(() => srv.close())

function form(name: string, content: Uint8Array | string, fileName?: string): FormData {
  const fd = new FormData()
  if (fileName === undefined) fd.append(name, typeof content === 'string' ? content : new TextDecoder().decode(content))
  else fd.append(name, new Blob([content]), fileName)
  return fd
}

async function post(path: string, body: FormData): Promise<Response> {
  return fetch(`${srv.base}${path}`, { method: 'POST', headers: { ...bearer(key) }, body })
}

describe('POST /e-invoice/phive', () => {
  it('answers the phive JSON result as application/octet-stream, VES from BT-24', async () => {
    const res = await post('/e-invoice/phive', form('inputFile', CII, 'invoice.xml'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/octet-stream')
    const json = (await res.json()) as { ves: { vesid: string }; success: boolean; results: unknown[] }
    expect(json.ves.vesid).toBe('eu.cen.en16931:cii:1.3.16')
    expect(json.success).toBe(true)
  })

  it('answers 400 listing the known VESIDs for an unknown one', async () => {
    const res = await post('/e-invoice/phive?VESID=acme:nothing:1', form('inputFile', CII, 'invoice.xml'))
    expect(res.status).toBe(400)
    const error = (await res.json()) as { errorCode: string; message: string }
    expect(error.errorCode).toBe('INVALID_PARAMETER')
    expect(error.message).toContain('de.xrechnung:cii:3.0.2')
  })
})

describe('POST /e-invoice/validationReportToPDF', () => {
  it('turns the report of /validate into a PDF, labels in the requested language', async () => {
    const report = await (await post('/e-invoice/validate', form('file', CII, 'invoice.xml'))).text()
    expect(report).toContain('<validation')
    const res = await post('/e-invoice/validationReportToPDF?language=DE', form('XMLValidationResult', report))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/octet-stream')
    const pdf = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder('latin1').decode(pdf.subarray(0, 5))).toBe('%PDF-')
  })

  it('answers 400 (application/octet-stream) for XML that is not a validation report', async () => {
    const res = await post('/e-invoice/validationReportToPDF', form('XMLValidationResult', CII))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/octet-stream')
    const error = JSON.parse(await res.text()) as { errorCode: string; message: string }
    expect(error.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(error.message).toContain('not a validation report')
  })
})

describe('POST /e-invoice/validate', () => {
  it('names the uploaded file in the report, without its path (behaviour doc §6.4)', async () => {
    const named = await (await post('/e-invoice/validate', form('file', CII, 'Rechnung 2026-0142.xml'))).text()
    expect(named).toContain('<validation filename="Rechnung 2026-0142.xml" ')
    const withPath = await (await post('/e-invoice/validate', form('file', CII, 'C:\\invoices\\in/../x.xml'))).text()
    expect(withPath).toContain('<validation filename="x.xml" ')
  })

  it('says "invoice" for an upload without a file name', async () => {
    expect(await (await post('/e-invoice/validate', form('file', CII))).text()).toContain('<validation filename="invoice" ')
  })
})
