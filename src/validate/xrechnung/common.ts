/**
 * What the CII and UBL bindings of the XRechnung rules share: the specification identifiers of
 * XRechnung 3.0 (CIUS, extension, CVD), the value patterns KoSIT prescribes (Skonto lines,
 * e-mail, telephone, URL), the extension rules' code-list test, the IBAN check and small XPath
 * helpers. Identifiers, patterns and code values are facts of the KoSIT schematron 2.4.0
 * (XRechnung 3.0.2).
 * @module
 */
import { THREE_DIGITS_IN_A_LINE, xpathRegex } from '../schematron/xpath-regex.js'
import { type XmlElement, textRunsOf } from '../../xml/index.js'
import { extensionListsOf } from './code-lists.js'
import { acceptedIdsOf, identifiersOf, xrechnungVersion } from './versions.js'
import { type ChildPath, attrValue, compileChildPath, normalizeSpace, stringValue } from '../syntax/paths.js'
import { lastDocumentCache } from '../syntax/doc-index.js'
import { rootOf } from '../syntax/tree-helpers.js'
import type { Severity, TreeContext, TreePattern, TreeRule, ElementMatcher } from '../types.js'

export const XR_VERSION = '3.0'
export const XR_CIUS_ID = `urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_${XR_VERSION}`
export const XR_EXTENSION_ID = `${XR_CIUS_ID}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_${XR_VERSION}`
export const XR_CVD_ID = `${XR_CIUS_ID}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`
export const XR_IDS: readonly string[] = [XR_CIUS_ID, XR_EXTENSION_ID, XR_CVD_ID]

/** BT-24 elements (CII guideline id, UBL customization id), from the document root. */
const specificationIds = (root: XmlElement, syntax: 'cii' | 'ubl'): XmlElement[] =>
  all(root, syntax === 'cii' ? 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID' : 'cbc:CustomizationID')

/**
 * The document's XRechnung version, the identifiers it accepts (BR-DE-21; 3.0: CIUS, extension,
 * CVD), its extension identifier and the text nodes of the ids it carries, so the extension and
 * CVD rules can tell which variant it is: KoSIT's `$isExtension` and `$isCVD` (every version)
 * compare `…/ram:ID[text() = …]` and `cbc:CustomizationID/text() = …`, each text node on its own,
 * so an identifier that a comment or processing instruction splits is neither (BR-DE-21 compares
 * the whole string and accepts it).
 */
export const identifiers = perDocument((root) => {
  const syntax = root.local === 'CrossIndustryInvoice' ? 'cii' : 'ubl'
  const ids = specificationIds(root, syntax)
  const version = xrechnungVersion(ids[0]?.text)
  const own = version === XR_VERSION ? XR_IDS : identifiersOf(version)
  const carried = ids.flatMap((e) => textRunsOf(e) ?? [e.text])
  return { version, carried, accepted: version === XR_VERSION ? XR_IDS : acceptedIdsOf(version, syntax), extension: own[1] }
})
export const isXrExtension = (el: XmlElement): boolean => {
  const ids = identifiers(el)
  return ids.extension !== undefined && ids.carried.includes(ids.extension)
}
export const isXrCvd = (el: XmlElement): boolean => identifiers(el).carried.includes(XR_CVD_ID)

/** One Skonto line of the payment terms (BT-20): `#SKONTO#TAGE=n#PROZENT=n.nn[#BASISBETRAG=n.nn]#`. */
const SKONTO = /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/
// The official patterns, read as XPath regexes (`\s` is XML white space only: an NBSP is content).
export const EMAIL = xpathRegex('^[^@\\s]+@([^@.\\s]+\\.)+[^@.\\s]+$')
const CLOSED_BY_LINE_BREAK = xpathRegex('^\\s*\\n')
/** A `#…#` block of the payment terms (`tokenize(., '#.+#')`: `.` crosses U+2028, not a line end). */
const HASH_BLOCK = xpathRegex('#.+#')
/** BR-DE-27's `$XR-TELEPHONE-REGEX`, counted in one pass (schematron/xpath-regex.ts). */
export const TELEPHONE = THREE_DIGITS_IN_A_LINE
export const URL = xpathRegex('^([a-zA-Z])([a-zA-Z0-9+.-])+:.*')

/** Invoice type codes XRechnung accepts (BR-DE-17). */
export const XR_TYPE_CODES: readonly string[] = ['326', '380', '384', '389', '381', '875', '876', '877']
/** VAT categories that need a seller VAT identifier or tax representative (BR-DE-16). */
export const VAT_CATEGORIES_NEEDING_ID: readonly string[] = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']
/** Attachment MIME codes the extension allows (BR-DEX-01). */
export const XR_EXT_MIME_CODES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/xml',
]
/** `contains(' A B ', concat(' ', normalize-space(@x), ' '))` with no inner space: token membership. */
export const inList = (list: ReadonlySet<string>, value: string | undefined, blankFound = false): boolean => {
  const v = normalizeSpace(value ?? '')
  if (v === '') return blankFound
  return !v.includes(' ') && list.has(v)
}

