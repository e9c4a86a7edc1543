/**
 * Older XRechnung versions. The reference picks the KoSIT schematron by the version in BT-24
 * (`…xrechnung_2.1` → the 2.1 artefacts; unknown or absent → 3.0). einvoice implements the 3.0
 * conditions; for an older version it runs only the rules that version's schematron contains
 * (facts below), replaces or adds the rules whose condition that version has in another form or
 * 3.0 dropped (legacy-rules.ts), checks BR-DE-21 against that version's identifiers and
 * BR-DEX-04…08 against its code lists (code-lists.ts), and for UBL 1.2…2.2 (invoice contexts only)
 * runs nothing on a credit note. Conditions that differ otherwise
 * are listed in docs/validate.md ("XRechnung layer") with the reason they are not modelled.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { RULE_NAMESPACES, refine } from '../syntax/paths.js'
import { rootOf } from '../syntax/tree-helpers.js'
import type { RuleSet, TreePattern } from '../types.js'

/** The specification identifier prefix of XRechnung 1.2 … 2.3 (3.0 moved to urn:xeinkauf.de). */
const OLD_NAMESPACE = 'urn:xoev-de:kosit'

// prettier-ignore
const RULES: Readonly<Record<string, { cii: string; ubl: string }>> = {
  '1.2': {
    cii: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-13 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9',
    ubl: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-13 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9',
  },
  '2.0': {
    cii: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-13 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9',
    ubl: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-13 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9 BR-DEX-01 BR-DEX-02 BR-DEX-03',
  },
  '2.1': {
    cii: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-23-a BR-DE-23-b BR-DE-24-a BR-DE-24-b BR-DE-25-a BR-DE-25-b BR-DE-26 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9',
    ubl: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-23-a BR-DE-23-b BR-DE-24-a BR-DE-24-b BR-DE-25-a BR-DE-25-b BR-DE-26 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9 BR-DEX-01 BR-DEX-02 BR-DEX-03',
  },
  '2.2': {
    cii: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-18-a BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-23-a BR-DE-23-b BR-DE-24-a BR-DE-24-b BR-DE-25-a BR-DE-25-b BR-DE-26 BR-DE-27 BR-DE-28 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9 BR-DEX-04 BR-DEX-05 BR-DEX-06 BR-DEX-07 BR-DEX-08',
    ubl: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-23-a BR-DE-23-b BR-DE-24-a BR-DE-24-b BR-DE-25-a BR-DE-25-b BR-DE-26 BR-DE-27 BR-DE-28 BR-DE-3 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9 BR-DEX-01 BR-DEX-02 BR-DEX-03 BR-DEX-04 BR-DEX-05 BR-DEX-06 BR-DEX-07 BR-DEX-08',
  },
  '2.3': {
    cii: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-18-a BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-23-a BR-DE-23-b BR-DE-24-a BR-DE-24-b BR-DE-25-a BR-DE-25-b BR-DE-26 BR-DE-27 BR-DE-28 BR-DE-29 BR-DE-3 BR-DE-30 BR-DE-31 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9 BR-DEX-04 BR-DEX-05 BR-DEX-06 BR-DEX-07 BR-DEX-08',
    ubl: 'BR-DE-1 BR-DE-10 BR-DE-11 BR-DE-14 BR-DE-15 BR-DE-16 BR-DE-17 BR-DE-18 BR-DE-19 BR-DE-2 BR-DE-20 BR-DE-21 BR-DE-22 BR-DE-23-a BR-DE-23-b BR-DE-24-a BR-DE-24-b BR-DE-25-a BR-DE-25-b BR-DE-26 BR-DE-27 BR-DE-28 BR-DE-29 BR-DE-3 BR-DE-30 BR-DE-31 BR-DE-4 BR-DE-5 BR-DE-6 BR-DE-7 BR-DE-8 BR-DE-9 BR-DEX-01 BR-DEX-02 BR-DEX-03 BR-DEX-04 BR-DEX-05 BR-DEX-06 BR-DEX-07 BR-DEX-08 BR-DEX-09 BR-DEX-10 BR-DEX-11 BR-DEX-12 BR-DEX-13 BR-DEX-14',
  },
}

/** The XRechnung version whose rules apply to a document with this BT-24, as the reference picks it. */
export function xrechnungVersion(specificationId: string | undefined): string {
  const m = /xrechnung_(\d+)\.(\d+)/.exec(specificationId ?? '')
  const v = m === null ? '3.0' : `${m[1] ?? ''}.${m[2] ?? ''}`
  return v in RULES ? v : '3.0'
}

/** The rule sets of older versions, built once each. */
const byVersion = new Map<string, RuleSet>()

