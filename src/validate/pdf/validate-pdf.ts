/**
 * The PDF part of validation: PDF/A-3 checks (file structure, XMP of the document and of every
 * object, colour, fonts and their widths, actions, transparency, optional content, annotations,
 * forms, embedded files) and, when the PDF carries an invoice, the Factur-X/ZUGFeRD container checks.
 * Findings are data; the PDF/A verdict is what veraPDF's PDF/A-3b judgement is compared with.
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import { EInvoiceError, isEInvoiceError } from '../../errors.js'
import { type FoundInvoiceXml, findInvoiceAttachment, noInvoiceXmlError } from '../../pdf/extract.js'
import { requireDecodeBudget } from '../../pdf/limits.js'
import { loadPdf } from '../../pdf/load-pdf.js'
import { pushAll } from '../../util/arrays.js'
import { parseXml } from '../../xml/index.js'
import { isInvalidating } from '../types.js'
import { checkAnnotations, checkForms } from './annotation-checks.js'
import { checkCidSets } from './cidset-check.js'
import { checkCMapsAndCharSets } from './cmap-checks.js'
import { checkColour } from './colour-checks.js'
import { checkContentLimits } from './content-limits-check.js'
import { checkFacturx, facturxXmp } from './facturx-checks.js'
import { checkFileBytes, checkTrailerId } from './file-structure.js'
import { checkFontDictionaries } from './font-dict-checks.js'
import { checkShownGlyphs } from './glyph-width-check.js'
import { checkGraphicsObjects } from './graphics-object-checks.js'
import { type EmbeddedFileInfo, checkEmbeddedFiles, checkFontsAndActions } from './object-checks.js'
import { checkObjectLimits } from './object-limits-check.js'
import { checkObjectSyntax } from './object-syntax-check.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'
import { checkSignatures } from './signature-check.js'
import { checkSpotColours } from './spot-colour-check.js'
import { checkPageTransparencyGroups } from './page-transparency-check.js'
import { checkBlendModes, checkOptionalContent } from './transparency-layer-checks.js'
import { type XmpCheckResult, checkOtherMetadataStreams, checkXmp } from './xmp-checks.js'
import { checkUnicodeNames } from './unicode-name-check.js'

export type PdfValidationOptions = {
  /**
   * Reads BT-24 from the embedded invoice XML (validateFile passes its XML validation here, so the
   * XML is parsed once). @default a light parse that finds the guideline ID
   */
  guidelineOf?: ((xml: Uint8Array, fileName: string) => string | undefined) | undefined
}

export type PdfValidationResult = {
  findings: PdfFinding[]
  /** The file could be parsed as a PDF at all. */
  readable: boolean
  /** No error in the PDF/A group (what veraPDF judges). */
  pdfaValid: boolean
  /** No error in the Factur-X container group. */
  facturxValid: boolean
  valid: boolean
  /** pdfaid:part and pdfaid:conformance as written. */
  part?: string | undefined
  conformance?: string | undefined
  /** Why the file could not be read (INVALID_PDF, INPUT_TOO_LARGE), when it could not. */
  loadError?: EInvoiceError | undefined
  /** The embedded invoice XML, when there is one. */
  invoice?: { fileName: string; xml: Uint8Array } | undefined
  /**
   * Why a readable PDF gave no invoice XML: NO_INVOICE_XML naming its attachments, or the
   * INVALID_PDF of an attachment whose data cannot be decoded (extract's errors for the same file).
   */
  noInvoice?: EInvoiceError | undefined
  durationMs: number
}

/**
 * Finds `GuidelineSpecifiedDocumentContextParameter/ID` (CII, ZUGFeRD 1, Order-X) or UBL
 * CustomizationID.
 * @throws the XML parser's EInvoiceError when the XML is not well-formed.
 */
export function guidelineOf(xml: Uint8Array): string | undefined {
  const root = parseXml(xml).root
  const ctx = root.children.find((c) => c.local === 'ExchangedDocumentContext' || c.local === 'SpecifiedExchangedDocumentContext')
  const g = ctx?.children.find((c) => c.local === 'GuidelineSpecifiedDocumentContextParameter')
  const id = g?.children.find((c) => c.local === 'ID') ?? root.children.find((c) => c.local === 'CustomizationID')
  return id?.text.trim()
}

