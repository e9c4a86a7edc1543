/**
 * The dynamic errors of the official CEN and KoSIT XRechnung rules, which einvoice's own (native)
 * rules of those layers do not have. A test such as BR-25's `normalize-space(ram:SpecifiedTradeProduct/ram:Name) != ''` stops
 * the official transform when a line has two item names (the CII schema allows that): the
 * document is invalid, with no rule failed. Here the rules that can stop so are kept as XPath
 * (probe/*.ts) and evaluated with the Factur-X layer's evaluator, but only where they can: a path
 * of child elements finds two nodes only when one of its elements has a sibling of the same name,
 * so a row runs only when the document has such siblings for a name in one of its one-value
 * positions. Its result is ignored; a dynamic error is recorded as for the Factur-X layer and
 * becomes the layer's one fatal EINVOICE-RULE-EVALUATION finding.
 * @module
 */
import type { XmlDocument, XmlElement } from '../../xml/index.js'
import { runTreePatterns } from '../engine.js'
import { type SchematronTable, compileSchematronTable } from '../schematron/rule-table.js'
import { XPATH_NAMESPACES, elementsByLocal } from '../syntax/paths.js'
import type { Finding, SyntaxKind, TreePattern } from '../types.js'
import { CEN_CII_PROBE } from './tables/cen-cii-probe.js'
import { CEN_UBL_PROBE } from './tables/cen-ubl-probe.js'
import { XR_CII_PROBE } from './tables/xr-cii-probe.js'
import { XR_UBL_PROBE } from './tables/xr-ubl-probe.js'
import { XR_LEGACY_PROBES } from './tables/xr-legacy-probe.js'
import { probedRulesOf } from '../xrechnung/versions.js'

/**
 * A rule table plus, per row, the local names of the elements in its one-value positions: `X` finds
 * two nodes only where an X has a sibling X, `//X` (reached from anywhere) where the document has
 * two X; `*` and `$` (any element, a variable) always run.
 */
export type ProbeTable = SchematronTable & { names: readonly string[] }

/** The layers whose official tests are probed. */
export type ProbedLayer = 'en16931' | 'xrechnung'

type Probe = {
  layer: ProbedLayer
  table: ProbeTable
  /** Rows by name (`X`, `//X`); `always` rows run on every document. */
  rowsByName: Map<string, number[]>
  always: number[]
  /** Every row, for a document with values of the wrong type. */
  allRows: number[]
  /** Compiled pattern lists by the set of rows they hold (a handful per process). */
  compiled: Map<string, TreePattern[]>
}

const ALWAYS = new Set(['*', '$'])
const MAX_COMPILED = 32

function probeOf(layer: ProbedLayer, table: ProbeTable): Probe {
  const rowsByName = new Map<string, number[]>()
  const always: number[] = []
  table.names.forEach((names, row) => {
    for (const name of names.split(' ')) {
      if (ALWAYS.has(name)) always.push(row)
      else {
        let rows = rowsByName.get(name)
        if (rows === undefined) rowsByName.set(name, (rows = []))
        rows.push(row)
      }
    }
  })
  return { layer, table, rowsByName, always: [...new Set(always)], allRows: table.rows.map((_, i) => i), compiled: new Map() }
}

const TABLES: Readonly<Record<ProbedLayer, { CII: ProbeTable; UBL: ProbeTable }>> = {
  en16931: { CII: CEN_CII_PROBE, UBL: CEN_UBL_PROBE },
  xrechnung: { CII: XR_CII_PROBE, UBL: XR_UBL_PROBE },
}
/** Built on first use, by layer and syntax. */
const probes = new Map<string, Probe>()

/** Whether two of these elements share a parent (siblings of one name). */
function hasSiblings(elements: readonly XmlElement[]): boolean {
  if (elements.length < 2) return false
  const parents = new Set<XmlElement | undefined>()
  for (const el of elements) {
    if (parents.has(el.parent)) return true
    parents.add(el.parent)
  }
  return false
}

/** The rows that can raise a dynamic error on this document, in table order. */
function rowsAtRisk(probe: Probe, root: XmlElement): number[] {
  const byLocal = elementsByLocal(root)
  const rows = new Set(probe.always)
  for (const [name, named] of probe.rowsByName) {
    const anywhere = name.startsWith('//')
    const elements = byLocal.get(anywhere ? name.slice(2) : name) ?? []
    if (anywhere ? elements.length > 1 : hasSiblings(elements)) for (const r of named) rows.add(r)
  }
  return [...rows].sort((a, b) => a - b)
}

function patternsFor(probe: Probe, rows: readonly number[]): TreePattern[] {
  const key = rows.join(',')
  let patterns = probe.compiled.get(key)
  if (patterns === undefined) {
    const table: SchematronTable = { contexts: probe.table.contexts, rows: rows.map((r) => probe.table.rows[r] as SchematronTable['rows'][number]), codeLists: {} }
    // The findings are not used: the layer's own rules report them.
    patterns = compileSchematronTable(table, { layer: probe.layer, namespaces: XPATH_NAMESPACES, reportId: '', summary: () => '' })
    if (probe.compiled.size >= MAX_COMPILED) probe.compiled.clear()
    probe.compiled.set(key, patterns)
  }
  return patterns
}

/**
 * Runs the official tests of `layer` that can stop on this document; their dynamic errors are
 * recorded for `evaluationFindings` (schematron/rule-table.ts). `badValues`: the document has an
 * element value its schema type rejects (a blank amount, an NBSP before one): an official test
 * that casts it stops, so every row runs and the evaluator finds which, if any, does.
 * `xrVersion`: the XRechnung version of the document; an older one runs the 3.0 rows its
 * schematron shares and the rows of its own forms (tables/xr-legacy-probe.ts).
 */
export function probeEvaluation(doc: XmlDocument, syntax: SyntaxKind, layer: ProbedLayer, badValues = false, xrVersion = '3.0'): void {
  const binding = syntax === 'CII' ? 'CII' : syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote' ? 'UBL' : undefined
  if (binding === undefined) return
  const shared = layer === 'xrechnung' ? probedRulesOf(xrVersion, binding === 'CII' ? 'cii' : 'ubl') : undefined
  if (shared === undefined || shared.size > 0) runProbe(doc, syntax, `${layer} ${binding}`, layer, TABLES[layer][binding], badValues, shared)
  const own = shared === undefined ? undefined : XR_LEGACY_PROBES[xrVersion]?.[binding]
  if (own !== undefined) runProbe(doc, syntax, `${layer} ${xrVersion} ${binding}`, layer, own, badValues)
}

/** The rows of `table` (those of `onlyRules`, if given) that can stop on this document. */
function runProbe(doc: XmlDocument, syntax: SyntaxKind, key: string, layer: ProbedLayer, table: ProbeTable, badValues: boolean, onlyRules?: ReadonlySet<string>): void {
  let probe = probes.get(key)
  if (probe === undefined) probes.set(key, (probe = probeOf(layer, table)))
  // Split text (a comment inside a value) gives text() two nodes wherever it is: every row runs.
  const atRisk = badValues || doc.textSplit === true ? probe.allRows : rowsAtRisk(probe, doc.root)
  const rows = onlyRules === undefined ? atRisk : atRisk.filter((r) => onlyRules.has((table.rows[r] as SchematronTable['rows'][number])[0]))
  if (rows.length === 0) return
  const ignored: Finding[] = []
  runTreePatterns(patternsFor(probe, rows), { doc, syntax }, ignored)
}