/** The UBL schematrons of these versions have invoice contexts only: a credit note meets no rule. */
const UBL_INVOICE_ONLY = new Set(['1.2', '2.0', '2.1', '2.2'])
const UBL_NS = RULE_NAMESPACES.ubl ?? ''
const inInvoice = (el: XmlElement): boolean => {
  const root = rootOf(el)
  return root.local === 'Invoice' && root.ns === UBL_NS
}

/**
 * Keeps only the rules an older version's schematron has; contexts stay (they shadow as before).
 * The rules that version had and 3.0 dropped or changed (`legacy`) come after, in their own
 * patterns; a legacy rule replaces 3.0's rule of the same id. `invoiceOnly`: every context also
 * asks for an invoice root.
 */
function restrict(set: RuleSet, legacy: readonly TreePattern[], ids: ReadonlySet<string>, version: string, invoiceOnly: boolean): RuleSet {
  const legacyIds = new Set(legacy.flatMap((p) => p.groups.flatMap((g) => g.rules.map((r) => r.id))))
  const keep = (pattern: TreePattern, own: boolean): TreePattern => ({
    ...pattern,
    groups: pattern.groups.map((g) => ({
      context: invoiceOnly ? refine(g.context, inInvoice) : g.context,
      rules: g.rules.filter((r) => ids.has(r.id) && (own || !legacyIds.has(r.id))),
    })),
  })
  // Rebuilt without any batch evaluation (`failing`), which would still run the removed rules.
  const patterns: TreePattern[] = [...set.treePatterns.map((p) => keep(p, false)), ...legacy.map((p) => keep(p, true))]
    .filter((p) => p.groups.some((g) => g.rules.length > 0))
  return { ...set, id: `${set.id.replace(/-3\.0\.2$/, '')}-${version}`, treePatterns: patterns }
}

/** A full (3.0) rule set restricted to the rules of an older XRechnung version (built once per version). */
export function forVersion(full: RuleSet, legacy: (version: string) => readonly TreePattern[], syntax: 'cii' | 'ubl', version: string): RuleSet {
  const ids = rulesOfVersion(version, syntax)
  if (ids === undefined) return full
  const key = `${syntax} ${version}`
  let set = byVersion.get(key)
  if (set === undefined) {
    set = restrict(full, legacy(version), ids, version, syntax === 'ubl' && UBL_INVOICE_ONLY.has(version))
    byVersion.set(key, set)
  }
  return set
}

/** Rule ids of an older version's schematron, or undefined for 3.0 (every rule). */
export function rulesOfVersion(version: string, syntax: 'cii' | 'ubl'): ReadonlySet<string> | undefined {
  const r = RULES[version]
  return r === undefined ? undefined : new Set(r[syntax].split(' '))
}

/**
 * The XRechnung 3.0 probe rows (probe/tables/xr-*-probe.ts) whose dynamic errors an older
 * version's schematron has as well (context and the one-value operations of the test as 3.0's;
 * compared with the official stylesheets: BR-DE-28's pattern differs in 2.2/2.3, which does not
 * change where it stops; refcheck agrees on two telephones, numbers, e-mails or communications in
 * CII 2.2/2.3, see docs/validate.md). Undefined for 3.0 (every row); empty where none is shared. The rows of
 * an older version's own forms are in probe/tables/xr-legacy-probe.ts.
 */
const SHARED_PROBE_RULES: Readonly<Record<string, { cii: ReadonlySet<string>; ubl: ReadonlySet<string> }>> = {
  '2.2': { cii: new Set(['BR-DE-27', 'BR-DE-28']), ubl: new Set() },
  '2.3': { cii: new Set(['BR-DE-27', 'BR-DE-28']), ubl: new Set(['BR-DE-27', 'BR-DE-28']) },
}
const NONE_SHARED = { cii: new Set<string>(), ubl: new Set<string>() }

export function probedRulesOf(version: string, syntax: 'cii' | 'ubl'): ReadonlySet<string> | undefined {
  if (!(version in RULES)) return undefined
  return (SHARED_PROBE_RULES[version] ?? NONE_SHARED)[syntax]
}

/** The CIUS and extension identifiers of a version (the extension rules run under the second). */
export function identifiersOf(version: string): readonly string[] {
  if (!(version in RULES)) return []
  const cius = `urn:cen.eu:en16931:2017#compliant#${OLD_NAMESPACE}:standard:xrechnung_${version}`
  return [cius, `${cius}#conformant#${OLD_NAMESPACE}:extension:xrechnung_${version}`]
}

/** The identifiers BR-DE-21 accepts: the CIUS; also the extension's in CII 2.3 and UBL 2.0…2.3. */
export function acceptedIdsOf(version: string, syntax: 'cii' | 'ubl'): readonly string[] {
  const withExtension = syntax === 'cii' ? version === '2.3' : version !== '1.2'
  return identifiersOf(version).slice(0, withExtension ? 2 : 1)
}
