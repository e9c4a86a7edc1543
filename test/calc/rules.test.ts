/** Every rule of behaviour doc §2 beyond the worked examples, plus our two documented fixes. */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { calculatePayload } from '../../src/calc/calculate-invoice.js'
import { readInvoicePayload } from '../../src/json/read-invoice.js'
import { Decimal } from '../../src/model/decimal.js'
import { calc, calcText, line } from '../helpers/calculate.js'

describe('line rules (§2.2)', () => {
  it('uses item.price per basisQuantity and treats basisQuantity 0 as 1', () => {
    expect(calc({ zfitems: [line(12, 3, 19, { basisQuantity: 0 })] }).lineTotalAmount).toBe(36)
    expect(calc({ zfitems: [line(12, 3, 19, { basisQuantity: 4 })] }).lineTotalAmount).toBe(9)
  })

  it('rounds the line net HALF_UP to 2 decimals, also for negatives', () => {
    expect(calc({ zfitems: [line('0.125', 1, 19)] }).lineTotalAmount).toBe(0.13)
    expect(calc({ zfitems: [line('0.125', -1, 19)] }).lineTotalAmount).toBe(-0.13)
  })

  it('applies percent product allowances to the original price without cascading (Q3)', () => {
    const r = calc({ zfitems: [line(100, 1, 19, { product: { name: 'x', vatpercent: 19, allowances: [{ percent: 10 }, { percent: 10 }] } })] })
    expect(r.zfitems[0].calculation.price).toBe(80)
  })

  it('adds product-level charges to the net price', () => {
    const r = calc({ zfitems: [line(10, 2, 19, { product: { name: 'x', vatpercent: 19, charges: [{ totalAmount: '0.5' }] } })] })
    expect(r.zfitems[0].calculation).toMatchObject({ price: 10.5, priceGross: 10, itemTotalNetAmount: 21 })
  })

  it('computes percent line allowances from the gross price, not the net price (Q3)', () => {
    const r = calc({
      zfitems: [line(10, 1, 19, { product: { name: 'x', vatpercent: 19, allowances: [{ totalAmount: 2 }] }, itemAllowances: [{ percent: 50 }] })],
    })
    // net price 8, line allowance 50 % of the gross 10 = 5 → 3.00
    expect(r.zfitems[0].calculation.itemTotalNetAmount).toBe(3)
  })

  it('rounds the line allowances before subtracting them (Q4), each as the XML writes it', () => {
    // 3 × 1.115 = 3.345; allowances written 0.01 + 0.01 (Mustang: round2(0.01) = 0.01 → 3.34):
    // 3.345 − 0.02 = 3.325 → 3.33
    const r = calc({ zfitems: [line('1.115', 3, 19, { itemAllowances: [{ totalAmount: '0.005' }, { totalAmount: '0.005' }] })] })
    expect(r.lineTotalAmount).toBe(3.33)
  })

  it('subtracts several percentage line allowances as their written cents (BT-131 = gross − Σ BT-136)', () => {
    // 7 % and 9.7 % of 68 × 489.82 = 33307.76 are written 2331.54 and 3230.85; Mustang subtracts
    // round2(5562.39592) = 5562.40 and gives 27745.36, a cent off the written amounts.
    const r = calc({ zfitems: [line('489.82', 68, 0, { itemAllowances: [{ percent: 7 }, { percent: '9.7' }] })] })
    expect(r.zfitems[0].calculation.itemTotalNetAmount).toBe(27745.37)
  })

  it('reports itemTotalGrossAmount as net + VAT (Mustang returns the net: fixed)', () => {
    const r = calc({ zfitems: [line(100, 1, 19)] })
    expect(r.zfitems[0].calculation).toMatchObject({ itemTotalNetAmount: 100, itemTotalVATAmount: 19, itemTotalGrossAmount: 119 })
  })

  it('treats a missing vatpercent as 0 % for the line, leaves it out of taxDetails but keeps it in taxBasis', () => {
    const r = calc({ zfitems: [line(100, 1, 19), line(50, 1, undefined)] })
    expect(r.taxBasis).toBe(150)
    expect(r.calculation.taxDetails.map((d: { applicablePercent: number }) => d.applicablePercent)).toEqual([19])
    expect(r.zfitems[1].product.taxCategoryCode).toBe('Z')
  })

  it('defaults the product category: S for a rate, Z for 0 %, K and AE from the flags', () => {
    const r = calc({
      zfitems: [
        line(1, 1, 19),
        line(1, 1, 0),
        line(1, 1, 0, { product: { name: 'x', vatpercent: 0, intraCommunitySupply: true } }),
        line(1, 1, 0, { product: { name: 'x', vatpercent: 0, reverseCharge: true } }),
        line(1, 1, 0, { product: { name: 'x', vatpercent: 0, taxCategoryCode: 'E' } }),
      ],
    })
    expect(r.zfitems.map((i: { product: { taxCategoryCode: string } }) => i.product.taxCategoryCode)).toEqual(['S', 'Z', 'K', 'AE', 'E'])
  })
})

