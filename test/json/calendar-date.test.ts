/** toCalendarDate: the plain `YYYY-MM-DD` form (read without a RegExp) gives what the general path gives. */
import { describe, expect, it } from 'vitest'
import { toCalendarDate } from '../../src/json/fields.js'

/** The calendar's own answer: Date.UTC reads years 0–99 as 1900–1999, so those are refused. */
function isCalendarDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

describe('toCalendarDate on YYYY-MM-DD', () => {
  it('keeps every real day and refuses the others, leap years and years below 100 included', () => {
    for (const y of [0, 50, 99, 100, 1600, 1900, 2000, 2023, 2024, 2100, 9999]) {
      for (let m = 0; m <= 13; m++) {
        for (const d of [0, 1, 28, 29, 30, 31, 32]) {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
          expect(toCalendarDate(text)).toBe(isCalendarDay(y, m, d) ? text : `not a calendar date: ${JSON.stringify(text)}`)
        }
      }
    }
  })

  it('leaves near misses to the general reading', () => {
    expect(toCalendarDate(' 2026-01-02 ')).toBe('2026-01-02')
    expect(toCalendarDate('2026-01-02T23:30:00+01:00')).toBe('2026-01-02')
    expect(toCalendarDate('2026-1-02')).toMatch(/^expected a date/)
    expect(toCalendarDate('2026-01-0a')).toMatch(/^expected a date/)
  })
})
