/**
 * Locations of findings: the element's XPath-like path with its line and column.
 * @module
 */
import { elementPath } from '../xml/index.js'
import type { XmlElement } from '../xml/index.js'
import type { FindingLocation } from './types.js'

export function elementLocation(el: XmlElement): FindingLocation {
  return { path: elementPath(el), line: el.line, column: el.column }
}

/** A business-term path for model findings, e.g. `btPath('BG-25', 2, 'BT-131')` → `/BG-25[2]/BT-131`. */
export function btPath(...parts: (string | number)[]): string {
  let s = ''
  for (const p of parts) s += typeof p === 'number' ? `[${p}]` : `/${p}`
  return s
}
