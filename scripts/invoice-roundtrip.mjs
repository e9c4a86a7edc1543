#!/usr/bin/env node
/**
 * Semantic round trips over the output of scripts/invoice-variants.mjs (a developer tool, not part
 * of `npm test`: it needs ../shared/tools/refxr with its artefacts fetched; build first).
 *
 *   node scripts/invoice-variants.mjs --seed 29 --count 200 --out OUT --generate-only
 *   node scripts/invoice-roundtrip.mjs OUT
 *
 * Two checks, each with KoSIT's semantic view (refxr --normalize: one element per BT/BG):
 *  1. CII → UBL: each xr-3 and fx-EN16931 CII against its ciitoubl UBL (ubl-xr3, ubl-en16931);
 *  2. CII → JSON → CII: `einvoice parse` of each xr-3 and fx-EN16931 CII (one batch), then
 *     invoice2xml of that JSON in the same format and profile (the built library, in-process: the
 *     CLI's code), against the original.
 *
 *   node scripts/invoice-roundtrip.mjs --corpus OUT   (the corpus's EN 16931 and XRechnung 3.0 CII instead)
 *
 * All views are made in one JVM (refxr's own functions, loaded from ../shared/tools), so a few
 * hundred invoices take minutes. Every changed line of a diff is matched against GAPS (differences
 * the target syntax or the JSON form imposes, documented in docs/ubl.md and docs/parse.md); the
 * rest are printed as losses by BT/BG, with the files (marked `departure` for invoices made
 * inconsistent on purpose, see manifest.json). Diffs are kept in OUT/roundtrip/diff/.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { execFileSync } from 'node:child_process'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const CLI = join(ROOT, 'bin', 'einvoice.js')
const REFXR = join(ROOT, '..', 'shared', 'tools', 'refxr')
/** CII target → its UBL target and its invoice2xml options (as in invoice-variants.mjs). */
const PAIRS = {
  'xr-3': { ubl: 'ubl-xr3', options: { format: 'xr', profile: 'XRECHNUNG', version: 3 } },
  'fx-EN16931': { ubl: 'ubl-en16931', options: { format: 'fx', profile: 'EN16931' } },
}

/** The text of file `path`, read once. */
const texts = new Map()
const textOf = (path) => texts.get(path) ?? texts.set(path, readFileSync(path, 'utf8')).get(path)
const valueOf = (line) => />([^<]*)</.exec(line)?.[1]

/**
 * Differences that are no loss: { check, line: pattern on a changed diff line, when?(lines, i, a, b),
 * reason }. `ubl` ones are the mappings of docs/ubl.md, `json` ones the limits of docs/parse.md.
 */
