#!/usr/bin/env node
/**
 * Differential hunt over the XML einvoice itself writes (a developer tool, not part of `npm test`:
 * it needs ../shared/tools/refcheck with its artefacts fetched, see its README; build first).
 *
 * Draws random invoice JSON in Mustang's form (the shapes of samples/*.json, varied): 1 to 60
 * lines, quantities and prices with up to 4 decimals (some large, some negative in credit notes and
 * corrections), basis quantities, the VAT categories S, Z, E, AE, K, G, O, L and M with fitting
 * rates, exemption reasons and parties, several rates, line, price and document allowances and
 * charges (amounts and percentages with up to 3 decimals), several currencies, type codes 380, 381 and 384, cash
 * discounts and payment terms blocks, odd Unicode in texts, optional parties and references dropped at random. A share of the
 * invoices is made inconsistent on purpose (a rate or reason that does not fit the category, the
 * seller's VAT id missing where the category needs it …); each such departure is noted in
 * `manifest.json`, so the official rejections of those inputs are told apart from the rejections of
 * XML written from invoices that had what the profile needs.
 *
 * Each JSON goes through `einvoice calculate` (one batch), then invoice2xml (the built library,
 * in-process: the CLI's code without a process per file) as Factur-X MINIMUM, BASIC WL, BASIC,
 * EN16931, EXTENDED and XRECHNUNG and as XRechnung 3 CII, then `einvoice ciitoubl` (one batch) turns
 * the XRechnung 3 and EN16931 CII into UBL. refcheck and `einvoice validate` then judge every file
 * (scripts/verdict-compare.mjs, the comparison of mutation-check.mjs) and the script prints every
 * file whose verdicts or error/fatal rule sets differ, then the official rejections by rule, split
 * into clean inputs (writer defects to chase) and inputs with a noted departure.
 *
 * Opt-in targets (named in --targets only, so a seed's default run keeps making the same files):
 * ZUGFeRD 1.0 BASIC, COMFORT, EXTENDED (zf1-…: refcheck runs its XSD only) and Order-X BASIC,
 * COMFORT, EXTENDED (ox-…: XSD and schematron); and hybrid PDFs for a share of the invoices
 * (--pdf-share, chosen by a hash of the invoice's name, not by the seeded draw): `einvoice xmltopdf
 * --embed-xml` of the Factur-X EN16931, EXTENDED and XRechnung 3 CII (pdf-fx-EN16931, pdf-fx-EXTENDED,
 * pdf-xr-3), and `einvoice combine` of a PDF/A einvoice made (xmltopdf without XML) with the
 * calculated JSON in a Factur-X profile or XRechnung 3 (pdf-combine, files named -pdfc-<target>.pdf).
 * A PDF's embedded XML is compared as the XML files are; its PDF part is judged by
 * `pdfa-check --strict --profile facturx` and by einvoice's PDF/A and container verdict.
 *
 *   node scripts/invoice-variants.mjs [--seed N] [--count N] [--out DIR] [--generate-only]
 *   --count N        invoices drawn (default 50); each gives up to 9 XML files
 *   --targets a,b    a subset of the targets (TARGETS below: fx-MINIMUM … xr-3, ubl-xr3, ubl-en16931)
 *   --clean          no deliberate departures (every invoice has what each category needs)
 *   --pdf-share F    the share of invoices the pdf- targets make PDFs of (default 0.25)
 *   --generate-only  write the JSON and XML and stop
 *
 * The same seed gives the same files. docs/validate.md "Known differences" lists what is known to differ.
 * scripts/invoice-roundtrip.mjs OUT then compares the CII with its UBL and its parse → invoice2xml by meaning.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { execFile, execFileSync } from 'node:child_process'
import { compareVerdicts, differenceLine } from './verdict-compare.mjs'
import { stdoutOf } from './command-output.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const CLI = join(ROOT, 'bin', 'einvoice.js')
/** Target name → invoice2xml options; the ubl- targets convert the named CII target. */
const TARGETS = {
  'fx-MINIMUM': { format: 'fx', profile: 'MINIMUM' },
  'fx-BASICWL': { format: 'fx', profile: 'BASICWL' },
  'fx-BASIC': { format: 'fx', profile: 'BASIC' },
  'fx-EN16931': { format: 'fx', profile: 'EN16931' },
  'fx-EXTENDED': { format: 'fx', profile: 'EXTENDED' },
  'fx-XRECHNUNG': { format: 'fx', profile: 'XRECHNUNG' },
  'xr-3': { format: 'xr', profile: 'XRECHNUNG', version: 3 },
  'ubl-xr3': { from: 'xr-3' },
  'ubl-en16931': { from: 'fx-EN16931' },
  'zf1-BASIC': { format: 'zf', profile: 'BASIC', version: 1, optIn: true },
  'zf1-COMFORT': { format: 'zf', profile: 'COMFORT', version: 1, optIn: true },
  'zf1-EXTENDED': { format: 'zf', profile: 'EXTENDED', version: 1, optIn: true },
  'ox-BASIC': { format: 'ox', profile: 'BASIC', version: 1, optIn: true },
  'ox-COMFORT': { format: 'ox', profile: 'COMFORT', version: 1, optIn: true },
  'ox-EXTENDED': { format: 'ox', profile: 'EXTENDED', version: 1, optIn: true },
  'pdf-fx-EN16931': { pdf: 'fx-EN16931', optIn: true },
  'pdf-fx-EXTENDED': { pdf: 'fx-EXTENDED', optIn: true },
  'pdf-xr-3': { pdf: 'xr-3', optIn: true },
  'pdf-combine': { combine: ['fx-MINIMUM', 'fx-BASICWL', 'fx-BASIC', 'fx-EN16931', 'fx-EXTENDED', 'fx-XRECHNUNG', 'xr-3'], optIn: true },
}
/** combine's parameters for a target (the CLI's --format/--profile/--version). */
const COMBINE_ARGS = (t) => ['--format', TARGETS[t].format, '--profile', TARGETS[t].profile, '--version', String(TARGETS[t].version ?? 2)]

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '50' },
    out: { type: 'string' },
    targets: { type: 'string' },
    clean: { type: 'boolean', default: false },
    'pdf-share': { type: 'string', default: '0.25' },
    'generate-only': { type: 'boolean', default: false },
  },
})
const targets = values.targets?.split(',') ?? Object.keys(TARGETS).filter((t) => TARGETS[t].optIn !== true)
for (const t of targets) if (TARGETS[t] === undefined) throw new Error(`unknown target ${t}`)

