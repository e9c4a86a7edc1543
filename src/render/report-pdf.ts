/**
 * `validationReportToPDF`: a validation report XML → an A4 PDF/A-3b written by pdfkit (XMP with
 * pdfaid, sRGB OutputIntent, subset-embedded DejaVu Sans, which covers any Latin, Greek or
 * Cyrillic text of a report). It shows the overall status with a recommendation, then every
 * message of each part with severity, rule, location and text; pdfkit breaks pages as the text
 * flows, and every page carries "page n of m".
 * @module
 */
import PDFDocument from 'pdfkit'
import type { Language } from './i18n/index.js'
import { LANGUAGE_TAGS } from './i18n/index.js'
import { FONT_BOLD, FONT_REGULAR, fontSource, rememberParsedFont } from './pdf-fonts.js'
import { A4, MARGIN } from './pdf-layout.js'
import { breakLongWords } from './long-words.js'
import { glyphCoverage, printableStrings } from './pdf-text.js'
import { PDF_PRODUCER } from './producer.js'
import { type ReportLabels, reportLabels } from './report-labels.js'
import { type ReportMessage, type ReportPart, type ValidationReportModel, readValidationReport } from './report-model.js'

type Doc = InstanceType<typeof PDFDocument>

export type ReportPdfOptions = {
  /** Label language. @default 'EN' */
  language?: Language | undefined
  /** Creation date in Info and XMP. @default now */
  date?: Date | undefined
}

const INK = '#1a1a1a'
const MUTED = '#555555'
const COLOURS: Readonly<Record<string, string>> = { valid: '#1b6e2d', invalid: '#a11d1d' }
const SEVERITY_COLOURS: Readonly<Record<ReportMessage['severity'], string>> = {
  fatal: '#a11d1d',
  error: '#a11d1d',
  exception: '#a11d1d',
  warning: '#8a5a00',
  notice: '#1f4e79',
}
const WIDTH = A4[0] - MARGIN.left - MARGIN.right

/** pdfkit writes XMP text without escaping; markup characters must not reach it. */
const xmpSafe = (text: string): string => text.replace(/[&<>]/g, ' ')

function collect(doc: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

function statusText(labels: ReportLabels, status: string | undefined): string {
  if (status === 'valid') return labels.valid
  if (status === 'invalid') return labels.invalid
  return status ?? '—'
}

function field(doc: Doc, label: string, value: string): void {
  doc.font(FONT_BOLD).fontSize(9).fillColor(MUTED).text(`${label}: `, { continued: true })
  doc.font(FONT_REGULAR).fillColor(INK)
  doc.text(breakLongWords(doc, value, WIDTH))
}

function drawMessage(doc: Doc, labels: ReportLabels, m: ReportMessage): void {
  // Keep a message's first lines together: start it on a new page when little room is left.
  if (doc.y > A4[1] - MARGIN.bottom - 40) doc.addPage()
  const head = [labels.severity[m.severity], m.rule === undefined ? undefined : `${labels.rule} ${m.rule}`, m.section === undefined ? undefined : `${labels.section} ${m.section}`]
  doc.font(FONT_BOLD).fontSize(8.5).fillColor(SEVERITY_COLOURS[m.severity]).text(head.filter((x) => x !== undefined).join('  ·  '), { width: WIDTH })
  if (m.location !== undefined && m.location !== '') {
    doc.font(FONT_REGULAR).fontSize(7.5).fillColor(MUTED)
    doc.text(breakLongWords(doc, `${labels.location}: ${m.location}`, WIDTH), { width: WIDTH })
  }
  doc.font(FONT_REGULAR).fontSize(8.5).fillColor(INK)
  doc.text(breakLongWords(doc, m.text, WIDTH), { width: WIDTH })
  doc.moveDown(0.5)
}

const PART_TITLE: Readonly<Record<ReportPart['name'], keyof ReportLabels>> = { pdf: 'pdfPart', xml: 'xmlPart', document: 'overall' }

function drawPart(doc: Doc, labels: ReportLabels, part: ReportPart): void {
  doc.moveDown(0.6)
  if (doc.y > A4[1] - MARGIN.bottom - 60) doc.addPage()
  const title = labels[PART_TITLE[part.name]] as string
  doc.font(FONT_BOLD).fontSize(12).fillColor(INK).text(title, { continued: true })
  doc.fillColor(COLOURS[part.status ?? ''] ?? MUTED).text(`  ${statusText(labels, part.status)}`)
  if (part.profile !== undefined && part.profile !== '') field(doc, labels.profile, part.profile)
  doc.moveDown(0.3)
  if (part.messages.length === 0) {
    doc.font(FONT_REGULAR).fontSize(8.5).fillColor(MUTED).text(labels.noMessages)
    return
  }
  doc.font(FONT_BOLD).fontSize(9).fillColor(MUTED).text(`${labels.messages} (${part.messages.length})`)
  doc.moveDown(0.3)
  for (const m of part.messages) drawMessage(doc, labels, m)
}

function numberPages(doc: Doc, labels: ReportLabels, title: string): void {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    // Writing below the bottom margin would make pdfkit start a new page.
    const saved = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const label = labels.pageOf.replace('{page}', String(i + 1)).replace('{pages}', String(range.count))
    doc.font(FONT_REGULAR).fontSize(7.5).fillColor(MUTED)
    doc.text(title, MARGIN.left, A4[1] - 34, { width: WIDTH * 0.75, lineBreak: false, height: 10, ellipsis: true })
    doc.text(label, MARGIN.left, A4[1] - 34, { width: WIDTH, align: 'right', lineBreak: false })
    doc.page.margins.bottom = saved
  }
}

