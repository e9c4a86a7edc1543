/**
 * Integer parameters (version) are int32 in the interface: every int32 is read as a number, so an
 * odd version gets the operation's own "no such combination" answer; past int32 the message says so.
 */
import { describe, expect, it } from 'vitest'
import { invoice2xml } from '../../src/operations/invoice2xml.js'
import { parseParams } from '../../src/operations/params.js'
import { einvoiceErrorOf } from '../helpers/einvoice-error.js'

const parse = (version: string) => parseParams(invoice2xml, { format: 'fx', profile: 'EN16931', version })

describe('integer parameters', () => {
  it('reads the whole int32 range', () => {
    expect(parse('2')['version']).toBe(2)
    expect(parse('1000000000')['version']).toBe(1_000_000_000)
    expect(parse('2147483647')['version']).toBe(2_147_483_647)
    expect(parse('-2147483648')['version']).toBe(-2_147_483_648)
    expect(parse(' 007 ')['version']).toBe(7)
  })

  it('refuses what is no whole number, and what is past int32 saying the range', async () => {
    expect((await einvoiceErrorOf(() => parse('2147483648'))).message).toBe('version: expected a whole number from -2147483648 to 2147483647, got "2147483648"')
    expect((await einvoiceErrorOf(() => parse('99999999999999999999999'))).message).toBe('version: expected a whole number, got "99999999999999999999999"')
    for (const bad of ['2.0', '1e3', 'two', '', '0x10', '+-1']) expect((await einvoiceErrorOf(() => parse(bad))).errorCode).toBe('INVALID_PARAMETER')
  })

  it('lets the operation answer a large version with its own message', async () => {
    const run = invoice2xml.run({ inputs: { invoice: Buffer.from('{"zfitems":[{"price":1,"quantity":1,"product":{"name":"p","vatpercent":19}}]}') }, params: parse('2147483647') })
    await expect(run).rejects.toThrow(/version/)
    await expect(run).rejects.not.toThrow(/whole number/)
  })
})
