import { describe, expect, it } from 'vitest'
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  CII_COUNTRY_CODES,
  CII_VAT_DATE_CODES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  DOCUMENT_TYPE_CODES,
  ELECTRONIC_ADDRESS_SCHEMES,
  EN16931_CODE_LISTS_VERSION,
  ICD_SCHEMES,
  ITEM_CLASSIFICATION_SCHEMES,
  MIME_CODES,
  PAYMENT_MEANS_CODES,
  REFERENCE_QUALIFIER_CODES,
  TEXT_SUBJECT_CODES,
  UBL_COUNTRY_CODES,
  UBL_CREDIT_NOTE_TYPE_CODES,
  UBL_INVOICE_TYPE_CODES,
  UBL_TEXT_SUBJECT_CODES,
  UBL_VAT_DATE_CODES,
  UNIT_CODES,
  VATEX_CODES,
  VAT_CATEGORY_CODES,
  VAT_DATE_CODES,
  defineCodeList,
  subsetCodeList,
} from '../../src/model/codelists/index.js'
import type { CodeList } from '../../src/model/codelists/index.js'

const ALL: Record<string, CodeList> = {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  CII_COUNTRY_CODES,
  CII_VAT_DATE_CODES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  DOCUMENT_TYPE_CODES,
  ELECTRONIC_ADDRESS_SCHEMES,
  ICD_SCHEMES,
  ITEM_CLASSIFICATION_SCHEMES,
  MIME_CODES,
  PAYMENT_MEANS_CODES,
  REFERENCE_QUALIFIER_CODES,
  TEXT_SUBJECT_CODES,
  UBL_COUNTRY_CODES,
  UBL_CREDIT_NOTE_TYPE_CODES,
  UBL_INVOICE_TYPE_CODES,
  UBL_TEXT_SUBJECT_CODES,
  UBL_VAT_DATE_CODES,
  UNIT_CODES,
  VATEX_CODES,
  VAT_CATEGORY_CODES,
  VAT_DATE_CODES,
}

/** Code counts of the BR-CL rules in the EN 16931 validation artefacts 1.3.16. */
const SIZES: Record<string, number> = {
  ALLOWANCE_REASON_CODES: 19,
  CHARGE_REASON_CODES: 178,
  CII_COUNTRY_CODES: 251,
  CII_VAT_DATE_CODES: 3,
  COUNTRY_CODES: 252,
  CURRENCY_CODES: 178,
  DOCUMENT_TYPE_CODES: 62,
  ELECTRONIC_ADDRESS_SCHEMES: 104,
  ICD_SCHEMES: 243,
  ITEM_CLASSIFICATION_SCHEMES: 185,
  MIME_CODES: 6,
  PAYMENT_MEANS_CODES: 84,
  REFERENCE_QUALIFIER_CODES: 818,
  TEXT_SUBJECT_CODES: 401,
  UBL_COUNTRY_CODES: 251,
  UBL_CREDIT_NOTE_TYPE_CODES: 13,
  UBL_INVOICE_TYPE_CODES: 50,
  UBL_TEXT_SUBJECT_CODES: 383,
  UBL_VAT_DATE_CODES: 3,
  UNIT_CODES: 2162,
  VATEX_CODES: 88,
  VAT_CATEGORY_CODES: 10,
  VAT_DATE_CODES: 6,
}

describe('code lists: shape', () => {
  it.each(Object.keys(ALL))('%s: expected size, unique trimmed codes, version', (key) => {
    const list = ALL[key]!
    expect(list.codes).toHaveLength(SIZES[key]!)
    expect(new Set(list.codes).size).toBe(list.codes.length)
    for (const code of list.codes) {
      expect(code).toBe(code.trim())
      expect(code).not.toBe('')
      expect(list.has(code)).toBe(true)
      const name = list.name(code)
      if (name !== undefined) expect(name.trim()).toBe(name)
    }
    expect(list.version).toBe(EN16931_CODE_LISTS_VERSION)
    expect(list.id).not.toBe('')
    expect(Object.isFrozen(list.codes)).toBe(true)
  })
})