/** Renders a parsed report. */
export async function renderReportPdf(input: ValidationReportModel, options: ReportPdfOptions = {}): Promise<Uint8Array> {
  const language = options.language ?? 'EN'
  const labels = reportLabels(language)
  const date = options.date ?? new Date()
  const title = `${labels.title}${input.fileName === undefined ? '' : ` – ${input.fileName}`}`
  const doc = new PDFDocument({
    size: [A4[0], A4[1]],
    margins: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    // The default Helvetica is a base-14 font PDF/A forbids unembedded.
    font: fontSource(FONT_REGULAR) as unknown as string,
    lang: LANGUAGE_TAGS[language],
    displayTitle: true,
    bufferPages: true,
    info: { Title: xmpSafe(title), Producer: PDF_PRODUCER, Creator: PDF_PRODUCER, CreationDate: date, ModDate: date },
  })
  doc.registerFont(FONT_REGULAR, fontSource(FONT_REGULAR) as unknown as string)
  doc.registerFont(FONT_BOLD, fontSource(FONT_BOLD) as unknown as string)
  doc.font(FONT_BOLD).font(FONT_REGULAR)
  // `_fontFamilies` is pdfkit's font cache by name (no public accessor).
  const families = (doc as unknown as { _fontFamilies?: Record<string, { font?: unknown } | undefined> })._fontFamilies ?? {}
  // Messages quote the document's own text: only glyphs the fonts have (pdf-text.ts).
  const coverage = glyphCoverage([families[FONT_REGULAR]?.font, families[FONT_BOLD]?.font])
  const report = printableStrings(input, coverage)
  const done = collect(doc)
  doc.font(FONT_BOLD).fontSize(16).fillColor(INK).text(labels.title)
  doc.moveDown(0.4)
  if (report.fileName !== undefined) field(doc, labels.file, report.fileName)
  if (report.datetime !== undefined) field(doc, labels.date, report.datetime)
  doc.moveDown(0.4)
  doc.font(FONT_BOLD).fontSize(13).fillColor(INK).text(`${labels.verdict}: `, { continued: true })
  doc.fillColor(COLOURS[report.status] ?? MUTED).text(statusText(labels, report.status))
  if (report.status === 'valid' || report.status === 'invalid') {
    doc.font(FONT_REGULAR).fontSize(9).fillColor(INK).text(report.status === 'valid' ? labels.accept : labels.reject)
  }
  for (const part of report.parts) drawPart(doc, labels, part)
  numberPages(doc, labels, printableStrings(title, coverage))
  // XMP dates beside pdfkit's CreateDate, which it writes alone (Info ModDate must match XMP).
  const iso = date.toISOString().split('.')[0] + 'Z'
  doc.appendXML(
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:ModifyDate>${iso}</xmp:ModifyDate><xmp:MetadataDate>${iso}</xmp:MetadataDate></rdf:Description>`,
  )
  // Keep the parsed fonts for the next documents (pdf-fonts.ts).
  for (const name of [FONT_REGULAR, FONT_BOLD]) rememberParsedFont(name, families[name]?.font)
  doc.end()
  return done
}

/**
 * The report XML → PDF/A-3b.
 * @throws EInvoiceError INVALID_XML / UNSUPPORTED_DOCUMENT when the text is not a validation report.
 * @example
 * const pdf = await validationReportToPdf(writeMustangReport(result), { language: 'DE' })
 */
export async function validationReportToPdf(xml: Uint8Array | string, options: ReportPdfOptions = {}): Promise<Uint8Array> {
  return renderReportPdf(readValidationReport(xml), options)
}
