/** Behaviour doc §2.6, worked examples 1–8, with their exact numbers. */
import { describe, expect, it } from 'vitest'
import { calc, calcText, line } from '../helpers/calculate.js'

describe('worked examples (behaviour doc §2.6)', () => {
  it('1: document allowance booked into the 19 % group (234.43)', () => {
    const r = calc({
      zfitems: [line(9.9, 20, 19, { product: { name: 'x', vatpercent: 19, taxCategoryCode: 'S' } })],
      zfallowances: [{ totalAmount: 1, taxPercent: 19 }],
    })
    expect(r.zfitems[0].calculation.itemTotalNetAmount).toBe(198)
    expect(r.zfitems[0].calculation.itemTotalVATAmount).toBe(37.62)
    expect(r.calculation).toMatchObject({ value: 198, allowanceTotal: 1, chargeTotal: 0, taxBasis: 197, grandTotal: 234.43, duePayable: 234.43, quantity: 1 })
    expect(r.vattotal).toBe(37.43)
    expect(r.grandTotal).toBe(234.43)
    expect(r.calculation.taxDetails).toEqual([
      { basis: 197, calculated: 37.43, applicablePercent: 19, categoryCode: 'S', documentCode: 'S' },
    ])
  })

  it('2: line charge and two rates (531.06)', () => {
    const r = calc({
      zfitems: [line(9.9, 20, 19, { itemCharges: [{ totalAmount: 1 }] }), line(5.5, 50, 7)],
    })
    expect(r.zfitems[0].calculation.itemTotalNetAmount).toBe(199)
    expect(r.zfitems[0].calculation.itemTotalVATAmount).toBe(37.81)
    expect(r.zfitems[1].calculation.itemTotalNetAmount).toBe(275)
    expect(r.calculation).toMatchObject({ value: 474, chargeTotal: 0, taxBasis: 474, grandTotal: 531.06 })
    expect(r.vattotal).toBe(57.06)
  })

  it('3: product allowance lowers the net price (34.51)', () => {
    const r = calc({ zfitems: [line('3.0000', 10, 19, { product: { name: 'x', vatpercent: 19, allowances: [{ totalAmount: 0.1 }] } })] })
    expect(r.zfitems[0].calculation).toMatchObject({ price: 2.9, priceGross: 3, itemTotalNetAmount: 29, itemTotalVATAmount: 5.51 })
    expect(r.taxBasis).toBe(29)
    expect(r.grandTotal).toBe(34.51)
  })

  const example4Lines = [
    line(9.5, 25, 25, { product: { name: 'pens', vatpercent: 25, allowances: [{ totalAmount: 1 }] }, itemCharges: [{ totalAmount: 10 }] }),
    line(4.5, 15, 25, { itemAllowances: [{ percent: 5 }] }),
  ]

  it('4: EN 16931 example 4, charge at 0 % as Mustang books a rate-less charge (337.45)', () => {
    const r = calc({
      zfitems: example4Lines,
      zfallowances: [{ percent: 10, taxPercent: 25 }],
      zfcharges: [{ totalAmount: 15, taxPercent: 0, categoryCode: 'S' }],
    })
    expect(r.zfitems[0].calculation.itemTotalNetAmount).toBe(222.5)
    expect(r.zfitems[1].calculation.itemTotalNetAmount).toBe(64.12)
    expect(r.calculation).toMatchObject({ value: 286.62, allowanceTotal: 28.66, chargeTotal: 15, taxBasis: 272.96, grandTotal: 337.45 })
  })

  it('4: EN 16931 example 4 with the charge at 25 % (341.20)', () => {
    const r = calc({ zfitems: example4Lines, zfallowances: [{ percent: 10, taxPercent: 25 }], zfcharges: [{ totalAmount: 15, taxPercent: 25 }] })
    expect(r.calculation).toMatchObject({ taxBasis: 272.96, grandTotal: 341.2 })
    expect(r.calculation.taxDetails).toEqual([{ basis: 272.96, calculated: 68.24, applicablePercent: 25, categoryCode: 'S', documentCode: 'S' }])
  })

  it('5: basis quantity with a percent line allowance (57.83)', () => {
    const r = calc({ zfitems: [line(128.49, 50, 19, { basisQuantity: 100, itemAllowances: [{ percent: 10 }] })] })
    expect(r.zfitems[0].calculation.itemTotalNetAmount).toBe(57.83)
  })

  it('6: VAT rounded once per group, not per line (25.11)', () => {
    const r = calc({ zfitems: [line(10.55, 1, 19), line(10.55, 1, 19)] })
    expect(r.zfitems[0].calculation.itemTotalVATAmount).toBe(2.0045)
    expect(r.grandTotal).toBe(25.11)
    expect(r.vattotal).toBe(4.009)
  })

  it('7: percent document allowance over all lines, booked into its own rate (202.20)', () => {
    const r = calc({ zfitems: [line(100, 1, 19), line(100, 1, 7)], zfallowances: [{ percent: 10, taxPercent: 19 }] })
    expect(r.calculation.allowanceTotal).toBe(20)
    expect(r.taxBasis).toBe(180)
    expect(r.calculation.taxDetails).toEqual([
      { basis: 80, calculated: 15.2, applicablePercent: 19, categoryCode: 'S', documentCode: 'S' },
      { basis: 100, calculated: 7, applicablePercent: 7, categoryCode: 'S', documentCode: 'S' },
    ])
    expect(r.grandTotal).toBe(202.2)
  })

  it('8: document percent charge (16.07) and allowance (5.36)', () => {
    const lines = [line(3, 1, 19), line(3, 1, 19), line(3, 1, 19)]
    const charged = calc({ zfitems: lines, zfcharges: [{ percent: 50, taxPercent: 19 }] })
    expect(charged.calculation.chargeTotal).toBe(4.5)
    expect(charged.taxBasis).toBe(13.5)
    expect(charged.duePayable).toBe(16.07)
    const allowed = calc({ zfitems: lines, zfallowances: [{ percent: 50, taxPercent: 19 }] })
    expect(allowed.taxBasis).toBe(4.5)
    expect(allowed.duePayable).toBe(5.36)
  })

  it('writes rounded totals with two decimals', () => {
    const text = calcText({ zfitems: [line(9.9, 20, 19)], zfallowances: [{ totalAmount: 1, taxPercent: 19 }] })
    expect(text).toContain('"taxBasis":197.00')
    expect(text).toContain('"allowanceTotal":1.00')
    expect(text).toContain('"chargeTotal":0.00')
  })
})
