/**
 * Actions PDF/A forbids (ISO 19005-3 6.5.1, 6.5.2, 6.6.1): JavaScript anywhere, Launch, Sound,
 * Movie, ResetForm, ImportData, Hide, SetOCGState, Rendition, Trans, GoTo3DView, named actions
 * other than NextPage/PrevPage/FirstPage/LastPage, and additional-actions (/AA) dictionaries.
 * Found in every dictionary of the file and, for pdf2pdfa, removed.
 * @module
 */
import { PDFDict, type PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { forEachDict } from './walk.js'

const FORBIDDEN = new Set(['JavaScript', 'Launch', 'Sound', 'Movie', 'ResetForm', 'ImportData', 'Hide', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView'])
const ALLOWED_NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage'])

export type ForbiddenFinding = { kind: 'javascript' | 'action' | 'additional-actions'; what: string }

function actionProblem(dict: PDFDict): ForbiddenFinding | undefined {
  const s = dict.lookup(PDFName.of('S'))
  if (dict.get(PDFName.of('JS')) !== undefined) return { kind: 'javascript', what: 'JavaScript action' }
  if (!(s instanceof PDFName)) return undefined
  const type = s.decodeText()
  if (type === 'JavaScript') return { kind: 'javascript', what: 'JavaScript action' }
  if (FORBIDDEN.has(type)) return { kind: 'action', what: `${type} action` }
  if (type === 'Named') {
    const n = dict.lookup(PDFName.of('N'))
    const name = n instanceof PDFName ? n.decodeText() : '?'
    if (!ALLOWED_NAMED.has(name)) return { kind: 'action', what: `named action ${name}` }
  }
  return undefined
}

function namesJavaScript(doc: PDFDocument): boolean {
  const names = doc.catalog.lookup(PDFName.of('Names'))
  return names instanceof PDFDict && names.get(PDFName.of('JavaScript')) !== undefined
}

/** Every forbidden action, JavaScript and /AA in the document (deduplicated by description). */
export function findForbiddenActions(doc: PDFDocument): ForbiddenFinding[] {
  const found = new Map<string, ForbiddenFinding>()
  const add = (f: ForbiddenFinding): void => void found.set(`${f.kind}:${f.what}`, f)
  if (namesJavaScript(doc)) add({ kind: 'javascript', what: 'document-level JavaScript (Names /JavaScript)' })
  forEachDict(doc, (dict) => {
    const problem = actionProblem(dict)
    if (problem !== undefined) add(problem)
    if (dict.get(PDFName.of('AA')) !== undefined) add({ kind: 'additional-actions', what: 'additional actions (/AA)' })
  })
  return [...found.values()]
}

/**
 * Removes what findForbiddenActions finds: /AA entries, document JavaScript, and every /A,
 * /OpenAction or /Next that points to a forbidden action (the triggering key is deleted, so a
 * link stays a visible annotation that does nothing). Also drops XFA forms (6.4.2).
 * @returns how many entries were removed.
 */
export function removeForbiddenActions(doc: PDFDocument): number {
  let removed = 0
  const names = doc.catalog.lookup(PDFName.of('Names'))
  if (names instanceof PDFDict && names.get(PDFName.of('JavaScript')) !== undefined) {
    names.delete(PDFName.of('JavaScript'))
    removed++
  }
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'))
  if (acroForm instanceof PDFDict && acroForm.get(PDFName.of('XFA')) !== undefined) {
    acroForm.delete(PDFName.of('XFA'))
    removed++
  }
  forEachDict(doc, (dict) => {
    if (dict.get(PDFName.of('AA')) !== undefined) {
      dict.delete(PDFName.of('AA'))
      removed++
    }
    for (const key of ['A', 'OpenAction', 'Next'].map((k) => PDFName.of(k))) {
      const action = dict.lookup(key)
      if (action instanceof PDFDict && actionProblem(action) !== undefined) {
        dict.delete(key)
        removed++
      }
    }
  })
  return removed
}
