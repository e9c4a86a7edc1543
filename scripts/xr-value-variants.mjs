/**
 * Value-level variants of XRechnung invoices for `scripts/mutation-check.mjs --xr-values` (a
 * developer tool): each variant sets the values that one KoSIT XRechnung 3.0 rule (BR-DE-*,
 * BR-DEX-*, BR-TMP-*, the merged PEPPOL-EN16931-R*) tests to a value just inside or just outside its
 * condition — Skonto lines of the payment terms, telephone and e-mail, payment means groups, the
 * specification identifier, type codes, attachment file names, URIs, price quantities, periods,
 * third-party payments. A variant returns the changed document, or null where the base lacks what
 * it changes. Texts are written as XML character data: `&#13;` is a carriage return that survives
 * the parser's line-end normalisation.
 */

/** The first element `name` at or after `from`: [start, end, innerStart, innerEnd] or null (no nesting of the same name). */
function find(xml, name, from = 0) {
  const open = new RegExp(`<${name}(?:\\s[^>]*)?(/?)>`, 'g')
  open.lastIndex = from
  const m = open.exec(xml)
  if (m === null) return null
  if (m[1] === '/') return [m.index, m.index + m[0].length, m.index + m[0].length, m.index + m[0].length]
  const close = xml.indexOf(`</${name}>`, m.index)
  if (close < 0) return null
  return [m.index, close + name.length + 3, m.index + m[0].length, close]
}
/** Every element `name` (not nested in itself). */
function findAll(xml, name) {
  const all = []
  for (let at = find(xml, name); at !== null; at = find(xml, name, at[1])) all.push(at)
  return all
}
/** The first `name` inside the first `parent` (a path of element names, outermost first). */
function findPath(xml, path) {
  let range = [0, xml.length, 0, xml.length]
  for (const name of path) {
    const at = find(xml.slice(0, range[3]), name, range[2])
    if (at === null) return null
    range = at
  }
  return range
}
/** `xml` with the text of the element at `path` set to `value` (null when it is absent). */
function setText(xml, path, value) {
  const at = findPath(xml, path)
  if (at === null) return null
  const openTag = xml.slice(at[0], at[2]).replace(/\/>$/, '>')
  const name = path[path.length - 1]
  return `${xml.slice(0, at[0])}${openTag}${value}</${name}>${xml.slice(at[1])}`
}
/** `xml` with `text` inserted before the first of `names` found (null when none is). */
function insertBefore(xml, names, text, from = 0) {
  let best = -1
  for (const name of names) {
    const i = name.startsWith('</') ? xml.indexOf(name, from) : (find(xml, name, from)?.[0] ?? -1)
    if (i >= 0 && (best < 0 || i < best)) best = i
  }
  return best < 0 ? null : xml.slice(0, best) + text + xml.slice(best)
}
/** `xml` with the attribute `attr` of the element at `path` set to `value` (added when absent). */
function setAttr(xml, path, attr, value) {
  const at = findPath(xml, path)
  if (at === null) return null
  let tag = xml.slice(at[0], at[2])
  const re = new RegExp(`\\s${attr}="[^"]*"`)
  tag = re.test(tag) ? tag.replace(re, value === null ? '' : ` ${attr}="${value}"`) : value === null ? tag : tag.replace(/(\/?>)$/, ` ${attr}="${value}"$1`)
  return xml.slice(0, at[0]) + tag + xml.slice(at[2])
}
/** The document declared as an XRechnung 3.0 extension invoice (BT-24), unchanged when it is one. */
const asExtension = (xml) =>
  xml.replace(/(urn:cen\.eu:en16931:2017#compliant#urn:xeinkauf\.de:kosit:xrechnung_3\.0)(?!#conformant)</, '$1#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0<')
const chain = (...steps) => (xml) => steps.reduce((x, step) => (x === null ? null : step(x)), xml)

// ---------------------------------------------------------------- CII
const HS = ['rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeSettlement']
const HA = ['rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeAgreement']
const CII_PM = [...HS, 'ram:SpecifiedTradeSettlementPaymentMeans']
const CII_CONTACT = [...HA, 'ram:SellerTradeParty', 'ram:DefinedTradeContact']
/** CII: the first payment terms' description set to `text` (added where missing). */
function ciiTerms(text) {
  return (xml) => {
    const desc = setText(xml, [...HS, 'ram:SpecifiedTradePaymentTerms', 'ram:Description'], text)
    if (desc !== null) return desc
    const terms = findPath(xml, [...HS, 'ram:SpecifiedTradePaymentTerms'])
    if (terms !== null) return xml.slice(0, terms[2]) + `<ram:Description>${text}</ram:Description>` + xml.slice(terms[2])
    const hs = findPath(xml, HS)
    return insertBefore(xml, ['ram:SpecifiedTradeSettlementHeaderMonetarySummation'], `<ram:SpecifiedTradePaymentTerms><ram:Description>${text}</ram:Description></ram:SpecifiedTradePaymentTerms>`, hs?.[2] ?? 0)
  }
}
/** CII: two payment terms, each with a description. */
function ciiTwoTerms(a, b) {
  return (xml) => {
    const one = ciiTerms(a)(xml)
    if (one === null) return null
    const terms = findPath(one, [...HS, 'ram:SpecifiedTradePaymentTerms'])
    return one.slice(0, terms[1]) + `<ram:SpecifiedTradePaymentTerms><ram:Description>${b}</ram:Description></ram:SpecifiedTradePaymentTerms>` + one.slice(terms[1])
  }
}
const ciiAttachment = (filename, { type = '916', uri, mime = 'application/pdf', id = 'A' } = {}) =>
  `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>${id}</ram:IssuerAssignedID>${uri === undefined ? '' : `<ram:URIID>${uri}</ram:URIID>`}<ram:TypeCode>${type}</ram:TypeCode>${filename === undefined ? '' : `<ram:AttachmentBinaryObject mimeCode="${mime}"${filename === null ? '' : ` filename="${filename}"`}>QUJD</ram:AttachmentBinaryObject>`}</ram:AdditionalReferencedDocument>`
/** CII: header attachments added after the existing ones. */
function ciiDocs(...docs) {
  return (xml) => {
    const ha = findPath(xml, HA)
    return insertBefore(xml, ['ram:BuyerAgentTradeParty', 'ram:SpecifiedProcuringProject', 'ram:UltimateCustomerOrderReferencedDocument', '</ram:ApplicableHeaderTradeAgreement>'], docs.join(''), ha?.[2] ?? 0)
  }
}
/** CII: the first payment means with type code `code`, children after the type code replaced by `body` when given. */
function ciiMeans(code, body) {
  return (xml) => {
    const x = setText(xml, [...CII_PM, 'ram:TypeCode'], code)
    if (x === null || body === undefined) return x
    const pm = findPath(x, CII_PM)
    const tc = find(x.slice(0, pm[3]), 'ram:TypeCode', pm[2])
    return x.slice(0, tc[1]) + body + x.slice(pm[3])
  }
}
const CARD = '<ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234</ram:ID><ram:CardholderName>A</ram:CardholderName></ram:ApplicableTradeSettlementFinancialCard>'
const DEBTOR = '<ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>'
const CREDITOR = (iban = 'DE02120300000000202051') => `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>`
/** CII: a direct debit mandate reference in the first payment terms (terms added where missing). */
function ciiMandate(xml) {
  const terms = findPath(xml, [...HS, 'ram:SpecifiedTradePaymentTerms'])
  if (terms === null) {
    const hs = findPath(xml, HS)
    return insertBefore(xml, ['ram:SpecifiedTradeSettlementHeaderMonetarySummation'], '<ram:SpecifiedTradePaymentTerms><ram:DirectDebitMandateID>M1</ram:DirectDebitMandateID></ram:SpecifiedTradePaymentTerms>', hs?.[2] ?? 0)
  }
  if (xml.slice(terms[2], terms[3]).includes('ram:DirectDebitMandateID')) return xml
  const inner = xml.slice(terms[2], terms[3])
  // DirectDebitMandateID follows Description, DueDateDateTime; precedes PartialPaymentAmount …
  const after = inner.search(/<ram:(PartialPaymentAmount|ApplicableTradePaymentPenaltyTerms|ApplicableTradePaymentDiscountTerms|PayeeTradeParty)/)
  const at = after < 0 ? terms[3] : terms[2] + after
  return xml.slice(0, at) + '<ram:DirectDebitMandateID>M1</ram:DirectDebitMandateID>' + xml.slice(at)
}
/** CII: the creditor reference BT-90 (after the payment reference, before the tax currency). */
function ciiCreditorRef(xml) {
  if (xml.includes('<ram:CreditorReferenceID')) return xml
  const hs = findPath(xml, HS)
  return insertBefore(xml, ['ram:PaymentReference', 'ram:TaxCurrencyCode', 'ram:InvoiceCurrencyCode'], '<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>', hs[2])
}
/** CII: the first line's trade agreement gets gross and net price with these quantities/amounts. */
function ciiPrices({ gross, grossQty, grossUnit, net, netQty, netUnit, allowance, indicator = 'false' }) {
  return (xml) => {
    const line = find(xml, 'ram:IncludedSupplyChainTradeLineItem')
    if (line === null) return null
    const agreement = find(xml.slice(0, line[3]), 'ram:SpecifiedLineTradeAgreement', line[2])
    if (agreement === null) return null
    const inner = xml.slice(agreement[2], agreement[3])
    const qty = (q, u) => (q === undefined ? '' : `<ram:BasisQuantity${u === null ? '' : ` unitCode="${u ?? 'H87'}"`}>${q}</ram:BasisQuantity>`)
    const grossEl = gross === undefined ? '' : `<ram:GrossPriceProductTradePrice><ram:ChargeAmount>${gross}</ram:ChargeAmount>${qty(grossQty, grossUnit)}${allowance === undefined ? '' : `<ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${indicator}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${allowance}</ram:ActualAmount></ram:AppliedTradeAllowanceCharge>`}</ram:GrossPriceProductTradePrice>`
    const netOld = find(inner, 'ram:NetPriceProductTradePrice')
    const oldAmount = netOld === null ? '1' : (/<ram:ChargeAmount>([^<]*)</.exec(inner.slice(netOld[0], netOld[1]))?.[1] ?? '1')
    const netEl = `<ram:NetPriceProductTradePrice><ram:ChargeAmount>${net ?? oldAmount}</ram:ChargeAmount>${qty(netQty, netUnit)}</ram:NetPriceProductTradePrice>`
    // Keep what precedes the prices (seller/buyer order references) and what follows.
    const head = inner.replace(/<ram:GrossPriceProductTradePrice>[\s\S]*?<\/ram:GrossPriceProductTradePrice>/, '').replace(/<ram:NetPriceProductTradePrice>[\s\S]*?<\/ram:NetPriceProductTradePrice>[\s\S]*$/, '')
    const tail = /<\/ram:NetPriceProductTradePrice>([\s\S]*)$/.exec(inner)?.[1] ?? ''
    return xml.slice(0, agreement[2]) + head + grossEl + netEl + tail + xml.slice(agreement[3])
  }
}
/** The billed unit of the first line, to write matching or other unit codes. */
const ciiBilledUnit = (xml) => /<ram:BilledQuantity unitCode="([^"]*)"/.exec(xml)?.[1]
const ublBilledUnit = (xml) => /<cbc:(?:Invoiced|Credited)Quantity unitCode="([^"]*)"/.exec(xml)?.[1]
/** CII: header and first-line billing periods (dates as written, format 102). */
function ciiPeriods(headStart, headEnd, lineStart, lineEnd) {
  const period = (s, e) => `<ram:BillingSpecifiedPeriod>${s === undefined ? '' : `<ram:StartDateTime><udt:DateTimeString format="102">${s}</udt:DateTimeString></ram:StartDateTime>`}${e === undefined ? '' : `<ram:EndDateTime><udt:DateTimeString format="102">${e}</udt:DateTimeString></ram:EndDateTime>`}</ram:BillingSpecifiedPeriod>`
  return (xml) => {
    let x = xml.replace(/<ram:BillingSpecifiedPeriod>[\s\S]*?<\/ram:BillingSpecifiedPeriod>/g, '')
    const hs = findPath(x, HS)
    x = insertBefore(x, ['ram:SpecifiedTradeAllowanceCharge', 'ram:SpecifiedLogisticsServiceCharge', 'ram:SpecifiedTradePaymentTerms', 'ram:SpecifiedTradeSettlementHeaderMonetarySummation'], period(headStart, headEnd), hs[2])
    const line = find(x, 'ram:SpecifiedLineTradeSettlement')
    if (line === null) return null
    return insertBefore(x, ['ram:SpecifiedTradeAllowanceCharge', 'ram:SpecifiedTradeSettlementLineMonetarySummation'], period(lineStart, lineEnd), line[2])
  }
}

