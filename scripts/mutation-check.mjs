#!/usr/bin/env node
/**
 * Differential check of the validator against the official verdicts (a developer tool, not part of
 * `npm test`: it needs ../shared/tools/refcheck with its artefacts fetched, see its README).
 *
 * Writes one-line mutations of corpus invoices into a scratch folder (a leaf element deleted,
 * emptied, blanked, doubled, zeroed, negated, NBSP-prefixed, given a trailing space, stripped of its
 * attributes, given another attribute value, lower-cased, given a third decimal, or swapped for a
 * common code), runs refcheck and `einvoice validate` on all of them and prints every file whose
 * verdict or error/fatal rule set differs, or whose XSD verdict or set of failing schema sets differs
 * (refcheck reports XSD errors by schema, not by rule). A stopped official transform (REFCHECK-TRANSFORM-FAILED) and einvoice's
 * EINVOICE-RULE-EVALUATION count as the same finding.
 *
 *   node scripts/mutation-check.mjs [--seed N] [--per-file N] [--kinds del,empty,...] [--out DIR]
 *   (--kinds may also name the lexical kinds tz, plus, lead0, exp, year and the markup kinds cdata,
 *   comment, ns, order, which no default run makes)
 *   --xsi            schema-instance attributes and namespace tricks on any element, the root
 *                    too (XSI_KINDS below: xsi:nil, xsi:type, schema locations, xml: attributes,
 *                    prefixes redeclared or undeclared, UBL extension content); best with --files
 *                    over valid bases of every syntax
 *   node scripts/mutation-check.mjs --files a.xml,b.xml [--per-file N]   (corpus-relative or absolute paths instead of the six bases)
 *   node scripts/mutation-check.mjs --corpus N [--seed N]   (one mutation each of N officially
 *                                                            valid CII/UBL corpus files, at random)
 *   --numeric        mutate only leaves whose text is a number (with the kinds cent and round:
 *                    the arithmetic and rounding tolerances of BR-CO-*, BR-S-08 … meet a wrong cent)
 *   --blocks         mutate whole elements that have child elements instead of leaves, with the
 *                    kinds bdel (deleted with their content), bdup (written twice) and bswap (swapped
 *                    with the element that follows): lines, breakdowns, parties, allowances
 *   --recategorise   before each mutation, gives every VAT category code of the invoice (lines,
 *                    allowances and charges, breakdowns) one other category, at random: the rules of
 *                    the Z, E, AE, K, G, O, L and M categories then run on invoices made for S
 *   --chars          character-level variants of a leaf's text or attributes instead (kinds wsref,
 *                    attrws, cr, entity, charref, astral; with --corpus also ZUGFeRD 1 and Order-X
 *                    bases): a white-space character reference (TAB, LF, CR, space, NBSP, U+2028,
 *                    U+0085, zero-width space, BOM) at the start, end or middle of the text or as
 *                    all of it; a literal TAB, LF, CR or CR LF (or &#9; &#10; &#13;) in an attribute
 *                    value, which XML turns into a space (the references survive); a CR, CR LF or
 *                    &#13; in the text, or every line end of a text of several lines (payment terms,
 *                    Skonto lines) written CR LF, CR or &#13; LF; a predefined entity (&amp; &lt;
 *                    &gt; &quot; &apos;) in the text; one character of the text written as a
 *                    character reference (no change in meaning); a character outside the BMP
 *                    (&#x1F600; or written literally) in or as the text
 *   --unicode        Unicode variants of a leaf's text or attributes (kinds uspace, udigit, ucase,
 *                    ulen, umark, uattr; UNICODE_KINDS below; with --corpus also ZUGFeRD 1 and
 *                    Order-X bases): where XPath on Saxon and JavaScript part on characters, spaces
 *                    that are no XML white space, digits of other scripts, special case mappings,
 *                    characters outside the BMP, combining and direction marks
 *   --unicode --sweep  no draw: each variant of SWEEP on the first two leaves of each element name
 *                    and on each attribute of the first leaf that has it
 *   --xr-version V   (V one of 1.2, 2.0, 2.1, 2.2, 2.3) before mutating, declares each base file as
 *                    that XRechnung version: its specification identifier BT-24 (CII
 *                    ram:GuidelineSpecifiedDocumentContextParameter/ram:ID, UBL cbc:CustomizationID)
 *                    becomes the version's CIUS identifier, or its extension identifier where the
 *                    base declares an XRechnung extension; then refcheck runs that version's KoSIT
 *                    schematron. Best with --files over XRechnung invoices; the same seed makes the
 *                    same mutations. Each declared base is written unmutated too (`…-base.xml`), so
 *                    it compares as well (a base may be invalid as an older version: the comparison
 *                    is per file).
 *   --orderx         structural variants of Order-X documents (scripts/orderx-variants.mjs; build
 *                    first): elements of a BASIC, COMFORT or EXTENDED schema inserted in place or
 *                    misplaced, elements doubled or moved, ram:ID / ram:TypeCode / udt:DateTimeString
 *                    given the values and attributes of their other places, attributes added or
 *                    removed, the guideline id swapped; best with --files over the Order-X bases
 *   --declare ID     before mutating, sets each base's specification identifier BT-24 (CII and
 *                    Order-X guideline id, UBL cbc:CustomizationID) to ID, and writes the declared
 *                    base unmutated too (`…-base.xml`): one profile's content under another's rules
 *   --xr-values      value-level variants of the officially valid XRechnung 3.0 invoices of the corpus
 *                    (oracle.jsonl; or --files), from scripts/xr-value-variants.mjs: each variant sets
 *                    the values one KoSIT rule (BR-DE-*, BR-DEX-*, BR-TMP-*, merged PEPPOL-EN16931-R*)
 *                    tests to the edges of its condition; each is written for --per-file bases of each
 *                    syntax (default 2), drawn with the seed among the bases it applies to
 *   --profiles       Factur-X profile variants of each base (best with --files over MINIMUM, BASIC WL,
 *                    BASIC and EXTENDED invoices and UBL credit notes), kinds: profile (the base
 *                    re-declared under each specification identifier of PROFILE_IDS, one file each, so
 *                    a profile's rule set meets another profile's content), typecode (each document
 *                    type code of TYPE_CODES on the base, one file each), crossed (--per-file draws
 *                    of an identifier and a type code together), graft (an element of another base
 *                    of the same syntax grafted under the same parent, at the place its siblings
 *                    give it there: EXTENDED content in BASIC or MINIMUM invoices and back; half of
 *                    them re-declared under an identifier drawn from PROFILE_IDS too) and remut (a
 *                    drawn identifier plus one leaf mutation of the default kinds), and, only when
 *                    named, taxplace (a tax category added where EN 16931 has none but the syntax
 *                    allows one: on a line's allowance or charge, a price adjustment, a second one on
 *                    a document allowance, or on a new line allowance or charge; half re-declared)
 *   --repeat         repeated and moved content (best with --files over XRechnung or other rich bases and
 *                    --donors over every valid file of the syntax), kinds: rep (an element, leaf or
 *                    block, written two or three times, each copy's leaves given other values: numbers
 *                    changed, dates moved, codes swapped, texts altered or kept), regraft (an element of
 *                    a donor grafted under the same parent path even where the target has that path
 *                    already: a second note, payment means, reference, party identifier with the
 *                    donor's values) and move (an element of the base copied under another parent
 *                    that has a child of the same name in the base or a donor: a note, period,
 *                    reference or allowance in the other places the syntax allows it); only when
 *                    named, repb, regraftb and moveb, the same with the new copies before the
 *                    element's own of that name (a reader that takes the first then meets them)
 *   --schema-repeat  schema-valid repetition and placement in UBL documents (scripts/repeat-variants.mjs;
 *                    build first), kinds: again (an element the UBL 2.1 schema allows more than once
 *                    written once more after itself, its leaves given other values of their kinds),
 *                    again2 (twice), before (once, before itself), currency (once, only its
 *                    currencyID attributes changed), one (once, one leaf changed), elsewhere (an
 *                    element copied into another element whose type has a place for it: an invoice
 *                    period or delivery under a line, an allowance under delivery terms …) and donor
 *                    (a repeatable element of a --donors file added beside the base's), and, only
 *                    when named, split (a repeatable element written as two, its children parted
 *                    between them: a seller's legal entity with the registration name in the second)
 *                    and hollow (a minimal instance of a repeatable element, its required children
 *                    only, written before or after the base's own) and wrapped (an element copied
 *                    into a new holder the base has not got, where another of its elements allows
 *                    that holder: an allowance under new delivery terms);
 *                    best with --files over valid UBL bases
 *   --codes          code-list variants (scripts/code-variants.mjs; build first): at each place of the
 *                    base where a code-list rule reads a code (BR-CL-*, the UBL note subject, the VAT
 *                    identifier prefix of BR-CO-09), one file per value: --per-file codes drawn from
 *                    the list, the codes where one layer's list and another's part, and near misses
 *                    (lower case, padded, split, blank, a code of another list); best with --files
 *                    over valid bases of each profile and syntax
 *   --dates          date variants (scripts/date-variants.mjs): at each date of the base (CII
 *                    udt:/qdt:DateTimeString with its format attribute, UBL cbc:*Date), --per-file
 *                    values drawn (default 6) of calendar-invalid dates, leap days, extreme years,
 *                    other lengths and separators, white space around or inside, UBL time zones and
 *                    CII format codes with dates of their own or another length; then each period's
 *                    start after, equal to or before its end, and the due, tax point, delivery and
 *                    period dates set to the issue date or a day beside it; best with --files over
 *                    valid bases of each profile and syntax
 *   --donors a.xml,… more files the graft kind takes elements from (not mutated themselves)
 *   --grafts N       up to N grafts in one file (drawn from 1 to N; default 1)
 *   --generate-only  write the mutations and stop (to compare them with another tool)
 *
 * docs/validate.md "Known differences" lists what is known to differ.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { compareVerdicts, differenceLine } from './verdict-compare.mjs'
import { xrValueVariants } from './xr-value-variants.mjs'
import { ORDERX_KINDS, orderxTables, orderxVariant } from './orderx-variants.mjs'
import { REPEAT_KINDS as SCHEMA_REPEAT_KINDS, repeatVariant, ublTable } from './repeat-variants.mjs'
import { codeLists, codeVariants } from './code-variants.mjs'
import { dateVariants } from './date-variants.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const CORPUS = join(ROOT, '..', 'shared', 'corpus')
const BASES = {
  cii4: 'cen-en16931/cii/examples/CII_example4.xml',
  ciib1: 'cen-en16931/cii/examples/CII_business_example_01.xml',
  ubl4: 'cen-en16931/ubl/examples/ubl-tc434-example4.xml',
  ublg1: 'cen-en16931/ubl/examples/guide-example1.xml',
  xrubl: 'kosit-xrechnung-testsuite/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml',
  xrcii: 'mustang/validator/src/test/resources/01.01a-INVOICE_uncefact.xml',
}
const KINDS = ['del', 'empty', 'space', 'nbsp', 'trail', 'dup', 'zero', 'neg', 'noattr', 'attr', 'lower', 'dec3', 'swap']
/**
 * Lexical variants of a value, only when --kinds names them (so a seed keeps making the mutations
 * it made before they existed): a time zone after it, a plus sign, leading zeros, an exponent, a
 * year made negative or five digits long.
 */
