import { describe, expect, it } from 'vitest'
import { amountText, dateText, percentText, priceText, writeDate } from '../../src/cii/write-format.js'
import { Decimal } from '../../src/model/decimal.js'
import { XmlTextWriter } from '../../src/xml/text-writer.js'

describe('CII number and date text (behaviour doc §3.4)', () => {
  it('writes amounts with exactly 2 decimals, HALF_UP, never -0.00', () => {
    expect(amountText(new Decimal('37.4300'))).toBe('37.43')
    expect(amountText(new Decimal('2.005'))).toBe('2.01')
    expect(amountText(new Decimal('-2.005'))).toBe('-2.01')
    expect(amountText(new Decimal('19'))).toBe('19.00')
    expect(amountText(new Decimal('-0.001'))).toBe('0.00')
    expect(amountText(new Decimal('123456789012345.675'))).toBe('123456789012345.68')
  })

  it('writes prices and quantities with 4 to 18 decimals', () => {
    expect(priceText(new Decimal('9.9'))).toBe('9.9000')
    expect(priceText(new Decimal('1.23456'))).toBe('1.23456')
    expect(priceText(new Decimal('20'))).toBe('20.0000')
    expect(priceText(new Decimal('0.1234567890123456789'))).toBe('0.123456789012345679')
    expect(priceText(new Decimal('1.0000000000000000001'))).toBe('1.0000')
    expect(priceText(new Decimal('-0.00001').div(1e20))).toBe('0.0000')
  })

  it('writes allowance, charge and discount percentages exactly, with at least 2 (or the given) decimals', () => {
    expect(percentText(new Decimal('2.125'))).toBe('2.125')
    expect(percentText(new Decimal('33.333'))).toBe('33.333')
    expect(percentText(new Decimal('5'))).toBe('5.00')
    expect(percentText(new Decimal('7.5'))).toBe('7.50')
    expect(percentText(new Decimal('1e-7'))).toBe('0.0000001')
    expect(percentText(new Decimal('3'), 3)).toBe('3.000')
    expect(percentText(new Decimal('2.1255'), 3)).toBe('2.1255')
  })

  it('writes dates in format 102 and leaves blank text out', () => {
    expect(dateText('2026-11-02')).toBe('20261102')
    const w = new XmlTextWriter('rsm:X', {})
    w.leaf('ram:Name', '  ')
    w.leaf('ram:Name', undefined)
    w.wrapped('ram:Wrapper', 'ram:ID', '')
    writeDate(w, 'ram:IssueDateTime', undefined)
    w.leaf('ram:Name', 'x')
    writeDate(w, 'ram:IssueDateTime', '2026-11-02')
    expect(w.finish()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:X>\n  <ram:Name>x</ram:Name>\n  <ram:IssueDateTime>\n' +
        '    <udt:DateTimeString format="102">20261102</udt:DateTimeString>\n  </ram:IssueDateTime>\n</rsm:X>\n',
    )
  })
})
