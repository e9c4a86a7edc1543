/**
 * Which bundled Liberation font replaces a standard-14 font (ISO 32000-1 9.6.2.2) or one of its
 * common Windows aliases (Arial, Times New Roman, Courier New, as Word and printer drivers name
 * them: `Arial,Bold`, `Arial-BoldMT`, `TimesNewRomanPSMT` ...). Liberation Sans, Serif and Mono
 * have the advance widths of Helvetica/Arial, Times/Times New Roman and Courier/Courier New, so
 * the page layout stays as it was. Symbol and ZapfDingbats have no metric-compatible free font.
 * @module
 */
import { lookupTable } from '../util/lookup-table.js'

export type FontFamily = 'Sans' | 'Serif' | 'Mono'
export type FontStyle = 'Regular' | 'Bold' | 'Italic' | 'BoldItalic'

export type StandardFontFace = {
  family: FontFamily
  style: FontStyle
  /** File name under assets/fonts/liberation/. */
  file: string
  /** The program's PostScript name, used as /BaseFont and /FontName after the subset tag. */
  postScriptName: string
  /** FontDescriptor /Flags (ISO 32000-1 Table 123): FixedPitch 1, Serif 2, Nonsymbolic 32, Italic 64. */
  flags: number
}

/** Family part of the name (before `,` or `-`, spaces removed) → family. */
const FAMILIES = lookupTable<FontFamily>({
  Helvetica: 'Sans',
  Arial: 'Sans',
  ArialMT: 'Sans',
  Times: 'Serif',
  TimesNewRoman: 'Serif',
  TimesNewRomanPS: 'Serif',
  TimesNewRomanPSMT: 'Serif',
  Courier: 'Mono',
  CourierNew: 'Mono',
  CourierNewPS: 'Mono',
  CourierNewPSMT: 'Mono',
})

/** Style part of the name (after `,` or `-`) → style; `MT` is Monotype's suffix, `Roman` Times' regular. */
const STYLES = lookupTable<FontStyle>({
  '': 'Regular',
  Roman: 'Regular',
  Regular: 'Regular',
  Bold: 'Bold',
  BoldMT: 'Bold',
  Italic: 'Italic',
  ItalicMT: 'Italic',
  Oblique: 'Italic',
  BoldItalic: 'BoldItalic',
  BoldItalicMT: 'BoldItalic',
  BoldOblique: 'BoldItalic',
})

const FAMILY_FLAGS: Readonly<Record<FontFamily, number>> = { Sans: 0, Serif: 2, Mono: 1 }
const NONSYMBOLIC = 32
const ITALIC = 64

/**
 * The replacement face for a /BaseFont (subset tag ignored), or undefined when none is
 * metric-compatible (Symbol, ZapfDingbats, any other family).
 */
export function standardFontFace(baseFont: string): StandardFontFace | undefined {
  const name = baseFont.replace(/^[A-Z]{6}\+/, '').replace(/\s+/g, '')
  const match = /^([A-Za-z]+?)(?:[,-](\w*))?$/.exec(name)
  if (match === null) return undefined
  const family = FAMILIES[match[1]!]
  const style = STYLES[match[2] ?? '']
  if (family === undefined || style === undefined) return undefined
  const file = `Liberation${family}-${style}.ttf`
  const flags = FAMILY_FLAGS[family] | NONSYMBOLIC | (style.endsWith('Italic') ? ITALIC : 0)
  const postScriptName = style === 'Regular' ? `Liberation${family}` : `Liberation${family}-${style}`
  return { family, style, file, postScriptName, flags }
}
