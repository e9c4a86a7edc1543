/**
 * Rules whose UBL binding tests something other than the CII binding: BR-CO-14 per cac:TaxTotal,
 * BR-O-11 on the breakdowns only, BR-O-12 on the lines only, BR-O-13 on the allowances
 * and BR-O-14 on the charges.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ciiToUbl } from '../../../src/operations/cii-to-ubl.js'
import { invoiceToXml } from '../../../src/operations/invoice-to-xml.js'
import { validateXml } from '../../../src/validate/index.js'
import { PACKAGE_ROOT } from '../../../src/version.js'

const cii = invoiceToXml(JSON.parse(readFileSync(`${PACKAGE_ROOT}/samples/invoice.json`, 'utf8')), { format: 'fx', profile: 'EN16931' }).xml
/** Two VAT rates (19 % and 7 %), one cac:TaxTotal with two subtotals. */
const ubl = ciiToUbl(cii).xml

const errorIds = (xml: string): string[] => validateXml(xml).findings.filter((f) => f.severity === 'fatal' || f.severity === 'error').map((f) => f.ruleId)
const finding = (xml: string, id: string) => validateXml(xml).findings.find((f) => f.ruleId === id)

function taxTotal(xml: string): { whole: string; amount: string; subtotals: string[] } {
  const whole = /<cac:TaxTotal>[\s\S]*?<\/cac:TaxTotal>/.exec(xml)?.[0] ?? ''
  const amount = /<cbc:TaxAmount currencyID="EUR">([\d.]+)</.exec(whole)?.[1] ?? ''
  const subtotals = whole.match(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/g) ?? []
  return { whole, amount, subtotals }
}

describe('UBL binding of BR-CO-14: each cac:TaxTotal against its own subtotals', () => {
  const t = taxTotal(ubl)

  it('the sample is valid and has one TaxTotal with two subtotals', () => {
    expect(errorIds(ubl)).toEqual([])
    expect(t.subtotals).toHaveLength(2)
  })

  it('two TaxTotals that each add up pass BR-CO-14', () => {
    const [a = '', b = ''] = t.subtotals
    const amountOf = (s: string): string => /<cbc:TaxAmount currencyID="EUR">([\d.]+)</.exec(s)?.[1] ?? ''
    const split = `<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">${amountOf(a)}</cbc:TaxAmount>${a}</cac:TaxTotal>` + `<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">${amountOf(b)}</cbc:TaxAmount>${b}</cac:TaxTotal>`
    expect(errorIds(ubl.replace(t.whole, split))).not.toContain('BR-CO-14')
  })

  it('a TaxTotal whose amount is off by a cent fails with expected and found', () => {
    const off = (Number(t.amount) * 100 + 1) / 100
    const changed = ubl.replace(t.whole, t.whole.replace(`>${t.amount}<`, `>${off.toFixed(2)}<`))
    const f = finding(changed, 'BR-CO-14')
    expect(f?.params).toMatchObject({ expected: t.amount, found: off.toFixed(2) })
  })
})

describe('UBL binding of BR-O-11 to BR-O-14', () => {
  // Every breakdown "not subject to VAT" while the lines stay "S".
  const t = taxTotal(ubl)
  const allO = ubl.replace(t.whole, t.whole.replaceAll('<cbc:ID>S</cbc:ID>', '<cbc:ID>O</cbc:ID>').replace(/<cbc:Percent>[\d.]+<\/cbc:Percent>/g, ''))

  it('only BR-O-12 (lines) fires when every breakdown is O and the lines are not', () => {
    const ids = errorIds(allO)
    expect(ids).toContain('BR-O-12')
    expect(ids).not.toContain('BR-O-11')
  })

  it('BR-O-13 looks at allowances only and BR-O-14 at charges only', () => {
    // The sample's one document-level allowance/charge is a charge in category S (the line
    // allowance carries no category).
    expect(allO).toMatch(/<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>true<\/cbc:ChargeIndicator>/)
    const ids = errorIds(allO)
    expect(ids).toContain('BR-O-14')
    expect(ids).not.toContain('BR-O-13')
  })

  it('BR-O-11 fires when an O breakdown stands beside another one', () => {
    const oneO = ubl.replace(t.whole, t.whole.replace('<cbc:ID>S</cbc:ID>', '<cbc:ID>O</cbc:ID>'))
    expect(errorIds(oneO)).toContain('BR-O-11')
  })
})
