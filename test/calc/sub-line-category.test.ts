/** The VAT category of EXTENDED sub-lines (GROUP, INFORMATION) that give no rate: none, not Mustang's Z. */
import { describe, expect, it } from 'vitest'
import { lineCategoryCode } from '../../src/calc/document.js'
import { readInvoicePayload } from '../../src/json/read-invoice.js'
import { calc, line } from '../helpers/calculate.js'

const itemsOf = (zfitems: unknown[]) => readInvoicePayload({ zfitems }).zfitems ?? []

describe('lineCategoryCode of sub-lines', () => {
  it('gives a GROUP or INFORMATION line without rate or category no category; calculate writes none', () => {
    const items = itemsOf([
      { lineStatusReasonCode: 'GROUP', product: { name: 'g' } },
      { lineStatusReasonCode: 'INFORMATION' },
      { lineStatusReasonCode: 'GROUP', product: { name: 'g', vatpercent: 0 } },
      { lineStatusReasonCode: 'GROUP', product: { name: 'g', taxCategoryCode: 'E' } },
      { lineStatusReasonCode: 'DETAIL', product: { name: 'd' } },
      { product: { name: 'd' } },
    ])
    // A given rate or category is kept; a line that counts still gets Mustang's Z.
    expect(items.map(lineCategoryCode)).toEqual(['', '', 'Z', 'E', 'Z', 'Z'])
    const r = calc({ zfitems: [line(10, 1, 19), { lineStatusReasonCode: 'GROUP', product: { name: 'g' }, lineTotalAmount: 10 }] })
    expect(r.zfitems[1].product).not.toHaveProperty('taxCategoryCode')
    expect(r.zfitems[0].product.taxCategoryCode).toBe('S')
  })
})
