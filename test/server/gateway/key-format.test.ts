import { describe, expect, it } from 'vitest'
import { checkPrefix, generateKey, hashKey, parseKey } from '../../../src/server/gateway/key-format.js'

describe('key format', () => {
  it('makes live and test keys that parse back to their environment', () => {
    const live = generateKey('ei_', 'live')
    const test = generateKey('ei_', 'sandbox')
    expect(live).toMatch(/^ei_live_[A-Za-z0-9]{32}$/)
    expect(test).toMatch(/^ei_test_[A-Za-z0-9]{32}$/)
    expect(parseKey(live, 'ei_')).toEqual({ ok: true, environment: 'live', marker: 'live' })
    expect(parseKey(test, 'ei_')).toEqual({ ok: true, environment: 'sandbox', marker: 'test' })
    expect(generateKey('ei_', 'live')).not.toBe(live)
  })

  it('calls a key without environment marker ENV_MISSING', () => {
    expect(parseKey('ei_prod_' + 'a'.repeat(32), 'ei_')).toMatchObject({ ok: false, reason: 'ENV_MISSING' })
    expect(parseKey('ei_' + 'a'.repeat(32), 'ei_')).toMatchObject({ ok: false, reason: 'ENV_MISSING' })
  })

  it('calls other shapes INVALID_KEY', () => {
    expect(parseKey('xx_live_' + 'a'.repeat(32), 'ei_')).toMatchObject({ ok: false, reason: 'INVALID_KEY' })
    expect(parseKey('ei_live_short', 'ei_')).toMatchObject({ ok: false, reason: 'INVALID_KEY' })
    expect(parseKey('ei_live_' + 'a'.repeat(31) + '!', 'ei_')).toMatchObject({ ok: false, reason: 'INVALID_KEY' })
    expect(parseKey('ei_live_' + 'a'.repeat(200), 'ei_')).toMatchObject({ ok: false, reason: 'INVALID_KEY' })
  })

  it('honours a configured prefix and refuses an unusable one', () => {
    const key = generateKey('acme-', 'live')
    expect(parseKey(key, 'acme-')).toMatchObject({ ok: true, environment: 'live' })
    expect(parseKey(key, 'ei_')).toMatchObject({ ok: false, reason: 'INVALID_KEY' })
    expect(() => checkPrefix('Bad Prefix')).toThrow(/key prefix/)
  })

  it('hashes with SHA-256', () => {
    expect(hashKey('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