const GAPS = [
  { check: 'ubl', line: /^\+\s*<xr:Item_price_discount xr:id="BT-147">0</, reason: 'UBL needs Price/AllowanceCharge/Amount beside a gross price (BT-148): BT-147 = 0 is written' },
  { check: 'ubl', line: /^\+\s*<xr:Purchase_order_reference xr:id="BT-13">NA</, reason: 'BT-13 is mandatory in UBL OrderReference: NA is written when only BT-14 is known' },
  {
    check: 'ubl',
    line: /^-\s*<xr:Payment_due_date xr:id="BT-9">/,
    when: (_lines, _i, _a, b) => textOf(b).includes('<CreditNote') && !textOf(b).includes('<cac:PaymentMeans>'),
    reason: 'BT-9 of a CreditNote without payment means: UBL 2.1 CreditNote carries it only in PaymentMeans (warned)',
  },
  {
    check: 'ubl',
    line: /^-\s*<\/?xr:(DIRECT_DEBIT|Mandate_reference_identifier|Bank_assigned_creditor_identifier|Debited_account_identifier)\b/,
    when: (_lines, _i, _a, b) => textOf(b).includes('<cac:PaymentMandate>'),
    reason: 'BG-19: CII has it once per document (KoSIT\'s CII view repeats it under every payment means), UBL under the direct debit means',
  },
  {
    check: 'ubl',
    line: /^-\s*<\/?xr:(DIRECT_DEBIT|Bank_assigned_creditor_identifier)\b/,
    when: (_lines, _i, _a, b) => textOf(b).includes('schemeID="SEPA"') && !textOf(b).includes('<cac:PaymentMandate>'),
    reason: "BT-90 without BT-89/BT-91 (docs/ubl.md, BR-DE-25-a): UBL writes it as the seller's SEPA party identifier, where KoSIT's UBL view shows no BG-19",
  },
  {
    check: 'ubl',
    line: /^[+-]\s*<xr:(Seller|Buyer)_contact_point xr:id="BT-(41|56)">/,
    when: (lines, i, _a, b) => {
      const term = /xr:id="(BT-\d+)"/.exec(lines[i])?.[1]
      const same = lines.filter((l) => l.includes(`xr:id="${term}"`))
      const removed = same.filter((l) => l.startsWith('-')).map(valueOf)
      const added = same.filter((l) => l.startsWith('+')).flatMap((l) => (valueOf(l) ?? '').split(', '))
      // The person name and the department name (each a BT-41/BT-56 in KoSIT's CII view) are one cbc:Name, equal ones once.
      return removed.every((v) => added.includes(v) || textOf(b).includes(`<cbc:Name>${v}</cbc:Name>`)) && added.every((v) => removed.includes(v))
    },
    reason: "a contact's person and department name (two BT-41/BT-56 in KoSIT's CII view) are UBL's one contact name, joined with ', ' (equal ones once)",
  },
  ...['ubl', 'json'].map((check) => ({
    check,
    line: /^[+-]\s*<xr:Invoice_line_object_identifier xr:id="BT-128"/,
    when: (lines, i) => {
      const other = lines[i].startsWith('-') ? lines[i + 1] : lines[i - 1]
      return other !== undefined && /xr:id="BT-128"/.test(other) && valueOf(other) === valueOf(lines[i])
    },
    reason: "BT-128's scheme (CII ReferenceTypeCode, UBL schemeID), which KoSIT's CII view leaves out",
  })),
  {
    check: 'ubl',
    line: /^[+-]\s*<xr:Value_added_tax_point_date_code xr:id="BT-8">/,
    when: (lines, i) => {
      const pair = lines[i].startsWith('-') ? [valueOf(lines[i]), valueOf(lines[i + 1] ?? '')] : [valueOf(lines[i - 1] ?? ''), valueOf(lines[i])]
      return ['5 3', '29 35', '72 432'].includes(pair.join(' '))
    },
    reason: 'BT-8: the CII code (UNTDID 2475: 5, 29, 72) is written as its UBL code (UNTDID 2005: 3, 35, 432)',
  },
  {
    check: 'ubl',
    line: /^[+-]\s*<xr:Item_price_base_quantity xr:id="BT-149">/,
    when: (lines, i, a) => {
      const v = valueOf(lines[i])
      const kind = lines[i].startsWith('-') ? 'Gross' : 'Net'
      return new RegExp(`<ram:${kind}PriceProductTradePrice>(?:(?!</ram:${kind}PriceProductTradePrice>)[^])*<ram:BasisQuantity[^>]*>0*${v?.replace('.', '\\.')}0*<`).test(textOf(a))
    },
    reason: "gross and net price with different base quantities: KoSIT's CII view shows the gross price's, UBL has the net price's (BT-149 belongs to the net price)",
  },
  {
    check: 'ubl',
    line: /^\+\s*<xr:Item_price_discount xr:id="BT-147">/,
    when: (lines, i) => {
      const near = (id) => lines.slice(Math.max(0, i - 3), i + 4).map((l) => (l.includes(`xr:id="${id}"`) ? Number(valueOf(l)) : NaN)).find((n) => !Number.isNaN(n))
      return Math.abs(near('BT-148') - near('BT-146') - Number(valueOf(lines[i]))) < 1e-9
    },
    reason: 'a gross and a net price without a discount amount in the CII: UBL needs Price/AllowanceCharge/Amount, written as BT-148 − BT-146',
  },
  {
    check: 'ubl',
    line: /^\+\s*(<\/?xr:ADDITIONAL_SUPPORTING_DOCUMENTS|<xr:Supporting_document_reference xr:id="BT-122">)/,
    when: (lines, i, a) => {
      // The added block around this line: a BG-24 that holds only a BT-122 naming the invoiced object (BT-18).
      let from = i
      let to = i
      while (from > 0 && lines[from - 1].startsWith('+')) from--
      while (to < lines.length - 1 && lines[to + 1].startsWith('+')) to++
      const ids = lines.slice(from, to + 1).filter((l) => l.includes('xr:id="BT-122"')).map(valueOf)
      // Header references with TypeCode 130 (BT-18) or none (no business term in CII, kept in UBL).
      const objects = [...textOf(a).matchAll(/<ram:AdditionalReferencedDocument>\s*<ram:IssuerAssignedID>([^<]*)<\/ram:IssuerAssignedID>\s*(?:<ram:TypeCode>130<|<\/ram:AdditionalReferencedDocument>)/g)].map((m) => m[1])
      return ids.length > 0 && ids.every((v) => objects.includes(v)) && lines.slice(from, to + 1).every((l) => /ADDITIONAL_SUPPORTING_DOCUMENTS|BT-122/.test(l))
    },
    reason: "BT-18 is UBL's AdditionalDocumentReference with DocumentTypeCode 130 (and a CII reference without TypeCode one without), which KoSIT's UBL view also lists as a BG-24",
  },
  {
    check: 'ubl',
    line: /^\+\s*<xr:Invoice_total_VAT_amount xr:id="BT-110">0</,
    when: (_lines, _i, a) => !textOf(a).includes('TaxTotalAmount'),
    reason: 'BT-110 absent in the CII: UBL needs TaxTotal/TaxAmount, written as 0',
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:VAT_exemption_reason_text xr:id="BT-120">/,
    when: (lines, i) => {
      const other = lines[i].startsWith('-') ? lines[i + 1] : lines[i - 1]
      const parts = (line) => [...new Set((valueOf(line ?? '') ?? '').split(',').map((p) => p.trim()))].sort().join('|')
      return other !== undefined && /xr:id="BT-120"/.test(other) && parts(other) === parts(lines[i])
    },
    reason: 'line reasons that differ only in surrounding whitespace: the reader trims texts, so the rebuilt BT-120 lists them once',
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:Supporting_document_reference xr:id="BT-122">/,
    when: (lines, i) => {
      const added = lines[i].startsWith('+') ? lines[i] : lines[i + 1]
      const file = lines.slice(i, i + 6).map((l) => /xr:id="BT-125"[^>]* filename="([^"]*)"/.exec(l)?.[1]).find((f) => f !== undefined)
      return added !== undefined && /^\+.*xr:id="BT-122"/.test(added) && file !== undefined && valueOf(added) === file
    },
    reason: "BT-122 that differs from its attachment's file name: the JSON names the attachment by its file name (docs/parse.md)",
  },
  {
    check: 'json',
    line: /^-\s*<xr:(Item_price_discount|Item_gross_price) xr:id="BT-14[78]">/,
    when: (lines, i) => {
      const near = (id) => lines.slice(Math.max(0, i - 3), i + 3).find((l) => l.includes(`xr:id="${id}"`))
      return Number(valueOf(near('BT-147') ?? '') ?? 0) === 0 && valueOf(near('BT-148') ?? '') === valueOf(near('BT-146') ?? '')
    },
    reason: 'a gross price equal to the net price with a discount of 0 (UBL): the JSON has one price',
  },
  {
    check: 'json',
    line: /^-\s*(<\/?xr:VAT_BREAKDOWN|<xr:(VAT_category_\w+|VAT_exemption_reason_\w+) )/,
    when: (lines, i) => {
      // The removed breakdown around this line, with a taxable amount of 0: no line, allowance or charge makes it.
      let from = i
      let to = i
      while (from > 0 && lines[from - 1].startsWith('-')) from--
      while (to < lines.length - 1 && lines[to + 1].startsWith('-')) to++
      const block = lines.slice(from, to + 1)
      return block.some((l) => /xr:id="BT-116">0</.test(l)) && block.filter((l) => /xr:id="BT-116"/.test(l)).every((l) => /xr:id="BT-116">0</.test(l))
    },
    reason: 'a VAT breakdown of taxable amount 0 that no line, allowance or charge makes: the JSON has no breakdown, invoice2xml builds it from the lines (docs/parse.md)',
  },
  {
    check: 'json',
    line: /^-\s*<xr:Item_gross_price xr:id="BT-148">/,
    when: (lines, i) => /xr:id="BT-146"/.test(lines[i - 1] ?? '') && valueOf(lines[i - 1]) === valueOf(lines[i]),
    reason: 'a gross price equal to the net price (no discount): the JSON has one price, invoice2xml writes BT-148 only with a discount',
  },
  // The JSON side: what Mustang's invoice2xml writes by default, and what the JSON cannot carry (docs/parse.md).
  { check: 'json', line: /^\+\s*<xr:Item_price_base_quantity xr:id="BT-149">1</, reason: 'invoice2xml writes the base quantity 1 and the line unit (Mustang)' },
  {
    check: 'json',
    line: /^\+\s*<xr:Item_price_base_quantity_unit_of_measure xr:id="BT-150">/,
    when: (lines, i) => /^\+\s*<xr:Item_price_base_quantity xr:id="BT-149">1</.test(lines[i - 1] ?? ''),
    reason: 'invoice2xml writes the base quantity 1 and the line unit (Mustang)',
  },
  { check: 'json', line: /^\+\s*<xr:(Sum_of_allowances_on_document_level|Sum_of_charges_on_document_level|Paid_amount) xr:id="BT-1(07|08|13)">0</, reason: 'invoice2xml writes BT-107, BT-108 and BT-113 as 0 when there are none (Mustang)' },
  {
    check: 'json',
    line: /^\+\s*<xr:Payment_means_text xr:id="BT-82">/,
    when: (_lines, _i, a) => !/<ram:SpecifiedTradeSettlementPaymentMeans>(?:(?!<\/ram:SpecifiedTradeSettlementPaymentMeans>)[^])*<ram:Information>/.test(textOf(a)),
    reason: "invoice2xml writes the payment means code's name as BT-82 when there is none (Mustang)",
  },
  { check: 'json', line: /^\+\s*<xr:Payment_terms xr:id="BT-20">Please remit until \d\d\.\d\d\.\d{4}</, reason: 'invoice2xml writes "Please remit until <due date>" as BT-20 when there is none (Mustang)' },
  {
    check: 'json',
    line: /^[+-]\s*<xr:Payment_terms xr:id="BT-20">/,
    when: (lines, i) => {
      const other = lines[i].startsWith('-') ? lines[i + 1] : lines[i - 1]
      const parts = (line) => (valueOf(line ?? '') ?? '').split(/\s+/).filter((p) => p !== '').sort().join(' ')
      return other !== undefined && /xr:id="BT-20"/.test(other) && parts(other) === parts(lines[i])
    },
    reason: "BT-20's cash discount lines (cashDiscounts in the JSON) are written after its text",
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:Invoice_note xr:id="BT-22">/,
    when: (lines, i) => {
      const other = lines[i].startsWith('-') ? lines[i + 1] : lines[i - 1]
      const bare = (line) => (valueOf(line ?? '') ?? '').replace(/^#[A-Z]{3}#/, '')
      return other !== undefined && /xr:id="BT-22"/.test(other) && bare(other) === bare(lines[i])
    },
    reason: "a note's subject code outside Mustang's list (KoSIT's view writes it as #CODE#): the JSON keeps the note without it",
  },
  {
    check: 'json',
    line: /^-\s*<\/?xr:(VAT_accounting_currency_code|Value_added_tax_point_date|Receiving_advice_reference|Buyer_accounting_reference|Invoice_total_VAT_amount_in_accounting_currency|SELLER_TAX_REPRESENTATIVE_\w+|Seller_tax_representative_\w+|Tax_representative_\w+|PAYMENT_CARD_INFORMATION|Payment_card_\w+|Seller_country_subdivision|Buyer_country_subdivision|Deliver_to_country_subdivision)\b/,
    reason: 'a business term the Mustang JSON has no field for (docs/parse.md)',
  },
  {
    check: 'json',
    line: /^-\s*<xr:(Seller|Buyer)_electronic_address xr:id="BT-(34|49)" scheme_identifier="(?!EM")/,
    reason: 'an electronic address other than e-mail (docs/parse.md)',
  },
  {
    check: 'json',
    line: /^-\s*<xr:(Seller|Buyer)_contact_point xr:id="BT-(41|56)">/,
    when: (_lines, _i, a) => textOf(a).includes('<ram:DepartmentName>'),
    reason: "a contact's department name (KoSIT's view: a second BT-41/BT-56): the JSON has one contact name (docs/parse.md)",
  },
  {
    check: 'json',
    line: /^-\s*(<\/?xr:ADDITIONAL_SUPPORTING_DOCUMENTS|<xr:(Supporting_document_reference|Supporting_document_description|External_document_location) )/,
    when: (lines, i) => {
      let from = i
      let to = i
      while (from > 0 && lines[from - 1].startsWith('-')) from--
      while (to < lines.length - 1 && lines[to + 1].startsWith('-')) to++
      return !lines.slice(from, to + 1).some((l) => l.includes('xr:id="BT-125"'))
    },
    reason: 'a supporting document without an attached file (docs/parse.md)',
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:(Invoice_total_amount_with_VAT|Amount_due_for_payment) xr:id="BT-11[25]">/,
    when: (lines) => {
      const removed = lines.find((l) => /^-\s*<xr:Invoice_total_amount_with_VAT/.test(l))
      const withoutVat = lines.find((l) => /xr:id="BT-109"/.test(l) && !l.startsWith('+'))
      return removed !== undefined && withoutVat !== undefined && Number(valueOf(removed)) === Number(valueOf(withoutVat))
    },
    reason: "recomputed: the source's BT-112 equals BT-109 whatever BT-110 is (the CII rule BR-CO-15 accepts that, docs/ubl.md)",
  },
  {
    check: 'json',
    line: /^-\s*<xr:VAT_exemption_reason_(text|code) xr:id="BT-12[01]">/,
    when: (lines, i, a) => {
      const category = valueOf(lines.slice(Math.max(0, i - 6), i).reverse().find((l) => l.includes('xr:id="BT-118"')) ?? '')
      const lineCategories = [...textOf(a).matchAll(/<ram:IncludedSupplyChainTradeLineItem>(?:(?!<\/ram:IncludedSupplyChainTradeLineItem>)[^])*?<ram:CategoryCode>(\w+)</g)].map((m) => m[1])
      return category !== undefined && !lineCategories.includes(category)
    },
    reason: 'BT-120/BT-121 of a VAT category that only document allowances or charges have: the JSON carries reasons on lines (docs/parse.md)',
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:VAT_exemption_reason_text xr:id="BT-120">/,
    when: (lines, i, a) => {
      const added = lines.find((l) => /^\+\s*<xr:VAT_exemption_reason_text/.test(l))
      return added !== undefined && textOf(a).includes(`<ram:ExemptionReason>${valueOf(added)}</ram:ExemptionReason>`) && lines.some((l) => /^-\s*<xr:VAT_exemption_reason_text/.test(l))
    },
    reason: "a breakdown reason that differs from its lines' own (CII line ExemptionReason): the JSON keeps the lines', from which invoice2xml builds the breakdown (docs/parse.md)",
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:Payment_terms xr:id="BT-20">/,
    when: (lines, i) => {
      const other = lines[i].startsWith('-') ? lines[i + 1] : lines[i - 1]
      const rounded = (line) => (valueOf(line ?? '') ?? '').replace(/BASISBETRAG=(-?\d+(?:\.\d+)?)#/g, (_m, n) => `BASISBETRAG=${Number(n).toFixed(2)}#`)
      return other !== undefined && /xr:id="BT-20"/.test(other) && rounded(other) === rounded(lines[i])
    },
    reason: 'a cash discount BASISBETRAG without exactly two decimals (BR-DE-18) is written with two',
  },
  {
    check: 'json',
    line: /^-\s*<xr:Item_gross_price xr:id="BT-148">/,
    when: (lines, i) => !lines.slice(Math.max(0, i - 3), i + 3).some((l) => l.includes('xr:id="BT-147"')),
    reason: 'a gross price that differs from the net price without its discount (BT-147) given: the JSON keeps the net price (docs/parse.md)',
  },
  {
    check: 'json',
    line: /^\+\s*<xr:Item_price_base_quantity_unit_of_measure xr:id="BT-150">/,
    when: (lines, i) => /xr:id="BT-149"/.test(lines[i - 1] ?? '') && !lines.some((l) => /^-.*xr:id="BT-150"/.test(l)),
    reason: "a base quantity without its unit: invoice2xml writes the line's unit (BT-150's default)",
  },
  {
    check: 'json',
    line: /^\+\s*<xr:Value_added_tax_point_date_code xr:id="BT-8">/,
    when: (lines, i) => lines.some((l, j) => j !== i && !l.startsWith('+') && l.slice(1) === lines[i].slice(1)),
    reason: 'BT-8 (one per invoice) is written on every VAT breakdown of the CII, where the source had it on one',
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:(Invoice_total_VAT_amount|Invoice_total_amount_with_VAT|Amount_due_for_payment|VAT_category_tax_amount) xr:id="BT-1(10|12|15|17)">/,
    when: (lines) =>
      lines.some((l, j) => {
        // A breakdown's VAT amount that the source rounded otherwise than round(BT-116 × BT-119 / 100), within the official tolerance.
        if (!/^\+\s*<xr:VAT_category_tax_amount/.test(l) || !/^-\s*<xr:VAT_category_tax_amount/.test(lines[j - 1] ?? '')) return false
        const near = (id) => Number(valueOf(lines.slice(Math.max(0, j - 4), j + 4).find((x) => x.includes(`xr:id="${id}"`) && !x.startsWith('-')) ?? ''))
        const exact = Math.round(near('BT-116') * near('BT-119')) / 100
        return Math.abs(Number(valueOf(l)) - exact) < 0.005 && Math.abs(Number(valueOf(lines[j - 1])) - exact) <= 0.0100001
      }),
    reason: "recomputed: the source's VAT of a breakdown is a cent from round(BT-116 × BT-119 / 100), which the official rules tolerate; invoice2xml recomputes it and the totals (Mustang)",
  },
  {
    check: 'json',
    line: /^[+-]\s*(<\/?xr:VAT_BREAKDOWN|<xr:\w+ xr:id="BT-(10[6-9]|11[0-9]|131)")/,
    when: (lines) => lines.some((l) => /^-\s*<xr:Invoice_line_net_amount xr:id="BT-131">/.test(l)),
    reason: "recomputed: the source's line net amounts (BT-131) are not quantity × net price ÷ base quantity ± line allowances and charges; invoice2xml recomputes them and every total, as Mustang does (the corpus files: checked one by one in session 30)",
  },
  ...['ubl', 'json'].flatMap((check) => [
    { check, line: /^-\s*<xr:\w+ xr:id="B[TG]-[\d-]+"[^>]*\/>$/, reason: 'an element without a value in the source is not written (an empty element is PEPPOL-EN16931-R008)' },
    {
      check,
      line: /^-\s*<\/?xr:[A-Z_]+( xr:id="BG-\d+")?>$/,
      when: (lines, i) => {
        // A group all of whose lines in the hunk are removed and valueless.
        const name = /<\/?xr:([A-Z_]+)/.exec(lines[i])?.[1]
        let from = i
        let to = i
        while (from > 0 && !lines[from].includes(`<xr:${name} `)) from--
        while (to < lines.length - 1 && !lines[to].includes(`</xr:${name}>`)) to++
        return lines.slice(from + 1, to).every((l) => l.startsWith('-') && l.trim().endsWith('/>'))
      },
      reason: 'a group with only valueless elements is not written',
    },
  ]),
]

