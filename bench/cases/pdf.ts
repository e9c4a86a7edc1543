/**
 * PDF benchmarks (issue 5 targets): combine of a 10-line invoice into a 1-page PDF/A ≤ 5 ms,
 * extract ≤ 2 ms, pdf2pdfa of a 1-page PDF with embedded fonts ≤ 20 ms. The inputs are made
 * once with pdfkit (DejaVu embedded) and pdf-lib (standard fonts, not embedded) before timing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import PDFKit from 'pdfkit'
import { combine } from '../../src/operations/combine.js'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

async function onePage(subset: 'PDF/A-3b' | undefined): Promise<Uint8Array> {
  const doc = new PDFKit({ size: 'A4', ...(subset === undefined ? {} : { subset, pdfVersion: '1.7' }) } as PDFKit.PDFDocumentOptions)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  doc.font(join(PACKAGE_ROOT, 'assets', 'fonts', 'DejaVuSans.ttf')).fontSize(11)
  for (let i = 1; i <= 10; i++) doc.text(`Line ${i}: Artikel ${i}, 2 × 9.90 EUR, 19 % VAT`)
  doc.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}

/** A 1-page PDF in Helvetica, which pdf-lib never embeds: pdf2pdfa embeds a Liberation Sans subset. */
async function helveticaPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595.28, 841.89])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= 10; i++) page.drawText(`Line ${i}: Artikel ${i}, 2 x 9.90 EUR, 19 % VAT`, { x: 50, y: 800 - i * 16, size: 11, font })
  return doc.save({ useObjectStreams: false })
}

const tenLines = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'))
const pdfa = await onePage('PDF/A-3b')
const plain = await onePage(undefined)
const helvetica = await helveticaPage()
const params = { format: 'fx', profile: 'EN16931', version: 2 }
const facturX = (await combine.run({ inputs: { file: pdfa, json: tenLines }, params })).body as Uint8Array

export const cases: BenchCase[] = [
  {
    name: 'combine: 10-line invoice JSON into a 1-page PDF/A-3b',
    operation: 'combine',
    targetMs: 5,
    run: () => combine.run({ inputs: { file: pdfa, json: tenLines }, params }),
  },
  {
    name: 'extract: factur-x.xml from a 1-page Factur-X PDF',
    operation: 'extract',
    targetMs: 2,
    run: () => extractInvoiceXml(facturX),
  },
  {
    name: 'pdf2pdfa: 1-page PDF with embedded fonts (in place)',
    operation: 'pdf2pdfa',
    targetMs: 20,
    run: () => pdfToPdfa(plain, { ghostscript: false }),
  },
  {
    name: 'pdf2pdfa: 1-page PDF in Helvetica (Liberation Sans subset embedded in place)',
    operation: 'pdf2pdfa',
    targetMs: 20,
    run: () => pdfToPdfa(helvetica, { ghostscript: false }),
  },
]
