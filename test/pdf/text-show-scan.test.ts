/**
 * The text-only content scan must see exactly what the general operator reader sees: the same
 * fonts, rendering modes, q/Q nesting and shown strings, on well-formed and damaged streams.
 */
import { describe, expect, it } from 'vitest'
import { forEachOperation } from '../../src/pdf/content-operations.js'
import { scanTextShows } from '../../src/pdf/text-show-scan.js'

/** The text-showing events as forEachOperation's operands give them. */
function viaOperations(bytes: Uint8Array): string[] {
  const out: string[] = []
  const show = (s: unknown): void => {
    if (s instanceof Uint8Array) out.push(`show ${[...s].join(',')}`)
  }
  forEachOperation(bytes, (op, o) => {
    if (op === 'q' || op === 'Q') out.push(op)
    else if (op === 'Tf') {
      const n = o[0]
      out.push(`font ${n !== null && typeof n === 'object' && 'name' in n ? n.name : '-'}`)
    } else if (op === 'Tr') out.push(`mode ${typeof o[0] === 'number' ? o[0] : 0}`)
    else if (op === 'Tj' || op === "'") show(o[o.length - 1])
    else if (op === '"') show(o[2])
    else if (op === 'TJ' && Array.isArray(o[0])) for (const item of o[0]) show(item)
  })
  return out
}

function viaScan(bytes: Uint8Array): string[] {
  const out: string[] = []
  scanTextShows(bytes, {
    save: () => out.push('q'),
    restore: () => out.push('Q'),
    font: (name) => out.push(`font ${name ?? '-'}`),
    mode: (mode) => out.push(`mode ${mode}`),
    show: (s) => out.push(`show ${[...s].join(',')}`),
  })
  return out
}

const streams = [
  'q BT /F1 12 Tf 72 700 Td (Hello) Tj [(W) -20 (orld) [(nested)] <414243>] TJ ET Q',
  'BT /F2 9.5 Tf 2 Tr 0 0 Td 1 2 (a\\(b\\)c\\101\\n) " 3 Tr (x) \' ET',
  '/P << /MCID 0 /Tf /Bad (in dict) Tj >> BDC BT /F1 1 Tf (a) Tj ET EMC',
  'BT 12 /F1 Tf (x) Tj /F3 -1 Tf [(unclosed) Tj (after) Tj ET',
  'BI /W 2 /H 1 /BPC 8 ID (Tj) EI BT /F1 5 Tf <4 1 4> Tj true false null Tj ET % (comment) Tj',
  'q q 1 Tr Q Q BT /F1 1 Tf ] ] ) >> (x) 7 Tj [ [ ( y ) ] ] TJ .5 -.5 +1 1. Tr (z) Tj',
]
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'))

describe('scanTextShows', () => {
  it.each(streams)('sees what forEachOperation sees: %s', (s) => {
    expect(viaScan(bytes(s))).toEqual(viaOperations(bytes(s)))
    expect(viaScan(bytes(s)).length).toBeGreaterThan(0)
  })

  it('sees what forEachOperation sees on damaged variants of those streams', () => {
    const alphabet = bytes('()<>[]/%\\ \n0123456789.-TfrjJqQ\'"IDtruenull')
    let seed = 1
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n)
    for (let k = 0; k < 600; k++) {
      const m = bytes(streams[k % streams.length]!)
      for (let j = 0; j <= random(8); j++) m[random(m.length)] = alphabet[random(alphabet.length)]!
      expect(viaScan(m), Buffer.from(m).toString('latin1')).toEqual(viaOperations(m))
    }
  })
})