/** The default BT-24 reader: a not well-formed invoice XML is a container finding, not a crash. */
function guidelineOrFinding(xml: Uint8Array, fileName: string, out: PdfFinding[]): string | undefined {
  try {
    return guidelineOf(xml)
  } catch (err) {
    out.push(pdfFinding('FX-ATTACHMENT-XML', `embedded file ${JSON.stringify(fileName)}`, { file: JSON.stringify(fileName), detail: (err as Error).message }))
    return undefined
  }
}

/** Runs one check; an unexpected failure inside becomes a finding, never a crash. */
function guarded<T>(what: string, out: PdfFinding[], fallback: T, check: () => T): T {
  try {
    return check()
  } catch (err) {
    out.push(pdfFinding('PDFA-UNREADABLE', what, { detail: `${what}: ${(err as Error).message}` }))
    return fallback
  }
}

/**
 * A page tree pdf-lib cannot walk (a /Pages that is no page tree node): one finding that says so;
 * the checks that read pages then skip them instead of each failing with pdf-lib's own error.
 */
function pageTreeFindings(doc: PDFDocument): PdfFinding[] {
  try {
    doc.getPages()
    return []
  } catch {
    return [pdfFinding('PDFA-UNREADABLE', 'catalog /Pages', { detail: 'the page tree (catalog /Pages) cannot be read, so no page, page content or annotation was checked' })]
  }
}

/**
 * The invoice XML, found as extract finds it. A decoding failure is kept for the caller (a bomb
 * also refuses the whole document: requireDecodeBudget throws it next).
 */
function invoiceOf(files: readonly EmbeddedFileInfo[]): { found?: FoundInvoiceXml | undefined; noInvoice?: EInvoiceError | undefined } {
  const attachments = files.map((f) => f.attachment)
  try {
    const found = findInvoiceAttachment(attachments)
    return found === undefined ? { noInvoice: noInvoiceXmlError(attachments) } : { found }
  } catch (err) {
    return { noInvoice: isEInvoiceError(err) ? err : new EInvoiceError('INVALID_PDF', `an embedded file cannot be read: ${(err as Error).message}`, { cause: err }) }
  }
}

/** The invoice's own findings: unreadable data, a length other than its /Params /Size. */
function invoiceFindings(found: FoundInvoiceXml | undefined, noInvoice: EInvoiceError | undefined): PdfFinding[] {
  if (noInvoice !== undefined && noInvoice.errorCode !== 'NO_INVOICE_XML') {
    return [pdfFinding('FX-ATTACHMENT-DATA', 'embedded files', { detail: noInvoice.message })]
  }
  const declared = found?.attachment.declaredSize
  if (found === undefined || declared === undefined || declared === found.xml.length) return []
  const file = JSON.stringify(found.attachment.name)
  return [pdfFinding('FX-ATTACHMENT-SIZE', `embedded file ${file} /Params /Size`, { file, actual: String(found.xml.length), declared: String(declared) })]
}

function verdict(findings: readonly PdfFinding[], group: PdfFinding['group']): boolean {
  return !findings.some((f) => f.group === group && isInvalidating(f.severity))
}

function documentChecks(doc: PDFDocument, findings: PdfFinding[]): { xmp: XmpCheckResult; files: EmbeddedFileInfo[] } {
  const run = (what: string, check: () => readonly PdfFinding[]): void => pushAll(findings, guarded(what, findings, [], check))
  run('trailer', () => checkTrailerId(doc))
  run('page tree', () => pageTreeFindings(doc))
  const xmp = guarded<XmpCheckResult>('XMP metadata', findings, { findings: [], schemas: [] }, () => checkXmp(doc))
  pushAll(findings, xmp.findings)
  run('metadata streams', () => checkOtherMetadataStreams(doc, xmp.schemas))
  run('implementation limits', () => checkObjectLimits(doc))
  run('content-stream operators and limits', () => checkContentLimits(doc))
  run('colour', () => checkColour(doc).findings)
  run('spot colours', () => checkSpotColours(doc))
  run('fonts and actions', () => checkFontsAndActions(doc))
  run('font CIDSet', () => checkCidSets(doc))
  run('font dictionaries', () => checkFontDictionaries(doc))
  run('shown glyphs', () => checkShownGlyphs(doc))
  run('page transparency', () => checkPageTransparencyGroups(doc))
  run('blend modes', () => checkBlendModes(doc))
  run('graphics objects', () => checkGraphicsObjects(doc))
  run('optional content', () => checkOptionalContent(doc))
  run('annotations', () => checkAnnotations(doc))
  run('interactive forms', () => checkForms(doc))
  run('colourant and structure type names', () => checkUnicodeNames(doc))
  run('CMaps and CharSets', () => checkCMapsAndCharSets(doc))
  const files = guarded('embedded files', findings, [], () => checkEmbeddedFiles(doc, findings))
  return { xmp, files }
}