const LEXICAL_KINDS = ['tz', 'plus', 'lead0', 'exp', 'year']
/**
 * Markup variants, also only when named: the text in a CDATA section, a comment splitting the text
 * (two text nodes), the element in the namespace of another common prefix, or swapped with the
 * leaf that follows it.
 */
const MARKUP_KINDS = ['cdata', 'comment', 'ns', 'order']
/**
 * Numeric variants, only when named (best with --numeric): one unit more or less in the last
 * decimal place (a wrong cent), or the value rounded half up to one decimal place fewer.
 */
const NUMERIC_KINDS = ['cent', 'round']
/** Element-level variants, only with --blocks (which draws among these alone). */
const BLOCK_KINDS = ['bdel', 'bdup', 'bswap']
/**
 * Repeated and moved content, only with --repeat (which draws among these alone). The kinds ending
 * in `b` (only when named, so a seed makes the mutations it made before they existed) put the new
 * copies before the element's own of that name instead of after: a reader that takes the first of
 * them then meets the varied or donor values, where the official rules read every one.
 */
const REPEAT_KINDS = ['rep', 'regraft', 'move', 'repb', 'regraftb', 'moveb']
const OTHER_DATES = ['20991231', '2000-01-01', '19991231', '2099-12-31', '20240229']
/** Another value for a leaf's text in a repeated copy (or the same one): the drawn variant fits its form. */
function varied(text, pick) {
  if (pick([true, false, false])) return text
  if (NUMBER.test(text)) return pick(['0', '1', '-1', '100.00', '0.01', `${text.trim()}0`, nudge(text.trim(), 1n)])
  if (/^\s*(\d{8}|\d{4}-\d{2}-\d{2})\s*$/.test(text)) return pick(OTHER_DATES.filter((d) => d.length === text.trim().length))
  if (/^\s*[A-Z0-9]{1,4}\s*$/.test(text)) return pick([...SWAPS, '31', '48', '59', '57', '916', '50', '130', 'VA', 'FC', 'ZZZ'])
  return pick([`${text} 2`, 'X', '#SKONTO#TAGE=7#PROZENT=2.00#\n', 'DE75512108001245126199', 'DE00123', 'x@example.de', '123', ''])
}
/** The element `snippet` (as written) with each leaf's text varied. */
const variedCopy = (snippet, pick) => snippet.replace(LEAF, (_, name, attrs, text) => `<${name}${attrs}>${varied(text, pick)}</${name}>`)
/** The offset in `t` (withPaths) under parent index `parentIndex` where an element named `name` goes, after the siblings that precede it in `order` (sibling names as written elsewhere); with `ahead`, before the first sibling of that name instead of after the last. */
function placeAmong(t, parentIndex, name, order, ahead = false) {
  const at = order.indexOf(name)
  const before = new Set(order.slice(0, at))
  const after = new Set(order.slice(at + 1))
  const children = t.filter((x) => x.parent === parentIndex)
  const same = children.filter((x) => x[4] === name)
  if (same.length > 0) return ahead ? same[0][0] : same[same.length - 1][3]
  const last = children.filter((x) => before.has(x[4]) && !after.has(x[4])).pop()
  const first = children.find((x) => after.has(x[4]))
  return last !== undefined ? last[3] : first !== undefined ? first[0] : t[parentIndex][2]
}
/**
 * The --repeat variant `kind` of `target` (null when the draw finds none): [xml, what].
 * rep: an element written again once or twice right after itself, the copies varied; regraft: a
 * donor's element under the target's element of the same parent path, after the target's own
 * elements of that name; move: an element of the target copied under another of the target's
 * elements whose path has a child of that name in the target or a donor.
 */
function repeated(target, donors, kind, pick) {
  const t = withPaths(target)
  const ahead = kind.endsWith('b')
  if (kind === 'rep' || kind === 'repb') {
    const el = pick(t.slice(1))
    const snippet = target.slice(el[0], el[3])
    const copies = 1 + draw(2)
    let added = ''
    for (let i = 0; i < copies; i++) added += variedCopy(snippet, pick)
    const at = ahead ? el[0] : el[3]
    return [target.slice(0, at) + added + target.slice(at), `${el[4].split(':').pop()}-x${copies + 1}`]
  }
  const tNs = rootNamespaces(target, t[0])
  const bound = (snippet, ns) => [...new Set([...snippet.matchAll(/<\/?([\w.-]+):/g)].map((m) => m[1]))].every((p) => tNs.get(p) !== undefined && tNs.get(p) === ns.get(p))
  if (kind === 'regraft' || kind === 'regraftb') {
    const donor = pick(donors)
    const d = withPaths(donor)
    const dNs = rootNamespaces(donor, d[0])
    const tPaths = new Set(t.map((el) => el.path))
    const fits = d.filter((el) => el.parent > 0 && tPaths.has(el.path))
    for (let tries = 0; tries < 8 && fits.length > 0; tries++) {
      const el = fits.splice(draw(fits.length), 1)[0]
      const snippet = donor.slice(el[0], el[3])
      if (!bound(snippet, dNs)) continue
      const parents = t.filter((x) => x.path === d[el.parent].path)
      const parentIndex = t.indexOf(pick(parents))
      const offset = placeAmong(t, parentIndex, el[4], d.filter((x) => x.parent === el.parent).map((x) => x[4]), ahead)
      if (offset < 0) continue
      return [target.slice(0, offset) + snippet + target.slice(offset), `${el[4].split(':').pop()}`]
    }
    return null
  }
  // move: parents (by path) that have a child of each name, over the target and the donors.
  const parentsOf = new Map()
  const orders = new Map()
  for (const [xml, list] of [[target, t], ...donors.map((x) => [x, withPaths(x)])]) {
    if (xml !== target && rootNamespaces(xml, list[0]).get('ram') !== tNs.get('ram') && rootNamespaces(xml, list[0]).get('cac') !== tNs.get('cac')) continue
    for (const el of list) {
      if (el.parent < 0) continue
      const p = list[el.parent].path
      parentsOf.set(el[4], (parentsOf.get(el[4]) ?? new Set()).add(p))
      if (!orders.has(`${p} ${el[4]}`)) orders.set(`${p} ${el[4]}`, list.filter((x) => x.parent === el.parent).map((x) => x[4]))
    }
  }
  const movable = t.filter((el) => el.parent > 0 && [...(parentsOf.get(el[4]) ?? [])].some((p) => p !== t[el.parent].path && t.some((x) => x.path === p)))
  if (movable.length === 0) return null
  const el = pick(movable)
  const places = [...parentsOf.get(el[4])].filter((p) => p !== t[el.parent].path && t.some((x) => x.path === p))
  const where = pick(places)
  const parentIndex = t.indexOf(pick(t.filter((x) => x.path === where)))
  const offset = placeAmong(t, parentIndex, el[4], orders.get(`${where} ${el[4]}`), ahead)
  if (offset < 0) return null
  const snippet = target.slice(el[0], el[3])
  return [target.slice(0, offset) + (draw(2) === 0 ? snippet : variedCopy(snippet, pick)) + target.slice(offset), `${el[4].split(':').pop()}-to-${t[parentIndex][4].split(':').pop()}`]
}
/**
 * Schema-instance and namespace variants of any element (the root too), only with --xsi (which
 * draws among these alone): xsi:nil with several values (and with the content removed), xsi:type
 * (the declared type, another, an unknown or unbound one), xsi:schemaLocation and
 * xsi:noNamespaceSchemaLocation with odd values, the xsi prefix bound to another URI or another
 * prefix bound to the XSI namespace, an attribute the XSI spec does not define, xml:lang / space /
 * base / id / foo, a foreign attribute, a prefix undeclared (`xmlns:p=""`), the element's
 * namespace under another prefix or as the default namespace, its prefix redeclared to another
 * URI (or to the same one), the element alone moved to another invoice namespace, an unused
 * namespace declaration, and (UBL only) an ext:UBLExtensions block, whose content is assessed laxly.
 */