/** BR-DEX-04…08: the scheme is in the ICD or EAS list of the document's XRechnung version. */
export const schemeIn = (kind: 'icd' | 'eas') => (el: XmlElement): boolean => {
  const list = extensionListsOf(identifiers(el).version)[kind]
  return inList(list.codes, attrValue(el, 'schemeID'), list.blankFound)
}

/**
 * How a version of BR-DE-18 reads the payment terms: the pattern each line starting with `#` must
 * match (after normalize-space), and what makes the texts' Skonto block closed.
 */
export type SkontoForm = { readonly line: RegExp; readonly closed: (texts: readonly string[]) => boolean }
/**
 * The text after the last `#…#` block starts with a line break (the last Skonto line is closed).
 * The official test tokenizes every payment-terms text and takes the last token of them all, so
 * with several texts it is the last non-empty text that must be closed, not the first.
 */
export const closedAfterLastBlock = (texts: readonly string[]): boolean => {
  const last = texts.findLast((t) => t !== '') ?? ''
  const parts = last.split(HASH_BLOCK)
  return CLOSED_BY_LINE_BREAK.test(parts[parts.length - 1] ?? '')
}
const SKONTO_3_0: SkontoForm = { line: SKONTO, closed: closedAfterLastBlock }

/**
 * BR-DE-18 over the payment-terms texts given (the first of each terms in 2.2 and later): every line
 * that starts with `#` is a Skonto line, and the form's closing test holds (the text after the last
 * `#…#` block starts with a line break: the last Skonto line is closed).
 */
export function skontoOk(descriptions: readonly XmlElement[], form: SkontoForm = SKONTO_3_0): boolean {
  const texts = descriptions.map(stringValue)
  const hashLines = texts.flatMap((t) => (t === '' ? [] : t.split(/\r?\n/))).filter((l) => normalizeSpace(l).startsWith('#'))
  if (hashLines.length === 0) return true
  return hashLines.every((l) => form.line.test(normalizeSpace(l))) && form.closed(texts)
}

/** BR-DE-19/20: IBAN shape and ISO 13616 check digits, computed as the KoSIT rule does. */
export function ibanOk(raw: string | undefined): boolean {
  const iban = normalizeSpace((raw ?? '').replace(/[ \n\r\t]/g, ''))
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 2).toUpperCase() + iban.slice(2, 4)
  let digits = ''
  for (const ch of rearranged) {
    const cp = ch.codePointAt(0) ?? 0
    digits += String(cp > 64 ? cp - 55 : cp - 48)
  }
  return digits !== '' && BigInt(digits) % 97n === 1n
}

const paths = new Map<string, ChildPath>()
/** A compiled child path (cached). */
export function path(expr: string): ChildPath {
  let p = paths.get(expr)
  if (p === undefined) {
    p = compileChildPath(expr)
    paths.set(expr, p)
  }
  return p
}

export const has = (el: XmlElement, expr: string): boolean => path(expr).exists(el)
export const all = (el: XmlElement, expr: string): XmlElement[] => path(expr).select(el)
/** `X[boolean(normalize-space(.))]`: some X with non-blank content. */
// These three stop at the first element that decides, without building the list of all X.
const isNonBlank = (e: XmlElement): boolean => normalizeSpace(stringValue(e)) !== ''
export const nonBlank = (el: XmlElement, expr: string): boolean => path(expr).some(el, isNonBlank)
/** `normalize-space(X)` of the first X ('' when absent). */
export const norm = (el: XmlElement, expr: string): string => {
  const first = path(expr).first(el)
  return first === undefined ? '' : normalizeSpace(stringValue(first))
}
/** XPath general comparison `X = (values)`: some X whose string value is one of them. */
export const anyEquals = (el: XmlElement, expr: string, values: readonly string[]): boolean =>
  path(expr).some(el, (e) => values.includes(stringValue(e)))


/** Per-document facts computed once per document (the last one; see lastDocumentCache). */
export function perDocument<T>(compute: (root: XmlElement) => T): (el: XmlElement) => T {
  const cached = lastDocumentCache(compute)
  return (el) => cached(rootOf(el))
}

export type FlagCode = 'f' | 'w' | 'i'
export type XrRow = readonly [id: string, flag: FlagCode, test: (el: XmlElement, ctx: TreeContext) => boolean]

const SEVERITY: Readonly<Record<FlagCode, Severity>> = { f: 'fatal', w: 'warning', i: 'information' }

/** A schematron pattern: contexts in priority order, each element checked by the first that matches. */
export function pattern(name: string, groups: readonly (readonly [ElementMatcher, readonly XrRow[]])[]): TreePattern {
  return {
    name,
    groups: groups.map(([context, rows]) => ({
      context,
      rules: rows.map(([id, flag, test]): TreeRule => ({ id, severity: SEVERITY[flag], layer: 'xrechnung', test })),
    })),
  }
}
