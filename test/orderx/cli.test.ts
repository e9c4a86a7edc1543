/** `einvoice invoice2xml --format ox`: the CLI adapter reaches the Order-X writer; bad combinations exit 2. */
import { describe, expect, it } from 'vitest'
import { cli } from '../helpers/cli.js'

describe('einvoice invoice2xml --format ox', () => {
  it('writes Order-X BASIC for version 1 and 2 alike', async () => {
    const v1 = await cli(['invoice2xml', 'samples/invoice.json', '--format', 'ox', '--profile', 'BASIC', '--version', '1'])
    const v2 = await cli(['invoice2xml', 'samples/invoice.json', '--format', 'ox', '--profile', 'basic', '--version', '2'])
    expect(v1.code).toBe(0)
    expect(v1.stdout).toContain('<rsm:SCRDMCCBDACIOMessageStructure')
    expect(v1.stdout).toContain('<ram:ID>urn:order-x.eu:1p0:basic</ram:ID>')
    expect(v2.stdout).toBe(v1.stdout)
  })

  it('exits 2 naming the valid Order-X profiles for a profile Order-X does not have', async () => {
    const run = await cli(['invoice2xml', 'samples/invoice.json', '--format', 'ox', '--profile', 'EN16931'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('ox 1|2: BASIC, COMFORT, EXTENDED')
  })
})
