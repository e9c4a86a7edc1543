import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { validateXml } from '../../src/validate/validate-xml.js'
import { CORPUS_DIR } from './corpus.js'

/** The error and fatal rule ids einvoice reports for `xml`, without XSD findings, sorted. */
export const errorRules = (xml: string): string[] =>
  [
    ...new Set(
      validateXml(Buffer.from(xml, 'utf8'))
        .findings.filter((f) => (f.severity === 'error' || f.severity === 'fatal') && !f.ruleId.startsWith('xsd:'))
        .map((f) => f.ruleId),
    ),
  ].sort()

/** The corpus file with each listed 1-based line changed from `from` to `to` (which must be there). */
export function corpusVariant(file: string, changes: readonly (readonly [line: number, from: string, to: string])[]): string {
  const lines = readFileSync(join(CORPUS_DIR, file), 'utf8').split('\n')
  for (const [line, from, to] of changes) {
    const at = lines[line - 1] ?? ''
    if (!at.includes(from)) throw new Error(`${file}:${line} does not contain ${from}`)
    lines[line - 1] = at.replace(from, to)
  }
  return lines.join('\n')
}
