/**
 * Which character codes the text-showing operators (`Tj`, `TJ`, `'`, `"`) select in each font,
 * over every content stream: pages, form XObjects (annotation appearances too) and tiling
 * patterns. Codes shown in rendering mode 3 (invisible) are kept apart: width rules skip them,
 * the .notdef rule does not.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from './streams.js'
import { scanTextShows } from './text-show-scan.js'
import { deref, pageResources } from './walk.js'

export type ShownCodes = { visible: Set<number>; invisible: Set<number> }

type Stream = { data: PDFStream; resources: PDFDict | undefined }

/** Content streams with their resources: pages, form XObjects (appearances too), tiling patterns. */
function contentStreams(doc: PDFDocument): Stream[] {
  const out: Stream[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream) {
      const d = object.dict
      const patternType = deref(doc, d.get(PDFName.of('PatternType')))
      if (d.lookup(PDFName.of('Subtype')) === PDFName.of('Form') || (patternType instanceof PDFNumber && patternType.asNumber() === 1)) {
        const r = d.lookup(PDFName.of('Resources'))
        out.push({ data: object, resources: r instanceof PDFDict ? r : undefined })
      }
    } else if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Page')) {
      const resources = pageResources(object)
      const contents = object.lookup(PDFName.of('Contents'))
      if (contents instanceof PDFStream) out.push({ data: contents, resources })
      else if (contents instanceof PDFArray) {
        // The parts of an array form one stream; an operator may not straddle them, so each is read alone.
        for (const part of contents.asArray()) {
          const s = deref(doc, part)
          if (s instanceof PDFStream) out.push({ data: s, resources })
        }
      }
    }
  }
  return out
}

/** Rendering mode 3 is invisible text: no glyph is painted. */
const INVISIBLE = 3

/** How a font's strings split into codes: 1 or 2 bytes a code, or a CMap's own reading. */
export type CodeSplit = 1 | 2 | ((s: Uint8Array) => number[])

/**
 * The codes shown per font dictionary, for the fonts `codeBytes` knows how to split strings of;
 * other fonts are skipped.
 */
export function shownCodes(doc: PDFDocument, codeBytes: (font: PDFDict) => CodeSplit | undefined): Map<PDFDict, ShownCodes> {
  const shown = new Map<PDFDict, ShownCodes>()
  const bytesOf = new Map<PDFDict, CodeSplit | undefined>()
  const split = (font: PDFDict): CodeSplit | undefined => {
    if (!bytesOf.has(font)) bytesOf.set(font, codeBytes(font))
    return bytesOf.get(font)
  }
  for (const { data, resources } of contentStreams(doc)) {
    const fontRes = resources?.lookup(PDFName.of('Font'))
    if (!(fontRes instanceof PDFDict)) continue
    const names = new Map<string, PDFDict>()
    for (const [key, value] of fontRes.entries()) {
      const f = deref(doc, value)
      if (f instanceof PDFDict && split(f) !== undefined) names.set(key.decodeText(), f)
    }
    if (names.size === 0) continue
    let bytes: Uint8Array
    try {
      bytes = streamBytes(data, 'content stream')
    } catch {
      continue // A damaged stream shows nothing (a bomb refuses the whole document, limits.ts).
    }
    let state = { font: undefined as PDFDict | undefined, mode: 0 }
    const saved: (typeof state)[] = []
    scanTextShows(bytes, {
      save: () => saved.push({ ...state }),
      restore: () => {
        state = saved.pop() ?? state
      },
      font: (name) => {
        state.font = name === undefined ? undefined : names.get(name)
      },
      mode: (mode) => {
        state.mode = mode
      },
      show: (s) => {
        if (state.font === undefined) return
        let entry = shown.get(state.font)
        if (entry === undefined) shown.set(state.font, (entry = { visible: new Set(), invisible: new Set() }))
        const into = state.mode === INVISIBLE ? entry.invisible : entry.visible
        const how = split(state.font)
        if (how === 1) for (const b of s) into.add(b)
        else if (how === 2) for (let i = 0; i + 1 < s.length; i += 2) into.add(s[i]! * 256 + s[i + 1]!)
        else if (how !== undefined) for (const code of how(s)) into.add(code)
      },
    })
  }
  return shown
}
