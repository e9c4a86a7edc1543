import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/validate-xml.js'
import { corpusText, hasCorpus } from '../helpers/corpus.js'

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'

/** The error and fatal rule ids of `xml`, and its verdict. */
function judge(xml: string): { valid: boolean; errors: string[] } {
  const report = validateXml(Buffer.from(xml, 'utf8'))
  const errors = report.findings.filter((f) => f.severity === 'error' || f.severity === 'fatal').map((f) => f.ruleId)
  return { valid: report.valid, errors: [...new Set(errors)].sort() }
}

/** `base` with `from` (which must occur) replaced once by `to`. */
function variant(base: string, from: string, to: string): string {
  expect(base).toContain(from)
  return base.replace(from, to)
}

// Attributes of the XML Schema instance and XML namespaces on officially valid corpus invoices.
// The verdicts are refcheck's (xmllint with the XSDs, Saxon with the schematron), recorded when
// this test was written: no official invoice schema declares an element nillable or any xml:
// attribute, and xmllint allows no XSI attribute but type, nil, schemaLocation and
// noNamespaceSchemaLocation. einvoice skipped every attribute of both namespaces before (found by
// mutation-check --xsi).
describe.skipIf(!hasCorpus)('xsi: and xml: attributes in the structure checks', () => {
  const cii = corpusText('cen-en16931/cii/examples/CII_business_example_01.xml')
  const ubl = corpusText('cen-en16931/ubl/examples/guide-example1.xml')
  const NAME = '<ram:Name>Laptop computer</ram:Name>'
  const ciiXsd = ['xsd:cii-d16b', 'xsd:facturx-EN16931']

  it('the bases are valid without any finding', () => {
    expect(judge(cii)).toEqual({ valid: true, errors: [] })
    expect(judge(ubl)).toEqual({ valid: true, errors: [] })
  })

  it('xsi:nil, whatever its value, on a leaf, an aggregate or the root: not nillable, invalid', () => {
    const cases = [
      variant(cii, NAME, '<ram:Name xsi:nil="true">Laptop computer</ram:Name>'),
      variant(cii, NAME, '<ram:Name xsi:nil="false">Laptop computer</ram:Name>'),
      variant(cii, '<ram:SellerTradeParty>', '<ram:SellerTradeParty xsi:nil="0">'),
      variant(cii, '<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice xsi:nil="false" '),
    ]
    for (const xml of cases) expect(judge(xml)).toEqual({ valid: false, errors: ciiXsd })
    expect(judge(variant(ubl, '<cbc:IssueDate>', `<cbc:IssueDate ${XSI} xsi:nil="true">`))).toEqual({ valid: false, errors: ['xsd:ubl-2.1'] })
  })

  it('says whether xsi:nil is no boolean or the element is not nillable', () => {
    const keys = (xml: string) => validateXml(Buffer.from(xml, 'utf8')).findings.filter((f) => f.layer === 'xsd').map((f) => f.messageKey)
    expect(keys(variant(cii, NAME, '<ram:Name xsi:nil="yes">Laptop computer</ram:Name>'))).toEqual(['xsd.nil-value', 'xsd.nil-value'])
    expect(keys(variant(cii, NAME, '<ram:Name xsi:nil=" true ">Laptop computer</ram:Name>'))).toEqual(['xsd.nil', 'xsd.nil'])
  })

  it('xsi:nil under another prefix bound to the XSI namespace: the same', () => {
    const xml = variant(cii, NAME, '<ram:Name xmlns:x="http://www.w3.org/2001/XMLSchema-instance" x:nil="false">Laptop computer</ram:Name>')
    expect(judge(xml)).toEqual({ valid: false, errors: ciiXsd })
  })

  it('an XSI attribute the XSI spec does not define is not allowed', () => {
    expect(judge(variant(cii, NAME, '<ram:Name xsi:foo="1">Laptop computer</ram:Name>'))).toEqual({ valid: false, errors: ciiXsd })
  })

  it('xml:lang, xml:space and xml:id are attributes no invoice schema declares', () => {
    expect(judge(variant(cii, NAME, '<ram:Name xml:lang="en">Laptop computer</ram:Name>'))).toEqual({ valid: false, errors: ciiXsd })
    expect(judge(variant(cii, NAME, '<ram:Name xml:space="preserve">Laptop computer</ram:Name>'))).toEqual({ valid: false, errors: ciiXsd })
    expect(judge(variant(ubl, '<cbc:IssueDate>', '<cbc:IssueDate xml:lang="en">'))).toEqual({ valid: false, errors: ['xsd:ubl-2.1'] })
    expect(judge(variant(ubl, '<cac:AccountingSupplierParty>', '<cac:AccountingSupplierParty xml:id="s1">'))).toEqual({ valid: false, errors: ['xsd:ubl-2.1'] })
  })

  // No type of the official schemas derives from one an element is declared with: xsi:type may
  // name the declared type only, under any prefix bound to its namespace, as written exactly.
  it('xsi:type naming the declared type (any prefix, the default namespace, the root, an aggregate): valid', () => {
    const U = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100'
    const cases = [
      variant(cii, NAME, '<ram:Name xsi:type="udt:TextType">Laptop computer</ram:Name>'),
      variant(cii, NAME, `<ram:Name xmlns:u="${U}" xsi:type="u:TextType">Laptop computer</ram:Name>`),
      variant(cii, NAME, `<ram:Name xmlns="${U}" xsi:type="TextType">Laptop computer</ram:Name>`),
      variant(cii, '<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice xsi:type="rsm:CrossIndustryInvoiceType" '),
      variant(cii, '<ram:SellerTradeParty>', '<ram:SellerTradeParty xsi:type="ram:TradePartyType">'),
    ]
    for (const xml of cases) expect(judge(xml)).toEqual({ valid: true, errors: [] })
    expect(judge(variant(ubl, '<cbc:IssueDate>', `<cbc:IssueDate ${XSI} xsi:type="cbc:IssueDateType">`))).toEqual({ valid: true, errors: [] })
    expect(judge(variant(ubl, '<cac:AccountingSupplierParty>', `<cac:AccountingSupplierParty ${XSI} xsi:type="cac:SupplierPartyType">`))).toEqual({ valid: true, errors: [] })
    expect(judge(variant(ubl, '<Invoice ', `<Invoice ${XSI} xsi:type="InvoiceType" `))).toEqual({ valid: true, errors: [] })
  })

  it('xsi:type naming another, an unknown or an unbound type, or written with spaces: invalid', () => {
    const keys = (xml: string) => validateXml(Buffer.from(xml, 'utf8')).findings.filter((f) => f.layer === 'xsd').map((f) => f.messageKey)
    const cases: [string, string][] = [
      ['udt:IDType', 'xsd.type'],
      ['udt:NoType', 'xsd.type'],
      ['TextType', 'xsd.type'],
      ['udt:TextType ', 'xsd.type-prefix'],
      [' udt:TextType ', 'xsd.type-prefix'],
      ['zz:TextType', 'xsd.type-prefix'],
      ['', 'xsd.type-prefix'],
    ]
    for (const [type, key] of cases) {
      const xml = variant(cii, NAME, `<ram:Name xsi:type="${type}">Laptop computer</ram:Name>`)
      expect(judge(xml)).toEqual({ valid: false, errors: ciiXsd })
      expect(keys(xml)).toEqual([key, key])
    }
    // An element of an anonymous type: no named type stands in for it.
    expect(judge(variant(cii, '<udt:DateTimeString format="102">', '<udt:DateTimeString xsi:type="udt:DateTimeString" format="102">'))).toEqual({ valid: false, errors: ciiXsd })
    // UBL: the base type of the declared one, and a name made from the element's.
    expect(judge(variant(ubl, '<cbc:IssueDate>', `<cbc:IssueDate ${XSI} xsi:type="udt:DateType">`))).toEqual({ valid: false, errors: ['xsd:ubl-2.1'] })
    expect(judge(variant(ubl, '<cac:AccountingSupplierParty>', `<cac:AccountingSupplierParty ${XSI} xsi:type="cac:AccountingSupplierPartyType">`))).toEqual({ valid: false, errors: ['xsd:ubl-2.1'] })
  })

  it('xsi:schemaLocation and xsi:noNamespaceSchemaLocation with odd values anywhere: still valid', () => {
    expect(judge(variant(cii, NAME, '<ram:Name xsi:schemaLocation="foo">Laptop computer</ram:Name>'))).toEqual({ valid: true, errors: [] })
    expect(judge(variant(cii, NAME, '<ram:Name xsi:noNamespaceSchemaLocation="%zz">Laptop computer</ram:Name>'))).toEqual({ valid: true, errors: [] })
    expect(judge(variant(ubl, '<cbc:IssueDate>', `<cbc:IssueDate ${XSI} xsi:schemaLocation="">`))).toEqual({ valid: true, errors: [] })
  })
})

