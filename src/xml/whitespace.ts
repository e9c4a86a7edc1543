/**
 * XML white space: #x20, #x9, #xD, #xA (XML 1.0 production [3]). XSD's whiteSpace facets and
 * XPath's normalize-space() remove only these. `String.prototype.trim()` and `/\s/` also take NBSP
 * and the other Unicode spaces, which the official validators keep as content: " 345.50" with a
 * leading NBSP is no xs:decimal, and a name of one NBSP is not empty.
 * @module
 */

export const isXmlSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d

/** `s` without XML white space at either end (the same string when there is none). */
export function xmlTrim(s: string): string {
  let start = 0
  let end = s.length
  while (start < end && isXmlSpace(s.charCodeAt(start))) start++
  while (end > start && isXmlSpace(s.charCodeAt(end - 1))) end--
  return start === 0 && end === s.length ? s : s.slice(start, end)
}

/** True when `s` is empty or XML white space only (`normalize-space(s) = ''`). */
export function isXmlBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isXmlSpace(s.charCodeAt(i))) return false
  return true
}

/** XPath `normalize-space()` and XSD's `collapse`: runs of XML white space to one space, ends trimmed. */
export function collapseXmlSpace(s: string): string {
  return xmlTrim(s.replace(/[ \t\r\n]+/g, ' '))
}
