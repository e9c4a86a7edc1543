/**
 * The registry's operations as a library caller runs them (README: "running any operation on bytes
 * the way the CLI and the server do"): run's input is checked and made what the faces give, so a
 * missing `params`, an ArrayBuffer or raw parameter text work, and a wrong input is an
 * EInvoiceError naming it, not a TypeError from inside the operation.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OPERATIONS, getOperation, getOperationByCliName } from '../../src/operations/registry.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { einvoiceErrorOf } from '../helpers/einvoice-error.js'

const sample = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'))
const calculate = getOperation('calculate')!
const invoice2xml = getOperation('invoice2xml')!

describe('registry operation input', () => {
  it('runs without params, on an ArrayBuffer, with parameter text parsed by its declaration', async () => {
    const arrayBuffer = sample.buffer.slice(sample.byteOffset, sample.byteOffset + sample.length)
    const out = await calculate.run({ inputs: { invoice: arrayBuffer as never } } as never)
    expect(JSON.parse(String(out.body)).grandTotal).toBeDefined()
    // 'xr' and 'xrechnung' as the server would receive them: text, any case.
    const xml = await invoice2xml.run({ inputs: { invoice: sample }, params: { format: 'XR', profile: 'xrechnung', version: '2' } })
    expect(String(xml.body)).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')
  })

  it('refuses a wrong input by name', async () => {
    for (const [input, code, message] of [
      [null, 'MISSING_INPUT', 'input: expected an operation input ({ inputs, params }), got null'],
      [{ inputs: 'x' }, 'INVALID_PARAMETER', 'input.inputs: expected an object of bytes by input name, got a string'],
      [{ inputs: { invoice: sample.toString() } }, 'INVALID_PARAMETER', 'input.inputs.invoice: expected bytes (a Buffer, Uint8Array or ArrayBuffer), got a string'],
      [{ inputs: { invoce: sample } }, 'INVALID_PARAMETER', 'input.inputs.invoce: no such input; did you mean invoice?'],
      [{ inputs: {} }, 'MISSING_INPUT', 'invoice: the input is missing or empty'],
      [{ inputs: { invoice: sample }, params: [] }, 'INVALID_PARAMETER', 'input.params: expected an object of parameter values by name, got an array'],
    ] as const) {
      const err = await einvoiceErrorOf(() => calculate.run(input as never))
      expect(err.message).toBe(message)
      expect(err.errorCode).toBe(code)
    }
    for (const [params, message] of [
      [{ fromat: 'xr' }, 'input.params.fromat: no such parameter; did you mean format?'],
      [{ format: { code: 'xr' }, profile: 'EN16931', version: 2 }, 'format: expected text, a number or true/false, got an object (Object)'],
      [{ format: 'pdf', profile: 'EN16931', version: 2 }, expect.stringMatching(/^format "pdf", profile "EN16931", version 2: no such combination; valid are fx 1\|2: /)],
    ] as const) {
      const err = await einvoiceErrorOf(() => invoice2xml.run({ inputs: { invoice: sample }, params: params as never }))
      expect(err.message).toEqual(message)
      expect(err.errorCode).toBe('INVALID_PARAMETER')
    }
  })

  it('every operation rejects (never throws synchronously) and looks names up by text only', async () => {
    for (const op of OPERATIONS) await expect(op.run(undefined as never)).rejects.toThrow('input: expected an operation input ({ inputs, params }), got undefined')
    expect((await einvoiceErrorOf(() => getOperation(5 as never))).message).toBe('name: expected a string, got a number')
    expect((await einvoiceErrorOf(() => getOperationByCliName(undefined as never))).errorCode).toBe('MISSING_INPUT')
    expect(getOperation('CALCULATE')).toBe(calculate)
  })
})
