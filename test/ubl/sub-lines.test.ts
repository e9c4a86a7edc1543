/**
 * Sub-invoice lines (XRechnung BG-DEX-01) in UBL: read flat into the model as CII has them (parent
 * line and status), written nested again, and what the nesting cannot say is reported.
 */
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../src/model/decimal.js'
import type { InvoiceLine } from '../../src/model/invoice.js'
import { ublLineTree } from '../../src/ubl/line-tree.js'
import { readUbl } from '../../src/ubl/read-ubl.js'
import { ublDroppedContent } from '../../src/ubl/write-dropped.js'
import { writeUbl } from '../../src/ubl/write-ubl.js'
import { validateXml } from '../../src/validate/index.js'
import { type XmlElement, parseXml } from '../../src/xml/index.js'
import { modelDifferences } from '../helpers/model-diff.js'
import { UBL_SUB_LINES, minimalInvoice } from './fixtures.js'

const d = (s: string) => new Decimal(s)

function all(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(all)]
}

/** Each line element as "ID(child IDs…)", recursively. */
function nesting(el: XmlElement): string[] {
  return el.children
    .filter((c) => /^(Sub)?(Invoice|CreditNote)Line$/.test(c.local))
    .map((c) => {
      const id = c.children.find((x) => x.local === 'ID')?.text ?? '?'
      const subs = nesting(c)
      return subs.length === 0 ? `${c.local}:${id}` : `${c.local}:${id}(${subs.join(' ')})`
    })
}

function line(id: string, net: string, extra: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id,
    quantity: d('1'),
    unitCode: 'C62',
    netAmount: d(net),
    allowances: [],
    charges: [],
    price: { netPrice: d(net) },
    vat: { categoryCode: 'S', rate: d('19') },
    item: { name: `Item ${id}`, classifications: [], attributes: [] },
    ...extra,
  }
}

