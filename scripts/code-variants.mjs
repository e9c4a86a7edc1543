/**
 * Code-list variants for scripts/mutation-check.mjs --codes (a developer tool; build first: the
 * codes come from dist/src/model/codelists). For each place of a base where a code-list rule reads
 * a code (BR-CL-01…26, the UBL note subject of BR-CL-08, the VAT identifier prefix of BR-CO-09;
 * the Factur-X profile rows and the XRechnung BR-DEX/CVD rules read the same places), one file per
 * value: codes drawn from the list, the codes where one layer's list and another's part (country
 * codes EL, AN, SS, XI, 1A; EAS and ICD codes of the XRechnung snapshots; the MIME code of the
 * XRechnung extension …), and near misses: the code lower-cased, padded, split by a space, blank,
 * and a code of another list.
 * @module
 */
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'

/** Codes where the official lists of the layers part, per list (tried on every place of that list). */
const EDGES = {
  country: ['EL', 'AN', 'SS', 'XI', '1A', 'GR', 'GB', 'UK', 'XK', 'EU'],
  vatPrefix: ['EL', 'AN', 'SS', 'XI', '1A', 'GR', 'UK', 'XK', 'EU', 'E', ''],
  icd: ['0240', '0239', '0221', '0213', '0092', '0103', '0181', '0248', 'XR01', 'SEPA', '9930'],
  eas: ['0240', '0235', '0221', '9958', '9955', '9901', '9902', '0154', '9959', 'XR01', 'EM', 'AN'],
  currency: ['ZWG', 'ZWL', 'HRK', 'SLL', 'VES', 'XXX', 'XSU', 'CUC', 'EUR'],
  unit: ['C62', 'H87', 'EA', 'XZZ', 'XPP', 'KGM', 'LTR', 'ZZ', 'NAR'],
  mime: ['application/xml', 'text/xml', 'application/PDF', 'image/gif', 'application/zip'],
  subject: ['AAI', 'REG', 'SUR', 'ZZZ', 'BLU', 'ABN'],
  ublSubject: ['B A', ' AA', 'AA ', 'A A', 'Z Z', 'XYZ', 'AAA', 'aai', 'AA', 'AAAA'],
  vatex: ['vatex-eu-79-c', 'VATEX-EU-AE', 'VATEX-FR-AE', 'VATEX-EU-D', 'VATEX-EU-O', 'VATEX-FR-FRANCHISE'],
  category: ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B', 'A', 'D', 'H'],
  documentType: ['326', '380', '381', '384', '389', '875', '876', '877', '751', '71', '935', '457'],
  paymentMeans: ['30', '58', '59', '49', '48', '54', '55', '57', '97', 'ZZZ', '1', '31', '42'],
  itemClass: ['CVD', 'TST', 'ZZZ', 'HS', 'STI', 'IB'],
}

/**
 * The places: [syntax, rule, element path (local names, suffix), attribute or null for the text,
 * list export, edge set, condition on the element's start tag].
 */
