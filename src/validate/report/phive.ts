/**
 * phive's standard JSON validation result (behaviour doc §9.2, phive-result's JSON helper):
 * `ves`, `success`, `interrupted`, `mostSevereErrorLevel`, `results[]` with `success`,
 * `artifactType`, `artifactPathType`, `artifactPath` and `items[]` (`errorLevel`, `errorID`,
 * `errorFieldName`, `errorLocation` / `errorLocationObj`, `test`, `errorText`), `durationMS`.
 * einvoice adds `notChecked` (steps it could not run), so a `success` never hides them.
 * @module
 */
import type { PhiveRun } from '../phive/run-phive.js'
import type { Finding, Severity } from '../types.js'

type ErrorLevel = 'SUCCESS' | 'INFO' | 'WARN' | 'ERROR'

const LEVEL: Readonly<Record<Severity, ErrorLevel>> = { fatal: 'ERROR', error: 'ERROR', warning: 'WARN', information: 'INFO' }
const RANK: Readonly<Record<ErrorLevel, number>> = { SUCCESS: 0, INFO: 1, WARN: 2, ERROR: 3 }

export type PhiveItem = {
  errorLevel: ErrorLevel
  errorID: string
  errorFieldName: string
  errorLocation: string
  errorLocationObj: { resource: string; line: number; col: number }
  test: string
  errorText: string
}

export type PhiveJson = {
  ves: { vesid: string; name: string; deprecated: boolean; status: { detectedFromDocument: boolean } }
  success: boolean
  interrupted: boolean
  mostSevereErrorLevel: ErrorLevel
  results: { success: 'TRUE' | 'FALSE' | 'UNDEFINED'; artifactType: string; artifactPathType: string; artifactPath: string; items: PhiveItem[] }[]
  notChecked: string[]
  validationDateTime: string
  durationMS: number
}

function item(f: Finding, resource: string): PhiveItem {
  const line = f.location.line ?? -1
  const col = f.location.column ?? -1
  return {
    errorLevel: LEVEL[f.severity],
    errorID: f.ruleId,
    errorFieldName: f.location.path,
    errorLocation: line < 0 ? resource : `${resource}(${line}:${col})`,
    errorLocationObj: { resource, line, col },
    // phive carries the schematron test here; einvoice's rules are native, so the rule id stands in.
    test: f.ruleId,
    errorText: f.message,
  }
}

/** The run as phive's JSON object. */
export function toPhiveJson(run: PhiveRun, resource = 'inputFile', now: Date = new Date()): PhiveJson {
  const results = run.steps.map((s) => ({
    success: s.success,
    artifactType: s.step.artifactType,
    artifactPathType: 'einvoice',
    artifactPath: s.step.artifactPath,
    items: s.findings.map((f) => item(f, resource)),
  }))
  let most: ErrorLevel = 'SUCCESS'
  for (const r of results) for (const i of r.items) if (RANK[i.errorLevel] > RANK[most]) most = i.errorLevel
  return {
    ves: { vesid: run.ves.vesid, name: run.ves.name, deprecated: false, status: { detectedFromDocument: run.detected } },
    // phive: success when nothing is worse than a warning.
    success: RANK[most] < RANK.ERROR,
    interrupted: run.interrupted,
    mostSevereErrorLevel: most,
    results,
    notChecked: run.steps.filter((s) => s.success === 'UNDEFINED').map((s) => `${s.step.artifactPath}: ${s.reason ?? 'not run'}`),
    validationDateTime: now.toISOString(),
    durationMS: Math.round(run.durationMs),
  }
}

export function writePhiveJson(run: PhiveRun, resource?: string): string {
  return JSON.stringify(toPhiveJson(run, resource), null, 2) + '\n'
}