// ext:ExtensionContent holds any element of another namespace, processContents="lax": xmllint
// validates an element the schema declares as declared and one it does not as its xsi:type names,
// and skips the rest (attributes unjudged, children assessed the same way). einvoice skipped the
// whole content before. Verdicts: refcheck's, recorded when this test was written.
describe.skipIf(!hasCorpus)('UBL extension content is assessed laxly', () => {
  const ubl = corpusText('cen-en16931/ubl/examples/guide-example1.xml')
  const at = ubl.indexOf('<cbc:', ubl.indexOf('<Invoice'))
  const F = 'xmlns:f="urn:example:f"'
  const withExtension = (content: string) =>
    `${ubl.slice(0, at)}<ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtension><ext:ExtensionContent>${content}</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>\n${ubl.slice(at)}`
  const valid = { valid: true, errors: [] }
  const invalid = { valid: false, errors: ['xsd:ubl-2.1'] }

  it('an element the schema declares is validated as declared, also below an undeclared one', () => {
    expect(judge(withExtension('<cbc:Note>x</cbc:Note>'))).toEqual(valid)
    expect(judge(withExtension(`<cbc:Note ${XSI} xsi:type="cbc:NoteType">x</cbc:Note>`))).toEqual(valid)
    expect(judge(withExtension('<cbc:IssueDate>notadate</cbc:IssueDate>'))).toEqual(invalid)
    expect(judge(withExtension('<cbc:Note foo="1">x</cbc:Note>'))).toEqual(invalid)
    expect(judge(withExtension(`<cbc:Note ${XSI} xsi:nil="true">x</cbc:Note>`))).toEqual(invalid)
    expect(judge(withExtension(`<cbc:Note ${XSI} xsi:type="cbc:NameType">x</cbc:Note>`))).toEqual(invalid)
    expect(judge(withExtension('<cac:Party><cbc:Foo>1</cbc:Foo></cac:Party>'))).toEqual(invalid)
    expect(judge(withExtension(`<f:Bar ${F}><cbc:IssueDate>x</cbc:IssueDate></f:Bar>`))).toEqual(invalid)
  })

  it('of the two roots only the one of the document is declared', () => {
    expect(judge(withExtension('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'))).toEqual(invalid)
    expect(judge(withExtension('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>'))).toEqual(valid)
  })

  it('an undeclared element: its xsi:type decides, else it is skipped with its attributes', () => {
    expect(judge(withExtension(`<f:Bar ${F}>x</f:Bar>`))).toEqual(valid)
    expect(judge(withExtension(`<f:Bar ${F} ${XSI} xsi:nil="true" xsi:foo="1" xml:lang="de">x</f:Bar>`))).toEqual(valid)
    expect(judge(withExtension(`<f:Bar ${F} ${XSI} xsi:type="cbc:NoteType">x</f:Bar>`))).toEqual(valid)
    expect(judge(withExtension(`<f:Bar ${F} ${XSI} xsi:type="cbc:IssueDateType">x</f:Bar>`))).toEqual(invalid)
    expect(judge(withExtension(`<f:Bar ${F} ${XSI} xsi:type="zz:X">x</f:Bar>`))).toEqual(invalid)
    expect(judge(withExtension(`<f:Bar ${F} ${XSI} xsi:type="cbc:NoSuchType">x</f:Bar>`))).toEqual(invalid)
    // Built-in and unused schema types are not judged: refcheck finds these two valid.
    expect(judge(withExtension(`<f:Bar ${F} xmlns:xs="http://www.w3.org/2001/XMLSchema" ${XSI} xsi:type="xs:string">x</f:Bar>`))).toEqual(valid)
    expect(judge(withExtension(`<f:Bar ${F} xmlns:u="urn:oasis:names:specification:ubl:schema:xsd:UnqualifiedDataTypes-2" ${XSI} xsi:type="u:TextType">x</f:Bar>`))).toEqual(valid)
  })
})

