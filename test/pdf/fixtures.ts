/**
 * PDF inputs made on the fly for the PDF tests: PDF/A-1b and PDF/A-3b pages with an embedded
 * DejaVu font (pdfkit's PDF/A subset), and ordinary PDFs with the non-embedded standard fonts.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFKit from 'pdfkit'
import { PACKAGE_ROOT } from '../../src/version.js'

export const DEJAVU = join(PACKAGE_ROOT, 'assets', 'fonts', 'DejaVuSans.ttf')

export type FixtureOptions = {
  /** pdfkit subset, e.g. 'PDF/A-3b'; none for an ordinary PDF. */
  subset?: 'PDF/A-1b' | 'PDF/A-3b' | undefined
  /** Use the standard Helvetica font (not embedded) instead of DejaVu. */
  standardFont?: boolean | undefined
  pages?: number | undefined
  lines?: readonly string[] | undefined
}

export async function makePdf(options: FixtureOptions = {}): Promise<Uint8Array> {
  const doc = new PDFKit({
    autoFirstPage: false,
    size: 'A4',
    info: { Title: 'Test invoice', Author: 'einvoice tests', CreationDate: new Date('2026-01-02T03:04:05Z') },
    ...(options.subset === undefined ? {} : { subset: options.subset, pdfVersion: options.subset === 'PDF/A-1b' ? '1.4' : '1.7' }),
  } as PDFKit.PDFDocumentOptions)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  for (let p = 0; p < (options.pages ?? 1); p++) {
    doc.addPage()
    if (options.standardFont === true) doc.font('Helvetica')
    else doc.font(DEJAVU)
    doc.fontSize(12).fillColor('#202020')
    for (const line of options.lines ?? [`Invoice page ${p + 1}`, 'Seller: Lieferant GmbH, Lieferantenstraße 20', 'Total due: 529.87 EUR']) {
      doc.text(line)
    }
  }
  doc.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}

/** Runs qpdf on bytes (for encrypted test inputs); undefined when qpdf is not installed. */
export function withQpdf(input: Uint8Array, args: readonly string[]): Uint8Array | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-qpdf-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), input)
    execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')], { stdio: 'ignore' })
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')))
  } catch {
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Whether a command is on PATH. */
export function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export type PdfaCheck = { result: string; failed: string[] }

/** Runs ../shared/tools/pdfa-check --strict (about 0.7 s per call: use sparingly). */
export function pdfaCheck(pdf: Uint8Array, profile: 'pdfa3' | 'facturx'): PdfaCheck {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-pdfa-'))
  try {
    const file = join(dir, 'out.pdf')
    writeFileSync(file, pdf)
    let out: string
    try {
      out = execFileSync(PDFA_CHECK, ['--strict', '--profile', profile, file], { encoding: 'utf8' })
    } catch (err) {
      out = String((err as { stdout?: unknown }).stdout ?? '')
    }
    const report = JSON.parse(out) as { result: string; checks?: { id: string; status: string; reason: string }[] }
    const failed = (report.checks ?? []).filter((c) => !['pass', 'info', 'skip'].includes(c.status)).map((c) => `${c.id}: ${c.reason}`)
    return { result: report.result, failed }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const PDFA_CHECK = join(PACKAGE_ROOT, '..', 'shared', 'tools', 'pdfa-check')

/** pdfa-check needs python3, qpdf and poppler; tests skip it with a note when absent. */
export const canPdfaCheck = hasCommand('python3') && hasCommand('qpdf') && hasCommand('pdffonts') && hasCommand(PDFA_CHECK)

/** pdftotext of a PDF, whitespace-normalised; undefined without poppler. */
export function pdfText(pdf: Uint8Array): string | undefined {
  if (!hasCommand('pdftotext')) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-text-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf)
    return execFileSync('pdftotext', [join(dir, 'in.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export type PdfFont = { name: string; type: string; encoding: string; embedded: boolean; subset: boolean; unicode: boolean }

/** `pdffonts` of a PDF (poppler); undefined without poppler. */
export function pdfFonts(pdf: Uint8Array): PdfFont[] | undefined {
  if (!hasCommand('pdffonts')) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-fonts-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf)
    const out = execFileSync('pdffonts', [join(dir, 'in.pdf')], { encoding: 'utf8' })
    return out
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '')
      .map((line) => {
        // name, type (may contain a space), encoding, emb, sub, uni, object, generation
        const m = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line)
        if (m === null) throw new Error(`unexpected pdffonts line: ${line}`)
        return { name: m[1]!, type: m[2]!, encoding: m[3]!, embedded: m[4] === 'yes', subset: m[5] === 'yes', unicode: m[6] === 'yes' }
      })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