describe('UBL sub-invoice lines', () => {
  it('reads them flat in document order, each naming its parent, with the status CII would give', () => {
    const inv = readUbl(parseXml(UBL_SUB_LINES))
    expect(inv.lines.map((l) => [l.id, l.parentLineId, l.lineStatusReasonCode, l.netAmount.toFixed(2)])).toEqual([
      ['1', undefined, 'GROUP', '100.00'],
      ['1.1', '1', 'GROUP', '60.00'],
      ['1.1.1', '1.1', 'DETAIL', '45.00'],
      ['1.1.2', '1.1', 'DETAIL', '15.00'],
      ['1.2', '1', 'DETAIL', '40.00'],
      ['2', undefined, undefined, '30.00'],
    ])
    // A sub-line may leave out quantity and price: nothing mandatory is missing.
    expect(inv.source?.absentTerms).toEqual([])
    expect(inv.source?.problems).toEqual([])
    // The counted lines (no status or DETAIL) sum to BT-106, as the UBL top-level lines do.
    const counted = inv.lines.filter((l) => l.lineStatusReasonCode === undefined || l.lineStatusReasonCode === 'DETAIL')
    expect(counted.reduce((s, l) => s.plus(l.netAmount), d('0')).eq(inv.totals.sumOfLineNetAmounts)).toBe(true)
  })

  it('reads only the top-level lines when asked for the EN 16931 view', () => {
    const inv = readUbl(parseXml(UBL_SUB_LINES), { subLines: false })
    expect(inv.lines.map((l) => [l.id, l.parentLineId, l.lineStatusReasonCode])).toEqual([
      ['1', undefined, undefined],
      ['2', undefined, undefined],
    ])
  })

  it('writes them nested after Price, and read → write → read loses nothing', () => {
    const first = readUbl(parseXml(UBL_SUB_LINES))
    const xml = writeUbl(first)
    expect(nesting(parseXml(xml).root)).toEqual([
      'InvoiceLine:1(SubInvoiceLine:1.1(SubInvoiceLine:1.1.1 SubInvoiceLine:1.1.2) SubInvoiceLine:1.2)',
      'InvoiceLine:2',
    ])
    expect(xml).toMatch(/<\/cac:Price>\s*<cac:SubInvoiceLine>\s*<cbc:ID>1\.1<\/cbc:ID>/)
    // The sub-line without quantity and price stays without them (no invented zeros).
    const sub12 = all(parseXml(xml).root).find((e) => e.local === 'SubInvoiceLine' && e.children[0]?.text === '1.2')
    expect(sub12?.children.map((c) => c.local)).toEqual(['ID', 'LineExtensionAmount', 'Item'])
    expect(modelDifferences(first, readUbl(parseXml(xml)))).toEqual([])
    expect(ublDroppedContent(first)).toEqual([])
  })

  it('writes a document our validator finds valid, with only the CEN warning about sub-lines', () => {
    for (const xml of [UBL_SUB_LINES, writeUbl(readUbl(parseXml(UBL_SUB_LINES)))]) {
      const result = validateXml(xml)
      expect(result.findings.filter((f) => f.severity !== 'information').map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['UBL-CR-646:warning'])
      expect(result.valid).toBe(true)
    }
  })

  it('writes SubCreditNoteLine with CreditedQuantity in a CreditNote and reads it back', () => {
    const inv = { ...readUbl(parseXml(UBL_SUB_LINES)), typeCode: '381' }
    const xml = writeUbl(inv)
    expect(nesting(parseXml(xml).root)).toEqual([
      'CreditNoteLine:1(SubCreditNoteLine:1.1(SubCreditNoteLine:1.1.1 SubCreditNoteLine:1.1.2) SubCreditNoteLine:1.2)',
      'CreditNoteLine:2',
    ])
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="MTR">10</cbc:CreditedQuantity>')
    expect(modelDifferences(inv, readUbl(parseXml(xml)))).toEqual([])
  })

  it('nests CII-ordered lines (sub-lines before their group) under their parent', () => {
    const lines = [
      line('0101', '60', { parentLineId: '01', lineStatusReasonCode: 'DETAIL' }),
      line('0102', '40', { parentLineId: '01', lineStatusReasonCode: 'DETAIL' }),
      line('01', '100', { lineStatusReasonCode: 'GROUP' }),
      line('02', '19'),
    ]
    const inv = minimalInvoice({ lines })
    expect(nesting(parseXml(writeUbl(inv)).root)).toEqual(['InvoiceLine:01(SubInvoiceLine:0101 SubInvoiceLine:0102)', 'InvoiceLine:02'])
    expect(ublDroppedContent(inv)).toEqual([])
  })

  it('writes lines with an unknown parent or a parent cycle at top level, and says so', () => {
    const lines = [
      line('1', '10', { parentLineId: 'missing' }),
      line('2', '10', { parentLineId: '3' }),
      line('3', '10', { parentLineId: '2' }),
      line('4', '10', { parentLineId: '4' }),
    ]
    const tree = ublLineTree(lines)
    expect(tree.roots.map((n) => [n.line.id, n.subLines.map((s) => s.line.id)])).toEqual([['1', []], ['2', ['3']], ['4', []]])
    expect(tree.orphans.map((l) => l.id)).toEqual(['1', '2', '4'])
    expect(ublDroppedContent(minimalInvoice({ lines }))).toEqual([
      'not in the UBL output: the parent line of sub-lines whose parent (ParentLineID) is not in the invoice or is their own sub-line; they are written as top-level lines (line 1, 2, 4)',
    ])
  })

  it('cuts a parent cycle at its first line in document order, also when a walk enters it from outside', () => {
    const lines = [line('t', '1', { parentLineId: '2' }), line('1', '1', { parentLineId: '3' }), line('2', '1', { parentLineId: '1' }), line('3', '1', { parentLineId: '2' })]
    const tree = ublLineTree(lines)
    const shape = (n: { line: InvoiceLine; subLines: readonly unknown[] }): unknown => [n.line.id, (n.subLines as (typeof n)[]).map(shape)]
    expect(tree.roots.map(shape)).toEqual([['1', [['2', [['t', []], ['3', []]]]]]])
    expect(tree.orphans.map((l) => l.id)).toEqual(['1'])
  })

  it('writes 49 levels of sub-lines and refuses a deeper hierarchy, naming the line (a chain of 20,000 is refused at once)', () => {
    const chain = (n: number): InvoiceLine[] => Array.from({ length: n }, (_, k) => line(`L${k}`, '1', k === 0 ? {} : { parentLineId: `L${k - 1}` }))
    const written = writeUbl(minimalInvoice({ lines: chain(50) }))
    expect(written.match(/<cac:SubInvoiceLine>/g)).toHaveLength(49)
    // einvoice's own reader (64 levels of elements) reads it back.
    expect(readUbl(parseXml(written)).lines).toHaveLength(50)
    for (const n of [51, 20_000]) {
      let error: unknown
      try {
        ublLineTree(chain(n))
      } catch (err) {
        error = err
      }
      expect(error).toMatchObject({ errorCode: 'INPUT_TOO_LARGE', details: { line: 'L50' } })
      expect((error as Error).message).toContain('line L50 is a sub-line 50 levels below a top-level line')
    }
  })

  it('leaves out top-level lines EXTENDED does not count, and reports the INFORMATION status it cannot keep', () => {
    const lines = [
      line('1', '100', { lineStatusReasonCode: 'GROUP' }),
      line('1.1', '100', { parentLineId: '1', lineStatusReasonCode: 'DETAIL' }),
      line('1.2', '5', { parentLineId: '1', lineStatusReasonCode: 'INFORMATION' }),
      line('2', '7', { lineStatusReasonCode: 'INFORMATION' }),
      line('3', '8', { lineStatusReasonCode: 'GROUP' }),
    ]
    const inv = minimalInvoice({ lines })
    expect(nesting(parseXml(writeUbl(inv)).root)).toEqual(['InvoiceLine:1(SubInvoiceLine:1.1 SubInvoiceLine:1.2)'])
    expect(ublDroppedContent(inv)).toEqual([
      'not in the UBL output: EXTENDED GROUP / INFORMATION lines without sub-lines, which the totals leave out and UBL would count (line 2, 3)',
      'not in the UBL output: the INFORMATION status of sub-lines (UBL sub-invoice lines have no status) (line 1.2)',
    ])
  })
})