describe('DOCUMENT_TYPE_CODES (UNTDID 1001, BR-CL-01)', () => {
  it('has the invoice and credit note codes, not others', () => {
    for (const code of ['380', '381', '384', '386', '389', '326', '261', '875', '471', '503'])
      expect(DOCUMENT_TYPE_CODES.has(code)).toBe(true)
    for (const code of ['999', '1', '0380', ' 380', '380 ', '', '220'])
      expect(DOCUMENT_TYPE_CODES.has(code)).toBe(false)
  })
  it('names the codes', () => {
    expect(DOCUMENT_TYPE_CODES.name('380')).toBe('Commercial invoice')
    expect(DOCUMENT_TYPE_CODES.name('381')).toBe('Credit note')
    expect(DOCUMENT_TYPE_CODES.name('384')).toBe('Corrected invoice')
    expect(DOCUMENT_TYPE_CODES.name('389')).toBe('Self-billed invoice')
    expect(DOCUMENT_TYPE_CODES.name('999')).toBeUndefined()
  })
  it('splits into the UBL invoice and credit note lists, whose union is the CII list', () => {
    expect(UBL_INVOICE_TYPE_CODES.has('380')).toBe(true)
    expect(UBL_INVOICE_TYPE_CODES.has('381')).toBe(false)
    expect(UBL_CREDIT_NOTE_TYPE_CODES.has('381')).toBe(true)
    expect(UBL_CREDIT_NOTE_TYPE_CODES.has('380')).toBe(false)
    expect(UBL_CREDIT_NOTE_TYPE_CODES.name('381')).toBe('Credit note')
    const union = new Set([...UBL_INVOICE_TYPE_CODES.codes, ...UBL_CREDIT_NOTE_TYPE_CODES.codes])
    expect([...union].sort()).toEqual([...DOCUMENT_TYPE_CODES.codes].sort())
  })
})

describe('PAYMENT_MEANS_CODES (UNTDID 4461, BR-CL-16)', () => {
  it('has members and names', () => {
    for (const code of ['1', '10', '30', '31', '42', '48', '49', '57', '58', '59', '97', 'ZZZ'])
      expect(PAYMENT_MEANS_CODES.has(code)).toBe(true)
    expect(PAYMENT_MEANS_CODES.has('99')).toBe(false)
    expect(PAYMENT_MEANS_CODES.has('zzz')).toBe(false)
    expect(PAYMENT_MEANS_CODES.name('30')).toBe('Credit transfer')
    expect(PAYMENT_MEANS_CODES.name('58')).toBe('SEPA credit transfer')
    expect(PAYMENT_MEANS_CODES.name('59')).toBe('SEPA direct debit')
  })
})

describe('ALLOWANCE_REASON_CODES (BR-CL-19) and CHARGE_REASON_CODES (BR-CL-20)', () => {
  it('have members and names', () => {
    expect(ALLOWANCE_REASON_CODES.has('95')).toBe(true)
    expect(ALLOWANCE_REASON_CODES.name('95')).toBe('Discount')
    expect(ALLOWANCE_REASON_CODES.has('100')).toBe(true)
    expect(ALLOWANCE_REASON_CODES.has('1')).toBe(false)
    expect(ALLOWANCE_REASON_CODES.has('FC')).toBe(false)
    expect(CHARGE_REASON_CODES.has('FC')).toBe(true)
    expect(CHARGE_REASON_CODES.name('FC')).toBe('Freight service')
    expect(CHARGE_REASON_CODES.has('AA')).toBe(true)
    expect(CHARGE_REASON_CODES.has('95')).toBe(false)
  })
})

