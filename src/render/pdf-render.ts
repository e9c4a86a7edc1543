/**
 * The view model → an A4 PDF/A-3b written natively by pdfkit (`subset: 'PDF/A-3b'`: XMP with
 * pdfaid, the sRGB OutputIntent, subset-embedded TrueType fonts with ToUnicode), DejaVu Sans and
 * for CJK text WenQuanYi Micro Hei (pdf-font-set.ts), page numbers, the document language in /Lang
 * and the title shown by viewers.
 * @module
 */
import PDFDocument from 'pdfkit'
import { LANGUAGE_TAGS } from './i18n/index.js'
import { PdfFonts } from './pdf-font-set.js'
import { compactFinishedPages } from './pdf-pages.js'
import { FONT_BOLD, FONT_REGULAR, fontSource, shareLayoutCache } from './pdf-fonts.js'
import { numberPages } from './pdf-footer.js'
import { A4, MARGIN, PdfLayout } from './pdf-layout.js'
import { printableStrings } from './pdf-text.js'
import { PDF_PRODUCER } from './producer.js'
import type { InvoiceView } from './view-types.js'

export type PdfRenderOptions = {
  /** The creation date written to Info and XMP. @default the current time */
  date?: Date | undefined
  /**
   * Write a tagged PDF (structure tree: headings, paragraphs, tables; decoration as artifacts).
   * Off by default: it costs about 40 % more time (xmltopdf's budget is 30 ms).
   * @default false
   */
  tagged?: boolean | undefined
}

/** XMP text that pdfkit writes without escaping must not contain markup characters. */
function xmpSafe(text: string): string {
  return text.replace(/[&<>]/g, ' ')
}

function collect(doc: InstanceType<typeof PDFDocument>): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

/** Renders the view as a PDF/A-3b document. */
export async function renderPdf(view: InvoiceView, options: PdfRenderOptions = {}): Promise<Uint8Array> {
  const date = options.date ?? new Date()
  const tagged = options.tagged ?? false
  const doc = new PDFDocument({
    size: [A4[0], A4[1]],
    margins: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    // The default font would otherwise be Helvetica, a base-14 font PDF/A forbids unembedded.
    font: fontSource(FONT_REGULAR) as unknown as string,
    lang: LANGUAGE_TAGS[view.language],
    tagged,
    displayTitle: true,
    bufferPages: true,
    info: { Title: xmpSafe(view.title), Producer: PDF_PRODUCER, Creator: PDF_PRODUCER, CreationDate: date, ModDate: date },
  })
  compactFinishedPages(doc)
  const fonts = new PdfFonts(doc)
  shareLayoutCache(doc, [FONT_REGULAR, FONT_BOLD])
  const shown = printableStrings(view, fonts.has)
  const done = collect(doc)
  const layout = new PdfLayout(doc, fonts, tagged)
  layout.title(shown.title)
  for (const s of shown.sections) layout.section(s)
  layout.note(shown.page.generatedBy)
  layout.finish()
  numberPages(doc, fonts, { title: shown.title, pageOf: shown.page.pageOf, tagged })
  // XMP dates beside pdfkit's CreateDate, which it writes alone (ISO 19005-3 6.6.2.3 via Info ModDate).
  const iso = date.toISOString().split('.')[0] + 'Z'
  doc.appendXML(
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:ModifyDate>${iso}</xmp:ModifyDate><xmp:MetadataDate>${iso}</xmp:MetadataDate></rdf:Description>`,
  )
  fonts.remember()
  doc.end()
  return done
}
