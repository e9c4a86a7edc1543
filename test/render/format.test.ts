import { describe, expect, it } from 'vitest'
import { Decimal } from '../../src/model/decimal.js'
import { formatAmount, formatDate, formatDecimal, formatMoney, formatPercent } from '../../src/render/format.js'

const NBSP = '\u00a0'

describe('format', () => {
  it('writes amounts the way each language reads them', () => {
    const v = new Decimal('1234.56')
    expect(formatMoney(v, 'EUR', 'DE')).toBe(`1.234,56${NBSP}€`)
    expect(formatMoney(v, 'EUR', 'FR')).toBe(`1${NBSP}234,56${NBSP}€`)
    expect(formatMoney(v, 'EUR', 'EN')).toBe('€1,234.56')
    expect(formatMoney(v, 'CHF', 'EN')).toBe(`1,234.56${NBSP}CHF`)
    expect(formatMoney(new Decimal('-1234.5'), 'USD', 'EN')).toBe('-$1,234.50')
  })

  it('keeps every decimal and never rounds', () => {
    expect(formatAmount(new Decimal('0.125'), 'DE')).toBe('0,125')
    expect(formatAmount(new Decimal('7'), 'EN')).toBe('7.00')
    expect(formatDecimal(new Decimal('1234567.0001'), 'DE')).toBe('1.234.567,0001')
    expect(formatDecimal(new Decimal('1e-7'), 'EN')).toBe('0.0000001')
    expect(formatDecimal(new Decimal('-0.5'), 'FR')).toBe('-0,5')
  })

  it('writes percentages and dates per language', () => {
    expect(formatPercent(new Decimal('7.5'), 'DE')).toBe(`7,5${NBSP}%`)
    expect(formatPercent(new Decimal('19'), 'EN')).toBe('19%')
    expect(formatDate('2024-03-05', 'DE')).toBe('05.03.2024')
    expect(formatDate('2024-03-05', 'FR')).toBe('05/03/2024')
    expect(formatDate('2024-03-05', 'EN')).toBe('05 Mar 2024')
  })

  it('shows a date it cannot read as it is, instead of dropping it', () => {
    expect(formatDate('0000-00-00', 'DE')).toBe('0000-00-00')
    expect(formatDate('20240305', 'EN')).toBe('20240305')
  })
})