const SITES = [
  ['cii', 'BR-CL-01', 'ExchangedDocument/TypeCode', null, 'DOCUMENT_TYPE_CODES', 'documentType'],
  ['cii', 'BR-CL-03', 'TaxTotalAmount', 'currencyID', 'CURRENCY_CODES', 'currency'],
  ['cii', 'BR-CL-04', 'InvoiceCurrencyCode', null, 'CURRENCY_CODES', 'currency'],
  ['cii', 'BR-CL-05', 'TaxCurrencyCode', null, 'CURRENCY_CODES', 'currency'],
  ['cii', 'BR-CL-06', 'DueDateTypeCode', null, 'CII_VAT_DATE_CODES', null],
  ['cii', 'BR-CL-07', 'ReferenceTypeCode', null, 'REFERENCE_QUALIFIER_CODES', null],
  ['cii', 'BR-CL-08', 'IncludedNote/SubjectCode', null, 'TEXT_SUBJECT_CODES', 'subject'],
  ['cii', 'BR-CL-10', 'GlobalID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['cii', 'BR-CL-11', 'SpecifiedLegalOrganization/ID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['cii', 'BR-CL-21', 'SpecifiedTradeProduct/GlobalID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['cii', 'BR-CL-26', 'ShipToTradeParty/GlobalID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['cii', 'BR-CL-13', 'ClassCode', 'listID', 'ITEM_CLASSIFICATION_SCHEMES', 'itemClass'],
  ['cii', 'BR-CL-14', 'PostalTradeAddress/CountryID', null, 'CII_COUNTRY_CODES', 'country'],
  ['cii', 'BR-CL-15', 'OriginTradeCountry/ID', null, 'CII_COUNTRY_CODES', 'country'],
  ['cii', 'BR-CL-16', 'SpecifiedTradeSettlementPaymentMeans/TypeCode', null, 'PAYMENT_MEANS_CODES', 'paymentMeans'],
  ['cii', 'BR-CL-17', 'CategoryTradeTax/CategoryCode', null, 'VAT_CATEGORY_CODES', 'category'],
  ['cii', 'BR-CL-18', 'ApplicableTradeTax/CategoryCode', null, 'VAT_CATEGORY_CODES', 'category'],
  ['cii', 'BR-CL-19/20', 'SpecifiedTradeAllowanceCharge/ReasonCode', null, 'CHARGE_REASON_CODES', null],
  ['cii', 'BR-CL-22', 'ExemptionReasonCode', null, 'VATEX_CODES', 'vatex'],
  ['cii', 'BR-CL-23', 'BilledQuantity', 'unitCode', 'UNIT_CODES', 'unit'],
  ['cii', 'BR-CL-23', 'BasisQuantity', 'unitCode', 'UNIT_CODES', 'unit'],
  ['cii', 'BR-CL-24', 'AttachmentBinaryObject', 'mimeCode', 'MIME_CODES', 'mime'],
  ['cii', 'BR-CL-25', 'URIUniversalCommunication/URIID', 'schemeID', 'ELECTRONIC_ADDRESS_SCHEMES', 'eas'],
  ['cii', 'BR-CO-09', 'SpecifiedTaxRegistration/ID', 'prefix', 'CII_COUNTRY_CODES', 'vatPrefix', /schemeID="VA"/],
  ['ubl', 'BR-CL-01', 'InvoiceTypeCode', null, 'UBL_INVOICE_TYPE_CODES', 'documentType'],
  ['ubl', 'BR-CL-01', 'CreditNoteTypeCode', null, 'UBL_CREDIT_NOTE_TYPE_CODES', 'documentType'],
  ['ubl', 'BR-CL-03', 'LegalMonetaryTotal/PayableAmount', 'currencyID', 'CURRENCY_CODES', 'currency'],
  ['ubl', 'BR-CL-04', 'DocumentCurrencyCode', null, 'CURRENCY_CODES', 'currency'],
  ['ubl', 'BR-CL-05', 'TaxCurrencyCode', null, 'CURRENCY_CODES', 'currency'],
  ['ubl', 'BR-CL-06', 'InvoicePeriod/DescriptionCode', null, 'UBL_VAT_DATE_CODES', null],
  ['ubl', 'BR-CL-08', 'Note', 'note', 'UBL_TEXT_SUBJECT_CODES', 'ublSubject'],
  ['ubl', 'BR-CL-07', 'AdditionalDocumentReference/ID', 'schemeID', 'REFERENCE_QUALIFIER_CODES', null],
  ['ubl', 'BR-CL-10', 'PartyIdentification/ID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['ubl', 'BR-CL-11', 'PartyLegalEntity/CompanyID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['ubl', 'BR-CL-13', 'ItemClassificationCode', 'listID', 'ITEM_CLASSIFICATION_SCHEMES', 'itemClass'],
  ['ubl', 'BR-CL-14', 'Country/IdentificationCode', null, 'UBL_COUNTRY_CODES', 'country'],
  ['ubl', 'BR-CL-15', 'OriginCountry/IdentificationCode', null, 'UBL_COUNTRY_CODES', 'country'],
  ['ubl', 'BR-CL-16', 'PaymentMeans/PaymentMeansCode', null, 'PAYMENT_MEANS_CODES', 'paymentMeans'],
  ['ubl', 'BR-CL-17', 'TaxCategory/ID', null, 'VAT_CATEGORY_CODES', 'category'],
  ['ubl', 'BR-CL-18', 'ClassifiedTaxCategory/ID', null, 'VAT_CATEGORY_CODES', 'category'],
  ['ubl', 'BR-CL-19/20', 'AllowanceCharge/AllowanceChargeReasonCode', null, 'CHARGE_REASON_CODES', null],
  ['ubl', 'BR-CL-22', 'TaxExemptionReasonCode', null, 'VATEX_CODES', 'vatex'],
  ['ubl', 'BR-CL-23', 'InvoicedQuantity', 'unitCode', 'UNIT_CODES', 'unit'],
  ['ubl', 'BR-CL-23', 'CreditedQuantity', 'unitCode', 'UNIT_CODES', 'unit'],
  ['ubl', 'BR-CL-23', 'BaseQuantity', 'unitCode', 'UNIT_CODES', 'unit'],
  ['ubl', 'BR-CL-21', 'StandardItemIdentification/ID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['ubl', 'BR-CL-26', 'DeliveryLocation/ID', 'schemeID', 'ICD_SCHEMES', 'icd'],
  ['ubl', 'BR-CL-24', 'EmbeddedDocumentBinaryObject', 'mimeCode', 'MIME_CODES', 'mime'],
  ['ubl', 'BR-CL-25', 'EndpointID', 'schemeID', 'ELECTRONIC_ADDRESS_SCHEMES', 'eas'],
  ['ubl', 'BR-CO-09', 'PartyTaxScheme/CompanyID', 'prefix', 'UBL_COUNTRY_CODES', 'vatPrefix'],
]

/** The code lists of the build (dist/src/model/codelists). */
export async function codeLists(root) {
  return import(pathToFileURL(join(root, 'dist', 'src', 'model', 'codelists', 'index.js')).href)
}

/** Text with XML's special characters escaped for an attribute or text node. */
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

/**
 * The values tried at one place: `perSite` codes drawn from the list, the list's edges, near misses
 * of a drawn code, and a code of another list.
 */
function valuesFor(list, edges, lists, draw, perSite) {
  const codes = list.codes
  const drawn = Array.from({ length: perSite }, () => codes[draw(codes.length)])
  const one = drawn[0] ?? 'X'
  const others = Object.values(lists).filter((l) => l && typeof l === 'object' && Array.isArray(l.codes) && l !== list)
  const neighbour = others.length === 0 ? 'ZZZ' : others[draw(others.length)].codes[0]
  const near = [one.toLowerCase(), ` ${one} `, `${one}\t`, one.length > 1 ? `${one[0]} ${one.slice(1)}` : `${one} `, '', ' ', neighbour]
  return [...new Set([...drawn, ...(edges ?? []), ...near])]
}

/** Local names of an element path as mutation-check's withPaths writes it (prefixes dropped). */
const localPath = (path) => path.split('/').map((n) => n.split(':').pop()).join('/')

/**
 * The --codes variants of `xml` (elements as mutation-check's withPaths gives them): [xml, what]
 * each, one value at one place (the first element of each place the base has).
 */
export function codeVariants(xml, all, lists, draw, perSite) {
  const syntax = xml.includes('CrossIndustryInvoice') ? 'cii' : 'ubl'
  const out = []
  for (const [sx, rule, suffix, attr, listName, edgeSet, tagTest] of SITES) {
    if (sx !== syntax) continue
    const el = all.find((e) => e[2] >= 0 && `/${localPath(e.path)}`.endsWith(`/${suffix}`) && (tagTest === undefined || tagTest.test(xml.slice(e[0], e[1]))))
    if (el === undefined) continue
    const list = lists[listName]
    const [start, tagEnd, endStart] = el
    const tag = xml.slice(start, tagEnd)
    const text = xml.slice(tagEnd, endStart)
    for (const value of valuesFor(list, EDGES[edgeSet], lists, draw, perSite)) {
      let changed
      if (attr === null) changed = xml.slice(0, tagEnd) + esc(value) + xml.slice(endStart)
      else if (attr === 'prefix') changed = xml.slice(0, tagEnd) + esc(value) + text.trim().slice(2) + xml.slice(endStart)
      else if (attr === 'note') changed = xml.slice(0, tagEnd) + `#${esc(value)}#` + text.replace(/^#[^#]*#/, '') + xml.slice(endStart)
      else {
        const re = new RegExp(`(\\s${attr}\\s*=\\s*)"[^"]*"`)
        const newTag = re.test(tag) ? tag.replace(re, `$1"${esc(value)}"`) : tag.replace(/(\/?>)$/, ` ${attr}="${esc(value)}"$1`)
        changed = xml.slice(0, start) + newTag + xml.slice(tagEnd)
      }
      if (changed === xml) continue
      const label = value.replace(/[^A-Za-z0-9.-]/g, (c) => (c === ' ' ? '_' : c === '\t' ? 'TAB' : '~')) || 'EMPTY'
      out.push([changed, `${rule.replace('/', '_')}-${label}`])
    }
  }
  return out
}
