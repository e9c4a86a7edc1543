/**
 * The Order-X 1.0 profile schematron layers (BASIC, COMFORT, EXTENDED), compiled on first use into
 * tree patterns for the engine's single walk. The profile comes from the guideline id, as the
 * official tooling does (unknown ids are checked as EXTENDED).
 * @module
 */
import { type SchematronTable, compileSchematronTable } from '../schematron/rule-table.js'
import type { RuleSet } from '../types.js'
import { trimSpecificationId } from '../rule-sets.js'
import { OX_BASIC } from './ox-basic-table.js'
import { OX_COMFORT } from './ox-comfort-table.js'
import { OX_EXTENDED } from './ox-extended-table.js'

export type OrderxProfile = 'BASIC' | 'COMFORT' | 'EXTENDED'

const TABLES: Readonly<Record<OrderxProfile, SchematronTable>> = { BASIC: OX_BASIC, COMFORT: OX_COMFORT, EXTENDED: OX_EXTENDED }

/** Order-X uses the D20B (…:128) library namespaces and its own message root. */
export const ORDERX_NAMESPACES: Readonly<Record<string, string>> = {
  rsm: 'urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:128',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:128',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:128',
  xs: 'http://www.w3.org/2001/XMLSchema',
}

const PROFILE_PREFIX: readonly (readonly [prefix: string, profile: OrderxProfile])[] = [
  ['urn:order-x.eu:1p0:basic', 'BASIC'],
  ['urn:order-x.eu:1p0:comfort', 'COMFORT'],
  ['urn:order-x.eu:1p0:extended', 'EXTENDED'],
]

/** The Order-X profile from the guideline id (case-insensitive prefix, as the reference compares). */
export function orderxProfile(guidelineId: string | undefined): OrderxProfile {
  const id = trimSpecificationId(guidelineId ?? '').toLowerCase()
  return PROFILE_PREFIX.find(([p]) => id.startsWith(p))?.[1] ?? 'EXTENDED'
}

const compiled = new Map<OrderxProfile, RuleSet>()

export function orderxRuleSet(profile: OrderxProfile): RuleSet {
  let set = compiled.get(profile)
  if (set === undefined) {
    const treePatterns = compileSchematronTable(TABLES[profile], {
      layer: 'orderx',
      namespaces: ORDERX_NAMESPACES,
      reportId: 'OX-NOT-USED',
      // The Order-X asserts are structure checks except the allowance/charge reason code lists.
      summary: () => 'The allowance or charge reason code is not one the Order-X code list allows for this indicator.',
    })
    set = { id: `orderx-1.0-${profile}`, layer: 'orderx', modelRules: [], treePatterns }
    compiled.set(profile, set)
  }
  return set
}
