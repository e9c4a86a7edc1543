/**
 * The bundled fonts (assets/fonts, licences beside them): DejaVu Sans in two weights, and
 * WenQuanYi Micro Hei for the CJK text DejaVu Sans lacks (pdf-font-set.ts). The TrueType files are
 * read and parsed once per process; every PDF then embeds a subset of just the glyphs it uses.
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../version.js'

export const FONT_REGULAR = 'DejaVuSans'
export const FONT_BOLD = 'DejaVuSans-Bold'
/** Also the PostScript name that picks it from its TrueType collection. */
export const FONT_FALLBACK = 'WenQuanYiMicroHei'

const FILES: Readonly<Record<string, string>> = {
  [FONT_REGULAR]: 'DejaVuSans.ttf',
  [FONT_BOLD]: 'DejaVuSans-Bold.ttf',
  [FONT_FALLBACK]: 'wqy-microhei.ttc',
}

/**
 * A parsed font as pdfkit accepts it in `doc.font()`/`registerFont()`: either the file bytes or
 * the fontkit object pdfkit made from them (it has a `layout` method).
 */
export type FontSource = Uint8Array | { layout: (...args: never[]) => unknown }

const cache = new Map<string, FontSource>()

/** The font's bytes, or its parsed form once `rememberParsedFont` has seen it. */
export function fontSource(name: string): FontSource {
  let src = cache.get(name)
  if (src === undefined) {
    const file = FILES[name]
    if (file === undefined) throw new Error(`unknown bundled font ${name}`)
    src = readFileSync(join(PACKAGE_ROOT, 'assets', 'fonts', file))
    cache.set(name, src)
  }
  return src
}

/**
 * Keeps pdfkit's parsed font for the next documents: parsing a 750 KB TrueType file costs more
 * than laying out a whole invoice, and the parsed font is immutable (each document subsets it
 * on its own).
 */
export function rememberParsedFont(name: string, parsed: unknown): void {
  if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { layout?: unknown }).layout === 'function') {
    cache.set(name, parsed as FontSource)
  }
}

/** Word layouts by font, shared by all documents of the process (see `shareLayoutCache`). */
const layoutCaches = new Map<string, Record<string, unknown>>()
let documentsSinceCheck = 0
/** Above this many cached words a cache starts afresh, so a long-running server stays bounded. */
const MAX_CACHED_WORDS = 50_000

/**
 * Gives pdfkit's per-document font objects one shared word-layout cache. pdfkit shapes every word
 * through fontkit's OpenType engine and caches the result per document only, which made shaping
 * most of the time of a PDF; a word's shaped glyphs and advances do not depend on the document.
 * (pdfkit mutates cached positions only for justified text, which the layout never uses.)
 * `_fontFamilies` and `layoutCache` are pdfkit internals without a public accessor.
 */
export function shareLayoutCache(doc: unknown, names: readonly string[]): void {
  const families = (doc as { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> } | undefined> })._fontFamilies ?? {}
  if (++documentsSinceCheck >= 100) {
    documentsSinceCheck = 0
    for (const [name, cache] of layoutCaches) if (Object.keys(cache).length > MAX_CACHED_WORDS) layoutCaches.delete(name)
  }
  for (const name of names) {
    const font = families[name]
    if (font?.layoutCache === undefined) continue
    let shared = layoutCaches.get(name)
    if (shared === undefined) {
      shared = Object.create(null) as Record<string, unknown>
      layoutCaches.set(name, shared)
    }
    font.layoutCache = shared
  }
}
