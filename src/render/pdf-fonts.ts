/**
 * The bundled fonts (assets/fonts, licences beside them): DejaVu Sans in two weights, WenQuanYi
 * Micro Hei for the CJK text DejaVu Sans lacks, Noto Sans for the Indic and South-East Asian
 * scripts, and Symbola for emoji and symbols (pdf-font-set.ts). The TrueType files are
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

/** Symbola: emoji and symbols (✅, ⚠, arrows) no other bundled font has; the last resort. */
export const FONT_SYMBOLS = 'Symbola'

type Range = readonly [first: number, last: number]

/**
 * Noto Sans for the scripts of South and South-East Asia and Ethiopia, which neither DejaVu Sans
 * nor WenQuanYi has, by the code points each is for: a font is read only when a text has one.
 */
export const SCRIPT_FONTS: readonly { readonly name: string; readonly ranges: readonly Range[] }[] = [
  { name: 'NotoSansDevanagari', ranges: [[0x0900, 0x097f], [0xa8e0, 0xa8ff], [0x1cd0, 0x1cff]] },
  { name: 'NotoSansBengali', ranges: [[0x0980, 0x09ff]] },
  { name: 'NotoSansGurmukhi', ranges: [[0x0a00, 0x0a7f]] },
  { name: 'NotoSansGujarati', ranges: [[0x0a80, 0x0aff]] },
  { name: 'NotoSansTamil', ranges: [[0x0b80, 0x0bff]] },
  { name: 'NotoSansTelugu', ranges: [[0x0c00, 0x0c7f]] },
  { name: 'NotoSansKannada', ranges: [[0x0c80, 0x0cff]] },
  { name: 'NotoSansMalayalam', ranges: [[0x0d00, 0x0d7f]] },
  { name: 'NotoSansSinhala', ranges: [[0x0d80, 0x0dff]] },
  { name: 'NotoSansThai', ranges: [[0x0e00, 0x0e7f]] },
  { name: 'NotoSansLao', ranges: [[0x0e80, 0x0eff]] },
  { name: 'NotoSansMyanmar', ranges: [[0x1000, 0x109f], [0xa9e0, 0xa9ff], [0xaa60, 0xaa7f]] },
  { name: 'NotoSansEthiopic', ranges: [[0x1200, 0x139f], [0x2d80, 0x2ddf], [0xab00, 0xab2f]] },
  { name: 'NotoSansKhmer', ranges: [[0x1780, 0x17ff], [0x19e0, 0x19ff]] },
]

/** The script font for `codePoint`, if one of SCRIPT_FONTS is for it. */
export function scriptFontFor(codePoint: number): string | undefined {
  if (codePoint < 0x0900 || codePoint > 0xabff) return undefined
  for (const f of SCRIPT_FONTS) for (const [first, last] of f.ranges) if (codePoint >= first && codePoint <= last) return f.name
  return undefined
}

const FILES: Readonly<Record<string, string>> = {
  [FONT_REGULAR]: 'DejaVuSans.ttf',
  [FONT_BOLD]: 'DejaVuSans-Bold.ttf',
  [FONT_FALLBACK]: 'wqy-microhei.ttc',
  [FONT_SYMBOLS]: 'Symbola.ttf',
  ...Object.fromEntries(SCRIPT_FONTS.map((f) => [f.name, `noto/${f.name}-Regular.ttf`])),
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