// ---------------------------------------------------------------- UBL
const UBL_CONTACT = ['cac:AccountingSupplierParty', 'cac:Party', 'cac:Contact']
/** UBL: the first payment terms replaced by one with these notes (added before the header allowances/tax where missing). */
function ublTerms(...notes) {
  return (xml) => {
    const text = notes.map((n) => `<cac:PaymentTerms><cbc:Note>${n}</cbc:Note></cac:PaymentTerms>`).join('')
    return ublTermsRaw(text)(xml)
  }
}
function ublTermsRaw(text) {
  return (xml) => {
    const all = findAll(xml, 'cac:PaymentTerms')
    if (all.length > 0) return xml.slice(0, all[0][0]) + text + xml.slice(all[all.length - 1][1])
    const firstLine = Math.min(...['<cac:InvoiceLine', '<cac:CreditNoteLine'].map((t) => (xml.includes(t) ? xml.indexOf(t) : xml.length)))
    const head = xml.slice(0, firstLine)
    const x = insertBefore(head, ['cac:PrepaidPayment', 'cac:AllowanceCharge', 'cac:TaxExchangeRate', 'cac:TaxTotal'], text)
    return x === null ? null : x + xml.slice(firstLine)
  }
}
const ublAttachment = (filename, { uri, mime = 'application/pdf', id = 'A', type } = {}) =>
  `<cac:AdditionalDocumentReference><cbc:ID>${id}</cbc:ID>${type === undefined ? '' : `<cbc:DocumentTypeCode>${type}</cbc:DocumentTypeCode>`}<cac:Attachment>${filename === undefined ? '' : `<cbc:EmbeddedDocumentBinaryObject mimeCode="${mime}"${filename === null ? '' : ` filename="${filename}"`}>QUJD</cbc:EmbeddedDocumentBinaryObject>`}${uri === undefined ? '' : `<cac:ExternalReference><cbc:URI>${uri}</cbc:URI></cac:ExternalReference>`}</cac:Attachment></cac:AdditionalDocumentReference>`
