/**
 * `validationReportToPDF`: a validation report XML → an A4 PDF/A-3b written by pdfkit (XMP with
 * pdfaid, sRGB OutputIntent, subset-embedded DejaVu Sans, which covers any Latin, Greek or
 * Cyrillic text of a report, and WenQuanYi Micro Hei for Chinese, Japanese and Korean text). It shows the overall status with a recommendation, then every
 * message of each part with severity, rule, location and text; pdfkit breaks pages as the text
 * flows, and every page carries "page n of m".
 * @module
 */
import PDFDocument from 'pdfkit'
import type { Language } from './i18n/index.js'
import { LANGUAGE_TAGS } from './i18n/index.js'
import { type FontName, PdfFonts } from './pdf-font-set.js'
import { compactFinishedPages } from './pdf-pages.js'
import { numberPages } from './pdf-footer.js'
import { RichText, type Segment, needsRichLayout } from './pdf-rich-text.js'
import { FONT_BOLD, FONT_REGULAR, fontSource } from './pdf-fonts.js'
import { A4, MARGIN } from './pdf-layout.js'
import { breakLongWords } from './long-words.js'
import { printableStrings } from './pdf-text.js'
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

/** What draws a report's text: the fonts, and the layout for right-to-left or several-font text. */
type Pen = { doc: Doc; fonts: PdfFonts; rich: RichText }

/**
 * Draws the segments as one flowing paragraph with the rich layout when one of them needs it
 * (pdf-rich-text.ts); false when pdfkit's own path draws them right.
 */
function richFlow(pen: Pen, segments: readonly Segment[], size: number, color: string): boolean {
  if (!segments.some((s) => needsRichLayout(pen.fonts, s.text, s.font))) return false
  const lines = pen.rich.lines(segments, size, WIDTH)
  pen.rich.draw(lines, { x: MARGIN.left, y: pen.doc.y, width: WIDTH, font: (segments[0] as Segment).font, size, lineGap: 0, color, align: 'start', bottom: A4[1] - MARGIN.bottom, top: MARGIN.top })
  return true
}

/** A one-font paragraph, flowing. */
function paragraph(pen: Pen, text: string, font: FontName, size: number, color: string): void {
  if (richFlow(pen, [{ text, font }], size, color)) return
  const { doc, fonts } = pen
  const shown = fonts.use(text, font)
  doc.fontSize(size).fillColor(color)
  doc.text(breakLongWords(doc, shown, WIDTH), MARGIN.left, doc.y, { width: WIDTH })
}

function field(pen: Pen, label: string, value: string): void {
  if (richFlow(pen, [{ text: `${label}: `, font: FONT_BOLD, color: MUTED }, { text: value, font: FONT_REGULAR, color: INK }], 9, INK)) return
  const { doc, fonts } = pen
  doc.fontSize(9).fillColor(MUTED).text(fonts.use(`${label}: `, FONT_BOLD), { continued: true })
  const shown = fonts.use(value, FONT_REGULAR)
  doc.fillColor(INK)
  doc.text(breakLongWords(doc, shown, WIDTH))
}

function drawMessage(pen: Pen, labels: ReportLabels, m: ReportMessage): void {
  const { doc } = pen
  // Keep a message's first lines together: start it on a new page when little room is left.
  if (doc.y > A4[1] - MARGIN.bottom - 40) doc.addPage()
  const head = [labels.severity[m.severity], m.rule === undefined ? undefined : `${labels.rule} ${m.rule}`, m.section === undefined ? undefined : `${labels.section} ${m.section}`]
  paragraph(pen, head.filter((x) => x !== undefined).join('  ·  '), FONT_BOLD, 8.5, SEVERITY_COLOURS[m.severity])
  if (m.location !== undefined && m.location !== '') paragraph(pen, `${labels.location}: ${m.location}`, FONT_REGULAR, 7.5, MUTED)
  paragraph(pen, m.text, FONT_REGULAR, 8.5, INK)
  doc.moveDown(0.5)
}

const PART_TITLE: Readonly<Record<ReportPart['name'], keyof ReportLabels>> = { pdf: 'pdfPart', xml: 'xmlPart', document: 'overall' }

function drawPart(pen: Pen, labels: ReportLabels, part: ReportPart): void {
  const { doc, fonts } = pen
  doc.moveDown(0.6)
  if (doc.y > A4[1] - MARGIN.bottom - 60) doc.addPage()
  const title = labels[PART_TITLE[part.name]] as string
  doc.fontSize(12).fillColor(INK).text(fonts.use(title, FONT_BOLD), { continued: true })
  doc.fillColor(COLOURS[part.status ?? ''] ?? MUTED).text(fonts.use(`  ${statusText(labels, part.status)}`, FONT_BOLD))
  if (part.profile !== undefined && part.profile !== '') field(pen, labels.profile, part.profile)
  doc.moveDown(0.3)
  if (part.messages.length === 0) {
    doc.fontSize(8.5).fillColor(MUTED).text(fonts.use(labels.noMessages, FONT_REGULAR))
    return
  }
  doc.fontSize(9).fillColor(MUTED).text(fonts.use(`${labels.messages} (${part.messages.length})`, FONT_BOLD))
  doc.moveDown(0.3)
  for (const m of part.messages) drawMessage(pen, labels, m)
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
  compactFinishedPages(doc)
  const fonts = new PdfFonts(doc)
  const pen: Pen = { doc, fonts, rich: new RichText(doc, fonts) }
  // Messages quote the document's own text: only glyphs the fonts have (pdf-text.ts).
  const report = printableStrings(input, fonts.has)
  const done = collect(doc)
  doc.fontSize(16).fillColor(INK).text(fonts.use(labels.title, FONT_BOLD))
  doc.moveDown(0.4)
  if (report.fileName !== undefined) field(pen, labels.file, report.fileName)
  if (report.datetime !== undefined) field(pen, labels.date, report.datetime)
  doc.moveDown(0.4)
  doc.fontSize(13).fillColor(INK).text(fonts.use(`${labels.verdict}: `, FONT_BOLD), { continued: true })
  doc.fillColor(COLOURS[report.status] ?? MUTED).text(fonts.use(statusText(labels, report.status), FONT_BOLD))
  if (report.status === 'valid' || report.status === 'invalid') {
    doc.fontSize(9).fillColor(INK).text(fonts.use(report.status === 'valid' ? labels.accept : labels.reject, FONT_REGULAR))
  }
  for (const part of report.parts) drawPart(pen, labels, part)
  numberPages(doc, fonts, { title: printableStrings(title, fonts.has), pageOf: labels.pageOf, tagged: false })
  // XMP dates beside pdfkit's CreateDate, which it writes alone (Info ModDate must match XMP).
  const iso = date.toISOString().split('.')[0] + 'Z'
  doc.appendXML(
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:ModifyDate>${iso}</xmp:ModifyDate><xmp:MetadataDate>${iso}</xmp:MetadataDate></rdf:Description>`,
  )
  fonts.remember()
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