const XSI_KINDS = ['nil', 'nilempty', 'type', 'typesame', 'sl', 'nnsl', 'xsiother', 'xsialt', 'xsifoo', 'xmlattr', 'foreign', 'undecl', 'nsprefix', 'nsdefault', 'nsredecl', 'nssame', 'nswrong', 'nsdecl', 'ext']
/** Contents of a UBL ext:ExtensionContent for the kind `ext` (UBL only: its wildcard is lax). */
const EXTENSION_CONTENTS = [
  '<f:Bar xmlns:f="urn:example:f">x</f:Bar>', '<cbc:Note>x</cbc:Note>', '<cbc:IssueDate>x</cbc:IssueDate>', '<cbc:IssueDate>2020-01-01</cbc:IssueDate>',
  '<cbc:Note foo="1">x</cbc:Note>', '<cac:Party><cbc:Foo>1</cbc:Foo></cac:Party>', '<cac:PostalAddress><cbc:CityName>x</cbc:CityName></cac:PostalAddress>',
  `<cbc:Note xmlns:xsi="${'http://www.w3.org/2001/XMLSchema-instance'}" xsi:nil="true"/>`, '<f:Bar xmlns:f="urn:example:f"><cbc:IssueDate>x</cbc:IssueDate></f:Bar>',
  `<f:Bar xmlns:f="urn:example:f" xmlns:xsi="${'http://www.w3.org/2001/XMLSchema-instance'}" xsi:type="cbc:NoteType">x</f:Bar>`,
  `<f:Bar xmlns:f="urn:example:f" xmlns:xsi="${'http://www.w3.org/2001/XMLSchema-instance'}" xsi:type="cbc:AmountType">x</f:Bar>`,
  `<f:Bar xmlns:f="urn:example:f" xmlns:xsi="${'http://www.w3.org/2001/XMLSchema-instance'}" xsi:type="zz:X">x</f:Bar>`,
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>',
  '<cbc:TaxTypeCode>S</cbc:TaxTypeCode>', '<cbc:Amount currencyID="EUR">1.00</cbc:Amount>', '<cbc:Amount>1.00</cbc:Amount>',
]
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance'
const NIL_VALUES = ['true', 'false', '1', '0', ' true ', 'yes', '']
const SCHEMA_LOCATIONS = ['', ' ', 'foo', 'urn:a a.xsd', 'urn:a a.xsd urn:b', 'http://example.invalid/x.xsd http://example.invalid/x.xsd', '%% ::', 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100 nowhere.xsd']
const NO_NS_LOCATIONS = ['', ' ', 'nowhere.xsd', 'http://example.invalid/x.xsd', 'a b', '%zz', '::']
const XSI_OTHER = ['foo', 'Nil', 'TYPE', 'schemalocation', 'nill']
const XML_ATTRS = ['lang="de"', 'lang=""', 'space="preserve"', 'space="default"', 'space="bogus"', 'base="http://example.invalid/"', 'id="a1"', 'id="1x"', 'foo="x"']
/** The declared types of a few common elements (CII-like syntaxes; UBL declares every element as its name + `Type`). */
const DECLARED = {
  Name: 'udt:TextType', Description: 'udt:TextType', Content: 'udt:TextType', ID: 'udt:IDType', LineID: 'udt:IDType', GlobalID: 'udt:IDType',
  SellerTradeParty: 'ram:TradePartyType', BuyerTradeParty: 'ram:TradePartyType', PostalTradeAddress: 'ram:TradeAddressType',
  ChargeAmount: 'udt:AmountType', LineTotalAmount: 'udt:AmountType', BilledQuantity: 'udt:QuantityType', IssueDateTime: 'udt:DateTimeType',
  CrossIndustryInvoice: 'rsm:CrossIndustryInvoiceType', ExchangedDocument: 'ram:ExchangedDocumentType', ExchangedDocumentContext: 'ram:ExchangedDocumentContextType',
  CountryID: 'udt:IDType', TypeCode: 'qdt:DocumentCodeType',
}
/** Variants of the --profiles family (which draws among these alone). */
const PROFILE_KINDS = ['profile', 'typecode', 'crossed', 'graft', 'remut', 'taxplace']
/** Rates the taxplace kind writes on the tax categories it adds. */
const PLACE_RATES = ['0', '25', '7', '', null]
/**
 * `xml` with a tax category added where EN 16931 gives none but the syntax allows one (the kind
 * taxplace): on an existing allowance or charge (CII `ram:SpecifiedTradeAllowanceCharge`, a line's
 * too, and the prices' `ram:AppliedTradeAllowanceCharge`; UBL any `cac:AllowanceCharge`), or on a new
 * line allowance or charge; category, rate (or none) and scheme drawn. Null when nothing fits.
 */
function taxPlaced(xml, pick) {
  const cii = xml.includes('CrossIndustryInvoice')
  const code = pick(CATEGORIES)
  const rate = pick(PLACE_RATES)
  const scheme = pick(['VAT', 'VAT', 'VAT', 'GST'])
  const tax = cii
    ? `<ram:CategoryTradeTax><ram:TypeCode>${scheme}</ram:TypeCode><ram:CategoryCode>${code}</ram:CategoryCode>${rate === null ? '' : `<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent>`}</ram:CategoryTradeTax>`
    : `<cac:TaxCategory><cbc:ID>${code}</cbc:ID>${rate === null ? '' : `<cbc:Percent>${rate}</cbc:Percent>`}<cac:TaxScheme><cbc:ID>${scheme}</cbc:ID></cac:TaxScheme></cac:TaxCategory>`
  const all = elements(xml)
  const holders = all.filter((el) => (cii ? /^ram:(SpecifiedTradeAllowanceCharge|AppliedTradeAllowanceCharge)$/ : /^cac:AllowanceCharge$/).test(el[4]) && el[2] >= 0)
  // A new line allowance or charge goes before the line's summation (CII) or its item (UBL: every cac:Item is a line's).
  const anchors = all.filter((el) => el[4] === (cii ? 'ram:SpecifiedTradeSettlementLineMonetarySummation' : 'cac:Item'))
  if (holders.length > 0 && pick([true, false])) {
    const el = pick(holders)
    return [xml.slice(0, el[2]) + tax + xml.slice(el[2]), `${el[4].split(':')[1]}-${code}-${rate ?? 'none'}`]
  }
  if (anchors.length === 0) return null
  const el = pick(anchors)
  const charge = pick(['false', 'true'])
  const ac = cii
    ? `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0</ram:ActualAmount><ram:Reason>R</ram:Reason>${tax}</ram:SpecifiedTradeAllowanceCharge>`
    : `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="${xml.match(/currencyID="([^"]*)"/)?.[1] ?? 'EUR'}">0</cbc:Amount>${tax}</cac:AllowanceCharge>`
  return [xml.slice(0, el[0]) + ac + xml.slice(el[0]), `new-${charge === 'true' ? 'charge' : 'allowance'}-${code}-${rate ?? 'none'}`]
}
/** Specification identifiers (BT-24) the --profiles family declares: each Factur-X / ZUGFeRD 2 profile in both spellings, and neighbours. */
const PROFILE_IDS = [
  'urn:factur-x.eu:1p0:minimum', 'urn:zugferd.de:2p0:minimum', 'urn:factur-x.eu:1p0:basicwl', 'urn:zugferd.de:2p0:basicwl',
  'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic', 'urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic',
  'urn:cen.eu:en16931:2017', 'urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:en16931', 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:en16931',
  'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', 'urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended',
  'URN:FACTUR-X.EU:1P0:BASICWL', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0', 'urn:factur-x.eu:1p0:extended', '',
]
/** Document type codes (BT-3) the --profiles family writes: invoices, credit notes, corrections, prepayment, self-billing, others. */
const TYPE_CODES = ['380', '381', '384', '389', '751', '261', '262', '386', '326', '383', '393', '394', '395', '396', '456', '457', '458', '527', '575', '623', '633', '780', '875', '876', '877', '935', '71', '80', '81', '82', '83', '84', '102', '218', '219', '331', '382', '385', '387', '388', '390', '308', '325', '296', '0', '999', 'ABC']
/** BT-3 as written: the first CII ram:TypeCode (ExchangedDocument's), UBL cbc:InvoiceTypeCode / cbc:CreditNoteTypeCode. */
const TYPE_CODE = /(<ram:TypeCode(?:\s[^>]*)?>|<cbc:(?:Invoice|CreditNote)TypeCode(?:\s[^>]*)?>)([^<]*)</
/** Character-level variants, only with --chars (which draws among these alone). */
const CHAR_KINDS = ['wsref', 'attrws', 'cr', 'entity', 'charref', 'astral']
const WS_REFS = ['&#9;', '&#10;', '&#13;', '&#x20;', '&#xA0;', '&#x2028;', '&#x85;', '&#x200B;', '&#xFEFF;']
const ATTR_SPACES = ['\t', '\n', '\r', '\r\n', '&#9;', '&#10;', '&#13;']
const LINE_ENDS = ['\r', '\r\n', '&#13;']
const ENTITIES = ['&amp;', '&lt;', '&gt;', '&quot;', '&apos;']
const ASTRAL = ['&#x1F600;', '\u{1F600}', '&#128512;']
const WHERE = ['start', 'end', 'middle', 'all']
/**
 * Unicode variants of a value, with --unicode (which draws among these alone): characters where
 * XPath on Saxon and JavaScript part. uspace: a space that is no XML white space (NBSP, the
 * U+2000 block, ZWSP, NEL, U+2028/2029, ideographic space, BOM …; literal or a reference) around,
 * inside or as all of the text; udigit: the text's ASCII digits (all or one; one put in where it
 * has none) as digits of another script (XPath's `\d` takes them, its casts do not; one of them
 * outside the BMP); ucase: letters whose case mapping is special (ſ upper-cases to S, the Kelvin
 * sign lower-cases to k, ı/İ, ß, ﬁ, Greek final sigma) or the whole text in the other case;
 * ulen: characters outside the BMP (one code point, two UTF-16 units) appended, put in front or in
 * place of the text's characters (mathematical bold letters and digits, emoji); umark: a combining
 * mark, a direction mark, ZWJ or a soft hyphen around or inside the text; uattr: one of uspace,
 * udigit, ucase, ulen on an attribute value instead.
 */
const UNICODE_KINDS = ['uspace', 'udigit', 'ucase', 'ulen', 'umark', 'uattr']
const U_SPACES = ['\u00a0', '&#xA0;', '\u2002', '\u2003', '\u2009', '\u200b', '&#x200B;', '\u3000', '\ufeff', '&#xFEFF;', '&#x85;', '\u2028', '&#x2029;', '\u1680', '\u180e', '\u205f', '\u202f', '\u2007']
/** Zeros of other decimal digit sets (Arabic-Indic, extended Arabic-Indic, Devanagari, Thai, full-width, mathematical bold). */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0xe50, 0xff10, 0x1d7ce]
const U_MARKS = ['\u0301', '\u200f', '\u200e', '\u200d', '\u00ad', '\u202e', '\u2060']
/** Letter swaps whose case mappings differ from ASCII's: [ASCII pattern, replacement]. */
const CASE_SWAPS = [[/s/, '\u017f'], [/S/, '\u017f'], [/[kK]/, '\u212a'], [/i/, '\u0131'], [/I/, '\u0130'], [/ss/i, '\u00df'], [/fi/i, '\ufb01'], [/s\b/, '\u03c2'], [/A/, '\u0391'], [/[a-z]/, (c) => c.toUpperCase()], [/[A-Z]/, (c) => c.toLowerCase()]]
/**
 * The fixed variants of --unicode --sweep, [name, text → variant]: each applies to the first two
 * leaves of each element name and to each attribute of the first leaf that has it (a variant equal
 * to the value is skipped), no draw.
 */
