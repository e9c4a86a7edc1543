/**
 * The UBL syntax rules (UBL-SR-*, UBL-CR-*, UBL-DT-*) of the CEN artefacts 1.3.16: table rows
 * plus the conditions the table cannot state, written from the rule definitions.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { ElementMatcher } from '../types.js'
import { matcherOf } from './paths.js'
import { type CompiledSyntaxTable, type CustomTest, compileSyntaxTable } from './syntax-table.js'
import { UBL_SYNTAX_TABLE } from './ubl-syntax-table.js'
import { attrValue, decimalsWritten, descend, descendants, kid, kids, q, rootOf, stringValue, xsdBoolean } from './tree-helpers.js'

const n = {
  AllowanceCharge: q('cac:AllowanceCharge'),
  ChargeIndicator: q('cbc:ChargeIndicator'),
  Price: q('cac:Price'),
  AddressLine: q('cac:AddressLine'),
  PartyTaxScheme: q('cac:PartyTaxScheme'),
  TaxScheme: q('cac:TaxScheme'),
  ID: q('cbc:ID'),
  CompanyID: q('cbc:CompanyID'),
  DocumentTypeCode: q('cbc:DocumentTypeCode'),
  UBLVersionID: q('cbc:UBLVersionID'),
  PaymentMeans: q('cac:PaymentMeans'),
  PaymentDueDate: q('cbc:PaymentDueDate'),
  ADR: q('cac:AdditionalDocumentReference'),
  Attachment: q('cac:Attachment'),
  DocumentDescription: q('cbc:DocumentDescription'),
  PaymentMeansCode: q('cbc:PaymentMeansCode'),
  PaymentID: q('cbc:PaymentID'),
  Supplier: q('cac:AccountingSupplierParty'),
  Customer: q('cac:AccountingCustomerParty'),
  Party: q('cac:Party'),
  PartyIdentification: q('cac:PartyIdentification'),
  PartyName: q('cac:PartyName'),
  Name: q('cbc:Name'),
  PartyLegalEntity: q('cac:PartyLegalEntity'),
  RegistrationName: q('cbc:RegistrationName'),
}

/** `cac:AllowanceCharge[cbc:ChargeIndicator = true()/false()]`: XPath 2.0 casts the text to xs:boolean. */
const allowanceChargeWith = (value: boolean): ElementMatcher =>
  matcherOf(['AllowanceCharge'], (el) => el.ns === n.AllowanceCharge.ns && kids(el, n.ChargeIndicator).some((c) => xsdBoolean(c) === value))

const insidePriceAllowance = (el: XmlElement): boolean => {
  for (let p = el.parent; p !== undefined; p = p.parent) {
    if (p.local === 'Price' && p.ns === n.Price.ns && kid(p, n.AllowanceCharge) !== undefined) return true
  }
  return false
}

const CONTEXTS: Readonly<Record<string, ElementMatcher>> = {
  "//*[ends-with(name(), 'Amount') and not(ends-with(name(),'PriceAmount')) and not(ancestor::cac:Price/cac:AllowanceCharge)]": matcherOf(
    undefined,
    (el) => el.local.endsWith('Amount') && !el.local.endsWith('PriceAmount') && !insidePriceAllowance(el),
  ),
  "//*[ends-with(name(), 'BinaryObject')]": matcherOf(undefined, (el) => el.local.endsWith('BinaryObject')),
  'cac:AllowanceCharge[cbc:ChargeIndicator = false()]': allowanceChargeWith(false),
  'cac:AllowanceCharge[cbc:ChargeIndicator = true()]': allowanceChargeWith(true),
}

const upper = (el: XmlElement): string => stringValue(el).toUpperCase()

/** PartyTaxScheme company ids whose tax scheme id is (or is not) VAT (UBL-SR-12/13/18). */
const taxSchemeCompanyIds = (party: typeof n.Supplier, vat: boolean): CustomTest => ({
  test(el) {
    // `cac:TaxScheme/upper-case(cbc:ID)`: one value per tax scheme, '' for one without an ID (so
    // that one counts as not VAT); the probe reports a tax scheme with two IDs.
    const schemes = descend(el, party, n.Party, n.PartyTaxScheme).filter((s) =>
      kids(s, n.TaxScheme).some((t) => {
        const id = kids(t, n.ID)[0]
        return ((id === undefined ? '' : upper(id)) === 'VAT') === vat
      }),
    )
    return schemes.reduce((sum, s) => sum + kids(s, n.CompanyID).length, 0) <= 1
  },
})

/** XPath general `!=` between two node sets: true if some pair differs (false if either is empty). */
const someDiffer = (a: readonly XmlElement[], b: readonly XmlElement[]): boolean =>
  a.some((x) => b.some((y) => stringValue(x) !== stringValue(y)))

const payeeDiffersFromSeller = (el: XmlElement): boolean => {
  const parent = el.parent
  const sellerNames = parent === undefined ? [] : descend(parent, n.Supplier, n.Party, n.PartyLegalEntity, n.RegistrationName)
  return someDiffer(descend(el, n.PartyName, n.Name), sellerNames)
}