const corpusMode = process.argv[2] === '--corpus'
const out = process.argv[corpusMode ? 3 : 2]
if (corpusMode && out !== undefined) prepareCorpus(out)
if (out === undefined || !existsSync(join(out, 'xml'))) throw new Error('usage: invoice-roundtrip.mjs OUT (the --out of invoice-variants.mjs) | --corpus OUT')

/**
 * --corpus OUT: the real invoices instead of random ones. The CII (c…) and UBL (u…) files of
 * ../shared/corpus that the oracle finds valid in the CEN layer and that declare EN 16931 or
 * XRechnung 3.0 are copied to OUT/xml (a scratch folder, never the project) under the names of the
 * targets they match, the CII with their ciitoubl UBL beside them (UBL files go through parse →
 * invoice2xml into CII only); OUT/corpus-names.json maps each name to its corpus path.
 */
function prepareCorpus(dir) {
  const corpus = join(ROOT, '..', 'shared', 'corpus')
  const xml = join(dir, 'xml')
  const ubl = join(dir, 'ubl')
  mkdirSync(xml, { recursive: true })
  mkdirSync(ubl, { recursive: true })
  const names = {}
  let n = 0
  for (const line of readFileSync(join(corpus, 'oracle.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue
    const r = JSON.parse(line)
    const syntax = r.syntax === 'CII' ? 'c' : r.syntax === 'UBL-Invoice' || r.syntax === 'UBL-CreditNote' ? 'u' : undefined
    if (syntax === undefined || !r.file.endsWith('.xml') || r.layerVerdicts?.en16931 !== 'valid') continue
    const target = r.customizationId === 'urn:cen.eu:en16931:2017' ? 'fx-EN16931' : r.customizationId === 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0' ? 'xr-3' : undefined
    if (target === undefined) continue
    const name = `${syntax}${String(n++).padStart(3, '0')}-${target}.xml`
    names[name] = r.file
    writeFileSync(join(xml, name), readFileSync(join(corpus, r.file)))
  }
  writeFileSync(join(dir, 'corpus-names.json'), JSON.stringify(names, null, 1))
  for (const [cii, target] of [['fx-EN16931', 'ubl-en16931'], ['xr-3', 'ubl-xr3']]) {
    const inputs = readdirSync(xml).filter((f) => f.startsWith('c') && f.endsWith(`-${cii}.xml`)).map((f) => join(xml, f))
    try {
      execFileSync(process.execPath, [CLI, 'ciitoubl', '--out-dir', ubl, ...inputs], { stdio: ['ignore', 'ignore', 'ignore'] })
    } catch { /* a refusal leaves its file out: the pair is then missing from the count */ }
    for (const f of readdirSync(ubl)) if (f.endsWith(`-${cii}.ubl.xml`)) writeFileSync(join(xml, f.replace(`-${cii}.ubl.xml`, `-${target}.xml`)), readFileSync(join(ubl, f)))
  }
}
const xmlDir = join(out, 'xml')
const rtDir = join(out, 'roundtrip')
const jsonDir = join(rtDir, 'json')
const backDir = join(rtDir, 'xml')
const diffDir = join(rtDir, 'diff')
for (const d of [jsonDir, backDir, diffDir]) mkdirSync(d, { recursive: true })

const files = readdirSync(xmlDir).sort()
const ciis = files.filter((f) => Object.keys(PAIRS).some((t) => f.endsWith(`-${t}.xml`)))
/** [check, A, B] pairs for refxr. */
const pairs = []
for (const f of ciis) {
  const t = Object.keys(PAIRS).find((k) => f.endsWith(`-${k}.xml`))
  const ubl = f.replace(`-${t}.xml`, `-${PAIRS[t].ubl}.xml`)
  if (files.includes(ubl)) pairs.push(['ubl', join(xmlDir, f), join(xmlDir, ubl)])
}

// CII → JSON (one CLI batch) → CII.
try {
  execFileSync(process.execPath, [CLI, 'parse', '--out-dir', jsonDir, ...ciis.map((f) => join(xmlDir, f))], { stdio: ['ignore', 'ignore', 'inherit'] })
} catch { /* refusals were printed; the files parsed are compared */ }
const { invoiceJsonToXml } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'operations', 'invoice-to-xml.js')).href)
const refusals = []
for (const f of ciis) {
  const t = Object.keys(PAIRS).find((k) => f.endsWith(`-${k}.xml`))
  const json = join(jsonDir, f.replace(/\.xml$/, '.json'))
  if (!existsSync(json)) { refusals.push(`parse ${f}`); continue }
  try {
    writeFileSync(join(backDir, f), invoiceJsonToXml(readFileSync(json, 'utf8'), PAIRS[t].options).xml)
    pairs.push(['json', join(xmlDir, f), join(backDir, f)])
  } catch (err) {
    refusals.push(`invoice2xml ${f}: ${err.code ?? ''} ${err.message}`)
  }
}