const SWEEP = [
  ['nbsp0', (t) => `\u00a0${t}`], ['nbsp9', (t) => `${t}&#xA0;`], ['ideo9', (t) => `${t}\u3000`], ['emsp0', (t) => `\u2003${t}`],
  ['zwsp5', (t) => place(t, '\u200b', 'middle')], ['bom0', (t) => `&#xFEFF;${t}`], ['nel9', (t) => `${t}&#x85;`], ['ls5', (t) => place(t, '\u2028', 'middle')],
  ['arabic', (t) => (t.includes('&') ? t : t.replace(/[0-9]/g, (c) => String.fromCharCode(0x660 + c.charCodeAt(0) - 48)))],
  ['fullw1', (t) => (t.includes('&') ? t : t.replace(/[0-9]/, (c) => String.fromCharCode(0xff10 + c.charCodeAt(0) - 48)))],
  ['bolddig', (t) => (t.includes('&') ? t : t.replace(/[0-9]/g, (c) => String.fromCodePoint(0x1d7ce + c.charCodeAt(0) - 48)))],
  ['dotless', (t) => (t.includes('&') ? t : t.replace(/i/g, '\u0131').replace(/I/g, '\u0130'))],
  ['longs', (t) => (t.includes('&') ? t : t.replace(/[sS]/g, '\u017f'))],
  ['kelvin', (t) => (t.includes('&') ? t : t.replace(/[kK]/g, '\u212a'))],
  ['lower', (t) => (t.includes('&') ? t : t.toLowerCase())],
  ['astral9', (t) => `${t}\u{1D400}`], ['astral0', (t) => `&#x1F600;${t}`],
  ['comb9', (t) => `${t}\u0301`], ['rlm0', (t) => `\u200f${t}`],
]
const ASTRAL_LETTER = (c) => (/[A-Z]/.test(c) ? String.fromCodePoint(0x1d400 + c.charCodeAt(0) - 65) : /[a-z]/.test(c) ? String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97) : /[0-9]/.test(c) ? String.fromCodePoint(0x1d7ce + c.charCodeAt(0) - 48) : c)
const NUMBER = /^\s*-?\d+(?:\.\d+)?\s*$/
const OTHER_TYPES = ['udt:TextType', 'udt:IDType', 'udt:AmountType', 'udt:CodeType', 'ram:TradePartyType', 'cbc:NameType', 'cbc:NoteType', 'cac:PartyType', 'udt:NameType', 'qdt:CurrencyCodeType', 'xs:string', 'xs:anyType', 'NoSuchType', 'zz:TextType', 'udt:NoSuchType', ' udt:TextType ', 'udt:TextType ', ':TextType', 'a:b:c', 'xs:boolean', '']
const OTHER_PREFIX = { ram: 'udt', udt: 'ram', qdt: 'ram', cbc: 'cac' }
const ZONES = ['Z', '+14:00', '-14:00', '+05:30', '-00:00']
const ATTR_VALUES = ['', ' ', 'XXX', 'EUR', 'USD', 'VA', 'FC', 'EM', '0088', '102', '610']
const CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']
const SWAPS = [...CATEGORIES, 'VAT', 'GST', '30', '58', '380', '381', 'DE', 'EUR', 'C62', '1']
/** A VAT category code: CII `ram:CategoryCode`, UBL the `cbc:ID` that opens a (Classified)TaxCategory. */
const CATEGORY_CODE = /(<ram:CategoryCode>|<cac:(?:Classified)?TaxCategory>\s*<cbc:ID>)[^<]*</g

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '1' }, 'per-file': { type: 'string', default: '40' }, corpus: { type: 'string' }, files: { type: 'string' }, kinds: { type: 'string' }, out: { type: 'string' }, recategorise: { type: 'boolean', default: false }, 'xr-version': { type: 'string' }, numeric: { type: 'boolean', default: false }, 'xr-values': { type: 'boolean', default: false }, chars: { type: 'boolean', default: false }, unicode: { type: 'boolean', default: false }, sweep: { type: 'boolean', default: false }, dates: { type: 'boolean', default: false }, blocks: { type: 'boolean', default: false }, xsi: { type: 'boolean', default: false }, 'generate-only': { type: 'boolean', default: false }, profiles: { type: 'boolean', default: false }, repeat: { type: 'boolean', default: false }, 'schema-repeat': { type: 'boolean', default: false }, donors: { type: 'string' }, grafts: { type: 'string', default: '1' }, orderx: { type: 'boolean', default: false }, codes: { type: 'boolean', default: false }, declare: { type: 'string' } },
})
/** The specification identifiers of the older XRechnung versions (src/validate/xrechnung/versions.ts `identifiersOf`). */
const XR_VERSIONS = ['1.2', '2.0', '2.1', '2.2', '2.3']
const xrVersion = values['xr-version']
if (xrVersion !== undefined && !XR_VERSIONS.includes(xrVersion)) throw new Error(`--xr-version takes one of ${XR_VERSIONS.join(', ')}`)
const CIUS = `urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_${xrVersion}`
/** BT-24 as written: CII the ID of the guideline parameter, UBL cbc:CustomizationID. */
const SPECIFICATION_ID = /(<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID(?:\s[^>]*)?>|<cbc:CustomizationID(?:\s[^>]*)?>)([^<]*)</
/** `xml` declared as XRechnung `xrVersion` (the extension's identifier where it declares an extension); unchanged without --xr-version. */
if (xrVersion !== undefined && values.declare !== undefined) throw new Error('--xr-version and --declare exclude each other')
const declared = (xml) =>
  values.declare !== undefined ? xml.replace(SPECIFICATION_ID, (_, open) => `${open}${values.declare}<`)
  : xrVersion === undefined ? xml
  : xml.replace(SPECIFICATION_ID, (_, open, id) => `${open}${id.includes(':extension:') ? `${CIUS}#conformant#urn:xoev-de:kosit:extension:xrechnung_${xrVersion}` : CIUS}<`)
const familyKinds = values.repeat ? REPEAT_KINDS : values['schema-repeat'] ? SCHEMA_REPEAT_KINDS : values.profiles ? PROFILE_KINDS : values.orderx ? ORDERX_KINDS : values.xsi ? XSI_KINDS : values.blocks ? BLOCK_KINDS : values.chars ? CHAR_KINDS : values.unicode ? UNICODE_KINDS : undefined
// The opt-in kinds (taxplace; split, hollow, wrapped; repb, regraftb, moveb) only when named: a seed makes the mutations it made before the kind existed.
const kinds = values.kinds?.split(',') ?? familyKinds?.filter((k) => k !== 'taxplace' && k !== 'split' && k !== 'hollow' && k !== 'wrapped' && !(values.repeat && k.endsWith('b'))) ?? KINDS
for (const k of kinds) if (!(familyKinds ?? [...KINDS, ...LEXICAL_KINDS, ...MARKUP_KINDS, ...NUMERIC_KINDS]).includes(k)) throw new Error(`unknown kind ${k}`)
/**
 * Runs that name an opt-in kind draw the kind from the high bits of the generator (its low bits
 * cycle: with four kinds, `seed % 4` gave one kind 299 times in 300); the others draw as they always did.
 */
const optIn = kinds.some((k) => !KINDS.includes(k))
/** The leaf that follows `rest`'s start (white space between), for the `order` kind. */
const NEXT_LEAF = /^(\s*)(<((?:ram|cbc|udt|qdt):[A-Za-z]+)(?:\s[^>]*)?>[^<]*<\/\3>)/
let seed = Number(values.seed) || 1
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
}
/** A draw from the generator's high bits (its low bits cycle), for the --xsi family. */
const draw = (n) => Math.floor((random(1 << 30) / (1 << 30)) * n)
const LEAF = /<((?:ram|cbc|udt|qdt):[A-Za-z]+)((?:\s[^>]*)?)>([^<]*)<\/\1>/g