// mulberry32: every draw uses all bits (the LCG of mutation-check cycles in its low bits).
let state = (Number(values.seed) || 1) >>> 0
function rnd() {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1))
const pick = (list) => list[Math.floor(rnd() * list.length)]
const chance = (p) => rnd() < p

/** A JSON number literal kept as text (never a binary float): written bare by `jsonText`. */
const num = (text) => ({ num: text })
const jsonText = (value) => JSON.stringify(value, (_, v) => (v !== null && typeof v === 'object' && typeof v.num === 'string' && Object.keys(v).length === 1 ? `\u0000${v.num}` : v), 2).replace(/"\\u0000([^"]*)"/g, '$1')
/** A decimal text with up to `maxDecimals` decimals and an integer part of about `digits` digits. */
function decimal(digits, maxDecimals) {
  const whole = digits === 0 ? '0' : String(int(digits === 1 ? 0 : 10 ** (digits - 1), 10 ** digits - 1))
  const places = int(0, maxDecimals)
  if (places === 0) return whole
  const frac = String(int(0, 10 ** places - 1)).padStart(places, '0')
  return `${whole}.${frac}`
}
const negate = (text) => (text.startsWith('-') ? text.slice(1) : /^0(\.0*)?$/.test(text) ? text : `-${text}`)

const ODD = ['\u{1F600}', '\u05E9\u05DC\u05D5\u05DD', 'e\u0301', '\u00A0', '&<>"\'', '\u4E2D\u6587', '\u200B', '\u202E', '\uFEFF', 'ß\u017F', '\u{1D400}', ' \t ', '\u2028']
const NAMES = ['Bürobedarf Schmidt GmbH', 'Werkzeughandel Brandt KG', 'Mécanique Dubois SA', 'Sprachschule Lingua e.V.', 'Datenwerk Software GmbH', 'Ølstue Ærø ApS', 'Łódź Logistyka Sp. z o.o.']
/** A text, now and then with an odd Unicode piece inside. */
const text = (base) => (chance(0.15) ? `${base} ${pick(ODD)}${chance(0.5) ? ' x' : ''}` : base)