describe('VAT_CATEGORY_CODES (UNTDID 5305, BR-CL-17/18)', () => {
  it('has the EN 16931 categories (and B), nothing else', () => {
    expect([...VAT_CATEGORY_CODES.codes].sort()).toEqual(
      ['AE', 'B', 'E', 'G', 'K', 'L', 'M', 'O', 'S', 'Z'].sort(),
    )
    expect(VAT_CATEGORY_CODES.has('A')).toBe(false)
    expect(VAT_CATEGORY_CODES.has('s')).toBe(false)
    expect(VAT_CATEGORY_CODES.name('S')).toBe('Standard rate')
    expect(VAT_CATEGORY_CODES.name('Z')).toBe('Zero rated goods')
  })
})

describe('ITEM_CLASSIFICATION_SCHEMES (UNTDID 7143, BR-CL-13)', () => {
  it('has members and names', () => {
    for (const code of ['STI', 'HS', 'CV', 'SRV', 'ZZZ', 'EMD', 'PPI'])
      expect(ITEM_CLASSIFICATION_SCHEMES.has(code)).toBe(true)
    expect(ITEM_CLASSIFICATION_SCHEMES.has('XYZ')).toBe(false)
    expect(ITEM_CLASSIFICATION_SCHEMES.name('STI')).toBe('CPV (Common Procurement Vocabulary)')
  })
})

describe('CURRENCY_CODES (ISO 4217, BR-CL-03/04/05)', () => {
  it('has the currencies, not made-up or withdrawn codes', () => {
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN', 'JPY', 'XCG'])
      expect(CURRENCY_CODES.has(code)).toBe(true)
    for (const code of ['EURO', 'eur', 'DEM', 'ANG', 'BGN', 'ZWL', 'XXY'])
      expect(CURRENCY_CODES.has(code)).toBe(false)
  })
  it('names them', () => {
    expect(CURRENCY_CODES.name('EUR')).toBe('Euro')
    expect(CURRENCY_CODES.name('USD')).toBe('US Dollar')
    expect(CURRENCY_CODES.name('GBP')).toBe('Pound Sterling')
  })
})

describe('COUNTRY_CODES (ISO 3166-1, BR-CL-14/15)', () => {
  it('has the countries plus 1A and XI', () => {
    for (const code of ['DE', 'FR', 'AT', 'NL', 'GR', 'GB', 'US', 'CH', '1A', 'XI'])
      expect(COUNTRY_CODES.has(code)).toBe(true)
    for (const code of ['EL', 'UK', 'de', 'DEU', 'XX'])
      expect(COUNTRY_CODES.has(code)).toBe(false)
    expect(COUNTRY_CODES.name('DE')).toBe('Germany')
    expect(COUNTRY_CODES.name('1A')).toBe('Kosovo')
    expect(COUNTRY_CODES.name('XI')).toBe('United Kingdom (Northern Ireland)')
  })
  it('keeps the CII/UBL difference (AN vs SS)', () => {
    expect(CII_COUNTRY_CODES.has('AN')).toBe(true)
    expect(CII_COUNTRY_CODES.has('SS')).toBe(false)
    expect(UBL_COUNTRY_CODES.has('SS')).toBe(true)
    expect(UBL_COUNTRY_CODES.has('AN')).toBe(false)
    expect(COUNTRY_CODES.has('AN') && COUNTRY_CODES.has('SS')).toBe(true)
    expect(UBL_COUNTRY_CODES.name('SS')).toBe('South Sudan')
  })
})

describe('UNIT_CODES (UN/ECE Rec 20 + Rec 21, BR-CL-23)', () => {
  it('has the common units and the X-prefixed package codes', () => {
    const common = ['C62', 'H87', 'HUR', 'DAY', 'KGM', 'MTR', 'LTR', 'MTK', 'MTQ', 'KWH', 'SET']
    for (const code of [...common, 'PR', 'XPP', 'MON', 'ANN', 'WEE', 'MIN', 'SEC', 'TNE', 'GRM'])
      expect(UNIT_CODES.has(code)).toBe(true)
    for (const code of ['KMT', 'LS', 'E48', 'ZZ', 'XBX', 'XPK'])
      expect(UNIT_CODES.has(code)).toBe(true)
    for (const code of ['PCE', 'PIECE', 'c62', 'kg', 'PP', 'HRS', ''])
      expect(UNIT_CODES.has(code)).toBe(false)
  })
  it('names them', () => {
    expect(UNIT_CODES.name('C62')).toBe('one')
    expect(UNIT_CODES.name('H87')).toBe('piece')
    expect(UNIT_CODES.name('HUR')).toBe('hour')
    expect(UNIT_CODES.name('KGM')).toBe('kilogram')
    expect(UNIT_CODES.name('LS')).toBe('lump sum')
    expect(UNIT_CODES.name('XPP')).toBe('Piece')
  })
})