describe('VAT breakdown exemption reasons', () => {
  it('joins distinct line reasons once, also a reason that holds ", " itself (a parsed BT-120)', () => {
    const reason = { taxCategoryCode: 'E', taxExemptionReason: 'Exempt, export' }
    const items = [1, 2, 3].map(() => line(10, 1, 0, { product: { name: 'x', vatpercent: 0, ...reason } }))
    items.push(line(10, 1, 0, { product: { name: 'x', vatpercent: 0, taxCategoryCode: 'E', taxExemptionReason: 'Other' } }))
    const groups = calculatePayload(readInvoicePayload({ zfitems: items })).vatCategoryGroups
    expect(groups.map((g) => g.exemptionReason)).toEqual(['Exempt, export, Other'])
  })
})

describe('document rules (§2.3)', () => {
  it('leaves GROUP and INFORMATION lines out of every sum', () => {
    const r = calc({
      zfitems: [
        line(100, 1, 19),
        line(500, 1, 19, { lineStatusReasonCode: 'GROUP' }),
        line(70, 1, 7, { lineStatusReasonCode: 'INFORMATION' }),
        line(10, 1, 19, { lineStatusReasonCode: 'DETAIL' }),
      ],
    })
    expect(r.lineTotalAmount).toBe(110)
    expect(r.calculation.taxDetails).toHaveLength(1)
    expect(r.grandTotal).toBe(130.9)
  })

  it('keeps a GROUP line\'s own lineTotalAmount when its calculated net is 0.00', () => {
    const r = calc({ zfitems: [line(10, 1, 19), line(0, 0, 19, { lineStatusReasonCode: 'GROUP', lineTotalAmount: 123.45 })] })
    expect(r.zfitems[1].calculation.itemTotalNetAmount).toBe(123.45)
    expect(r.lineTotalAmount).toBe(10)
  })

  it('subtracts the rounded prepaid amount and adds the rounding amount unrounded', () => {
    const r = calc({ zfitems: [line(100, 1, 19)], totalPrepaidAmount: '50.005', roundingAmount: '0.004' })
    expect(r.grandTotal).toBe(119)
    expect(calcText({ zfitems: [line(100, 1, 19)], totalPrepaidAmount: '50.005', roundingAmount: '0.004' })).toContain('"duePayable":68.994')
  })

  it('groups VAT by rate only: the first line\'s category wins (percent map)', () => {
    const r = calc({ zfitems: [line(10, 1, 0, { product: { name: 'x', vatpercent: 0, taxCategoryCode: 'E' } }), line(10, 1, 0)] })
    expect(r.calculation.taxDetails).toEqual([{ basis: 20, calculated: 0, applicablePercent: 0, categoryCode: 'E', documentCode: 'E' }])
  })

  it('strips trailing zeros of the rate key (19.00 and 19 are one group)', () => {
    const r = calc({ zfitems: [line(10, 1, undefined, { product: { name: 'x', vatpercent: '19.00' } }), line(10, 1, 19)] })
    expect(r.calculation.taxDetails).toHaveLength(1)
    expect(calcText({ zfitems: [line(10, 1, 20)] })).toContain('"applicablePercent":20')
  })

  it('sums the rounded amounts of several percentage allowances (Mustang rounds their sum: BR-CO-11 broke)', () => {
    const r = calc({ zfitems: [line(100.48, 1, 19)], zfallowances: [{ percent: 5, taxPercent: 19 }, { percent: 5, taxPercent: 19 }] })
    expect(r.calculation).toMatchObject({ allowanceTotal: 10.04, taxBasis: 90.44, grandTotal: 107.62 })
    expect(r.calculation.taxDetails).toEqual([{ basis: 90.44, calculated: 17.1836, applicablePercent: 19, categoryCode: 'S', documentCode: 'S' }])
  })

  it('adds up the rounded VAT of each category when one rate has several (BT-112 then agrees with the breakdown)', () => {
    const r = calc({ zfitems: [line(0.05, 1, 10), line(0.05, 1, undefined, { product: { name: 'x', vatpercent: 10, taxCategoryCode: 'M' } })] })
    expect(r.calculation).toMatchObject({ taxBasis: 0.1, grandTotal: 0.12 })
    // The rate group of the JSON stays Mustang's: one group, its VAT unrounded.
    expect(r.calculation.taxDetails).toEqual([{ basis: 0.1, calculated: 0.01, applicablePercent: 10, categoryCode: 'S', documentCode: 'S' }])
  })

  it('counts logistics service charges as document charges (Mustang 2.24 drops them silently)', () => {
    const r = calc({ zfitems: [line(100, 1, 19)], zflogisticsServiceCharges: [{ totalAmount: 10, taxPercent: 19 }] })
    expect(r.calculation.chargeTotal).toBe(10)
    expect(r.grandTotal).toBe(130.9)
  })
})