function ublDocs(...docs) {
  return (xml) => insertBefore(xml, ['cac:ProjectReference', 'cac:Signature', 'cac:AccountingSupplierParty'], docs.join(''))
}
/** UBL: the first payment means with code `code`, its children after the code replaced by `body` when given. */
function ublMeans(code, body) {
  return (xml) => {
    const x = setText(xml, ['cac:PaymentMeans', 'cbc:PaymentMeansCode'], code)
    if (x === null || body === undefined) return x
    const pm = find(x, 'cac:PaymentMeans')
    const tc = find(x.slice(0, pm[3]), 'cbc:PaymentMeansCode', pm[2])
    return x.slice(0, tc[1]) + body + x.slice(pm[3])
  }
}
const UBL_CARD = '<cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>'
const UBL_PAYEE = (iban = 'DE02120300000000202051') => `<cac:PayeeFinancialAccount><cbc:ID>${iban}</cbc:ID></cac:PayeeFinancialAccount>`
const UBL_MANDATE = (iban = 'DE02120300000000202051') => `<cac:PaymentMandate><cbc:ID>M1</cbc:ID>${iban === null ? '' : `<cac:PayerFinancialAccount><cbc:ID>${iban}</cbc:ID></cac:PayerFinancialAccount>`}</cac:PaymentMandate>`
/** UBL: the first line's price replaced by one with this amount, base quantity and price allowance. */
function ublPrice({ amount, baseQty, baseUnit, allowance, base, indicator = 'false' }) {
  return (xml) => {
    const line = find(xml, 'cac:InvoiceLine') ?? find(xml, 'cac:CreditNoteLine')
    if (line === null) return null
    const price = find(xml.slice(0, line[3]), 'cac:Price', line[2])
    if (price === null) return null
    const cur = /currencyID="([^"]*)"/.exec(xml.slice(price[0], price[1]))?.[1] ?? 'EUR'
    const old = /<cbc:PriceAmount[^>]*>([^<]*)</.exec(xml.slice(price[0], price[1]))?.[1]
    const text = `<cac:Price><cbc:PriceAmount currencyID="${cur}">${amount ?? old}</cbc:PriceAmount>${baseQty === undefined ? '' : `<cbc:BaseQuantity${baseUnit === null ? '' : ` unitCode="${baseUnit}"`}>${baseQty}</cbc:BaseQuantity>`}${allowance === undefined ? '' : `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator><cbc:Amount currencyID="${cur}">${allowance}</cbc:Amount>${base === undefined ? '' : `<cbc:BaseAmount currencyID="${cur}">${base}</cbc:BaseAmount>`}</cac:AllowanceCharge>`}</cac:Price>`
    return xml.slice(0, price[0]) + text + xml.slice(price[1])
  }
}
/** UBL: invoice and first-line periods. */
function ublPeriods(headStart, headEnd, lineStart, lineEnd) {
  const period = (s, e) => `<cac:InvoicePeriod>${s === undefined ? '' : `<cbc:StartDate>${s}</cbc:StartDate>`}${e === undefined ? '' : `<cbc:EndDate>${e}</cbc:EndDate>`}</cac:InvoicePeriod>`
  return (xml) => {
    let x = xml.replace(/<cac:InvoicePeriod>[\s\S]*?<\/cac:InvoicePeriod>/g, '')
    x = insertBefore(x, ['cac:OrderReference', 'cac:BillingReference', 'cac:DespatchDocumentReference', 'cac:ReceiptDocumentReference', 'cac:StatementDocumentReference', 'cac:OriginatorDocumentReference', 'cac:ContractDocumentReference', 'cac:AdditionalDocumentReference', 'cac:ProjectReference', 'cac:AccountingSupplierParty'], period(headStart, headEnd))
    const line = find(x, 'cac:InvoiceLine') ?? find(x, 'cac:CreditNoteLine')
    if (line === null) return null
    return insertBefore(x, ['cac:OrderLineReference', 'cac:DespatchLineReference', 'cac:ReceiptLineReference', 'cac:BillingReference', 'cac:DocumentReference', 'cac:PricingReference', 'cac:OriginatorParty', 'cac:Delivery', 'cac:PaymentTerms', 'cac:AllowanceCharge', 'cac:TaxTotal', 'cac:Item'], period(lineStart, lineEnd), line[2])
  }
}

// ---------------------------------------------------------------- the variants
const OK = '#SKONTO#TAGE=14#PROZENT=2.00#'
/** Payment terms texts for BR-DE-18 (both syntaxes). */
const SKONTO = {
  ok: `${OK}\n`, noNewline: OK, crlf: `${OK}&#13;\n`, crOnly: `${OK}&#13;`, crBetween: `${OK}&#13;#SKONTO#TAGE=28#PROZENT=1.00#\n`,
  lower: `#skonto#tage=14#prozent=2.00#\n`, oneDecimal: '#SKONTO#TAGE=14#PROZENT=2.0#\n', threeDecimals: '#SKONTO#TAGE=14#PROZENT=2.000#\n',
  negPercent: '#SKONTO#TAGE=14#PROZENT=-2.00#\n', lead0: '#SKONTO#TAGE=014#PROZENT=02.00#\n', negBase: `${OK}BASISBETRAG=-100.00#\n`,
  base1: `${OK}BASISBETRAG=100.0#\n`, base: `${OK}BASISBETRAG=100.00#\n`, textAfterHash: `${OK} Text\n`, textLine: `${OK}\nText danach`,
  textLineNl: `${OK}\nText danach\n`, mixed: `Zahlbar sofort\n${OK}\n#SKONTO#TAGE=28#PROZENT=1.00#\n`, indented: `   ${OK}   \n`,
  nbspTail: `${OK}\nsiehe #AGB#\u00a0\n`, lsInHash: `${OK}\nx#\u2028#y`, spaceInside: '#SKONTO#TAGE=14 #PROZENT=2.00#\n', noLeadHash: 'SKONTO#TAGE=14#PROZENT=2.00#\n',
  doubleLead: `#${OK}\n`, doubleTail: `${OK}#\n`, emptyDays: '#SKONTO#TAGE=#PROZENT=2.00#\n', verzug: '#VERZUG#TAGE=14#PROZENT=5.00#\n', comma: '#SKONTO#TAGE=14#PROZENT=2,00#\n',
  arabic: '#SKONTO#TAGE=\u0661\u0664#PROZENT=2.00#\n', blankLines: `\n\n${OK}\n\n`, tabTail: `${OK}\t\n`, tabAfterNl: `${OK}\n\t`, plain: 'Zahlbar innerhalb 30 Tagen',
  hashFree: 'Nr. #12# bitte angeben', hashFreeAfter: `${OK}\nNr. #12# bitte angeben`, hashOnly: '#', hashLine: '# Hinweis\n', crcr: `${OK}&#13;&#13;\n`,
  nbspLine: `${OK}\u00a0\n`, lsTail: `${OK}\u2028`, secondNoNl: `${OK}\n${OK}`, crLead: `&#13;${OK}\n`, nlCr: `${OK}\n&#13;`, nel: `${OK}\u0085\n`,
  ideo: `${OK}\u3000\n`, nbspLead: `\u00a0${OK}\n`, tabInside: '#SKONTO#TAGE=14\t#PROZENT=2.00#\n', newlineInside: '#SKONTO#TAGE=14\n#PROZENT=2.00#\n',
  spaceNl: `${OK} \n`, nlSpaceNl: `${OK}\n \n`, ffTail: `${OK}\nx #a# \u00a0`, plusDays: '#SKONTO#TAGE=+14#PROZENT=2.00#\n', bigBase: `${OK}BASISBETRAG=1000000000000.00#\n`,
  baseNoDot: `${OK}BASISBETRAG=100#\n`, twoBases: `${OK}BASISBETRAG=1.00#BASISBETRAG=2.00#\n`, emptyLine: '', spaces: '   ',
}
const PHONES = ['1\u20282\u20283', '12\u20283', '12', '123', '1 2 3', 'a1b2c3', '+49', '\u0661\u0662\u0663', '1\n2\n3', '&#13;123', '\uff11\uff12\uff13', ' 12 ', '1-2', '(0)1-2']
const EMAILS = ['a@b.de', 'a@b', 'a@b.', '.a@b.de', 'a@.b.de', 'a@b..de', 'a b@c.de', 'a@b.de ', 'a\u00a0@b.de', 'a@b\u3000.de', 'a@b.d\u2028e', 'a@b@c.de', '@b.de', 'a@b.de\n', 'a@-.de', 'ä@ö.de', 'a@b\t.de', 'a@b.c.d.e']
const IDENTIFIERS = {
  trail: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0 ',
  lead: ' urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  patch: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0.2',
  ext: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0',
  extTrail: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0 ',
  cvd: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_1.0',
  upper: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:XRECHNUNG_3.0',
  nl: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0\n',
  v31: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.1',
  xoev: 'urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_3.0',
}
const TYPE_CODES = ['384', ' 384 ', '0384', '326', '389', '875', '876', '877', '383', '386', '393', '261', '262', '295', '308', ' 380', '380 ']
const URIS = ['http://x.de', 'a:x', 'ab:x', '1a:x', ' http://x.de', 'HTTP://X', 'urn:x', 'www.x.de', 'c:\\f', 'h_t:x', 'a+b:', 'a-:', 'http//x', 'ä:x', 'http:']
const MEANS_CODES = ['30', '58', '59', '48', '49', '54', '55', '57', '42', '1', 'ZZZ', ' 58 ', '058', '31', '97']
const IBANS = ['DE02120300000000202051', 'de02120300000000202051', 'DE02 1203 0000 0000 2020 51', 'DE03120300000000202051', 'DE0212030000000020205', ' DE02120300000000202051', 'DE02120300000000202051\u00a0', 'DE02-120300000000202051', 'XX', 'DE021203000000002020511234567890123']
const MIMES = ['application/pdf', ' application/pdf', 'APPLICATION/PDF', 'text/plain', 'application/xml', 'text/xml', 'image/jpg', 'text/csv', 'application/vnd.oasis.opendocument.spreadsheet']