// One JVM for every view: refxr's to_xr/clean and refcheck's batch runner, then a unified diff per pair.
const PY = `
import difflib, importlib.machinery, importlib.util, json, os, re, shutil, sys, tempfile
loader = importlib.machinery.SourceFileLoader('refxr_mod', sys.argv[1])
spec = importlib.util.spec_from_loader('refxr_mod', loader)
m = importlib.util.module_from_spec(spec)
loader.exec_module(m)
pairs = json.load(sys.stdin)
def sort_breakdowns(text):
    # The VAT breakdown's order carries no meaning: compare its groups sorted.
    blocks = re.findall(r'  <xr:VAT_BREAKDOWN xr:id="BG-23">\\n.*?\\n  </xr:VAT_BREAKDOWN>\\n', text, re.S)
    joined = ''.join(blocks)
    if len(blocks) < 2 or joined not in text: return text
    return text.replace(joined, ''.join(sorted(blocks)), 1)
paths = sorted({p for pair in pairs for p in pair})
work = tempfile.mkdtemp(prefix='refxr-batch.')
try:
    jobs = [(xsl, xml, view) for xml, xsl, view in (m.to_xr(p, work, n) for n, p in enumerate(paths))]
    res = m.RC.run_xslt_jobs(jobs, work, 2)
    views = {}
    for p, job, (ok, msg) in zip(paths, jobs, res):
        views[p] = sort_breakdowns(m.clean(open(job[2], encoding='utf-8').read(), True, True)) if ok else None
        if not ok: print('refxr %s: %s' % (p, msg), file=sys.stderr)
    result = []
    for a, b in pairs:
        if views[a] is None or views[b] is None:
            result.append(None)
        else:
            result.append(''.join(difflib.unified_diff(views[a].splitlines(True), views[b].splitlines(True), a, b)))
    json.dump(result, sys.stdout)
finally:
    shutil.rmtree(work, ignore_errors=True)
`
const diffs = JSON.parse(execFileSync('python3', ['-c', PY, REFXR], { input: JSON.stringify(pairs.map(([, a, b]) => [a, b])), encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'inherit'] }))