/**
 * Validates the PDF container. Never throws for bad input: an unreadable file is a finding.
 * @example
 * const pdf = await validatePdf(readFileSync('factur-x.pdf'))
 * pdf.pdfaValid
 */
export async function validatePdf(bytes: Uint8Array, options: PdfValidationOptions = {}): Promise<PdfValidationResult> {
  const started = performance.now()
  const findings = checkFileBytes(bytes)
  const done = (readable: boolean, extra: Partial<PdfValidationResult> = {}): PdfValidationResult => {
    const pdfaValid = verdict(findings, 'pdfa')
    const facturxValid = verdict(findings, 'facturx')
    return { findings, readable, pdfaValid, facturxValid, valid: pdfaValid && facturxValid, durationMs: performance.now() - started, ...extra }
  }
  let doc: PDFDocument
  try {
    const loaded = await loadPdf(bytes)
    doc = loaded.doc
    if (loaded.xrefRepaired) findings.push(pdfFinding('PDFA-FILE-XREF', 'startxref', { offset: startxrefOffset(bytes) }))
    if (loaded.decrypted) findings.push(pdfFinding('PDFA-ENCRYPT', 'trailer /Encrypt'))
  } catch (err) {
    findings.push(pdfFinding('PDFA-UNREADABLE', 'file', { detail: (err as Error).message }))
    return done(false, { loadError: isEInvoiceError(err) ? err : new EInvoiceError('INVALID_PDF', `the PDF cannot be parsed: ${(err as Error).message}`, { cause: err }) })
  }
  const loadedFindings = findings.length
  pushAll(findings, guarded('object syntax', findings, [], () => checkObjectSyntax(bytes, doc)))
  pushAll(findings, guarded('signatures', findings, [], () => checkSignatures(bytes, doc)))
  const { xmp, files } = documentChecks(doc, findings)
  const { found, noInvoice } = invoiceOf(files)
  try {
    requireDecodeBudget(doc.context)
  } catch (err) {
    // The checks skipped every stream after the budget ran out: their findings would pass an unchecked file.
    findings.splice(loadedFindings)
    findings.push(pdfFinding('PDFA-UNREADABLE', 'file', { detail: (err as Error).message }))
    return done(false, { loadError: err as EInvoiceError })
  }
  const read = options.guidelineOf ?? ((data: Uint8Array, name: string) => guidelineOrFinding(data, name, findings))
  const xmlStarted = performance.now()
  const invoiceFileName = found?.attachment.name
  const guideline = found === undefined ? undefined : read(found.xml, found.attachment.name)
  // The caller's XML validation runs inside `read`; the PDF part's duration leaves it out.
  const xmlMs = options.guidelineOf === undefined ? 0 : performance.now() - xmlStarted
  const looksLikeInvoice = found !== undefined || (xmp.packet !== undefined && facturxXmp(xmp.packet) !== undefined)
  pushAll(findings, invoiceFindings(found, noInvoice))
  if (looksLikeInvoice) {
    pushAll(findings, checkFacturx({ packet: xmp.packet, schemas: xmp.schemas, files, invoiceFileName, guideline }))
  }
  const result = done(true, {
    part: xmp.part,
    conformance: xmp.conformance,
    invoice: found === undefined ? undefined : { fileName: found.attachment.name, xml: found.xml },
    noInvoice,
  })
  result.durationMs -= xmlMs
  return result
}

function startxrefOffset(bytes: Uint8Array): string {
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)))
  return /startxref\s+(\d+)/.exec(tail)?.[1] ?? '?'
}

/**
 * What keeps a finished file from being PDF/A-3b, one line per rule (the first finding's message
 * and how many more there are): pdf2pdfa's last word before it labels a file PDF/A.
 */
export async function pdfaErrors(pdf: Uint8Array): Promise<string[]> {
  const byRule = new Map<string, { message: string; more: number }>()
  for (const f of (await validatePdf(pdf)).findings) {
    if (f.group !== 'pdfa' || !isInvalidating(f.severity)) continue
    const seen = byRule.get(f.ruleId)
    if (seen === undefined) byRule.set(f.ruleId, { message: f.message, more: 0 })
    else seen.more++
  }
  return [...byRule.values()].map((r) => (r.more === 0 ? r.message : `${r.message} (and ${r.more} more)`))
}