/** Distinct values of a node set, counted as XPath `not(preceding::x/. = .)` does. */
const distinctCount = (els: readonly XmlElement[]): number => new Set(els.map(stringValue)).size

const CUSTOM: Readonly<Record<string, CustomTest>> = {
  'UBL-SR-51': { test: (el) => kids(el, n.AddressLine).length <= 1 },
  'UBL-SR-42': { test: (el) => kids(el, n.PartyTaxScheme).length <= 2 },
  'UBL-SR-43': {
    test(el) {
      const codes = kids(el, n.DocumentTypeCode).map(stringValue)
      if (codes.includes('130')) return true
      if (rootOf(el).local === 'CreditNote' && codes.includes('50')) return true
      return !kids(el, n.ID).some((id) => attrValue(id, 'schemeID') !== undefined) && codes.length === 0
    },
  },
  'UBL-DT-01': {
    test: (el) => decimalsWritten(el) <= 2,
    describe: (el) => ({ found: stringValue(el), expected: 'at most 2 decimals' }),
  },
  'UBL-SR-53': { test: (el) => descend(el, n.TaxScheme, n.ID).length > 0 && kids(el, n.CompanyID).length > 0 },
  'UBL-CR-002': { test: (el) => kids(el, n.UBLVersionID).length === 0 || kids(el, n.UBLVersionID).some((v) => stringValue(v) === '2.1') },
  // `or ../cn:CreditNote`: from the root element `..` is the document node, whose child is the root
  // itself, so a credit note always passes (there the element carries BT-9: CreditNote has no
  // cbc:DueDate). Until session 34 credit notes got this warning, those einvoice writes included.
  'UBL-CR-412': { test: (el) => rootOf(el).local === 'CreditNote' || descend(el, n.PaymentMeans, n.PaymentDueDate).length === 0 },
  'UBL-CR-665': {
    test: (el) =>
      !descendants(el, n.ADR).some((d) => {
        const codes = kids(d, n.DocumentTypeCode)
        const other = codes.length === 0 || codes.some((c) => stringValue(c) !== '130')
        return other && kids(d, n.ID).some((id) => attrValue(id, 'schemeID') !== undefined)
      }),
  },
  'UBL-CR-666': { test: (el) => !adrOfType130(el).some((d) => kid(d, n.Attachment) !== undefined) },
  'UBL-CR-673': { test: (el) => !adrOfType130(el).some((d) => kid(d, n.DocumentDescription) !== undefined) },
  'UBL-DT-18': {
    test(el) {
      let named = 0
      let namedCodes = 0
      const walk = (e: XmlElement): void => {
        if (attrValue(e, 'name') !== undefined) {
          named++
          if (e.local === 'PaymentMeansCode' && e.ns === n.PaymentMeansCode.ns) namedCodes++
        }
        for (const c of e.children) walk(c)
      }
      walk(el)
      return named - namedCodes <= 0
    },
  },
  'UBL-SR-04': { test: (el) => kids(el, n.ADR).filter((d) => kids(d, n.DocumentTypeCode).some((c) => stringValue(c) === '130')).reduce((s, d) => s + kids(d, n.ID).length, 0) <= 1 },
  'UBL-SR-12': taxSchemeCompanyIds(n.Supplier, true),
  'UBL-SR-13': taxSchemeCompanyIds(n.Supplier, false),
  'UBL-SR-18': taxSchemeCompanyIds(n.Customer, true),
  'UBL-SR-29': {
    test: (el) => descendants(el, n.PartyIdentification).flatMap((p) => kids(p, n.ID)).filter((id) => (attrValue(id, 'schemeID') ?? '').toUpperCase() === 'SEPA').length <= 1,
  },
  'UBL-SR-44': { test: (el) => distinctCount(descendants(el, n.PaymentID)) <= 1 },
  'UBL-SR-47': { test: (el) => distinctCount(descendants(el, n.PaymentMeansCode)) <= 1 },
  'UBL-SR-19': { test: (el) => descend(el, n.PartyName, n.Name).length <= 1 && payeeDiffersFromSeller(el) },
  'UBL-SR-20': {
    test: (el) =>
      descend(el, n.PartyIdentification, n.ID).filter((id) => (attrValue(id, 'schemeID') ?? '').toUpperCase() !== 'SEPA').length <= 1 &&
      payeeDiffersFromSeller(el),
  },
  'UBL-SR-21': { test: (el) => descend(el, n.PartyLegalEntity, n.CompanyID).length <= 1 && payeeDiffersFromSeller(el) },
}

function adrOfType130(el: XmlElement): XmlElement[] {
  return descendants(el, n.ADR).filter((d) => kids(d, n.DocumentTypeCode).some((c) => stringValue(c) === '130'))
}

export const UBL_SYNTAX: CompiledSyntaxTable = compileSyntaxTable(UBL_SYNTAX_TABLE, 'en16931', CUSTOM, CONTEXTS)
