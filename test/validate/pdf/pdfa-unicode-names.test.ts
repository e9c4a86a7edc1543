/**
 * ISO 19005-3 6.1.8 beyond font names (found missing by the veraPDF PDF/A-3B audit, session 28):
 * colourant names of Separation and DeviceN colour spaces and structure type names (element /S,
 * /RoleMap keys and values) are UTF-8 once #xx escapes are expanded. Each variant adds colour spaces
 * drawn on the first page and a structure tree to a valid Factur-X file; set EINVOICE_PDFA_DUMP to a
 * folder to keep them (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, type PDFRef } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../../src/pdf/ghostscript.js'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage, keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
let facturx: Uint8Array

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

const tint = (doc: PDFDocument): PDFObject => doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1], C1: [0], N: 1 })
const separation = (doc: PDFDocument, name: string): PDFObject => doc.context.obj([PDFName.of('Separation'), PDFName.of(name), PDFName.of('DeviceGray'), tint(doc)])
/** A DeviceN of `name` and Black, its tint transform a PostScript calculator function (a stream), with a /Colorants entry for `name`. */
const deviceN = (doc: PDFDocument, name: string): PDFObject => {
  const function4 = doc.context.register(doc.context.stream('{ pop }', { FunctionType: 4, Domain: [0, 1, 0, 1], Range: [0, 1] }))
  return doc.context.obj([PDFName.of('DeviceN'), [PDFName.of(name), PDFName.of('Black')], PDFName.of('DeviceGray'), function4, { Colorants: { [name]: separation(doc, name) } }])
}

type Spec = { colourant?: string; structure?: string; roleMap?: Record<string, string>; extra?: (doc: PDFDocument) => void }

/** The Factur-X file with a Separation and a DeviceN of `colourant` drawn on the page, and a structure tree of one element /S `structure`. */
async function withNames(name: string, spec: Spec, patch?: (text: string) => string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  if (spec.colourant !== undefined) {
    const sep = doc.context.register(separation(doc, spec.colourant))
    const dnRef = doc.context.register(deviceN(doc, spec.colourant))
    addToPage(doc, 'q /CS0 cs 1 scn 0 0 10 10 re f /CS1 cs 1 1 scn 10 0 10 10 re f Q')
    doc.getPages()[0]!.node.Resources()!.set(PDFName.of('ColorSpace'), doc.context.obj({ CS0: sep, CS1: dnRef }))
  }
  if (spec.structure !== undefined) {
    const page = doc.getPages()[0]!
    const root = doc.context.register(doc.context.obj({ Type: 'StructTreeRoot' }))
    const element = doc.context.register(doc.context.obj({ Type: 'StructElem', S: PDFName.of(spec.structure), P: root, Pg: page.ref }))
    const rootDict = doc.context.lookup(root, PDFDict)
    rootDict.set(PDFName.of('K'), doc.context.obj([element]))
    if (spec.roleMap !== undefined) rootDict.set(PDFName.of('RoleMap'), doc.context.obj(Object.fromEntries(Object.entries(spec.roleMap).map(([k, v]) => [k, PDFName.of(v)]))))
    doc.catalog.set(PDFName.of('StructTreeRoot'), root)
  }
  spec.extra?.(doc)
  let bytes = await doc.save({ useObjectStreams: false })
  if (patch !== undefined) bytes = new Uint8Array(Buffer.from(patch(Buffer.from(bytes).toString('latin1')), 'latin1'))
  return keepForPdfaCheck(name, bytes)
}

const nameFindings = async (pdf: Uint8Array): Promise<string[]> =>
  (await validatePdf(pdf)).findings.filter((f) => f.clause === '6.1.8').map((f) => `${f.ruleId}: ${f.message}`)