describe('VATEX_CODES (CEF VATEX, BR-CL-22)', () => {
  it('has members (upper case) and names', () => {
    for (const code of ['VATEX-EU-AE', 'VATEX-EU-IC', 'VATEX-EU-G', 'VATEX-EU-O', 'VATEX-EU-79-C'])
      expect(VATEX_CODES.has(code)).toBe(true)
    expect(VATEX_CODES.has('VATEX-EU-XX')).toBe(false)
    expect(VATEX_CODES.has('vatex-eu-ae')).toBe(false)
    expect(VATEX_CODES.has('vatex-eu-ae'.toUpperCase())).toBe(true)
    expect(VATEX_CODES.name('VATEX-EU-AE')).toBe('Reverse charge')
    expect(VATEX_CODES.name('VATEX-EU-IC')).toBe('Intra-Community supply')
  })
})

describe('ELECTRONIC_ADDRESS_SCHEMES (BR-CL-25) and ICD_SCHEMES (BR-CL-10/11/21/26)', () => {
  it('share ICD codes such as 0088 and 0204', () => {
    for (const list of [ELECTRONIC_ADDRESS_SCHEMES, ICD_SCHEMES]) {
      expect(list.has('0088')).toBe(true)
      expect(list.has('0204')).toBe(true)
      expect(list.name('0088')).toBe('EAN Location Code')
      expect(list.name('0204')).toBe('Leitweg-ID')
    }
  })
  it('EAS has the VAT and UNTDID 3155 schemes, not removed ones', () => {
    for (const code of ['9930', '9957', 'EM', 'AS', 'AU'])
      expect(ELECTRONIC_ADDRESS_SCHEMES.has(code)).toBe(true)
    expect(ELECTRONIC_ADDRESS_SCHEMES.has('9958')).toBe(false)
    expect(ELECTRONIC_ADDRESS_SCHEMES.has('9901')).toBe(false)
    expect(ELECTRONIC_ADDRESS_SCHEMES.has('9955')).toBe(false)
    expect(ELECTRONIC_ADDRESS_SCHEMES.has('88')).toBe(false)
    expect(ELECTRONIC_ADDRESS_SCHEMES.name('EM')).toBe('Electronic mail')
    expect(ELECTRONIC_ADDRESS_SCHEMES.name('9930')).toBe('Germany VAT number')
  })
  it('ICD has all the 4-digit codes, and no EAS-only or SEPA ones', () => {
    for (const code of ['0002', '0060', '0160', '0240', '0248'])
      expect(ICD_SCHEMES.has(code)).toBe(true)
    for (const code of ['0001', '0092', '0103', '0181', '0249', '9930', 'EM', 'SEPA'])
      expect(ICD_SCHEMES.has(code)).toBe(false)
    expect(ICD_SCHEMES.name('0060')).toBe('Data Universal Numbering System (D-U-N-S Number)')
  })
})