/** Rates per category: `fit` are what the category's rules accept, `misfit` what they do not. */
const RATES = {
  S: { fit: ['19', '7', '20', '5.5', '10', '21', '25', '16', '8.1', '2.1', '0.5'], misfit: ['0'] },
  Z: { fit: ['0'], misfit: ['19'] },
  E: { fit: ['0'], misfit: ['7'] },
  AE: { fit: ['0'], misfit: ['19'] },
  K: { fit: ['0'], misfit: ['19'] },
  G: { fit: ['0'], misfit: ['7'] },
  O: { fit: [undefined], misfit: ['19'] },
  // The CII binding of BR-AF-05/07 and BR-AG-05/07 wants a rate above 0 (its message says 0 or more).
  L: { fit: ['3', '7', '9.5', '15'], misfit: ['0'] },
  M: { fit: ['4', '10'], misfit: ['0'] },
}
const EXEMPTIONS = {
  E: [['Steuerfrei nach § 4 Nr. 21 UStG', 'VATEX-EU-132-1I'], ['Exempt', undefined], [undefined, 'VATEX-EU-132-1A']],
  AE: [['Reverse charge', 'VATEX-EU-AE'], [undefined, undefined], ['Steuerschuldnerschaft des Leistungsempfängers', undefined]],
  K: [['Intra-community supply', 'VATEX-EU-IC'], [undefined, undefined]],
  G: [['Export outside the EU', 'VATEX-EU-G'], [undefined, undefined]],
  O: [['Not subject to VAT', 'VATEX-EU-O'], [undefined, undefined]],
}
const CURRENCIES = ['EUR', 'EUR', 'EUR', 'EUR', 'USD', 'CHF', 'GBP', 'SEK', 'JPY']
const UNITS = ['C62', 'H87', 'HUR', 'KGM', 'MTR', 'LTR', 'DAY', 'XPP', undefined]

function party(name, country, { vat, email }) {
  const p = { name: text(name), street: text(pick(['Lindenstraße 12', 'Am Markt 1', '12 rue des Écoles', 'Industriestraße 44'])), zip: pick(['10969', '50668', '69002', '2100']), location: text(pick(['Berlin', 'Köln', 'Lyon', 'København'])), country }
  if (vat) p.vatID = `${country === 'GR' ? 'EL' : country}${int(100000000, 999999999)}`
  if (email) p.email = `rechnung${int(1, 99)}@example.com`
  return p
}

/**
 * One random invoice and the departures made on purpose (empty for a clean one). The parties get
 * what the drawn categories need (BR-S-02, BR-AE-02, BR-IC-02, BR-O-02 …) unless a departure drops
 * it; the XRechnung needs (buyer reference, seller contact, electronic addresses) likewise.
 */