/** [name, cii variant | null, ubl variant | null] */
export function xrValueVariants() {
  const v = []
  const both = (name, cii, ubl) => v.push([name, cii, ubl])
  for (const [k, text] of Object.entries(SKONTO)) both(`de18-${k}`, ciiTerms(text), ublTerms(text))
  both('de18-two-skonto-first', ciiTwoTerms(SKONTO.ok, 'frei'), ublTerms(SKONTO.ok, 'frei'))
  both('de18-two-skonto-second', ciiTwoTerms('frei', SKONTO.ok), ublTerms('frei', SKONTO.ok))
  both('de18-two-plain', ciiTwoTerms('frei', 'auch frei'), ublTerms('frei', 'auch frei'))
  both('de18-two-skonto-both', ciiTwoTerms(SKONTO.ok, SKONTO.ok), ublTerms(SKONTO.ok, SKONTO.ok))
  both('de18-two-bad-second', ciiTwoTerms('frei', '#bad'), ublTerms('frei', '#bad'))
  both('de18-note2-bad', null, ublTermsRaw(`<cac:PaymentTerms><cbc:Note>${SKONTO.ok}</cbc:Note><cbc:Note>#bad</cbc:Note></cac:PaymentTerms>`))
  both('de18-note2-skonto', null, ublTermsRaw(`<cac:PaymentTerms><cbc:Note>frei</cbc:Note><cbc:Note>${SKONTO.ok}</cbc:Note></cac:PaymentTerms>`))
  PHONES.forEach((p, i) => both(`de27-${i}`, (x) => setText(x, [...CII_CONTACT, 'ram:TelephoneUniversalCommunication', 'ram:CompleteNumber'], p), (x) => setText(x, [...UBL_CONTACT, 'cbc:Telephone'], p)))
  EMAILS.forEach((e, i) => both(`de28-${i}`, (x) => setText(x, [...CII_CONTACT, 'ram:EmailURIUniversalCommunication', 'ram:URIID'], e), (x) => setText(x, [...UBL_CONTACT, 'cbc:ElectronicMail'], e)))
  for (const [k, id] of Object.entries(IDENTIFIERS)) both(`de21-${k}`, (x) => setText(x, ['rsm:ExchangedDocumentContext', 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID'], id), (x) => setText(x, ['cbc:CustomizationID'], id))
  TYPE_CODES.forEach((c, i) => {
    both(`de17-${i}`, (x) => setText(x, ['rsm:ExchangedDocument', 'ram:TypeCode'], c), (x) => setText(x, ['cbc:InvoiceTypeCode'], c) ?? setText(x, ['cbc:CreditNoteTypeCode'], c))
    both(`de26-noref-${i}`, chain((x) => setText(x, ['rsm:ExchangedDocument', 'ram:TypeCode'], c), (x) => x.replace(/<ram:InvoiceReferencedDocument>[\s\S]*?<\/ram:InvoiceReferencedDocument>/g, '')),
      chain((x) => setText(x, ['cbc:InvoiceTypeCode'], c) ?? setText(x, ['cbc:CreditNoteTypeCode'], c), (x) => x.replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/g, '')))
  })
  both('de26-ref', chain((x) => setText(x, ['rsm:ExchangedDocument', 'ram:TypeCode'], '384'), (x) => (x.includes('<ram:InvoiceReferencedDocument>') ? x : insertBefore(x, ['ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:SpecifiedAdvancePayment', '</ram:ApplicableHeaderTradeSettlement>'], '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>R1</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>'))),
    chain((x) => setText(x, ['cbc:InvoiceTypeCode'], '384') ?? setText(x, ['cbc:CreditNoteTypeCode'], '384'), (x) => (x.includes('<cac:BillingReference>') ? x : insertBefore(x, ['cac:DespatchDocumentReference', 'cac:ReceiptDocumentReference', 'cac:StatementDocumentReference', 'cac:OriginatorDocumentReference', 'cac:ContractDocumentReference', 'cac:AdditionalDocumentReference', 'cac:ProjectReference', 'cac:AccountingSupplierParty'], '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>R1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>'))))
  // Payment means groups: each code with the base's content, a card, a creditor account, a debtor account / mandate, nothing.
  for (const code of MEANS_CODES) {
    both(`pm-${code.trim()}${code.length > code.trim().length ? 'sp' : ''}-asis`, ciiMeans(code), ublMeans(code))
    both(`pm-${code.trim()}-card`, ciiMeans(code, CARD), ublMeans(code, UBL_CARD))
    both(`pm-${code.trim()}-payee`, ciiMeans(code, CREDITOR()), ublMeans(code, UBL_PAYEE()))
    both(`pm-${code.trim()}-debit`, chain(ciiMeans(code, DEBTOR), ciiMandate, ciiCreditorRef), ublMeans(code, UBL_MANDATE()))
    both(`pm-${code.trim()}-debit-nomandate`, ciiMeans(code, DEBTOR), ublMeans(code, UBL_MANDATE(null)))
    both(`pm-${code.trim()}-mandateonly`, chain(ciiMeans(code, ''), ciiMandate), null)
    both(`pm-${code.trim()}-creditoronly`, chain(ciiMeans(code, ''), ciiCreditorRef), null)
    both(`pm-${code.trim()}-none`, ciiMeans(code, ''), ublMeans(code, ''))
    both(`pm-${code.trim()}-card-payee`, ciiMeans(code, CARD + CREDITOR()), ublMeans(code, UBL_CARD + UBL_PAYEE()))
    both(`pm-${code.trim()}-payee-debit`, chain(ciiMeans(code, DEBTOR + CREDITOR()), ciiMandate), ublMeans(code, UBL_PAYEE() + UBL_MANDATE()))
  }
  IBANS.forEach((iban, i) => {
    both(`de19-${i}`, ciiMeans('58', CREDITOR(iban)), ublMeans('58', UBL_PAYEE(iban)))
    both(`de20-${i}`, chain(ciiMeans('59', `<ram:PayerPartyDebtorFinancialAccount><ram:IBANID>${iban}</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>`), ciiMandate, ciiCreditorRef), ublMeans('59', UBL_MANDATE(iban)))
  })
  // BR-DE-30/31 (UBL: SEPA creditor identifier as written).
  for (const scheme of ['SEPA', ' SEPA', 'sepa']) {
    both(`de30-${scheme.trim()}${scheme.startsWith(' ') ? 'sp' : ''}`, null, chain(ublMeans('59', UBL_MANDATE()), (x) => {
      const party = findPath(x, ['cac:AccountingSupplierParty', 'cac:Party'])
      const after = find(x.slice(0, party[3]), 'cac:PartyIdentification', party[2]) ?? find(x.slice(0, party[3]), 'cac:PartyName', party[2]) ?? find(x.slice(0, party[3]), 'cac:PostalAddress', party[2])
      return x.slice(0, after[0]) + `<cac:PartyIdentification><cbc:ID schemeID="${scheme}">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>` + x.slice(after[0])
    }))
  }
  both('de31-nomandateid', chain(ciiMeans('59', ''), ciiCreditorRef), null)
  // BR-DE-22 attachment names.
  const names = [['a.pdf', 'a.pdf'], ['a.pdf', 'A.pdf'], ['a.pdf', 'a.pdf '], ['a.pdf', ' a.pdf'], ['a.pdf', null], [null, null], ['a.pdf', 'b.pdf'], ['', '']]
  names.forEach(([a, b], i) => both(`de22-${i}`, ciiDocs(ciiAttachment(a, { id: 'A1' }), ciiAttachment(b, { id: 'A2' })), ublDocs(ublAttachment(a, { id: 'A1' }), ublAttachment(b, { id: 'A2' }))))
  both('de22-three', ciiDocs(ciiAttachment('a.pdf', { id: 'A1' }), ciiAttachment('b.pdf', { id: 'A2' }), ciiAttachment('a.pdf', { id: 'A3' })), ublDocs(ublAttachment('a.pdf', { id: 'A1' }), ublAttachment('b.pdf', { id: 'A2' }), ublAttachment('a.pdf', { id: 'A3' })))
  both('de22-between', ciiDocs(ciiAttachment('a.pdf', { id: 'A1' }), ciiAttachment(undefined, { id: 'A2', type: '50' }), ciiAttachment('a.pdf', { id: 'A3' })), ublDocs(ublAttachment('a.pdf', { id: 'A1' }), ublAttachment(undefined, { id: 'A2' }), ublAttachment('a.pdf', { id: 'A3' })))
  both('de22-entity', ciiDocs(ciiAttachment('a&amp;b.pdf', { id: 'A1' }), ciiAttachment('a&#38;b.pdf', { id: 'A2' })), ublDocs(ublAttachment('a&amp;b.pdf', { id: 'A1' }), ublAttachment('a&#38;b.pdf', { id: 'A2' })))
  both('de22-attrnorm', ciiDocs(ciiAttachment('a b.pdf', { id: 'A1' }), ciiAttachment('a&#9;b.pdf', { id: 'A2' })), ublDocs(ublAttachment('a b.pdf', { id: 'A1' }), ublAttachment('a&#9;b.pdf', { id: 'A2' })))
  // BR-TMP-2 URIs (CII: type 916 only, as written).
  URIS.forEach((uri, i) => both(`tmp2-${i}`, ciiDocs(ciiAttachment(undefined, { uri, id: 'U1' })), ublDocs(ublAttachment(undefined, { uri, id: 'U1' }))))
  both('tmp2-type-sp', ciiDocs(ciiAttachment(undefined, { uri: 'a:x', type: ' 916', id: 'U1' })), null)
  both('tmp2-type-130', ciiDocs(ciiAttachment(undefined, { uri: 'a:x', type: '130', id: 'U1' })), ublDocs(ublAttachment(undefined, { uri: 'a:x', id: 'U1', type: '130' })))
  both('tmp2-empty', ciiDocs(ciiAttachment(undefined, { uri: '', id: 'U1' })), ublDocs(ublAttachment(undefined, { uri: '', id: 'U1' })))
  // BR-DEX-01 (extension bases only change meaning; plain bases must ignore it).
  MIMES.forEach((mime, i) => both(`dex01-${i}`, ciiDocs(ciiAttachment('m.bin', { mime, id: 'M1' })), ublDocs(ublAttachment('m.bin', { mime, id: 'M1' }))))
  // BR-TMP-3, R121, R130, R044, R046 (prices).
  const priceCases = [
    { grossQty: '1', netQty: '1' }, { grossQty: '1', netQty: '1.0' }, { grossQty: '1', netQty: ' 1' }, { grossQty: '1', netQty: '1', netUnit: 'XPP' },
    { grossQty: '1', netQty: '1', grossUnit: null }, { grossQty: '1', netQty: '1', grossUnit: null, netUnit: null }, { grossQty: '0', netQty: '0' },
    { grossQty: '-1', netQty: '-1' }, { grossQty: '0.000', netQty: '0.000' }, { grossQty: '+1', netQty: '+1' }, { netQty: '1', netUnit: 'XPP' },
    { netQty: '1', netUnit: null }, { netQty: ' 2 ' }, { netQty: '1e0' },
  ]
  priceCases.forEach((p, i) => both(`price-${i}`, (x) => {
    const unit = ciiBilledUnit(x) ?? 'H87'
    const gross = p.grossQty === undefined ? undefined : '10.00'
    return ciiPrices({ ...p, gross, net: p.grossQty === undefined ? undefined : '10.00', grossUnit: p.grossUnit === undefined ? unit : p.grossUnit, netUnit: p.netUnit === undefined ? unit : p.netUnit })(x)
  }, (x) => {
    const unit = ublBilledUnit(x) ?? 'H87'
    return ublPrice({ baseQty: p.netQty, baseUnit: p.netUnit === undefined ? unit : p.netUnit })(x)
  }))
  const allowanceCases = [
    { gross: '10.00', allowance: '1.00', net: '9.00' }, { gross: '10.00', allowance: '1.00', net: '9.01' }, { gross: '10', allowance: '1', net: '9.000' },
    { gross: '10.00', allowance: '1.00', net: '9.00', indicator: 'true' }, { gross: '10.00', allowance: '1.00', net: '9.00', indicator: ' false ' },
    { gross: '10.00', allowance: '1.00', net: '9.00', indicator: '0' }, { gross: '10.00', net: '10.00' }, { gross: '10.00', net: '9.00' },
    { gross: '10.00', allowance: '-1.00', net: '11.00' }, { gross: '10.00', allowance: '1.00', net: '9.00', indicator: '1' },
  ]
  allowanceCases.forEach((p, i) => both(`gross-${i}`, (x) => ciiPrices(p)(x), (x) => ublPrice({ amount: p.net, allowance: p.allowance ?? '0.00', base: p.gross, indicator: p.indicator })(x)))
  both('gross-nobase', null, (x) => ublPrice({ amount: '9.00', allowance: '1.00', indicator: 'true' })(x))
  // R110/R111 periods (CII compares the texts, UBL the dates).
  const periods = [
    ['20240101', '20241231', '20240101', '20241231'], ['20240102', '20241231', '20240101', '20241231'], ['20240101', '20241230', '20240101', '20241231'],
    ['20240101', undefined, '20231231', undefined], [undefined, '20241231', undefined, '20250101'], ['20240101', '20241231', ' 20240101', '20241231 '],
    ['20240101', '20241231', '2024010', '20241231'],
  ]
  const iso = (d) => (d === undefined ? undefined : /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : d)
  periods.forEach(([a, b, c, d], i) => both(`period-${i}`, ciiPeriods(a, b, c, d), ublPeriods(iso(a), iso(b), iso(c), iso(d))))
  both('period-tz', null, ublPeriods('2024-01-01', '2024-12-31', '2024-01-01+14:00', '2024-12-31-14:00'))
  both('period-tz2', null, ublPeriods('2024-01-01Z', '2024-12-31', '2023-12-31-14:00', '2024-12-31'))
  // R101 line documents.
  for (const code of ['130', ' 130', '916', '']) {
    both(`r101-${code.trim() || 'empty'}${code.startsWith(' ') ? 'sp' : ''}`, (x) => {
      const line = find(x, 'ram:SpecifiedLineTradeSettlement')
      return line === null ? null : insertBefore(x, ['ram:ReceivableSpecifiedTradeAccountingAccount', '</ram:SpecifiedLineTradeSettlement>'], `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>O1</ram:IssuerAssignedID><ram:TypeCode>${code}</ram:TypeCode></ram:AdditionalReferencedDocument>`, line[2])
    }, (x) => {
      const line = find(x, 'cac:InvoiceLine') ?? find(x, 'cac:CreditNoteLine')
      return line === null ? null : insertBefore(x, ['cac:PricingReference', 'cac:OriginatorParty', 'cac:Delivery', 'cac:PaymentTerms', 'cac:AllowanceCharge', 'cac:TaxTotal', 'cac:Item'], `<cac:DocumentReference><cbc:ID>O1</cbc:ID><cbc:DocumentTypeCode>${code}</cbc:DocumentTypeCode></cac:DocumentReference>`, line[2])
    })
  }
  // BR-DE-15 buyer reference, BR-DE-14 rate, BR-DE-3/4/8/9 city and postcode as blanks of several kinds.
  for (const [k, t] of Object.entries({ nbsp: '\u00a0', cr: '&#13;', tab: '\t', nl: '\n', zero: '0', ideo: '\u3000' })) {
    both(`de15-${k}`, (x) => setText(x, [...HA, 'ram:BuyerReference'], t), (x) => setText(x, ['cbc:BuyerReference'], t))
    both(`de14-${k}`, (x) => setText(x, [...HS, 'ram:ApplicableTradeTax', 'ram:RateApplicablePercent'], t), (x) => setText(x, ['cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory', 'cbc:Percent'], t))
    both(`de3-${k}`, (x) => setText(x, [...HA, 'ram:SellerTradeParty', 'ram:PostalTradeAddress', 'ram:CityName'], t), (x) => setText(x, ['cac:AccountingSupplierParty', 'cac:PostalAddress', 'cbc:CityName'], t))
    both(`de9-${k}`, (x) => setText(x, [...HA, 'ram:BuyerTradeParty', 'ram:PostalTradeAddress', 'ram:PostcodeCode'], t), (x) => setText(x, ['cac:AccountingCustomerParty', 'cac:PostalAddress', 'cbc:PostalZone'], t))
    both(`de5-${k}`, (x) => setText(x, [...CII_CONTACT, 'ram:PersonName'], t), (x) => setText(x, [...UBL_CONTACT, 'cbc:Name'], t))
  }
  // R005 tax currency, R043 indicators of document allowances.
  for (const cur of ['EUR', ' EUR', 'eur', 'USD']) {
    both(`r005-${cur.trim()}${cur.startsWith(' ') ? 'sp' : ''}`, (x) => {
      if (x.includes('<ram:TaxCurrencyCode')) return null
      const hs = findPath(x, HS)
      return insertBefore(x, ['ram:InvoiceCurrencyCode'], `<ram:TaxCurrencyCode>${cur}</ram:TaxCurrencyCode>`, hs[2])
    }, (x) => (x.includes('<cbc:TaxCurrencyCode') ? null : insertBefore(x, ['cbc:PricingCurrencyCode', 'cbc:PaymentCurrencyCode', 'cbc:PaymentAlternativeCurrencyCode', 'cbc:AccountingCostCode', 'cbc:AccountingCost', 'cbc:LineCountNumeric', 'cbc:BuyerReference', 'cac:InvoicePeriod', 'cac:OrderReference'], `<cbc:TaxCurrencyCode>${cur}</cbc:TaxCurrencyCode>`, find(x, 'cbc:DocumentCurrencyCode')?.[1] ?? 0)))
  }
  for (const ind of ['1', '0', ' true ', 'TRUE']) {
    both(`r043-${ind.trim()}`, (x) => setText(x, [...HS, 'ram:SpecifiedTradeAllowanceCharge', 'ram:ChargeIndicator', 'udt:Indicator'], ind), (x) => {
      const firstLine = Math.min(...['<cac:InvoiceLine', '<cac:CreditNoteLine'].map((t) => (x.includes(t) ? x.indexOf(t) : x.length)))
      const ac = find(x.slice(0, firstLine), 'cac:AllowanceCharge')
      return ac === null ? null : setText(x, ['cac:AllowanceCharge', 'cbc:ChargeIndicator'], ind)
    })
  }
  // Extension: third-party payments (UBL BR-DEX-09…14).
  const prepaid = (id, amount, cur, instr) => `<cac:PrepaidPayment>${id === undefined ? '' : `<cbc:ID>${id}</cbc:ID>`}${amount === undefined ? '' : `<cbc:PaidAmount currencyID="${cur}">${amount}</cbc:PaidAmount>`}${instr === undefined ? '' : `<cbc:InstructionID>${instr}</cbc:InstructionID>`}</cac:PrepaidPayment>`
  const prepaidCases = [['P1', '0.00', null, 'I1'], ['P1', '10.001', null, 'I1'], ['P1', '10.00 ', null, 'I1'], ['P1', '10', null, 'I1'], ['P1', '0.00', 'USD', 'I1'], [' ', '0.00', null, 'I1'], ['P1', '0.00', null, ' '], [undefined, '0.00', null, 'I1'], ['P1', '0.00', ' EUR', 'I1'], ['P1', '-0.00', null, 'I1'], ['P1', '0.0', null, 'I1'], ['P1', '10.5', null, 'I1']]
  prepaidCases.forEach(([id, amount, cur, instr], i) => both(`dex-prepaid-${i}`, null, (x) => {
    x = asExtension(x)
    const doc = /<cbc:DocumentCurrencyCode[^>]*>([^<]*)</.exec(x)?.[1] ?? 'EUR'
    const pp = prepaid(id, amount, cur ?? doc, instr)
    const firstLine = Math.min(...['<cac:InvoiceLine', '<cac:CreditNoteLine'].map((t) => (x.includes(t) ? x.indexOf(t) : x.length)))
    const head = x.slice(0, firstLine).replace(/<cac:PrepaidPayment>[\s\S]*?<\/cac:PrepaidPayment>/g, '')
    const y = insertBefore(head, ['cac:AllowanceCharge', 'cac:TaxExchangeRate', 'cac:TaxTotal'], pp)
    return y === null ? null : y + x.slice(firstLine)
  }))
  // Extension code lists (BR-DEX-04…08) on a document declared as an extension, and the same scheme on a plain one.
  const SCHEMES = ['EM', ' EM', '0088', '0240', '9958', 'XX', '', '0204', '9930', 'em']
  SCHEMES.forEach((scheme, i) => {
    for (const ext of [true, false]) {
      const pre = ext ? asExtension : (x) => x
      both(`dex07-${i}${ext ? '-ext' : ''}`, chain(pre, (x) => setAttr(x, [...HA, 'ram:SellerTradeParty', 'ram:URIUniversalCommunication', 'ram:URIID'], 'schemeID', scheme)), chain(pre, (x) => setAttr(x, ['cac:AccountingSupplierParty', 'cbc:EndpointID'], 'schemeID', scheme)))
      both(`dex04-${i}${ext ? '-ext' : ''}`, chain(pre, (x) => setAttr(x, [...HA, 'ram:SellerTradeParty', 'ram:GlobalID'], 'schemeID', scheme) ?? setAttr(x, [...HA, 'ram:BuyerTradeParty', 'ram:GlobalID'], 'schemeID', scheme)), chain(pre, (x) => setAttr(x, ['cac:AccountingSupplierParty', 'cac:PartyIdentification', 'cbc:ID'], 'schemeID', scheme)))
      both(`dex05-${i}${ext ? '-ext' : ''}`, chain(pre, (x) => setAttr(x, [...HA, 'ram:SellerTradeParty', 'ram:SpecifiedLegalOrganization', 'ram:ID'], 'schemeID', scheme)), chain(pre, (x) => setAttr(x, ['cac:AccountingSupplierParty', 'cac:PartyLegalEntity', 'cbc:CompanyID'], 'schemeID', scheme)))
    }
  })
  // BR-DE-16: the seller's VAT identifier scheme or value.
  for (const [k, scheme] of Object.entries({ sp: ' VA', lower: 'va', fc: 'FC', xx: 'XX', none: null })) {
    both(`de16-${k}`, (x) => setAttr(x, [...HA, 'ram:SellerTradeParty', 'ram:SpecifiedTaxRegistration', 'ram:ID'], 'schemeID', scheme), null)
  }
  for (const [k, t] of Object.entries({ nbsp: '\u00a0', blank: ' ', cr: '&#13;' })) {
    both(`de16-id-${k}`, (x) => {
      let y = x
      for (const m of x.matchAll(/<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="(?:VA|FC)">[^<]*<\/ram:ID>/g)) y = y.replace(m[0], m[0].replace(/>[^<]*<\/ram:ID>/, `>${t}</ram:ID>`))
      return y
    }, (x) => x.replace(/(<cac:AccountingSupplierParty>[\s\S]*?)(<cac:PartyTaxScheme>\s*<cbc:CompanyID[^>]*>)[^<]*(<\/cbc:CompanyID>)/, `$1$2${t}$3`).replace(/(<cac:AccountingSupplierParty>[\s\S]*?<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>\s*)<cac:PartyTaxScheme>\s*<cbc:CompanyID[^>]*>[^<]*<\/cbc:CompanyID>/, (m) => m.replace(/>[^<]*<\/cbc:CompanyID>/, `>${t}</cbc:CompanyID>`)))
  }
  // BR-DEX-15 (CII extension): a parent line id.
  for (const ext of [true, false]) {
    both(`dex15${ext ? '-ext' : ''}`, chain(ext ? asExtension : (x) => x, (x) => {
      const line = find(x, 'ram:AssociatedDocumentLineDocument')
      const id = line === null ? null : find(x.slice(0, line[3]), 'ram:LineID', line[2])
      return id === null ? null : x.slice(0, id[1]) + '<ram:ParentLineID>1</ram:ParentLineID>' + x.slice(id[1])
    }), null)
  }
  // BR-DEX-02/03 (UBL sub-invoice lines, extension bases that have them).
  const subLine = (change) => (x) => {
    if (!x.includes('<cac:SubInvoiceLine>')) return null
    const sub = find(x, 'cac:SubInvoiceLine')
    return change(x, sub)
  }
  for (const [k, delta] of Object.entries({ plus: 1n, minus: -1n })) {
    both(`dex02-${k}`, null, subLine((x, sub) => {
      const amount = /<cbc:LineExtensionAmount([^>]*)>([^<]*)</.exec(x.slice(sub[0]))
      if (amount === null) return null
      const t = amount[2].trim()
      const scale = t.includes('.') ? t.length - t.indexOf('.') - 1 : 0
      const n = BigInt(t.replace('.', '')) + delta
      const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, '0')
      const v = `${n < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`
      const at = sub[0] + amount.index
      return x.slice(0, at) + `<cbc:LineExtensionAmount${amount[1]}>${v}<` + x.slice(at + amount[0].length)
    }))
  }
  both('dex02-scale', null, subLine((x, sub) => x.slice(0, sub[0]) + x.slice(sub[0]).replace(/(<cbc:LineExtensionAmount[^>]*>)([^<]*)</, (_, o, t) => `${o}${t.trim()}0<`)))
  both('dex03-none', null, subLine((x, sub) => {
    const item = x.slice(sub[0]).search(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/)
    return item < 0 ? null : x.slice(0, sub[0]) + x.slice(sub[0]).replace(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/, '')
  }))
  both('dex03-two', null, subLine((x, sub) => x.slice(0, sub[0]) + x.slice(sub[0]).replace(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/, (m) => m + m)))
  // R053/R054/R055: tax totals by currency.
  both('r054-extra-total', (x) => x.replace(/(<ram:TaxTotalAmount currencyID=")([^"]*)(">[^<]*<\/ram:TaxTotalAmount>)/, (m, a, c, b) => `${m}${a}USD${b}`), (x) => x.replace(/<cac:TaxTotal>/, (m) => `<cac:TaxTotal><cbc:TaxAmount currencyID="USD">1.00</cbc:TaxAmount></cac:TaxTotal>${m}`))
  both('r053-two-totals', (x) => x.replace(/<ram:TaxTotalAmount currencyID="[^"]*">[^<]*<\/ram:TaxTotalAmount>/, (m) => m + m), (x) => {
    const t = find(x, 'cac:TaxTotal')
    return t === null ? null : x.slice(0, t[1]) + x.slice(t[0], t[1]) + x.slice(t[1])
  })
  for (const [k, sign] of Object.entries({ neg: '-', pos: '' })) {
    both(`r055-${k}`, (x) => {
      if (x.includes('<ram:TaxCurrencyCode')) return null
      const hs = findPath(x, HS)
      const y = insertBefore(x, ['ram:InvoiceCurrencyCode'], '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>', hs[2])
      return y.replace(/(<ram:TaxTotalAmount currencyID="[^"]*">[^<]*<\/ram:TaxTotalAmount>)/, `$1<ram:TaxTotalAmount currencyID="USD">${sign}5.00</ram:TaxTotalAmount>`)
    }, (x) => {
      if (x.includes('<cbc:TaxCurrencyCode')) return null
      const y = insertBefore(x, ['cbc:BuyerReference', 'cac:InvoicePeriod', 'cac:OrderReference'], '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>', find(x, 'cbc:DocumentCurrencyCode')?.[1] ?? 0)
      return y === null ? null : y.replace(/<cac:TaxTotal>/, `<cac:TaxTotal><cbc:TaxAmount currencyID="USD">${sign}5.00</cbc:TaxAmount></cac:TaxTotal><cac:TaxTotal>`)
    })
  }
  // R040/R041/R042: a document allowance's amount against base × percent / 100 (slack 0.02).
  const allowance = (amount, base, percent) => [
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>${percent === undefined ? '' : `<ram:CalculationPercent>${percent}</ram:CalculationPercent>`}${base === undefined ? '' : `<ram:BasisAmount>${base}</ram:BasisAmount>`}<ram:ActualAmount>${amount}</ram:ActualAmount><ram:Reason>R</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`,
    (cur) => `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason>${percent === undefined ? '' : `<cbc:MultiplierFactorNumeric>${percent}</cbc:MultiplierFactorNumeric>`}<cbc:Amount currencyID="${cur}">${amount}</cbc:Amount>${base === undefined ? '' : `<cbc:BaseAmount currencyID="${cur}">${base}</cbc:BaseAmount>`}<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>`,
  ]
  const r040 = [['10.00', '100.00', '10'], ['10.02', '100.00', '10'], ['10.03', '100.00', '10'], ['9.98', '100.00', '10'], ['9.97', '100.00', '10'], ['10.00', '100.00', undefined], ['10.00', undefined, '10'], ['0.33', '3.33', '10'], ['10.025', '100.00', '10']]
  r040.forEach(([amount, base, percent], i) => {
    const [cii, ubl] = allowance(amount, base, percent)
    both(`r040-${i}`, (x) => {
      const hs = findPath(x, HS)
      return insertBefore(x, ['ram:SpecifiedLogisticsServiceCharge', 'ram:SpecifiedTradePaymentTerms', 'ram:SpecifiedTradeSettlementHeaderMonetarySummation'], cii, hs[2])
    }, (x) => {
      const cur = /<cbc:DocumentCurrencyCode[^>]*>([^<]*)</.exec(x)?.[1] ?? 'EUR'
      const firstLine = Math.min(...['<cac:InvoiceLine', '<cac:CreditNoteLine'].map((t) => (x.includes(t) ? x.indexOf(t) : x.length)))
      const y = insertBefore(x.slice(0, firstLine), ['cac:TaxExchangeRate', 'cac:TaxTotal'], ubl(cur))
      return y === null ? null : y + x.slice(firstLine)
    })
  })
  // R120 (UBL): the first line's amount against quantity × price / base quantity (slack 0.02).
  for (const [k, delta] of Object.entries({ p2: 2n, p3: 3n, m2: -2n, m3: -3n })) {
    both(`r120-${k}`, null, (x) => {
      const line = find(x, 'cac:InvoiceLine') ?? find(x, 'cac:CreditNoteLine')
      if (line === null) return null
      const m = /<cbc:LineExtensionAmount([^>]*)>([^<]*)</.exec(x.slice(line[0]))
      const t = m[2].trim()
      const scale = t.includes('.') ? t.length - t.indexOf('.') - 1 : 0
      if (scale !== 2) return null
      const n = BigInt(t.replace('.', '')) + delta
      const digits = (n < 0n ? -n : n).toString().padStart(3, '0')
      const at = line[0] + m.index
      return x.slice(0, at) + `<cbc:LineExtensionAmount${m[1]}>${n < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}<` + x.slice(at + m[0].length)
    })
  }
  // R120 (UBL): n units at a price per n units, the price the line amount ± 0.02: exactly at the
  // slack's edge, where the places of the quotient price ÷ base quantity decide.
  for (const n of [3, 6, 7, 9, 11, 13, 17, 19, 23, 29]) {
    for (const [k, delta] of Object.entries({ lo: -2n, hi: 2n })) {
      both(`r120-div-${n}-${k}`, null, (x) => {
        const line = find(x, 'cac:InvoiceLine') ?? find(x, 'cac:CreditNoteLine')
        if (line === null) return null
        const body = x.slice(line[0], line[1])
        if (body.includes('<cac:AllowanceCharge>')) return null
        const amount = /<cbc:LineExtensionAmount[^>]*>\s*(-?\d+\.\d\d)\s*</.exec(body)?.[1]
        const unit = /<cbc:(?:Invoiced|Credited)Quantity unitCode="([^"]*)"/.exec(body)?.[1]
        if (amount === undefined || unit === undefined) return null
        const cents = BigInt(amount.replace('.', '')) + delta
        const abs = (cents < 0n ? -cents : cents).toString().padStart(3, '0')
        const price = `${cents < 0n ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`
        const changed = body
          .replace(/(<cbc:(?:Invoiced|Credited)Quantity[^>]*>)[^<]*</, `$1${n}<`)
          .replace(/(<cbc:PriceAmount[^>]*>)[^<]*<\/cbc:PriceAmount>(\s*<cbc:BaseQuantity[^>]*>[^<]*<\/cbc:BaseQuantity>)?/, `$1${price}</cbc:PriceAmount><cbc:BaseQuantity unitCode="${unit}">${n}</cbc:BaseQuantity>`)
        return x.slice(0, line[0]) + changed + x.slice(line[1])
      })
    }
  }
  // BT-24 split by a comment or PI (KoSIT's $isExtension/$isCVD compare each text node), with a
  // value the extension or CVD rules judge: an EAS scheme outside the extension's list (BR-DEX-07),
  // a parent line id (CII BR-DEX-15), a sub-line without its tax category (UBL BR-DEX-03); CVD: the
  // plain base lacks the CVD data (BR-DE-CVD-*).
  const CIUS = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'
  const EXT = `${CIUS}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`
  const CVD = `${CIUS}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`
  const splits = { comment: (id) => `${id.slice(0, 50)}<!--c-->${id.slice(50)}`, pi: (id) => `${id.slice(0, 80)}<?p x?>${id.slice(80)}`, after: (id) => `${id}<!--c-->`, cdata: (id) => `${id.slice(0, 50)}<![CDATA[${id.slice(50)}]]>`, none: (id) => id }
  for (const [k, split] of Object.entries(splits)) {
    const ext = (x) => (x.includes(`${EXT}<`) ? x.replace(`${EXT}<`, `${split(EXT)}<`) : x.includes(`${CIUS}<`) ? x.replace(`${CIUS}<`, `${split(EXT)}<`) : null)
    both(`bt24-${k}-dex07`, chain(ext, (x) => setAttr(x, [...HA, 'ram:SellerTradeParty', 'ram:URIUniversalCommunication', 'ram:URIID'], 'schemeID', '9958')), chain(ext, (x) => setAttr(x, ['cac:AccountingSupplierParty', 'cbc:EndpointID'], 'schemeID', '9958')))
    both(`bt24-${k}-dex15`, chain(ext, (x) => {
      const line = find(x, 'ram:AssociatedDocumentLineDocument')
      const id = line === null ? null : find(x.slice(0, line[3]), 'ram:LineID', line[2])
      return id === null ? null : x.slice(0, id[1]) + '<ram:ParentLineID>1</ram:ParentLineID>' + x.slice(id[1])
    }), chain(ext, subLine((x, sub) => x.slice(0, sub[0]) + x.slice(sub[0]).replace(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/, ''))))
    const cvd = (x) => (x.includes(`${CIUS}<`) ? x.replace(`${CIUS}<`, `${split(CVD)}<`) : null)
    both(`bt24-${k}-cvd`, cvd, cvd)
  }
  // R120 (UBL): line allowances and charges, summed and rounded to cents per kind; an indicator
  // written 1 or 0 is neither kind (normalize-space(...) = 'true' / 'false').
  for (const [k, [indicator, amount]] of Object.entries({ one: ['1', '1.00'], zero: ['0', '1.00'], spaced: [' true ', '1.00'], half: ['true', '0.005'], third: ['false', '0.015'], neg: ['false', '-0.005'] })) {
    both(`r120-ac-${k}`, null, (x) => {
      const line = find(x, 'cac:InvoiceLine') ?? find(x, 'cac:CreditNoteLine')
      if (line === null) return null
      const cur = /<cbc:DocumentCurrencyCode[^>]*>([^<]*)</.exec(x)?.[1] ?? 'EUR'
      return insertBefore(x, ['cac:TaxTotal', 'cac:Item'], `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="${cur}">${amount}</cbc:Amount></cac:AllowanceCharge>`, line[2])
    })
  }
  return v
}
