import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { xmlToPdf } from '../../src/render/xml-to-pdf.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { validateFile } from '../../src/validate/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

/**
 * `validate` of a Factur-X PDF: an EN 16931 invoice rendered by einvoice's xmltopdf with the XML
 * embedded (PDF/A-3b, DejaVu subset fonts), then the PDF part alone; plus a third-party Factur-X
 * PDF of the corpus when the shared folder is present.
 */
const xml = readFileSync(join(PACKAGE_ROOT, 'test', 'fixtures', 'validate', 'cii-en16931.xml'))
const { pdf } = await xmlToPdf(xml, { language: 'EN', embedXml: true })
const check = await validateFile(pdf, { fileName: 'factur-x.pdf' })
if (!check.valid) throw new Error(`bench PDF is not valid: ${JSON.stringify(check.pdf?.result?.findings.map((f) => f.message))}`)
const kb = Math.round(pdf.length / 1024)

const CORPUS_PDF = join(PACKAGE_ROOT, '..', 'shared', 'corpus', 'zugferd-corpus', 'XML-Rechnung', 'FX', 'EN16931_Einfach_DueDate.pdf')

export const cases: BenchCase[] = [
  {
    name: `validate-pdf: ${kb} KB Factur-X PDF/A-3b, PDF part + embedded XML (full report data)`,
    operation: 'validate-pdf',
    run: () => validateFile(pdf, { fileName: 'factur-x.pdf' }),
  },
  {
    name: `validate-pdf: ${kb} KB Factur-X PDF/A-3b, PDF/A-3 + Factur-X container checks only`,
    operation: 'validate-pdf',
    run: () => validatePdf(pdf),
  },
  ...(existsSync(CORPUS_PDF)
    ? [
        {
          name: `validate-pdf: corpus EN16931_Einfach_DueDate.pdf (${Math.round(readFileSync(CORPUS_PDF).length / 1024)} KB), PDF part + XML`,
          operation: 'validate-pdf',
          run: (() => {
            const bytes = readFileSync(CORPUS_PDF)
            return () => validateFile(bytes, { fileName: 'EN16931_Einfach_DueDate.pdf' })
          })(),
        },
      ]
    : []),
]
