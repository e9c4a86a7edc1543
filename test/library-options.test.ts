/**
 * The library's option objects and object arguments, as a JavaScript caller may pass them: a
 * known option with a value of the wrong kind, or a key that misspells one, is an EInvoiceError
 * naming it (the path into nested options included); other keys are left alone; null and
 * undefined mean no options; good options still take effect.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  Decimal,
  calculateDocument,
  calculateInvoiceJsonText,
  calculatePayload,
  ciiToUbl,
  detachAttachments,
  detectSyntax,
  el,
  embedInvoiceXml,
  extractInvoiceXml,
  findFormatProfile,
  getOperation,
  invoiceJsonToXml,
  invoiceToJson,
  invoiceToXml,
  parseInvoiceToJsonText,
  parseParams,
  parseXml,
  pdfToPdfa,
  readInvoice,
  readInvoiceDocument,
  readInvoicePayload,
  readUbl,
  resolveContainer,
  serializeXml,
  toJsonReport,
  validateFile,
  validateXml,
  writeJson,
  writeMustangReport,
  writeTextReport,
  writeUbl,
} from '../src/index.js'
import { PACKAGE_ROOT } from '../src/version.js'
import { startServer } from '../src/server/start.js'
import { makePdf } from './pdf/fixtures.js'
import { einvoiceErrorOf } from './helpers/einvoice-error.js'

const sample = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'), 'utf8')
const cii = invoiceJsonToXml(sample, { format: 'fx', profile: 'EN16931', version: 2 }).xml
const ciiBytes = Buffer.from(cii)

async function refusal(f: () => unknown, message: string, code = 'INVALID_PARAMETER'): Promise<void> {
  const err = await einvoiceErrorOf(f)
  expect(err.message).toBe(message)
  expect(err.errorCode).toBe(code)
}

describe('option values of the wrong kind', () => {
  const wrongValues: [string, () => unknown, string][] = [
    ['parseXml maxDepth', () => parseXml(cii, { maxDepth: '12' as never }), 'options.maxDepth: expected a whole number above 0, got "12"'],
    ['readInvoice maxBytes', () => readInvoice(cii, { maxBytes: -1 }), 'options.maxBytes: expected a whole number above 0, got -1'],
    ['validateXml maxElements', () => validateXml(cii, { maxElements: 1.5 }), 'options.maxElements: expected a whole number above 0, got 1.5'],
    ['validateXml ignoreNotices', () => validateXml(cii, { ignoreNotices: 'yes' as never }), 'options.ignoreNotices: expected true or false, got "yes"'],
    ['validateXml options', () => validateXml(cii, 5 as never), 'options: expected an object of options, got 5'],
    ['validateFile fileName', () => validateFile(ciiBytes, { fileName: 7 as never }), 'options.fileName: expected a string, got 7'],
    ['validateFile xml', () => validateFile(ciiBytes, { xml: 5 as never }), 'options.xml: expected an object of options, got 5'],
    ['validateFile xml.maxBytes', () => validateFile(ciiBytes, { xml: { maxBytes: '1MB' as never } }), 'options.xml.maxBytes: expected a whole number above 0, got "1MB"'],
    ['invoiceJsonToXml profile', () => invoiceJsonToXml(sample, { profile: 5 as never }), 'options.profile: expected a string, got 5'],
    ['invoiceToXml version', () => invoiceToXml(JSON.parse(sample), { version: '2' as never }), 'options.version: expected a whole number, got "2"'],
    ['ciiToUbl customizationId', () => ciiToUbl(cii, { customizationId: 1 as never }), 'options.customizationId: expected a string, got 1'],
    ['readUbl subLines', () => readUbl(parseXml(ciiToUbl(cii).xml), { subLines: 'no' as never }), 'options.subLines: expected true or false, got "no"'],
    ['writeJson pretty', () => writeJson({}, { pretty: 1 as never }), 'options.pretty: expected true or false, got 1'],
    ['calculateInvoiceJsonText pretty', () => calculateInvoiceJsonText(sample, { pretty: 'true' as never }), 'options.pretty: expected true or false, got "true"'],
    ['parseInvoiceToJsonText options', () => parseInvoiceToJsonText(cii, [] as never), 'options: expected an object of options, got an array'],
    ['extractInvoiceXml maxBytes', () => extractInvoiceXml(ciiBytes, { maxBytes: 0 }), 'options.maxBytes: expected a whole number above 0, got 0'],
    ['detachAttachments maxBytes', () => detachAttachments(ciiBytes, { maxBytes: Number.NaN }), 'options.maxBytes: expected a whole number above 0, got NaN'],
    ['pdfToPdfa now', () => pdfToPdfa(ciiBytes, { now: new Date('not a date') }), 'options.now: expected a valid Date, got an invalid Date'],
    ['pdfToPdfa ghostscript', () => pdfToPdfa(ciiBytes, { ghostscript: true as never }), 'options.ghostscript: expected the path of a Ghostscript program, or false, got true'],
    ['embedInvoiceXml now', () => embedInvoiceXml(ciiBytes, ciiBytes, { now: '2026-11-24' as never }), 'options.now: expected a valid Date, got "2026-11-24"'],
    ['resolveContainer version', () => resolveContainer(ciiBytes, { version: '2' as never }), 'request.version: expected a whole number, got "2"'],
    ['serializeXml indent', () => serializeXml(el('a'), { namespaces: {}, indent: '-' }), 'options.indent: expected spaces and tabs, got "-"'],
    ['serializeXml namespace URI', () => serializeXml(el('a'), { namespaces: { a: 5 as never } }), 'options.namespaces.a: expected a string, got 5'],
    ['serializeXml prefix', () => serializeXml(el('a'), { namespaces: { 'a b': 'urn:x' } }), 'options.namespaces: the prefix "a b" is not an XML name without a colon'],
  ]
  for (const [name, call, message] of wrongValues) {
    it(`${name}: ${message}`, async () => {
      const err = await einvoiceErrorOf(call)
      expect(err.message).toBe(message)
      expect(err.errorCode).toBe('INVALID_PARAMETER')
      const [path] = message.split(': ')
      expect(err.details[path as string]).toBe(message.slice((path as string).length + 2))
    })
  }

  it('quotes a long string value bounded', async () => {
    const err = await einvoiceErrorOf(() => validateXml(cii, { ignoreNotices: 'x'.repeat(100_000) as never }))
    expect(err.message.length).toBeLessThan(400)
    expect(err.message).toContain('(100000 characters)')
    // A long key in the path too.
    const keyed = await einvoiceErrorOf(() => serializeXml(el('a'), { namespaces: { ['p'.repeat(100_000)]: 5 as never } }))
    expect(keyed.message).toBe(`options.namespaces.${'p'.repeat(200)}… (100000 characters): expected a string, got 5`)
  })
})

describe('misspelt options', () => {
  it('names the option a key misspells, in case or by a letter or two', async () => {
    await refusal(() => validateXml(cii, { ignoreNotice: true } as never), 'options.ignoreNotice: no such option; did you mean ignoreNotices?')
    await refusal(() => readInvoice(cii, { maxbytes: 10 } as never), 'options.maxbytes: no such option; did you mean maxBytes?')
    await refusal(() => validateFile(ciiBytes, { xml: { maxDepht: 10 } } as never), 'options.xml.maxDepht: no such option; did you mean maxDepth?')
    await refusal(() => writeJson({}, { Pretty: true } as never), 'options.Pretty: no such option; did you mean pretty?')
    await refusal(() => invoiceJsonToXml(sample, { fromat: 'xr' } as never), 'options.fromat: no such option; did you mean format?')
    // Short keys: one edit or two letters swapped (startServer({ prot: 0 }) had bound port 8080).
    await refusal(() => startServer({ prot: 0 } as never), 'options.prot: no such option; did you mean port?')
    await refusal(() => startServer({ hots: '::1' } as never), 'options.hots: no such option; did you mean host?')
    await refusal(() => startServer({ dbs: ':memory:' } as never), 'options.dbs: no such option; did you mean db?')
  })

  it('leaves other keys alone, so one options object may serve several calls', () => {
    const shared = { maxBytes: 1_000_000, ignoreNotices: true, pretty: true, fileName: 'a.xml' }
    expect(validateXml(cii, shared).valid).toBe(true)
    expect(readInvoice(cii, shared).invoiceNumber).toBe('RE-2026-0142')
    expect(writeJson({ a: 1 }, shared)).toBe('{\n  "a": 1\n}')
  })
})

describe('options that are absent or right', () => {
  it('takes null and undefined as no options', async () => {
    expect(validateXml(cii, null as never).valid).toBe(true)
    expect(readInvoice(cii, undefined).invoiceNumber).toBe('RE-2026-0142')
    expect((await validateFile(ciiBytes, null as never)).valid).toBe(true)
    expect(writeJson([1], null as never)).toBe('[1]')
  })

  it('good options still take effect', async () => {
    expect((await einvoiceErrorOf(() => validateXml(cii, { maxBytes: 100 }))).errorCode).toBe('INPUT_TOO_LARGE')
    expect((await einvoiceErrorOf(() => validateFile(ciiBytes, { xml: { maxDepth: 3 } }))).errorCode).toBe('INVALID_XML')
    expect(ciiToUbl(cii, { customizationId: 'urn:example:x' }).xml).toContain('<cbc:CustomizationID>urn:example:x</cbc:CustomizationID>')
    expect(serializeXml(el('a'), { namespaces: { '': 'urn:x' }, declaration: false, indent: '\t' })).toBe('<a xmlns="urn:x"/>\n')
  })
})

describe('the container of embedInvoiceXml', () => {
  const xmp = { namespaceUri: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', prefix: 'fx', version: '1.0', conformanceLevel: 'EN 16931', documentType: 'INVOICE' } as const
  const container = { attachmentFileName: 'factur-x.xml', afRelationship: 'Alternative', xmp } as const

  it('names the field that is missing or wrong', async () => {
    const pdf = await makePdf({ subset: 'PDF/A-3b' })
    await refusal(() => embedInvoiceXml(pdf, ciiBytes, { container: { ...container, xmp: undefined } as never }), 'options.container.xmp: required', 'MISSING_INPUT')
    await refusal(
      () => embedInvoiceXml(pdf, ciiBytes, { container: { ...container, afRelationship: 'Alt' } as never }),
      'options.container.afRelationship: expected one of "Source", "Data", "Alternative", "Supplement", "EncryptedPayload", "FormData", "Schema", "Unspecified", got "Alt"',
    )
    await refusal(() => embedInvoiceXml(pdf, ciiBytes, { container: { ...container, xmp: { ...xmp, prefix: 'f x' } } }), 'options.container.xmp.prefix: expected an XML name without a colon (such as fx), got "f x"')
    await refusal(() => embedInvoiceXml(pdf, ciiBytes, { container: { ...container, xmp: { ...xmp, documentType: 'BILL' as never } } }), 'options.container.xmp.documentType: expected one of "INVOICE", "ORDER", got "BILL"')
    await refusal(() => embedInvoiceXml(pdf, ciiBytes, { container: { ...container, attachmentFileName: '' } }), 'options.container.attachmentFileName: expected a non-empty string, got ""')
  })

  it('embeds with a container given whole', async () => {
    const pdf = await makePdf({ subset: 'PDF/A-3b' })
    const { pdf: out } = await embedInvoiceXml(pdf, ciiBytes, { container, now: new Date('2026-11-24T10:00:00Z') })
    expect((await extractInvoiceXml(out)).fileName).toBe('factur-x.xml')
  })
})

describe('object arguments that are not options', () => {
  const invoice = readInvoice(cii)
  const doc = parseXml(cii)

  it('refuses null and values of another kind by name', async () => {
    for (const [call, message] of [
      [() => writeUbl(null as never), 'invoice: expected an invoice model (what readInvoice returns), got null'],
      [() => invoiceToJson({ lines: 3 } as never), 'invoice: expected an invoice model (what readInvoice returns), got an object (Object)'],
      [() => readInvoiceDocument(undefined as never), 'doc: expected a parsed document (what parseXml returns), got undefined'],
      [() => detectSyntax({ root: 'x' } as never), 'doc: expected a parsed document (what parseXml returns), got an object (Object)'],
      [() => readUbl(cii as never), 'doc: expected a parsed document (what parseXml returns), got a string'],
      [() => serializeXml(null as never, { namespaces: {} }), 'root: expected an XML node (what el() builds), got null'],
      [() => serializeXml(el('a'), undefined as never), 'options.namespaces: required (an object of prefix → namespace URI; {} for none)'],
      [() => toJsonReport(null as never), 'result: expected a validation result (what validateFile returns), got null'],
      [() => writeMustangReport({ xml: {} } as never), 'result: expected a validation result (what validateFile returns), got an object (Object)'],
      [() => writeTextReport(undefined as never), 'result: expected a validation result (what validateFile returns), got undefined'],
      [() => findFormatProfile('fx', null as never, 2), 'profile: expected a string, got null'],
      [() => findFormatProfile('fx', 'EN16931', '2' as never), 'version: expected a whole number, got a string'],
      [() => parseParams(null as never, {}), 'op: expected an operation (from OPERATIONS or getOperation), got null'],
      [() => parseParams(getOperation('calculate') as never, null as never), 'raw: expected an object of parameter values by name, got null'],
    ] as const) {
      const err = await einvoiceErrorOf(call)
      expect(err.message).toBe(message)
      expect(err.errorCode).toBe(/got (null|undefined)$/.test(message) || message.endsWith('required (an object of prefix → namespace URI; {} for none)') ? 'MISSING_INPUT' : 'INVALID_PARAMETER')
    }
    // What they accept is unchanged.
    expect(writeUbl(invoice)).toContain('<cbc:ID>RE-2026-0142</cbc:ID>')
    expect(invoiceToJson(invoice).number).toBe('RE-2026-0142')
    expect(detectSyntax(doc)).toBe('CII')
    expect(findFormatProfile('FX', ' en16931 ', 2)?.profile).toBe('EN16931')
  })

  it('calculatePayload and calculateDocument refuse plain JSON, pointing to readInvoicePayload and calculateInvoice', async () => {
    const plain = { zfitems: [{ price: 9.9, quantity: 20, product: { vatpercent: 19 } }] }
    const message = 'invoice.zfitems[0].price: expected a Decimal (read it with readInvoicePayload first, or give the JSON to calculateInvoice), got a number'
    await refusal(() => calculatePayload(plain as never), message)
    await refusal(() => calculateDocument(plain as never), message)
    await refusal(() => calculatePayload(null as never), 'invoice: expected a payload read by readInvoicePayload (read it with readInvoicePayload first, or give the JSON to calculateInvoice), got null', 'MISSING_INPUT')
    const read = readInvoicePayload(plain)
    expect(calculatePayload(read).grandTotal.toString()).toBe('235.62')
    // An absent price or quantity is the payload's zero (as in Mustang), not a wrong kind: the
    // first version of this check refused it, in the CLI and the server too.
    const noPrice = readInvoicePayload({ zfitems: [{ quantity: 2, product: { vatpercent: 19 } }, { price: 5, product: { vatpercent: 19 } }] })
    expect(calculatePayload(noPrice).grandTotal.toString()).toBe('0')
    const out = await getOperation('calculate')!.run({ inputs: { invoice: Buffer.from('{"zfitems":[{"quantity":2,"product":{"vatpercent":19}}]}') }, params: {} })
    expect(JSON.parse(String(out.body))).toMatchObject({ grandTotal: 0, zfitems: [{ calculation: { price: 0 } }] })
    // A payload built by hand with Decimals is a payload too.
    expect(calculateDocument({ ...read, zfitems: [{ ...read.zfitems![0]!, price: new Decimal('1.00'), quantity: new Decimal(3) }] }).grandTotal.toString()).toBe('3.57')
  })
})