/** The BT/BG of a changed line (its own xr:id, else the nearest one above it in the hunk). */
const termOf = (lines, i) => {
  for (let j = i; j >= 0; j--) {
    const id = /xr:id="([^"]+)"/.exec(lines[j])?.[1]
    if (id !== undefined) return id
  }
  return '?'
}
const counts = { ubl: { pairs: 0, same: 0, gapsOnly: 0 }, json: { pairs: 0, same: 0, gapsOnly: 0 } }
const gapCounts = new Map()
const losses = new Map()
// Invoices made inconsistent on purpose (invoice-variants' manifest): their differences are listed apart.
const manifest = existsSync(join(out, 'manifest.json')) ? JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) : {}
const departed = (file) => (manifest[/^(.*?-\d+)-/.exec(basename(file))?.[1] ?? '']?.length ?? 0) > 0
pairs.forEach(([check, a, b], n) => {
  const diff = diffs[n]
  counts[check].pairs++
  if (diff === null) { refusals.push(`refxr ${basename(a)} ${basename(b)}`); return }
  if (diff === '') { counts[check].same++; return }
  writeFileSync(join(diffDir, `${check}-${basename(a, '.xml')}.diff`), diff)
  const lines = diff.split('\n')
  let lost = false
  lines.forEach((line, i) => {
    if (!/^[+-]\s/.test(line)) return
    const gap = GAPS.find((g) => g.check === check && g.line.test(line) && (g.when === undefined || g.when(lines, i, a, b)))
    if (gap !== undefined) { gapCounts.set(gap.reason, (gapCounts.get(gap.reason) ?? 0) + 1); return }
    lost = true
    const key = `${departed(a) ? 'departure ' : ''}${check} ${termOf(lines, i)} ${line.trim().replace(/>[^<]*</, '>…<').slice(0, 110)}`
    const seen = losses.get(key) ?? []
    seen.push(basename(a))
    losses.set(key, seen)
  })
  if (!lost) counts[check].gapsOnly++
})

const say = (line) => process.stdout.write(`${line}\n`)
for (const [check, c] of Object.entries(counts)) say(`${check === 'ubl' ? 'CII → UBL' : 'CII → JSON → CII'}: ${c.pairs} pairs, ${c.same} equal, ${c.gapsOnly} differing by known gaps only, ${c.pairs - c.same - c.gapsOnly} with losses`)
if (gapCounts.size > 0) say('\nknown gaps (changed lines):')
for (const [reason, n] of gapCounts) say(`  ${n}× ${reason}`)
if (losses.size > 0) say('\nlosses (changed line, files):')
for (const [key, seen] of [...losses].sort((x, y) => y[1].length - x[1].length)) say(`  ${seen.length}× ${key}  e.g. ${seen.slice(0, 3).join(' ')}`)
if (refusals.length > 0) say(`\n${refusals.length} refusals:\n  ${refusals.join('\n  ')}`)