const TAG = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z_][\w:.-]*)(?:\s[^>]*?)?(\/?)>/g
/**
 * The elements below the root that contain elements, in document order: [start, end, name, index
 * of the next sibling or -1]. Found with a tag stack (the corpus has no `>` inside attribute values).
 */
function blocks(xml) {
  const found = []
  const stack = []
  for (const m of xml.matchAll(TAG)) {
    if (m[2] === undefined || m[3] === '/') {
      if (m[2] !== undefined && stack.length > 0) stack[stack.length - 1].parent = true
      continue
    }
    if (m[1] === '') {
      if (stack.length > 0) stack[stack.length - 1].parent = true
      stack.push({ start: m.index, name: m[2], parent: false, depth: stack.length })
      continue
    }
    const open = stack.pop()
    if (open.depth > 0 && open.parent) found.push([open.start, m.index + m[0].length, open.name, -1, open.depth])
  }
  // Sort into document order (they were found by their end), then link each to the block that
  // follows it directly (white space between) at the same depth.
  found.sort((a, b) => a[0] - b[0])
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length && found[j][4] >= found[i][4]; j++) {
      if (found[j][4] === found[i][4]) {
        if (/^\s*$/.test(xml.slice(found[i][1], found[j][0]))) found[i][3] = j
        break
      }
    }
  }
  return found
}

/**
 * Every element in document order: [start, end of its start tag, start of its end tag (-1 when
 * self-closing), end, qname]. Found with a tag stack, as `blocks`.
 */
