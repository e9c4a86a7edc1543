/**
 * A /ToUnicode CMap for a simple font (ISO 32000-1 9.10.3): one-byte codes → Unicode, written as
 * bfchar entries (at most 100 per block, as the CMap syntax allows).
 * @module
 */

function hex(value: number, digits: number): string {
  return value.toString(16).toUpperCase().padStart(digits, '0')
}

/** UTF-16BE hex of a code point (a surrogate pair above the BMP). */
function utf16(codePoint: number): string {
  return Array.from(String.fromCodePoint(codePoint), (unit) => hex(unit.charCodeAt(0), 4)).join('')
}

/** @param unicode index = character code, value = its Unicode code point (undefined: unmapped). */
export function toUnicodeCMap(unicode: readonly (number | undefined)[]): Uint8Array {
  const entries = unicode.flatMap((u, code) => (u === undefined ? [] : [`<${hex(code, 2)}> <${utf16(u)}>`]))
  const blocks: string[] = []
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100)
    blocks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`)
  }
  const text = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n')
  return new TextEncoder().encode(text)
}