describe('document allowance or charge without taxPercent (documented fix)', () => {
  it('takes the VAT rate and category all lines share', () => {
    const r = calc({ zfitems: [line(100, 1, 7), line(50, 2, 7)], zfcharges: [{ totalAmount: 10 }] })
    expect(r.zfcharges[0]).toMatchObject({ taxPercent: 7, categoryCode: 'S' })
    expect(r.calculation.taxDetails).toEqual([{ basis: 210, calculated: 14.7, applicablePercent: 7, categoryCode: 'S', documentCode: 'S' }])
    expect(r.grandTotal).toBe(224.7)
  })

  it('fails naming the allowance when the lines have different rates', () => {
    expect(() => calc({ zfitems: [line(100, 1, 19), line(100, 1, 7)], zfallowances: [{ totalAmount: 1 }, { percent: 3 }] })).toThrowError(
      /^zfallowances\[0\]: taxPercent is missing and the lines have different VAT rates/,
    )
  })

  it('joins an existing group of the same rate when only the category is missing', () => {
    const r = calc({ zfitems: [line(100, 1, 0, { product: { name: 'x', vatpercent: 0, taxCategoryCode: 'E' } })], zfcharges: [{ totalAmount: 10, taxPercent: 0 }] })
    expect(r.zfcharges[0].categoryCode).toBe('E')
  })

  it('needs totalAmount or percent', () => {
    expect(() => calc({ zfitems: [line(1, 1, 19)], zfcharges: [{ taxPercent: 19 }] })).toThrowError(
      'zfcharges[0]: an allowance or charge needs totalAmount or percent',
    )
  })
})

describe('exactness', () => {
  it('never goes through binary floats: 0.1 × 3 is 0.30', () => {
    expect(calcText({ zfitems: [line('0.1', 3, 0)] })).toContain('"lineTotalAmount":0.30')
  })

  it('keeps 18-digit amounts exact', () => {
    const text = calcText({ zfitems: [line('12345678901234.56', 1, 0)] })
    expect(text).toContain('"grandTotal":12345678901234.56')
  })

  it('throws EInvoiceError with a JSON path for bad items', () => {
    try {
      calc({ zfitems: [line(1, 1, 19), line(1, 'abc', 19)] })
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(EInvoiceError)
      expect((err as EInvoiceError).message).toBe('zfitems[1].quantity: expected a number, got "abc"')
      expect((err as EInvoiceError).details).toEqual({ 'zfitems[1].quantity': 'expected a number, got "abc"' })
    }
  })
})

describe('VAT per rate (§2.3): the group VAT is the sum of its lines’ unrounded VAT', () => {
  // Several lines share each rate. The last rate has 60 digits: its line products are rounded to
  // the precision, so basis × rate would differ and the group VAT must be summed line by line. The
  // reader takes 30 decimals at most (docs/json.md), so that rate is set on the read payload.
  const LONG_RATE = '7.12345678901234567890123456789012345678901234567890123456789'
  for (const rates of [[19, 7], ['19.5', '7.25'], [LONG_RATE, '19']]) {
    it(`at ${rates.join(' % and ')} %`, () => {
      const payload = readInvoicePayload({ zfitems: [1, 2, 3, 4, 5, 6].map((n) => line(`${n}.37`, n, 0)) })
      payload.zfitems?.forEach((item, i) => {
        if (item.product) item.product.vatpercent = new Decimal(rates[(i + 1) % 2] as string | number)
      })
      const result = calculatePayload(payload)
      expect(result.vatGroups).toHaveLength(2)
      for (const group of result.vatGroups) {
        let lineVat = new Decimal(0)
        result.lines.forEach((l) => {
          if (l.vatPercent.eq(group.percent)) lineVat = lineVat.plus(l.itemTotalVATAmount)
        })
        expect(group.calculated.toString()).toBe(lineVat.toString())
      }
    })
  }

  it('also for large amounts, whose line products have 76 digits', () => {
    // Each product is rounded to 60 digits: their sum is not basis × rate here (…139757 against …139758).
    const prices = ['18448260634624.26', '62822404800888.5', '60262288682062.14', '68664868066446.84', '78882644042266.4']
    const payload = readInvoicePayload({ zfitems: prices.map((price) => line(price, 1, 19)) })
    for (const item of payload.zfitems ?? []) {
      if (item.product) item.product.vatpercent = new Decimal(LONG_RATE)
    }
    const result = calculatePayload(payload)
    let lineVat = new Decimal(0)
    for (const l of result.lines) lineVat = lineVat.plus(l.itemTotalVATAmount)
    expect(result.vatGroups.map((g) => g.calculated.toString())).toEqual([lineVat.toString()])
    expect(lineVat.toString()).toBe('20592522097105.0635576583139757658313975765831397576583139757')
  })
})