function invoice(index) {
  const departures = []
  /** A departure drawn (probability 3 %); `xr:` ones take from XRechnung only what its BR-DE rules need. */
  const depart = (what) => !values.clean && chance(0.03) && departures.push(what)
  const code = pick(['380', '380', '380', '380', '381', '381', '384'])
  const currency = pick(CURRENCIES)
  // Category O stands alone (BR-O-11 … BR-O-14); the others mix.
  const onlyO = chance(0.08)
  const categories = onlyO ? ['O'] : [...new Set(Array.from({ length: int(1, 3) }, () => pick(['S', 'S', 'S', 'S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'])))]
  const rates = new Map(categories.map((c) => [c, [...new Set(Array.from({ length: c === 'S' || c === 'L' || c === 'M' ? int(1, 3) : 1 }, () => pick(RATES[c].fit)))]]))
  const needsVat = categories.some((c) => c !== 'O')
  const needsBuyerVat = categories.some((c) => c === 'AE' || c === 'K')
  const sellerCountry = pick(['DE', 'DE', 'DE', 'FR', 'AT', 'NL'])
  const buyerCountry = categories.includes('K') || categories.includes('AE') ? pick(['FR', 'BE', 'IT', 'DK']) : categories.includes('G') ? pick(['CH', 'US', 'NO']) : pick(['DE', 'DE', 'FR', 'AT'])
  const sender = party(pick(NAMES), sellerCountry, { vat: needsVat && !depart('seller VAT id dropped'), email: true })
  if (chance(0.3)) sender.taxID = `${int(10, 99)}/${int(100, 999)}/${int(10000, 99999)}`
  if (onlyO && depart('seller VAT id with category O')) sender.vatID = `DE${int(100000000, 999999999)}`
  sender.contact = { name: text(pick(['Anna Schmidt', 'Jens Brandt', 'Zoë Ünal'])), phone: `+49 30 ${int(100000, 9999999)}`, email: `kontakt${int(1, 9)}@example.com` }
  if (depart('xr: seller contact dropped')) delete sender.contact
  if (chance(0.85)) sender.bankDetails = [{ iban: pick(['DE02120300000000202051', 'DE89370400440532013000', 'FR7630006000011234567890189']), ...(chance(0.5) ? { bic: 'BYLADEM1001' } : {}), ...(chance(0.3) ? { accountName: text('Konto') } : {}) }]
  // Without a VAT id the seller needs another identifier (BR-CO-26).
  if (chance(0.3) || sender.vatID === undefined) sender.legalOrganisation = { schemedID: { id: `HRB ${int(1000, 99999)}`, ...(chance(0.4) ? { scheme: '0002' } : {}) }, ...(chance(0.3) ? { tradingBusinessName: text('Handel') } : {}) }
  const recipient = party(pick(NAMES), buyerCountry, { vat: (needsBuyerVat && !depart('buyer VAT id dropped')) || (!onlyO && chance(0.4)), email: !depart('xr: buyer electronic address dropped') })
  if (chance(0.3)) recipient.contact = { name: text('Sabine Richter'), ...(chance(0.5) ? { phone: '+49 228 770' } : {}) }
  if (chance(0.2)) recipient.id = `K-${int(1, 99999)}`
  const day = int(1, 28)
  const inv = {
    number: text(`RE-2026-${String(index).padStart(4, '0')}`),
    documentCode: code,
    currency,
    issueDate: `2026-11-${String(day).padStart(2, '0')}`,
    sender,
    recipient,
    zfitems: [],
  }
  if (!depart('due date and payment terms dropped')) {
    if (chance(0.8)) inv.dueDate = `2026-12-${String(day).padStart(2, '0')}`
    if (!inv.dueDate || chance(0.5)) inv.paymentTermDescription = text(pick(['Zahlbar innerhalb von 30 Tagen ohne Abzug', 'Net 30', 'Montant payable sous 15 jours']))
  }
  if (categories.includes('K') && depart('delivery date dropped (K)')) { /* no date */ } else if (chance(0.5) || categories.includes('K')) {
    if (chance(0.7)) inv.deliveryDate = `2026-11-${String(int(1, 28)).padStart(2, '0')}`
    else Object.assign(inv, { detailedDeliveryPeriodFrom: '2026-10-01', detailedDeliveryPeriodTo: '2026-10-31' })
  }
  if (categories.includes('K') && !departures.includes('delivery date dropped (K)') && !depart('deliver-to country dropped (K)')) inv.deliveryAddress = party('Lager', buyerCountry, {})
  else if (chance(0.15)) inv.deliveryAddress = party('Baustelle', pick(['DE', 'FR']), {})
  if (!depart('xr: buyer reference dropped')) inv.referenceNumber = text(pick(['04011000-12345-34', 'PO-4711', 'K-10023/2026']))
  if (chance(0.3)) inv.buyerOrderReferencedDocumentID = `PO-${int(1, 9999)}`
  if (chance(0.2)) inv.contractReferencedDocument = `RV-${int(1, 99)}`
  if (chance(0.2)) inv.paymentReference = inv.number
  if (chance(0.3)) inv.notes = [text('Vielen Dank für Ihren Auftrag.')]
  if (chance(0.15)) inv.notesWithSubjectCode = [{ content: text('Leistung gemäß Rahmenvertrag'), subjectCode: pick(['AAI', 'REG', 'AAB']) }]
  if (code !== '380' || chance(0.1)) inv.invoiceReferencedDocuments = [{ issuerAssignedID: `FA-2026-${int(1, 9999)}`, ...(chance(0.6) ? { formattedIssueDateTime: '2026-10-28' } : {}) }]
  if (chance(0.15)) inv.cashDiscounts = Array.from({ length: int(1, 2) }, (_, i) => ({ percent: num(pick(['2', '3', '1.5', '2.25'])), days: 10 * (i + 1) }))
  if (chance(0.1)) inv.totalPrepaidAmount = num(decimal(2, 2))
  if (chance(0.1)) inv.payee = { name: text('Factoring Nord AG'), ...(chance(0.5) ? { globalID: '4098765000007', globalIDScheme: '0088' } : {}) }

  // Lines: mostly few, now and then up to 60; credit notes and corrections with some negative quantities.
  const lines = chance(0.7) ? int(1, 5) : int(6, 60)
  const lineCategories = []
  for (let i = 0; i < lines; i++) {
    const category = i < categories.length ? categories[i] : pick(categories)
    lineCategories.push(category)
    let rate = pick(rates.get(category))
    if (RATES[category].misfit.length > 0 && depart(`rate ${RATES[category].misfit[0]} on category ${category}`)) rate = RATES[category].misfit[0]
    const large = chance(0.05)
    let quantity = decimal(large ? int(4, 6) : int(1, 3), 4)
    if (/^0(\.0*)?$/.test(quantity)) quantity = '1'
    if ((code === '381' || code === '384') && chance(0.3)) quantity = negate(quantity)
    const price = decimal(large ? int(4, 6) : int(1, 4), 4)
    const product = { name: text(pick(['Trennblätter A4', 'IT-Support (Stunden)', 'Fräskopf FK-200', 'Holzleim D3', 'Übersetzung ins Ελληνικά'])), taxCategoryCode: category }
    const unit = pick(UNITS)
    if (unit !== undefined) product.unit = unit
    if (rate !== undefined) product.vatpercent = num(rate)
    const exemption = EXEMPTIONS[category]
    if (exemption !== undefined) {
      const [reason, reasonCode] = pick(exemption)
      if (reason !== undefined) product.taxExemptionReason = text(reason)
      if (reasonCode !== undefined) product.taxExemptionReasonCode = reasonCode
    } else if (depart(`exemption reason on category ${category}`)) product.taxExemptionReason = 'Steuerfrei'
    if (category === 'E' && product.taxExemptionReason === undefined && product.taxExemptionReasonCode === undefined) product.taxExemptionReason = 'Exempt'
    if (chance(0.3)) product.sellerAssignedID = `A-${int(1, 99999)}`
    if (chance(0.1)) product.description = text('Beschreibung')
    // A product allowance below the price: the net price may not be negative (BR-27).
    if (chance(0.1) && Number(price) >= 1) product.allowances = [{ totalAmount: num(decimal(0, 2)), ...(chance(0.5) ? { reason: text('Aktionsrabatt') } : {}) }]
    if (chance(0.05)) product.charges = [{ totalAmount: num(decimal(0, 2)), reason: 'Zuschlag' }]
    const item = { id: String(i + 1), price: num(price), quantity: num(quantity), product }
    if (chance(0.1)) item.basisQuantity = num(pick(['1', '10', '100', '0.5', '12.5']))
    const adjustment = () => (chance(0.5) ? { totalAmount: num(decimal(1, 2)) } : { percent: num(decimal(1, pick([2, 3]))) })
    if (chance(0.15)) item.itemAllowances = Array.from({ length: int(1, 2) }, () => ({ ...adjustment(), ...(chance(0.7) ? { reason: text('Mengenrabatt') } : chance(0.5) ? { reasonCode: '95' } : {}) }))
    if (chance(0.1)) item.itemCharges = [{ ...adjustment(), ...(chance(0.8) ? { reason: text('Verpackung') } : { reasonCode: 'ABL' }) }]
    if (chance(0.1)) item.notes = [text('Laufzeit 12 Monate')]
    if (chance(0.05)) Object.assign(product, { globalID: '4012345000009', globalIDScheme: '0160' })
    if (chance(0.05)) product.attributes = { Farbe: text('rot') }
    if (chance(0.05)) product.classifications = [{ classCode: { listID: 'TST', code: '12345' }, className: 'Klasse' }]
    if (chance(0.05)) product.countryOfOrigin = pick(['DE', 'CN'])
    if (chance(0.05)) item.buyerOrderReferencedDocumentLineID = String(i + 1)
    if (chance(0.05)) item.accountingReference = `KST-${int(1, 99)}`
    if (chance(0.1)) Object.assign(item, { detailedDeliveryPeriodFrom: '2026-10-01', detailedDeliveryPeriodTo: '2026-10-31' })
    inv.zfitems.push(item)
  }

  // Document allowances and charges: in a category and rate the lines have (or none, which the
  // writer resolves when all lines share one rate).
  const used = [...new Set(lineCategories)]
  const documentAdjustment = (reason, reasonCode) => {
    const category = pick(used)
    const rate = pick(rates.get(category))
    const a = chance(0.6) ? { totalAmount: num(decimal(int(1, 3), 2)) } : { percent: num(decimal(1, pick([2, 3]))) }
    if (chance(0.9) || used.length > 1 || rates.get(category).length > 1) {
      if (rate !== undefined) a.taxPercent = num(rate)
      a.categoryCode = category
    }
    if (chance(0.8)) a.reason = text(reason)
    else a.reasonCode = reasonCode
    return a
  }
  if (chance(0.25)) inv.zfallowances = Array.from({ length: int(1, 2) }, () => documentAdjustment('Treuerabatt', '95'))
  if (chance(0.25)) inv.zfcharges = Array.from({ length: int(1, 2) }, () => documentAdjustment('Versandkosten', 'FC'))
  // Rarer content: direct debit, rounding, references, EXTENDED terms and parties.
  // A direct debit replaces the credit transfer: both give two payment means codes (CII-SR-467, UBL-SR-47).
  if (chance(0.08)) {
    inv.creditorReferenceID = 'DE98ZZZ09999999999'
    inv.sender.debitDetails = [{ iban: 'DE02120300000000202051', mandate: `M-${int(1, 999)}` }]
    if (inv.sender.bankDetails !== undefined && !depart('credit transfer and direct debit together')) delete inv.sender.bankDetails
  }
  if (chance(0.08)) inv.roundingAmount = num(pick(['0.01', '-0.02', '0.4']))
  if (chance(0.1)) inv.specifiedProcuringProjectID = `P-${int(1, 99)}`
  if (chance(0.1)) inv.despatchAdviceReferencedDocumentID = `DA-${int(1, 99)}`
  if (chance(0.1)) inv.tenderReferencedDocument = `T-${int(1, 99)}`
  if (chance(0.1)) inv.sellerOrderReferencedDocumentID = `AB-${int(1, 99)}`
  if (chance(0.1)) inv.invoicee = party('Rechnungsempfang GmbH', 'DE', {})
  // Payment terms blocks (written since session 33): one, a list, or both, with or without discount terms.
  if (chance(0.08)) inv.paymentTerms = { description: text('Zahlbar in 14 Tagen'), ...(chance(0.5) ? { dueDate: '2026-12-15' } : {}), ...(chance(0.4) ? { discountTerms: { basePeriodMeasure: pick([7, 14]), basePeriodUnitCode: pick(['DAY', 'WEE']), calculationPercentage: num(pick(['2', '2.5', '1.125'])) } } : {}) }
  if (chance(0.08)) inv.extendedPaymentTerms = [{ description: text('30 Tage netto'), dueDate: '2026-12-30' }, { description: '2 % Skonto', discountTerms: { basePeriodMeasure: 10, basePeriodUnitCode: 'DAY', calculationPercentage: num('2') } }]
  if (chance(0.08)) inv.zflogisticsServiceCharges = [{ totalAmount: num(decimal(2, 2)), ...(() => { const c = pick(used); const r = pick(rates.get(c)); return r === undefined ? { categoryCode: c } : { taxPercent: num(r), categoryCode: c } })(), reason: 'Fracht' }]
  if (chance(0.05)) inv.documentCode = pick(['389', '326', '751', '386'])
  // A party or reference dropped at random (what no profile needs).
  if (inv.sender.bankDetails !== undefined && depart('xr: payment instructions dropped')) delete inv.sender.bankDetails
  if (inv.sender.bankDetails === undefined && inv.sender.debitDetails === undefined && !departures.includes('xr: payment instructions dropped')) departures.push('xr: payment instructions dropped')
  // XRechnung needs BT-119 in every breakdown (BR-DE-14), which category O may not have (BR-O-10).
  if (onlyO) departures.push('xr: category O')
  if (chance(0.1)) delete inv.recipient.street
  return { inv, departures }
}