describe('colourant and structure type names (6.1.8)', () => {
  it('passes UTF-8 names, escaped (#C3#A9 is é) or not', async () => {
    const pdf = await withNames('names-utf8-ok', { colourant: 'Gold#C3#A9', structure: 'Caf#C3#A9', roleMap: { 'Caf#C3#A9': 'P' } })
    expect(await nameFindings(pdf)).toEqual([])
    expect((await validatePdf(pdf)).pdfaValid).toBe(true)
  })

  it('reports Latin-1 colourant names (Separation, DeviceN) and structure types (element /S, RoleMap key and value), one finding per name and object', async () => {
    const found = await nameFindings(await withNames('names-utf8-bad', { colourant: 'Gold#E9', structure: 'Caf#E9', roleMap: { 'Caf#E9': 'P', Note: 'Para#FC' } }))
    expect(found.filter((f) => f.startsWith('PDFA-NAME-UTF8-COLOURANT'))).toEqual([
      expect.stringMatching(/colourant name \/Gold#E9 of a DeviceN colour space \(object \d+ 0\)/),
      expect.stringMatching(/colourant name \/Gold#E9 of a Separation colour space \(object \d+ 0\)/),
    ])
    expect(found.filter((f) => f.startsWith('PDFA-NAME-UTF8-STRUCTURE'))).toEqual([
      expect.stringMatching(/structure type name \/Caf#E9 \(structure element object \d+ 0\)/),
      expect.stringMatching(/\/Caf#E9 \(the structure tree root \/RoleMap\)/),
      expect.stringMatching(/\/Para#FC \(the structure tree root \/RoleMap\)/),
    ])
  })

  it('expands lower-case #xx escapes too (pdf-lib reads only upper-case ones)', async () => {
    const found = await nameFindings(await withNames('names-utf8-lowercase', { colourant: 'ZZZ999' }, (t) => t.replaceAll('/ZZZ999', '/Z#e999')))
    expect(found.length).toBeGreaterThan(0)
    expect(found[0]).toContain('PDFA-NAME-UTF8-COLOURANT')
  })

  it('reads only what veraPDF reads: not an /S outside the structure tree nor of a marked-content reference, and survives a cyclic tree', async () => {
    const found = await nameFindings(
      await withNames('names-utf8-not-read', {
        structure: 'P',
        extra: (doc) => {
          doc.context.register(doc.context.obj({ Type: 'StructElem', S: PDFName.of('Lost#E9') }))
          const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict)
          const k = root.lookup(PDFName.of('K'), PDFArray)
          const element = k.get(0) as PDFRef
          // A marked-content reference is not an element; the element's /K leads back to itself.
          k.push(doc.context.obj({ Type: 'MCR', S: PDFName.of('Mcr#E9'), MCID: 0 }))
          doc.context.lookup(element, PDFDict).set(PDFName.of('K'), doc.context.obj([element, root.get(PDFName.of('K'))!]))
        },
      }),
    )
    expect(found).toEqual([])
  })

  it('stays bounded on broken trees: /K numbers and strings, an array inside /K (not entered, as veraPDF), a chain 20,000 elements deep, a cyclic DeviceN attributes dictionary', async () => {
    const pdf = await withNames('names-utf8-broken', {
      colourant: 'Gold#E9',
      structure: 'P',
      extra: (doc) => {
        const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict)
        const k = root.lookup(PDFName.of('K'), PDFArray)
        k.push(doc.context.obj(7))
        k.push(doc.context.obj([doc.context.obj({ S: PDFName.of('Nested#E9') })]))
        let last = doc.context.register(doc.context.obj({ S: PDFName.of('Deep#E9') }))
        for (let i = 0; i < 20_000; i++) last = doc.context.register(doc.context.obj({ S: 'Div', K: last }))
        k.push(last)
        const dn = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict).lookup(PDFName.of('CS1'), PDFArray)
        const attributes = dn.lookup(4, PDFDict)
        const ref = doc.context.register(attributes)
        attributes.set(PDFName.of('Self'), ref)
        dn.set(4, ref)
      },
    })
    const found = await nameFindings(pdf)
    expect(found.filter((f) => f.includes('structure type'))).toEqual([expect.stringContaining('/Deep#E9')])
    // The Separation, the DeviceN, and the /Colorants Separation now in the attributes' own object.
    expect(found.filter((f) => f.includes('colourant'))).toHaveLength(3)
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    expect(await nameFindings(out.pdf)).toEqual([])
    // A walk that followed the cycle or recursed per level would not end or would overflow the
    // stack; the time limit is only the harness's guard against the former.
  }, 60_000)

  it('pdf2pdfa renames each such name consistently (Separation, DeviceN, /Colorants key; element /S and RoleMap), apart from names already there', async () => {
    const pdf = await withNames('names-utf8-pdf2pdfa', { colourant: 'Gold#E9', structure: 'Caf#E9', roleMap: { 'Caf#E9': 'P', Caf_: 'Span' } })
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    expect(out.method).toBe('native')
    keepForPdfaCheck('names-utf8-pdf2pdfa-out', out.pdf)
    expect(await nameFindings(out.pdf)).toEqual([])
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    const doc = await PDFDocument.load(out.pdf)
    const spaces = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict)
    const sep = spaces.lookup(PDFName.of('CS0'), PDFArray)
    const dn = spaces.lookup(PDFName.of('CS1'), PDFArray)
    expect(sep.get(1)).toBe(PDFName.of('Gold_'))
    expect(dn.lookup(1, PDFArray).get(0)).toBe(PDFName.of('Gold_'))
    const colorants = dn.lookup(4, PDFDict).lookup(PDFName.of('Colorants'), PDFDict)
    expect(colorants.keys()).toEqual([PDFName.of('Gold_')])
    expect(colorants.lookup(PDFName.of('Gold_'), PDFArray).get(1)).toBe(PDFName.of('Gold_'))
    const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict)
    const element = root.lookup(PDFName.of('K'), PDFArray).lookup(0, PDFDict)
    expect(element.get(PDFName.of('S'))).toBe(PDFName.of('Caf__2'))
    const roleMap = root.lookup(PDFName.of('RoleMap'), PDFDict)
    expect(roleMap.get(PDFName.of('Caf__2'))).toBe(PDFName.of('P'))
    expect(roleMap.get(PDFName.of('Caf_'))).toBe(PDFName.of('Span'))
  })

  // A DeviceN with /Colorants too: Ghostscript 10.0 leaves its /Colorants Separation unconverted, which pdf2pdfa aligns after it (6.2.4.4).
  it.skipIf(findGhostscript() === undefined)('through Ghostscript (DeviceCMYK content), the output has no such name either', async () => {
    const pdf = await withNames('names-utf8-gs', { colourant: 'Gold#E9', structure: 'Caf#E9', roleMap: { 'Caf#E9': 'P' }, extra: (doc) => addToPage(doc, '0 0 0 1 k 20 20 5 5 re f') })
    const out = await pdfToPdfa(pdf)
    expect(out.method).toBe('ghostscript')
    keepForPdfaCheck('names-utf8-gs-out', out.pdf)
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  })
})
