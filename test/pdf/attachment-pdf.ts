/** Hand-built PDFs with one embedded file, its stream written as the test gives it. */
import { buildPdf, stream } from './raw-pdf.js'

/** A PDF string of any bytes (names with NUL, parentheses, backslashes). */
const hexString = (text: string): string => `<${Buffer.from(text, 'latin1').toString('hex')}>`

/**
 * Catalog (1), pages (2), page (3), file specification (4) named `name`, embedded file stream (5)
 * whose object body is `embedded`, page content (6).
 */
export function attachmentPdf(name: string, embedded: Uint8Array, content: Uint8Array = stream('', new TextEncoder().encode('BT ET'))): Uint8Array {
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [${hexString(name)} 4 0 R] >> >> /AF [4 0 R] >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 6 0 R /Resources << >> >>',
    `<< /Type /Filespec /F ${hexString(name)} /UF ${hexString(name)} /AFRelationship /Alternative /EF << /F 5 0 R /UF 5 0 R >> >>`,
    embedded,
    content,
  ])
}
