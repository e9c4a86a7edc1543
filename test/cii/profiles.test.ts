import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import {
  CII_GUIDELINE_IDS,
  FORMAT_PROFILES,
  describeValidCombinations,
  findFormatProfile,
  normalizeProfileName,
  requireFormatProfile,
} from '../../src/cii/profiles.js'

describe('format/profile/version table', () => {
  it('holds the guideline ids of behaviour doc §3.1', () => {
    expect(findFormatProfile('fx', 'MINIMUM', 2)?.guidelineId).toBe('urn:factur-x.eu:1p0:minimum')
    expect(findFormatProfile('fx', 'BASICWL', 2)?.guidelineId).toBe('urn:factur-x.eu:1p0:basicwl')
    expect(findFormatProfile('zf', 'BASIC', 2)?.guidelineId).toBe('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic')
    expect(findFormatProfile('fx', 'EN16931', 2)?.guidelineId).toBe('urn:cen.eu:en16931:2017')
    expect(findFormatProfile('fx', 'EXTENDED', 2)?.guidelineId).toBe('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')
    expect(findFormatProfile('xr', 'XRECHNUNG', 3)?.guidelineId).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    )
  })

  it('looks profiles up case-insensitively, ignoring blanks and hyphens', () => {
    expect(normalizeProfileName('en 16931')).toBe('EN16931')
    expect(normalizeProfileName('Basic-WL')).toBe('BASICWL')
    for (const spelling of ['EN16931', 'en16931', 'EN 16931']) expect(findFormatProfile('FX', spelling, 2)?.profile).toBe('EN16931')
    for (const spelling of ['BASIC WL', 'BASICWL', 'basic wl']) expect(findFormatProfile('fx', spelling, 2)?.profile).toBe('BASICWL')
  })

  it('treats Factur-X version 1 as generation 2, like Mustang', () => {
    expect(findFormatProfile('fx', 'EXTENDED', 1)).toBe(findFormatProfile('fx', 'EXTENDED', 2))
    // zf version 1 is ZUGFeRD 1.0, a different syntax.
    expect(findFormatProfile('zf', 'EXTENDED', 1)?.writer).toBe('zf1')
  })

  it('gives the PDF container values of behaviour doc §4.3', () => {
    expect(findFormatProfile('fx', 'EN16931', 2)).toMatchObject({
      attachmentFileName: 'factur-x.xml',
      afRelationship: 'Alternative',
      xmp: { namespaceUri: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', prefix: 'fx', version: '1.0', conformanceLevel: 'EN 16931' },
    })
    expect(findFormatProfile('zf', 'BASICWL', 2)).toMatchObject({
      attachmentFileName: 'zugferd-invoice.xml',
      afRelationship: 'Data',
      xmp: { namespaceUri: 'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#', prefix: 'zf', version: '1.0', conformanceLevel: 'BASIC WL' },
    })
    expect(findFormatProfile('fx', 'XRECHNUNG', 2)?.attachmentFileName).toBe('xrechnung.xml')
  })

  it('lists only combinations with a finished writer', () => {
    const cii = FORMAT_PROFILES.filter((row) => row.writer === 'cii')
    expect(cii.every((row) => row.guidelineId === CII_GUIDELINE_IDS[row.ciiLevel ?? 'EN16931'])).toBe(true)
    expect(FORMAT_PROFILES.filter((row) => row.writer === 'orderx').map((row) => row.guidelineId)).toEqual([
      'urn:order-x.eu:1p0:basic',
      'urn:order-x.eu:1p0:comfort',
      'urn:order-x.eu:1p0:extended',
    ])
    expect(describeValidCombinations()).toBe(
      'fx 1|2: MINIMUM, BASICWL, BASIC, EN16931, EXTENDED, XRECHNUNG; zf 2: MINIMUM, BASICWL, BASIC, EN16931, EXTENDED, XRECHNUNG; zf 1: BASIC, COMFORT, EXTENDED; xr 2|3: XRECHNUNG; ox 1|2: BASIC, COMFORT, EXTENDED',
    )
  })

  it('selects the ZUGFeRD 1 writer and container for zf version 1 (behaviour doc §3.1, §4.3)', () => {
    expect(findFormatProfile('zf', 'comfort', 1)).toMatchObject({
      writer: 'zf1',
      zf1Level: 'COMFORT',
      guidelineId: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
      attachmentFileName: 'ZUGFeRD-invoice.xml',
      xmp: { namespaceUri: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#', prefix: 'zf', version: '1.0', conformanceLevel: 'COMFORT' },
    })
    expect(findFormatProfile('zf', 'EN16931', 1)).toBeUndefined()
    expect(findFormatProfile('fx', 'COMFORT', 1)).toBeUndefined()
  })

  it('throws INVALID_PARAMETER listing the valid combinations for one that does not exist', () => {
    for (const [format, profile, version] of [['fx', 'COMFORT', 2], ['zz', 'EN16931', 2], ['fx', 'EN16931', 3], ['xr', 'EN16931', 2]] as const) {
      let error: unknown
      try {
        requireFormatProfile(format, profile, version)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(EInvoiceError)
      expect((error as EInvoiceError).errorCode).toBe('INVALID_PARAMETER')
      expect((error as EInvoiceError).message).toContain(`format "${format}", profile "${profile}", version ${version}: no such combination`)
      expect((error as EInvoiceError).message).toContain('valid are fx 1|2: MINIMUM, BASICWL')
    }
  })
})
