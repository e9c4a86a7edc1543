import { describe, expect, it } from 'vitest'
import { minuteOf, monthOf } from '../../../src/server/stores/types.js'

describe('usage windows', () => {
  it('gives each instant its UTC month, also when calls jump between months and back', () => {
    const instants = ['2026-05-31T23:59:59.999Z', '2026-06-01T00:00:00.000Z', '2026-05-31T23:59:00.000Z', '2026-12-31T23:59:30Z', '2027-01-01T00:00:00Z', '2026-06-01T00:00:59.999Z']
    for (const iso of [...instants, ...instants.reverse()]) expect(monthOf(new Date(iso)), iso).toBe(iso.slice(0, 7))
    expect(monthOf(new Date('2026-02-28T23:59:00+01:00'))).toBe('2026-02')
  })

  it('numbers fixed UTC minutes', () => {
    expect(minuteOf(new Date('2026-05-31T23:59:59.999Z')) + 1).toBe(minuteOf(new Date('2026-06-01T00:00:00Z')))
  })
})