function elements(xml) {
  const found = []
  const stack = []
  for (const m of xml.matchAll(TAG)) {
    if (m[2] === undefined) continue
    if (m[3] === '/') {
      found.push([m.index, m.index + m[0].length, -1, m.index + m[0].length, m[2]])
      continue
    }
    if (m[1] === '') {
      const entry = [m.index, m.index + m[0].length, -1, -1, m[2]]
      found.push(entry)
      stack.push(entry)
      continue
    }
    const open = stack.pop()
    open[2] = m.index
    open[3] = m.index + m[0].length
  }
  return found
}
/** The namespace declarations of the root's start tag: prefix ('' default) to URI. */
function rootNamespaces(xml, root) {
  const tag = xml.slice(root[0], root[1])
  return new Map([...tag.matchAll(/\sxmlns(?::([\w.-]+))?\s*=\s*"([^"]*)"/g)].map((m) => [m[1] ?? '', m[2]]))
}
/** `xml` with element `el` changed by the XSI / namespace kind `kind`. */
function mutateXsi(xml, el, kind, namespaces) {
  const [start, tagEnd, endStart, end, qname] = el
  const colon = qname.indexOf(':')
  const prefix = colon < 0 ? '' : qname.slice(0, colon)
  const local = qname.slice(colon + 1)
  const uri = namespaces.get(prefix) ?? ''
  const at = start + 1 + qname.length
  const pick = (list) => list[draw(list.length)]
  const withAttrs = (attrs) => xml.slice(0, at) + attrs + xml.slice(at)
  // Declared on the element unless its start tag declares the prefix already (a second declaration is not well-formed).
  const xsi = /\sxmlns:xsi\s*=/.test(xml.slice(start, tagEnd)) ? '' : ` xmlns:xsi="${XSI_NS}"`
  /** The element renamed to `name` (start and end tag), with `decl` added to its start tag. */
  const renamed = (name, decl) =>
    xml.slice(0, start + 1) + name + decl + xml.slice(at, endStart < 0 ? end : endStart) + (endStart < 0 ? '' : `</${name}>`) + xml.slice(end)
  switch (kind) {
    case 'nil': return withAttrs(`${xsi} xsi:nil="${pick(NIL_VALUES)}"`)
    case 'nilempty': {
      const changed = endStart < 0 ? xml : xml.slice(0, tagEnd) + xml.slice(endStart)
      return changed.slice(0, at) + `${xsi} xsi:nil="true"` + changed.slice(at)
    }
    case 'type': {
      const type = pick(OTHER_TYPES)
      return withAttrs(`${xsi}${type.startsWith('xs:') ? ' xmlns:xs="http://www.w3.org/2001/XMLSchema"' : ''} xsi:type="${type}"`)
    }
    case 'typesame': {
      const ubl = uri.startsWith('urn:oasis:names:specification:ubl:')
      const type = ubl ? `${prefix === '' ? '' : `${prefix}:`}${local}Type` : DECLARED[local]
      return type === undefined ? xml : withAttrs(`${xsi} xsi:type="${type}"`)
    }
    case 'sl': return withAttrs(`${xsi} xsi:schemaLocation="${pick(SCHEMA_LOCATIONS)}"`)
    case 'nnsl': return withAttrs(`${xsi} xsi:noNamespaceSchemaLocation="${pick(NO_NS_LOCATIONS)}"`)
    case 'xsiother': return withAttrs(` xmlns:xsi="urn:example:other" xsi:${pick(['nil', 'type', 'schemaLocation'])}="true"`)
    case 'xsialt': return withAttrs(` xmlns:x="${XSI_NS}" x:${pick(['nil="true"', 'nil="false"', 'schemaLocation="urn:a a.xsd"', 'noNamespaceSchemaLocation="a.xsd"', 'foo="1"'])}`)
    case 'xsifoo': return withAttrs(`${xsi} xsi:${pick(XSI_OTHER)}="1"`)
    case 'xmlattr': return withAttrs(` xml:${pick(XML_ATTRS)}`)
    case 'foreign': return withAttrs(` xmlns:f="urn:example:foreign" f:${pick(['a', 'nil', 'type', 'lang'])}="1"`)
    case 'undecl': return withAttrs(` xmlns:${pick([prefix === '' ? 'zz' : prefix, ...[...namespaces.keys()].filter((p) => p !== '')])}=""`)
    case 'nsprefix': return renamed(`n0:${local}`, ` xmlns:n0="${uri}"`)
    case 'nsdefault': return prefix === '' ? renamed(`n0:${local}`, ` xmlns:n0="${uri}"`) : renamed(local, ` xmlns="${uri}"`)
    case 'nsredecl': return withAttrs(` xmlns${prefix === '' ? '' : `:${prefix}`}="urn:example:other"`)
    case 'nssame': return withAttrs(` xmlns${prefix === '' ? '' : `:${prefix}`}="${uri}"`)
    case 'nswrong': {
      const others = [...new Set(namespaces.values())].filter((u) => u !== uri && u !== XSI_NS && u !== '')
      return others.length === 0 ? xml : renamed(`n0:${local}`, ` xmlns:n0="${pick(others)}"`)
    }
    case 'ext': {
      // UBL only: an ext:UBLExtensions block as the root's first child, whatever element was drawn.
      const root = xml.match(/<(?:\w+:)?(?:Invoice|CreditNote)\s[^>]*>/)
      if (root === null || !uri.startsWith('urn:oasis:names:specification:ubl:') || !/xmlns:cbc=/.test(root[0])) return xml
      const after = (root.index ?? 0) + root[0].length
      const block = `<ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtension><ext:ExtensionContent>${pick(EXTENSION_CONTENTS)}</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>`
      return xml.slice(0, after) + block + xml.slice(after)
    }
    case 'nsdecl': return withAttrs(pick([' xmlns:zz="urn:example:zz"', ' xmlns:xs="http://www.w3.org/2001/XMLSchema"', ` xmlns:xsi="${XSI_NS}"`, ' xmlns:ram="urn:example:ram"']))
    default: throw new Error(`unknown kind ${kind}`)
  }
}

/** `elements` with each one's path (qnames from the root, joined by '/') and its parent's index (-1 for the root). */
function withPaths(xml) {
  const all = elements(xml)
  const stack = []
  return all.map((el) => {
    while (stack.length > 0 && all[stack[stack.length - 1]][3] <= el[0]) stack.pop()
    const parent = stack.length === 0 ? -1 : stack[stack.length - 1]
    const path = parent < 0 ? el[4] : `${all[parent].path}/${el[4]}`
    el.path = path
    el.parent = parent
    stack.push(all.indexOf(el))
    return el
  })
}
/**
 * `target` with an element of `donor` grafted under the element of the same path (the first one),
 * where `target` has no element of its path yet; after the last child whose name comes before it
 * among the donor's siblings, else before the first that comes after it, else last. Null when the
 * draw finds none (or the graft's prefixes are bound otherwise in the target's root).
 */
function graft(target, donor) {
  const t = withPaths(target)
  const d = withPaths(donor)
  const tPaths = new Set(t.map((el) => el.path))
  const tNs = rootNamespaces(target, t[0])
  const dNs = rootNamespaces(donor, d[0])
  const fits = d.filter((el) => el.parent > 0 && !tPaths.has(el.path) && tPaths.has(d[el.parent].path))
  for (let tries = 0; tries < 8 && fits.length > 0; tries++) {
    const el = fits.splice(draw(fits.length), 1)[0]
    const snippet = donor.slice(el[0], el[3])
    const prefixes = new Set([...snippet.matchAll(/<\/?([\w.-]+):/g)].map((m) => m[1]))
    if ([...prefixes].some((p) => tNs.get(p) === undefined || tNs.get(p) !== dNs.get(p))) continue
    const siblings = d.filter((x) => x.parent === el.parent)
    const at = siblings.indexOf(el)
    const before = new Set(siblings.slice(0, at).map((x) => x[4]))
    const after = new Set(siblings.slice(at + 1).map((x) => x[4]))
    const parentIndex = t.findIndex((x) => x.path === d[el.parent].path)
    const children = t.filter((x) => x.parent === parentIndex)
    const last = children.filter((x) => before.has(x[4]) && !after.has(x[4])).pop()
    const first = children.find((x) => after.has(x[4]))
    const offset = last !== undefined ? last[3] : first !== undefined ? first[0] : t[parentIndex][2]
    if (offset < 0) continue
    return [target.slice(0, offset) + snippet + target.slice(offset), el[4].split(':').pop()]
  }
  return null
}
/** `xml` with BT-24 set to `id` (unchanged when it has none). */
const redeclared = (xml, id) => xml.replace(SPECIFICATION_ID, (_, open) => `${open}${id}<`)
/** `xml` with BT-3 set to `code`. */
const retyped = (xml, code) => xml.replace(TYPE_CODE, (_, open) => `${open}${code}<`)

/** Offsets of `raw` (text as written) where a piece may go: not inside a reference or a surrogate pair. */
function cuts(raw) {
  const at = []
  for (let i = 0; i <= raw.length; i++) {
    at.push(i)
    if (raw[i] === '&') i = raw.indexOf(';', i)
    else if (/[\ud800-\udbff]/.test(raw[i] ?? '')) i++
  }
  return at
}
/** `raw` with `piece` at its start, end, middle (a cut near it) or instead of it all. */
function place(raw, piece, where) {
  if (where === 'start') return piece + raw
  if (where === 'end') return raw + piece
  if (where === 'all') return piece
  const at = cuts(raw).find((i) => i >= raw.length >> 1) ?? raw.length
  return raw.slice(0, at) + piece + raw.slice(at)
}
/** `raw` with one character (not of a reference) written as a hexadecimal or decimal character reference. */
function asReference(raw) {
  const at = cuts(raw).filter((i) => i < raw.length && raw[i] !== '&')
  if (at.length === 0) return raw
  const i = at[random(at.length)]
  const cp = raw.codePointAt(i)
  const width = cp > 0xffff ? 2 : 1
  return raw.slice(0, i) + (random(2) === 0 ? `&#x${cp.toString(16).toUpperCase()};` : `&#${cp};`) + raw.slice(i + width)
}
/** The character-level variant `kind` of the leaf `<name attrs>text</name>`; '' when it does not apply. */
function mutateChars(kind, name, attrs, text) {
  const where = WHERE[random(WHERE.length)]
  switch (kind) {
    case 'wsref': return `<${name}${attrs}>${place(text, WS_REFS[random(WS_REFS.length)], where)}</${name}>`
    case 'attrws': {
      const values = [...attrs.matchAll(/="([^"]*)"|='([^']*)'/g)]
      if (values.length === 0) return ''
      const m = values[random(values.length)]
      const value = m[1] ?? m[2]
      const q = m[0][1]
      const changed = place(value, ATTR_SPACES[random(ATTR_SPACES.length)], where === 'all' ? 'middle' : where)
      return `<${name}${attrs.slice(0, m.index)}=${q}${changed}${q}${attrs.slice(m.index + m[0].length)}>${text}</${name}>`
    }
    case 'cr': {
      const end = LINE_ENDS[random(LINE_ENDS.length)]
      if (text.includes('\n') && random(2) === 0) return `<${name}${attrs}>${text.replace(/\r?\n/g, end === '&#13;' ? '&#13;\n' : end)}</${name}>`
      return `<${name}${attrs}>${place(text, end, where === 'all' ? 'middle' : where)}</${name}>`
    }
    case 'entity': return `<${name}${attrs}>${place(text, ENTITIES[random(ENTITIES.length)], where)}</${name}>`
    case 'charref': return `<${name}${attrs}>${asReference(text)}</${name}>`
    case 'astral': return `<${name}${attrs}>${place(text, ASTRAL[random(ASTRAL.length)], where)}</${name}>`
    case 'uspace': case 'udigit': case 'ucase': case 'ulen': case 'umark': {
      const changed = unicodeVariant(kind, text, where)
      return changed === text ? '' : `<${name}${attrs}>${changed}</${name}>`
    }
    case 'uattr': {
      const values = [...attrs.matchAll(/="([^"]*)"|='([^']*)'/g)]
      if (values.length === 0) return ''
      const m = values[random(values.length)]
      const value = m[1] ?? m[2]
      const changed = unicodeVariant(['uspace', 'udigit', 'ucase', 'ulen'][random(4)], value, where)
      if (changed === value) return ''
      const q = m[0][1]
      return `<${name}${attrs.slice(0, m.index)}=${q}${changed}${q}${attrs.slice(m.index + m[0].length)}>${text}</${name}>`
    }
    default: throw new Error(`unknown kind ${kind}`)
  }
}
/** The --unicode variant `kind` of `raw` (text or attribute value as written; the same when it does not apply). */
function unicodeVariant(kind, raw, where) {
  // References and entities stay whole: the kinds that rewrite characters skip such texts.
  if (kind !== 'uspace' && kind !== 'umark' && raw.includes('&')) return raw
  switch (kind) {
    case 'uspace': return place(raw, U_SPACES[random(U_SPACES.length)], where)
    case 'umark': return place(raw, U_MARKS[random(U_MARKS.length)], where === 'all' ? 'end' : where)
    case 'udigit': {
      const zero = DIGIT_ZEROS[random(DIGIT_ZEROS.length)]
      const digit = (c) => String.fromCodePoint(zero + c.charCodeAt(0) - 48)
      const digits = [...raw.matchAll(/[0-9]/g)]
      if (digits.length === 0) return place(raw, digit(String(random(10))), where === 'all' ? 'middle' : where)
      if (random(2) === 0) return raw.replace(/[0-9]/g, digit)
      const at = digits[random(digits.length)].index
      return raw.slice(0, at) + digit(raw[at]) + raw.slice(at + 1)
    }
    case 'ucase': {
      const fits = CASE_SWAPS.filter(([re]) => re.test(raw))
      if (fits.length === 0) return raw
      const [re, by] = fits[random(fits.length)]
      return random(3) === 0 ? raw.replace(new RegExp(re.source, `${re.flags}g`), by) : raw.replace(re, by)
    }
    case 'ulen': {
      const astral = ['\u{1F600}', '&#x1D400;', '\u{1D7CF}', '\u{20000}'][random(4)]
      const how = random(4)
      if (how === 0) return raw + astral.repeat(1 + random(3))
      if (how === 1) return astral + raw
      if (how === 2) return [...raw].map(ASTRAL_LETTER).join('')
      const chars = [...raw]
      const at = chars.length === 0 ? 0 : random(chars.length)
      return [...chars.slice(0, at), ASTRAL_LETTER(chars[at] ?? 'A'), ...chars.slice(at + 1)].join('')
    }
    default: throw new Error(`unknown kind ${kind}`)
  }
}

/** `text` (a decimal) plus `units` in its last decimal place, written with the same scale. */
function nudge(text, units) {
  const scale = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
  const n = BigInt(text.replace('.', '')) + units
  const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, '0')
  return `${n < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`
}
/** `text` rounded half up (away from zero) to one decimal place fewer; an integer loses its last digit to 0. */
function roundOff(text) {
  const scale = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
  const negative = text.startsWith('-')
  const n = BigInt(text.replace('.', '').replace('-', ''))
  const rounded = ((n + 5n) / 10n) * 10n
  const digits = rounded.toString().padStart(scale + 1, '0')
  const kept = scale <= 1 ? (scale === 0 ? digits : digits.slice(0, -1)) : `${digits.slice(0, -scale)}.${digits.slice(-scale, -1)}`
  return `${negative ? '-' : ''}${kept}`
}