describe('VAT_DATE_CODES (BT-8, BR-CL-06)', () => {
  it('holds the CII (UNTDID 2475) and UBL (UNTDID 2005) codes apart and together', () => {
    expect([...CII_VAT_DATE_CODES.codes]).toEqual(['5', '29', '72'])
    expect([...UBL_VAT_DATE_CODES.codes]).toEqual(['3', '35', '432'])
    for (const code of ['3', '5', '29', '35', '72', '432'])
      expect(VAT_DATE_CODES.has(code)).toBe(true)
    expect(VAT_DATE_CODES.has('1')).toBe(false)
    expect(CII_VAT_DATE_CODES.has('3')).toBe(false)
    expect(UBL_VAT_DATE_CODES.has('5')).toBe(false)
    expect(UBL_VAT_DATE_CODES.name('3')).toBe('Invoice document issue date time')
    expect(UBL_VAT_DATE_CODES.name('432')).toBe('Paid to date')
    expect(CII_VAT_DATE_CODES.name('5')).toBe('Date of invoice')
  })
})

describe('REFERENCE_QUALIFIER_CODES (UNTDID 1153, BR-CL-07)', () => {
  it('has members and names', () => {
    for (const code of ['AAA', 'ABZ', 'AWW', 'ON', 'VN', 'AXU'])
      expect(REFERENCE_QUALIFIER_CODES.has(code)).toBe(true)
    expect(REFERENCE_QUALIFIER_CODES.has('ZZZZ')).toBe(false)
    expect(REFERENCE_QUALIFIER_CODES.has('380')).toBe(false)
    expect(REFERENCE_QUALIFIER_CODES.name('AAA')).toBe('Order acknowledgement document identifier')
  })
})

describe('MIME_CODES (BR-CL-24)', () => {
  it('has the six allowed attachment types, case-sensitively', () => {
    for (const code of ['application/pdf', 'image/png', 'image/jpeg', 'text/csv'])
      expect(MIME_CODES.has(code)).toBe(true)
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    expect(MIME_CODES.has(xlsx)).toBe(true)
    expect(MIME_CODES.has('application/vnd.oasis.opendocument.spreadsheet')).toBe(true)
    for (const code of ['application/xml', 'image/gif', 'APPLICATION/PDF', 'application/zip'])
      expect(MIME_CODES.has(code)).toBe(false)
    expect(MIME_CODES.name('application/pdf')).toBe('PDF document')
  })
})

describe('TEXT_SUBJECT_CODES (UNTDID 4451, BR-CL-08)', () => {
  it('has members and names', () => {
    for (const code of ['AAI', 'SUR', 'REG', 'ABL', 'TXD', 'PMT', 'PMD', 'AAK', 'ACB'])
      expect(TEXT_SUBJECT_CODES.has(code)).toBe(true)
    expect(TEXT_SUBJECT_CODES.has('XYZ')).toBe(false)
    expect(TEXT_SUBJECT_CODES.has('aai')).toBe(false)
    expect(TEXT_SUBJECT_CODES.name('AAI')).toBe('General information')
    expect(TEXT_SUBJECT_CODES.name('SUR')).toBe('Supplier remarks')
  })
  it('UBL accepts a subset of the CII codes', () => {
    for (const code of UBL_TEXT_SUBJECT_CODES.codes) expect(TEXT_SUBJECT_CODES.has(code)).toBe(true)
    expect(TEXT_SUBJECT_CODES.has('BAT')).toBe(true)
    expect(UBL_TEXT_SUBJECT_CODES.has('BAT')).toBe(false)
    expect(UBL_TEXT_SUBJECT_CODES.has('AAI')).toBe(true)
    expect(UBL_TEXT_SUBJECT_CODES.name('AAI')).toBe('General information')
  })
})

describe('defineCodeList / subsetCodeList', () => {
  it('build lists with names from the base', () => {
    const base = defineCodeList('T', 'v1', [['A', 'Alpha'], ['B']])
    expect(base.name('B')).toBeUndefined()
    expect(base.has('B')).toBe(true)
    const sub = subsetCodeList(base, 'T sub', ['A'])
    expect(sub.codes).toEqual(['A'])
    expect(sub.name('A')).toBe('Alpha')
    expect(sub.version).toBe('v1')
    expect(() => subsetCodeList(base, 'T bad', ['C'])).toThrow(/no code C/)
  })
})
