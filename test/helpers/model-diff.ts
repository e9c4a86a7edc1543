/**
 * Structural differences between two models, as `path: a ≠ b` lines. Decimals compare by value
 * (`100.00` equals `100`), absent and undefined are the same, `source` is ignored.
 */
import { isDecimal } from '../../src/model/decimal.js'

function norm(value: unknown): unknown {
  if (isDecimal(value)) return value.toString()
  if (Array.isArray(value)) return value.map(norm)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || k === 'source') continue
      out[k] = norm(v)
    }
    return out
  }
  return value
}

function walk(a: unknown, b: unknown, path: string, out: string[]): void {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) {
      out.push(`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`)
      return
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out)
    return
  }
  if (a !== b) out.push(`${path}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`)
}

export function modelDifferences(a: unknown, b: unknown): string[] {
  const out: string[] = []
  walk(norm(a), norm(b), '$', out)
  return out
}