// An XRechnung UBL invoice with an empty ubl:CreditNote in its extension content (not declared by
// the Invoice schema: skipped by xmllint). The rules whose contexts are relative (`cn:CreditNote`)
// fire on it, those on `/ubl:Invoice | /cn:CreditNote` (BR-DE-1, BR-DE-15) do not: einvoice's
// rule dispatch took the nested element for the root (refcheck's findings, recorded when this test
// was written; mutation-check --xsi, kind ext).
describe.skipIf(!hasCorpus)('absolute rule contexts meet the document element only', () => {
  it('a nested cn:CreditNote in UBL extension content is no /cn:CreditNote', () => {
    const xr = corpusText('kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_ubl.xml')
    const root = /<(?:\w+:)?Invoice\s[^>]*>/.exec(xr)
    expect(root).not.toBeNull()
    const end = (root?.index ?? 0) + (root?.[0].length ?? 0)
    const extension = '<ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtension><ext:ExtensionContent><CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>'
    expect(judge(xr)).toEqual({ valid: true, errors: [] })
    expect(judge(xr.slice(0, end) + extension + xr.slice(end))).toEqual({ valid: false, errors: ['PEPPOL-EN16931-R001', 'PEPPOL-EN16931-R008', 'PEPPOL-EN16931-R053'] })
  })
})