const out = values.out ?? mkdtempSync(join(tmpdir(), 'invoice-variants-'))
const jsonDir = join(out, 'json')
const calcDir = join(out, 'calc')
const xmlDir = join(out, 'xml')
for (const d of [jsonDir, calcDir, xmlDir]) mkdirSync(d, { recursive: true })
const count = Number(values.count)
const manifest = {}
const key = `s${values.seed}`
for (let i = 1; i <= count; i++) {
  const { inv, departures } = invoice(i)
  const name = `${key}-${String(i).padStart(4, '0')}`
  manifest[name] = departures
  writeFileSync(join(jsonDir, `${name}.json`), jsonText(inv))
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 1))

/** A command's stdout and stderr; the CLI exits 2 when one input of a batch is refused. */
function run(args) {
  try {
    return { stdout: execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 29, stdio: ['ignore', 'pipe', 'pipe'] }), stderr: '' }
  } catch (err) {
    return { stdout: err.stdout ?? '', stderr: err.stderr ?? '' }
  }
}
const refusals = []
const calculated = run(['calculate', '--out-dir', calcDir, ...readdirSync(jsonDir).map((f) => join(jsonDir, f))])
for (const line of calculated.stderr.split('\n')) if (line.trim() !== '') refusals.push(`calculate ${line}`)

