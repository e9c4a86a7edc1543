/**
 * The `Content-Disposition` of an answer that suggests a file name (RFC 6266). A header value is
 * ASCII, so a name with other characters (an embedded XML's `Rechnung-ü€.xml`) travels twice:
 * `filename="…"` with an ASCII stand-in for older clients and `filename*=UTF-8''…` with the
 * name's UTF-8 bytes percent-encoded (RFC 8187), which clients that know it prefer. Before, the
 * percent-encoding went into `filename="…"`, where clients take it literally, and `"` was dropped.
 * The name is first made safe as a file name (RFC 6266 §4.3), as `detach --out-dir` makes it: an
 * attachment's name is the document's data, and `../../x.xml`, controls or `..` went into the header.
 * @module
 */
import { safeFileName } from '../pdf/attachment-file-name.js'

/** Printable ASCII: a quoted-string carries these as they are, `"` and `\` escaped. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/

/** RFC 8187 attr-char: what `filename*` carries unencoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+.^_`|~-]$/

function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`
}

/** The UTF-8 bytes of `text`, attr-chars as they are and every other byte as %XX. */
function extValue(text: string): string {
  let out = "UTF-8''"
  // A lone surrogate becomes U+FFFD here (encodeURIComponent would throw).
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte)
    out += ATTR_CHAR.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/**
 * `inline; filename="…"` with the safe form of `suggested` (its base name, no controls), plus
 * `filename*` when that is not printable ASCII.
 */
export function contentDisposition(suggested: string): string {
  const fileName = safeFileName(suggested)
  if (PLAIN_ASCII.test(fileName)) return `inline; filename=${quoted(fileName)}`
  // The stand-in keeps the name's ASCII and replaces each other character by "_".
  const fallback = fileName.replace(/[^\x20-\x7e]/gu, '_')
  return `inline; filename=${quoted(fallback)}; filename*=${extValue(fileName)}`
}
