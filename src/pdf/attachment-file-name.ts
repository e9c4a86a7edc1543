/**
 * An attachment's name (a PDF file specification's /UF or /F, an XML `filename` attribute) made
 * safe as the name of a file a client creates: the name is data from the document, and
 * `../../x.xml`, `evil\u0000.xml` or `..` must not become a path or a name a file system refuses.
 * The HTTP answers' Content-Disposition (RFC 6266 §4.3) and `detach --out-dir` use it.
 * @module
 */

/**
 * Characters replaced by `_`: controls (C0, DEL, C1), the line and paragraph separators, the
 * bidirectional marks and overrides that make a name read otherwise than it is (`x\u202Elmx.exe`),
 * and what Windows refuses in a file name.
 */
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/gu

/**
 * The last path segment of `name` (`/` and `\` both separate), unsafe characters as `_`, without
 * leading dots (a hidden file, `..`) and surrounding spaces; `attachment` when nothing is left.
 * @example safeFileName('../../tmp/pwned.xml') // 'pwned.xml'
 */
export function safeFileName(name: string): string {
  const segments = name.replace(/\\/g, '/').split('/')
  // A trailing separator names the segment before it, as a path's base name does.
  while (segments.length > 1 && segments[segments.length - 1] === '') segments.pop()
  const base = segments[segments.length - 1]!
    .replace(UNSAFE, '_')
    .replace(/^[. ]+|[ ]+$/g, '')
  return base === '' ? 'attachment' : base
}