const { invoiceJsonToXml } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'operations', 'invoice-to-xml.js')).href)
let written = 0
for (const file of readdirSync(calcDir).sort()) {
  const json = readFileSync(join(calcDir, file), 'utf8')
  for (const t of targets) {
    const options = TARGETS[t]
    if (options.from !== undefined || options.pdf !== undefined || options.combine !== undefined) continue
    try {
      writeFileSync(join(xmlDir, `${file.replace(/\.json$/, '')}-${t}.xml`), invoiceJsonToXml(json, options).xml)
      written++
    } catch (err) {
      refusals.push(`invoice2xml ${t} ${file}: ${err.code ?? ''} ${err.message}`)
    }
  }
}
for (const t of targets) {
  const from = TARGETS[t].from
  if (from === undefined) continue
  const inputs = readdirSync(xmlDir).filter((f) => f.endsWith(`-${from}.xml`)).map((f) => join(xmlDir, f))
  const ublDir = join(out, t)
  mkdirSync(ublDir, { recursive: true })
  const converted = run(['ciitoubl', '--out-dir', ublDir, ...inputs])
  for (const line of converted.stderr.split('\n')) if (line.trim() !== '' && !/^warning/i.test(line)) refusals.push(`ciitoubl ${line}`)
  for (const f of readdirSync(ublDir)) {
    writeFileSync(join(xmlDir, f.replace(`-${from}.ubl.xml`, `-${t}.xml`)), readFileSync(join(ublDir, f)))
    written++
  }
}
// The hybrid PDFs, two commands at a time (the machine has two cores).
const pdfJobs = []
/** PDF file name → the XML file it must embed byte for byte. */
const embeddedSource = new Map()
const pdfTargets = targets.filter((t) => TARGETS[t].pdf !== undefined || TARGETS[t].combine !== undefined)
/** FNV-1a of a text as a share in [0, 1): which invoices get a PDF, apart from the seeded draw. */
const hashShare = (textValue) => {
  let h = 0x811c9dc5
  for (const c of Buffer.from(textValue)) h = Math.imul(h ^ c, 0x01000193) >>> 0
  // murmur3's finaliser: FNV's high bits barely change with the last characters.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}
if (pdfTargets.length > 0) {
  const srcDir = join(out, 'pdf-src')
  mkdirSync(srcDir, { recursive: true })
  /** The XML of one target for a calculated JSON, written beside (not among) the compared files. */
  const source = (file, t) => {
    const path = join(srcDir, `${file.replace(/\.json$/, '')}-${t}.xml`)
    try {
      writeFileSync(path, invoiceJsonToXml(readFileSync(join(calcDir, file), 'utf8'), TARGETS[t]).xml)
      return path
    } catch {
      return undefined // the writer's refusal is listed with its own target
    }
  }
  const share = Number(values['pdf-share'])
  for (const file of readdirSync(calcDir).sort()) {
    const name = file.replace(/\.json$/, '')
    for (const t of pdfTargets) {
      if (hashShare(`${name}/${t}`) >= share) continue
      const language = ['EN', 'DE', 'FR'][Math.floor(hashShare(`${name}/${t}/language`) * 3)]
      if (TARGETS[t].pdf !== undefined) {
        const xml = source(file, TARGETS[t].pdf)
        if (xml !== undefined) pdfJobs.push({ label: `xmltopdf ${t} ${name}`, embedded: xml, steps: [['xmltopdf', xml, '--embed-xml', '--language', language, '-o', join(xmlDir, `${name}-${t}.pdf`)]] })
      } else {
        const choices = TARGETS[t].combine
        const into = choices[Math.floor(hashShare(`${name}/${t}/profile`) * choices.length)]
        const xml = source(file, 'fx-EN16931')
        if (xml === undefined) continue
        const base = join(srcDir, `${name}-pdfa.pdf`)
        // combine embeds the XML invoice2xml writes for the same JSON and parameters (docs/pdf.md).
        const embedded = source(file, into)
        if (embedded === undefined) continue
        pdfJobs.push({ label: `combine ${into} ${name}`, embedded, steps: [['xmltopdf', xml, '--language', language, '-o', base], ['combine', '--pdf', base, '--json', join(calcDir, file), ...COMBINE_ARGS(into), '-o', join(xmlDir, `${name}-pdfc-${into}.pdf`)]] })
      }
    }
  }
  const runAsync = (args) => new Promise((done) => execFile(process.execPath, [CLI, ...args], { maxBuffer: 1 << 26 }, (err, _stdout, stderr) => done(err ? stderr || err.message : undefined)))
  let next = 0
  const worker = async () => {
    while (next < pdfJobs.length) {
      const job = pdfJobs[next++]
      for (const step of job.steps) {
        const failure = await runAsync(step)
        if (failure !== undefined) {
          refusals.push(`${job.label}: ${failure.trim().split('\n')[0]}`)
          break
        }
        if (step === job.steps.at(-1)) {
          written++
          embeddedSource.set(basename(step.at(-1)), job.embedded)
        }
      }
    }
  }
  await Promise.all([worker(), worker()])
}
for (const r of refusals) process.stdout.write(`refused: ${r}\n`)
process.stdout.write(`${count} invoices, ${written} XML and PDF files in ${xmlDir}, ${refusals.length} refusals\n`)
if (values['generate-only']) process.exit(0)

const { official, differences, pdfParts } = compareVerdicts(xmlDir)
for (const d of differences) process.stdout.write(differenceLine(d))
const verdicts = differences.filter((d) => d.official !== d.einvoice).length
process.stdout.write(`${official.size} files compared: ${differences.length} differ, ${verdicts} in their verdict\n`)

// The PDF part: pdfa-check (strict, Factur-X profile) against einvoice's PDF/A and container verdict.
const PDFA_CHECK = join(ROOT, '..', 'shared', 'tools', 'pdfa-check')
const pdfs = readdirSync(xmlDir).filter((f) => f.endsWith('.pdf')).sort()
let pdfFailed = 0
let pdfDiffer = 0
let embedDiffer = 0
for (const f of pdfs) {
  const report = JSON.parse(stdoutOf(PDFA_CHECK, ['--strict', '--profile', 'facturx', join(xmlDir, f)]))
  const passed = report.result === 'pass'
  const ours = pdfParts.get(f)
  if (!passed) pdfFailed++
  if (ours === undefined || ours.valid !== passed) pdfDiffer++
  const source = embeddedSource.get(f)
  if (source !== undefined && stdoutOf(process.execPath, [CLI, 'extract', join(xmlDir, f)]) !== readFileSync(source, 'utf8')) {
    embedDiffer++
    process.stdout.write(`${f} embeds other bytes than ${source}\n`)
  }
  if (!passed || ours === undefined || !ours.valid) {
    const checks = [...(report.failed ?? []), ...(report.warnings ?? [])].map((c) => (typeof c === 'string' ? c : c.id))
    process.stdout.write(`${f} pdfa-check=${report.result} ${checks.join(' ') || '-'} einvoice=${ours === undefined ? 'no report' : `${ours.valid ? 'valid' : 'invalid'} ${ours.rules.join(' ') || '-'}`}\n`)
  }
}
if (pdfs.length > 0) process.stdout.write(`${pdfs.length} PDFs: ${pdfFailed} fail pdfa-check --strict, ${pdfDiffer} where einvoice's PDF verdict differs, ${embedDiffer} not embedding their XML byte for byte\n`)

/** The departures of the invoice a file was written from that matter for its target (`xr:` ones for XRechnung only). */
const TARGET_SUFFIX = /-(?:pdfc?-)?(?:fx|xr|ubl|zf1|ox)-[\w]+\.(?:xml|pdf)$/
function departuresOf(file) {
  const name = file.replace(TARGET_SUFFIX, '')
  const xr = /-(?:fx-XRECHNUNG|xr-3|ubl-xr3)\.(?:xml|pdf)$/.test(file)
  return (manifest[name] ?? []).filter((d) => xr || !d.startsWith('xr:'))
}
// The official rejections by rule: from clean inputs (writer defects to chase) and from inputs with a departure.
const byRule = { clean: new Map(), departed: new Map() }
for (const [file, r] of official) {
  if (r.valid) continue
  const name = file.replace(TARGET_SUFFIX, '')
  const side = departuresOf(file).length === 0 ? 'clean' : 'departed'
  for (const id of r.rules) {
    const target = file.slice(name.length + 1).replace(/\.(?:xml|pdf)$/, '')
    const entry = byRule[side].get(id) ?? { files: 0, examples: new Set(), targets: new Set() }
    entry.files++
    entry.targets.add(target)
    if (entry.examples.size < 3) entry.examples.add(file)
    byRule[side].set(id, entry)
  }
}
for (const side of ['clean', 'departed']) {
  const invalid = [...official].filter(([f, r]) => !r.valid && (departuresOf(f).length === 0) === (side === 'clean')).length
  process.stdout.write(`officially invalid from ${side} inputs: ${invalid} files\n`)
  for (const [id, e] of [...byRule[side]].sort((a, b) => b[1].files - a[1].files)) process.stdout.write(`  ${id}: ${e.files} (${[...e.targets].join(' ')}) e.g. ${[...e.examples].join(' ')}\n`)
}