function mutate(kind, name, attrs, text) {
  switch (kind) {
    case 'del': return ''
    case 'empty': return `<${name}${attrs}></${name}>`
    case 'space': return `<${name}${attrs}> </${name}>`
    case 'nbsp': return `<${name}${attrs}>\u00a0${text}</${name}>`
    case 'trail': return `<${name}${attrs}>${text} </${name}>`
    case 'dup': return `<${name}${attrs}>${text}</${name}>`.repeat(2)
    case 'zero': return `<${name}${attrs}>0</${name}>`
    case 'neg': return `<${name}${attrs}>-${text}</${name}>`
    case 'noattr': return `<${name}>${text}</${name}>`
    case 'attr': return `<${name}${attrs.replace(/="[^"]*"/, `="${ATTR_VALUES[random(ATTR_VALUES.length)]}"`)}>${text}</${name}>`
    case 'lower': return `<${name}${attrs}>${text.toLowerCase()}</${name}>`
    case 'dec3': return `<${name}${attrs}>${text.includes('.') ? `${text}1` : `${text}.001`}</${name}>`
    case 'swap': return `<${name}${attrs}>${SWAPS[random(SWAPS.length)]}</${name}>`
    case 'tz': return `<${name}${attrs}>${text}${ZONES[random(ZONES.length)]}</${name}>`
    case 'plus': return `<${name}${attrs}>+${text}</${name}>`
    case 'lead0': return `<${name}${attrs}>00${text}</${name}>`
    case 'exp': return `<${name}${attrs}>${text}E0</${name}>`
    case 'cdata': return `<${name}${attrs}><![CDATA[${text}]]></${name}>`
    case 'comment': return `<${name}${attrs}>${text.slice(0, text.length >> 1)}<!---->${text.slice(text.length >> 1)}</${name}>`
    case 'ns': {
      const [prefix, local] = name.split(':')
      const other = `${OTHER_PREFIX[prefix]}:${local}`
      return `<${other}${attrs}>${text}</${other}>`
    }
    case 'cent': return NUMBER.test(text) ? `<${name}${attrs}>${nudge(text.trim(), random(2) === 0 ? 1n : -1n)}</${name}>` : ''
    case 'round': return NUMBER.test(text) ? `<${name}${attrs}>${roundOff(text.trim())}</${name}>` : ''
    case 'year': return `<${name}${attrs}>${text.replace(/^(\d{4})/, random(2) === 0 ? '-$1' : '1$1')}</${name}>`
    default: throw new Error(`unknown kind ${kind}`)
  }
}

