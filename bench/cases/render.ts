import { readFileSync } from 'node:fs'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { xmlToHtml } from '../../src/render/xml-to-html.js'
import { xmlToPdf } from '../../src/render/xml-to-pdf.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

// The 10-line sample as Factur-X EN 16931 CII, made once by the invoice2xml engine.
const xml = new TextEncoder().encode(invoiceJsonToXml(readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`, 'utf8')).xml)

// Steady state, as in a running server: the harness warms up for only 200 ms, too short for the
// JIT to settle over pdfkit + fontkit and for the shared word-layout cache to fill.
for (let i = 0; i < 25; i++) await xmlToPdf(xml, { language: 'DE' })

export const cases: BenchCase[] = [
  {
    name: 'xmltohtml: 10-line CII invoice, XML bytes → HTML (DE)',
    operation: 'xmltohtml',
    targetMs: 5,
    run: () => xmlToHtml(xml, { language: 'DE' }),
  },
  {
    name: 'xmltopdf: 10-line CII invoice, XML bytes → PDF/A-3b (DE)',
    operation: 'xmltopdf',
    targetMs: 30,
    run: () => xmlToPdf(xml, { language: 'DE' }),
  },
  {
    name: 'xmltopdf: 10-line CII invoice with the XML embedded (Factur-X hybrid)',
    operation: 'xmltopdf',
    run: () => xmlToPdf(xml, { language: 'DE', embedXml: true }),
  },
]
