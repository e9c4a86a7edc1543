/**
 * The shared invoice corpus (../shared/corpus beside the repository) and its official verdicts.
 * A user's clone has no shared folder: corpus suites use `describe.skipIf(!hasCorpus)` and
 * `noteIfNoCorpus()` prints why they were skipped.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export const CORPUS_DIR = resolve(REPO_ROOT, '..', 'shared', 'corpus')

export const hasCorpus = existsSync(join(CORPUS_DIR, 'oracle.jsonl'))

/**
 * A corpus file's text, or '' without the corpus: a skipped suite's body still runs while vitest
 * collects its tests, so a read there must not throw in a user's clone.
 */
export function corpusText(path: string): string {
  return hasCorpus ? readFileSync(join(CORPUS_DIR, path), 'utf8') : ''
}

/** One line of oracle.jsonl (the fields the tests use; see the corpus README for all). */
export type OracleEntry = {
  file: string
  syntax: 'CII' | 'UBL-Invoice' | 'UBL-CreditNote' | 'ZUGFeRD1' | 'Order-X' | 'unknown' | 'none'
  profile?: string
  customizationId?: string
  verdict: 'valid' | 'invalid'
  kind: 'invoice' | 'order' | 'pdf-without-invoice-xml' | 'not-well-formed-or-unsupported'
  layerVerdicts?: Record<string, string>
  /** Every failed assertion of the official run. */
  fired?: { id: string; flag: string; layer: string; text?: string }[]
  /** PDFs: the container kind, the embedded file judged, and the PDF/A verdicts. */
  container?: string
  attachment?: string
  pdfa?: { verapdf3b?: string; pdfaCheck?: string; pdfaCheckFailed?: string[] }
}

let cache: OracleEntry[] | undefined

/** All oracle entries (empty without the corpus). */
export function oracle(): OracleEntry[] {
  if (!hasCorpus) return []
  cache ??= readFileSync(join(CORPUS_DIR, 'oracle.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as OracleEntry)
  return cache
}

export function corpusPath(entry: OracleEntry | string): string {
  return join(CORPUS_DIR, typeof entry === 'string' ? entry : entry.file)
}

export function readCorpusFile(entry: OracleEntry | string): Buffer {
  return readFileSync(corpusPath(entry))
}

/** Prints a visible note when the corpus is absent (call at the top of a corpus suite file). */
export function noteIfNoCorpus(suite: string): void {
  if (!hasCorpus) process.stderr.write(`[${suite}] skipped: no corpus at ${CORPUS_DIR}\n`)
}