const out = values.out ?? mkdtempSync(join(tmpdir(), 'einvoice-mutations-'))
mkdirSync(out, { recursive: true })
/** --corpus N: N officially valid CII/UBL files of the corpus (oracle.jsonl), one mutation each. */
function corpusBases(count) {
  const valid = readFileSync(join(CORPUS, 'oracle.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .filter((r) => r.verdict === 'valid' && r.file.endsWith('.xml') && [...['CII', 'UBL-Invoice', 'UBL-CreditNote'], ...(values.chars || values.unicode ? ['ZUGFeRD1', 'Order-X'] : [])].includes(r.syntax))
  return Array.from({ length: count }, (_, i) => [`c${i}`, valid[random(valid.length)].file])
}
let n = 0
const tables = values.orderx ? orderxTables(ROOT) : undefined
const lists = values.codes ? codeLists(ROOT) : undefined
const repeatTable = values['schema-repeat'] ? await ublTable(ROOT) : undefined
if (values['xr-values']) {
  // The officially valid XRechnung 3.0 invoices (or --files), by syntax.
  const files =
    values.files?.split(',') ??
    readFileSync(join(CORPUS, 'oracle.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l))
      .filter((r) => r.verdict === 'valid' && r.file.endsWith('.xml') && /xrechnung_3\.0/.test(r.customizationId ?? '') && ['CII', 'UBL-Invoice', 'UBL-CreditNote'].includes(r.syntax))
      .map((r) => r.file)
  const texts = files.map((file) => [file, readFileSync(resolve(CORPUS, file), 'utf8')])
  const cii = texts.filter(([, x]) => x.includes('<rsm:CrossIndustryInvoice'))
  const ubl = texts.filter(([, x]) => !x.includes('<rsm:CrossIndustryInvoice'))
  const each = values['per-file'] === '40' ? 2 : Number(values['per-file'])
  for (const [name, ciiVariant, ublVariant] of xrValueVariants()) {
    for (const [variant, pool, tag] of [[ciiVariant, cii, 'cii'], [ublVariant, ubl, 'ubl']]) {
      if (variant === null) continue
      const order = pool.map((_, i) => i)
      let made = 0
      while (made < each && order.length > 0) {
        const [file, xml] = pool[order.splice(random(order.length), 1)[0]]
        const changed = variant(xml)
        if (changed === null || changed === xml) continue
        made++
        writeFileSync(join(out, `${tag}-${name}-${String(++n).padStart(4, '0')}-${basename(file)}`), changed)
      }
    }
  }
}
const bases =
  values['xr-values'] ? []
  : values.files !== undefined ? values.files.split(',').map((file, i) => [`f${i}`, file])
  : values.corpus === undefined ? Object.entries(BASES)
  : corpusBases(Number(values.corpus))
const perFile = values.corpus === undefined ? Number(values['per-file']) : 1
/** Graft donors as read, by file (each base draws from all of them). */
const donorTexts = new Map()
/** --repeat donors with their elements, by text. */
const donorElements = new Map()
for (const [key, file] of bases) {
  const original = declared(readFileSync(resolve(CORPUS, file), 'utf8'))
  if (xrVersion !== undefined || values.declare !== undefined) writeFileSync(join(out, `${key}-0000-base.xml`), original)
  if (values.profiles) {
    const name = (kind, what) => join(out, `${key}-${String(++n).padStart(4, '0')}-${kind}-${what}.xml`)
    const tag = (id) => (id === '' ? 'none' : id.split(/[:#]/).pop())
    if (kinds.includes('profile')) for (const id of PROFILE_IDS) writeFileSync(name('profile', tag(id)), redeclared(original, id))
    if (kinds.includes('typecode')) for (const code of TYPE_CODES) writeFileSync(name('typecode', code), retyped(original, code))
    const root = original.match(/<([\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/)?.[2]
    const donorFiles = [...bases.map(([, f]) => f).filter((f) => f !== file), ...(values.donors?.split(',') ?? [])]
    const donors = donorFiles.map((f) => donorTexts.get(f) ?? donorTexts.set(f, readFileSync(resolve(CORPUS, f), 'utf8')).get(f)).filter((x) => x.match(/<([\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/)?.[2] === root)
    // Re-declaring changes BT-24's text only: the leaves stay where they were.
    const leafCount = [...original.matchAll(LEAF)].length
    for (let k = 0; k < perFile; k++) {
      const drawn = kinds.filter((x) => x === 'crossed' || x === 'graft' || x === 'remut' || x === 'taxplace')
      if (drawn.length === 0) break
      const kind = drawn[draw(drawn.length)]
      const id = PROFILE_IDS[draw(PROFILE_IDS.length)]
      if (kind === 'taxplace') {
        const placed = taxPlaced(draw(2) === 0 ? original : redeclared(original, id), (list) => list[draw(list.length)])
        if (placed !== null) writeFileSync(name('taxplace', placed[1]), placed[0])
      } else if (kind === 'crossed') {
        const code = TYPE_CODES[draw(TYPE_CODES.length)]
        writeFileSync(name('crossed', `${tag(id)}-${code}`), retyped(redeclared(original, id), code))
      } else if (kind === 'graft') {
        if (donors.length === 0) continue
        const times = Number(values.grafts) > 1 ? 1 + draw(Number(values.grafts)) : 1
        let grafted = null
        for (let g = 0; g < times; g++) {
          const next = graft(grafted?.[0] ?? original, donors[draw(donors.length)])
          if (next !== null) grafted = grafted === null ? next : [next[0], `${grafted[1]}+${next[1]}`]
        }
        if (grafted === null) continue
        const again = draw(2) === 0
        writeFileSync(name('graft', `${grafted[1]}${again ? `-${tag(id)}` : ''}`), again ? redeclared(grafted[0], id) : grafted[0])
      } else {
        const xml = redeclared(original, id)
        const m = [...xml.matchAll(LEAF)][draw(leafCount)]
        if (m === undefined) continue
        const leafKind = KINDS[draw(KINDS.length)]
        writeFileSync(name('remut', `${tag(id)}-${leafKind}-${m[1].split(':')[1]}`), xml.slice(0, m.index) + mutate(leafKind, m[1], m[2], m[3]) + xml.slice(m.index + m[0].length))
      }
    }
    continue
  }
  if (values.repeat) {
    const root = original.match(/<([\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/)?.[2]
    const donorFiles = [...bases.map(([, f]) => f).filter((f) => f !== file), ...(values.donors?.split(',') ?? [])]
    const donors = donorFiles.map((f) => donorTexts.get(f) ?? donorTexts.set(f, readFileSync(resolve(CORPUS, f), 'utf8')).get(f)).filter((x) => x.match(/<([\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/)?.[2] === root)
    const pick = (list) => list[draw(list.length)]
    for (let k = 0; k < perFile; k++) {
      const kind = kinds[draw(kinds.length)]
      if (kind.startsWith('regraft') && donors.length === 0) continue
      const variant = repeated(original, donors, kind, pick)
      if (variant === null || variant[0] === original) continue
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${kind}-${variant[1]}.xml`.slice(0, 180)), variant[0])
    }
    continue
  }
  if (values['schema-repeat']) {
    const all = elements(original)
    const root = original.match(/<([\w.-]+:)?(Invoice|CreditNote)[\s>]/)?.[2]
    const donors = (values.donors?.split(',') ?? [])
      .filter((f) => f !== file)
      .map((f) => donorTexts.get(f) ?? donorTexts.set(f, readFileSync(resolve(CORPUS, f), 'utf8')).get(f))
      .filter((x) => x.match(/<([\w.-]+:)?(Invoice|CreditNote)[\s>]/)?.[2] === root)
      .map((x) => donorElements.get(x) ?? donorElements.set(x, { xml: x, all: elements(x) }).get(x))
    for (let k = 0; k < perFile; k++) {
      const kind = kinds[draw(kinds.length)]
      const variant = repeatVariant(original, all, kind, draw, repeatTable, donors)
      if (variant === null || variant[0] === original) continue
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${variant[1]}.xml`.slice(0, 180)), variant[0])
    }
    continue
  }
  if (values.codes) {
    for (const [xml, what] of codeVariants(original, withPaths(original), await lists, draw, Number(values['per-file'] === '40' ? '6' : values['per-file']))) {
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${what}.xml`.slice(0, 180)), xml)
    }
    continue
  }
  if (values.dates) {
    for (const [xml, what] of dateVariants(original, draw, Number(values['per-file'] === '40' ? '6' : values['per-file']))) {
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${what}.xml`.slice(0, 180)), xml)
    }
    continue
  }
  if (values.orderx) {
    const all = elements(original)
    for (let k = 0; k < perFile; k++) {
      const kind = kinds[draw(kinds.length)]
      const variant = orderxVariant(original, all, kind, draw, await tables)
      if (variant === null || variant[0] === original) continue
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${variant[1]}.xml`.slice(0, 180)), variant[0])
    }
    continue
  }
  if (values.xsi) {
    const all = elements(original)
    const namespaces = rootNamespaces(original, all[0])
    const unusedElements = all.map((_, i) => i)
    for (let k = 0; k < perFile && unusedElements.length > 0; k++) {
      // The root half as often as any other element would be too rare: one in eight.
      const index = draw(8) === 0 ? 0 : unusedElements.splice(draw(unusedElements.length), 1)[0]
      const kind = kinds[draw(kinds.length)]
      const el = all[index]
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${kind}-${el[4].split(':').pop()}.xml`), mutateXsi(original, el, kind, namespaces))
    }
    continue
  }
  // Leaves are picked by position, without repeats; recategorising changes no element structure.
  if (values.blocks) {
    const unusedBlocks = blocks(original).map((_, i) => i)
    for (let k = 0; k < perFile && unusedBlocks.length > 0; k++) {
      const category = values.recategorise ? CATEGORIES[random(CATEGORIES.length)] : undefined
      const xml = category === undefined ? original : original.replace(CATEGORY_CODE, (_, open) => `${open}${category}<`)
      const all = blocks(xml)
      const [start, end, name, next] = all[unusedBlocks.splice(random(unusedBlocks.length), 1)[0]]
      const kind = kinds[Math.floor((random(1 << 30) / (1 << 30)) * kinds.length)]
      const block = xml.slice(start, end)
      const changed =
        kind === 'bdel' ? xml.slice(0, start) + xml.slice(end)
        : kind === 'bdup' ? xml.slice(0, end) + block + xml.slice(end)
        : next < 0 ? xml
        : xml.slice(0, start) + xml.slice(all[next][0], all[next][1]) + xml.slice(end, all[next][0]) + block + xml.slice(all[next][1])
      writeFileSync(join(out, `${key}${category === undefined ? '' : `-${category}`}-${String(++n).padStart(4, '0')}-${kind}-${name.split(':')[1] ?? name}.xml`), changed)
    }
    continue
  }
  if (values.unicode && values.sweep) {
    const seen = new Map()
    const seenAttrs = new Set()
    for (const m of original.matchAll(LEAF)) {
      const local = m[1].split(':')[1]
      const times = seen.get(m[1]) ?? 0
      seen.set(m[1], times + 1)
      const at = (leaf) => original.slice(0, m.index) + leaf + original.slice(m.index + m[0].length)
      if (times < 2) {
        for (const [what, variant] of SWEEP) {
          const text = variant(m[3])
          if (text !== m[3]) writeFileSync(join(out, `${key}-${String(++n).padStart(5, '0')}-${what}-${local}.xml`), at(`<${m[1]}${m[2]}>${text}</${m[1]}>`))
        }
      }
      for (const a of m[2].matchAll(/([\w:.-]+)=("([^"]*)"|'([^']*)')/g)) {
        const attr = `${m[1]}@${a[1]}`
        if (seenAttrs.has(attr)) continue
        seenAttrs.add(attr)
        const value = a[3] ?? a[4]
        for (const [what, variant] of SWEEP) {
          const changed = variant(value)
          if (changed === value) continue
          const attrs = m[2].slice(0, a.index) + `${a[1]}=${a[2][0]}${changed}${a[2][0]}` + m[2].slice(a.index + a[0].length)
          writeFileSync(join(out, `${key}-${String(++n).padStart(5, '0')}-${what}-${local}@${a[1].split(':').pop()}.xml`), at(`<${m[1]}${attrs}>${m[3]}</${m[1]}>`))
        }
      }
    }
    continue
  }
  if (values.chars || values.unicode) {
    // The kind is drawn first: an attribute variant needs a leaf with attributes.
    const leaves = [...original.matchAll(LEAF)]
    const unusedLeaves = leaves.map((_, i) => i)
    for (let k = 0; k < perFile && unusedLeaves.length > 0; k++) {
      const kind = kinds[Math.floor((random(1 << 30) / (1 << 30)) * kinds.length)]
      const fits = unusedLeaves.filter((i) => (kind !== 'attrws' && kind !== 'uattr') || /=/.test(leaves[i][2]))
      if (fits.length === 0) continue
      const index = fits[random(fits.length)]
      unusedLeaves.splice(unusedLeaves.indexOf(index), 1)
      const m = leaves[index]
      const leaf = mutateChars(kind, m[1], m[2], m[3])
      if (leaf === '') continue
      writeFileSync(join(out, `${key}-${String(++n).padStart(4, '0')}-${kind}-${m[1].split(':')[1]}.xml`), original.slice(0, m.index) + leaf + original.slice(m.index + m[0].length))
    }
    continue
  }
  const unused = [...original.matchAll(LEAF)].flatMap((m, i) => (values.numeric && !NUMBER.test(m[3]) ? [] : [i]))
  for (let k = 0; k < perFile && unused.length > 0; k++) {
    // Drawn only when asked: a seed keeps making the mutations it made before this option.
    const category = values.recategorise ? CATEGORIES[random(CATEGORIES.length)] : undefined
    const xml = category === undefined ? original : original.replace(CATEGORY_CODE, (_, open) => `${open}${category}<`)
    const m = [...xml.matchAll(LEAF)][unused.splice(random(unused.length), 1)[0]]
    const kind = kinds[optIn ? Math.floor((random(1 << 30) / (1 << 30)) * kinds.length) : random(kinds.length)]
    const rest = xml.slice(m.index + m[0].length)
    const next = kind === 'order' ? NEXT_LEAF.exec(rest) : null
    const changed =
      kind !== 'order' ? xml.slice(0, m.index) + mutate(kind, m[1], m[2], m[3]) + rest
      : next === null ? xml
      : xml.slice(0, m.index) + next[2] + next[1] + m[0] + rest.slice(next[0].length)
    writeFileSync(join(out, `${key}${category === undefined ? '' : `-${category}`}-${String(++n).padStart(4, '0')}-${kind}-${m[1].split(':')[1]}.xml`), changed)
  }
}

if (values['generate-only']) {
  process.stdout.write(`${n} mutations in ${out}\n`)
  process.exit(0)
}
const { differences } = compareVerdicts(out)
for (const d of differences) process.stdout.write(differenceLine(d))
const verdicts = differences.filter((d) => d.official !== d.einvoice).length
process.stdout.write(`${n} mutations in ${out}: ${differences.length} differ, ${verdicts} in their verdict\n`)
