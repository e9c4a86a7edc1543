/**
 * Facts of ISO 32000-1 that the PDF/A-3 checks (src/validate/pdf) and pdf2pdfa's repairs both use.
 * @module
 */

/** Annotation flag bits (ISO 32000-1 table 165). */
export const ANNOTATION_FLAGS = { invisible: 1, hidden: 2, print: 4, noView: 32, toggleNoView: 256 } as const

/** The flags PDF/A forbids on an annotation (ISO 19005-3 6.3.2). */
export const FORBIDDEN_ANNOTATION_FLAGS =
  ANNOTATION_FLAGS.invisible | ANNOTATION_FLAGS.hidden | ANNOTATION_FLAGS.noView | ANNOTATION_FLAGS.toggleNoView

/** Blend modes of ISO 32000-1 11.3.5 (tables 136 and 137; Compatible is kept for old files). */
export const BLEND_MODES: ReadonlySet<string> = new Set([
  'Normal', 'Compatible', 'Multiply', 'Screen', 'Overlay', 'Darken', 'Lighten', 'ColorDodge', 'ColorBurn',
  'HardLight', 'SoftLight', 'Difference', 'Exclusion', 'Hue', 'Saturation', 'Color', 'Luminosity',
])

/** The rendering intents of ISO 32000-1 table 70, the only ones PDF/A allows (ISO 19005-3 6.2.6). */
export const RENDERING_INTENTS: ReadonlySet<string> = new Set(['RelativeColorimetric', 'AbsoluteColorimetric', 'Perceptual', 'Saturation'])

/** Filters an inline image may name in /F (ISO 19005-3 6.1.10: table 6 but LZW, Crypt, JBIG2 and JPX, and their abbreviations). */
export const INLINE_IMAGE_FILTERS: ReadonlySet<string> = new Set([
  'ASCIIHexDecode', 'ASCII85Decode', 'FlateDecode', 'RunLengthDecode', 'CCITTFaxDecode', 'DCTDecode',
  'AHx', 'A85', 'Fl', 'RL', 'CCF', 'DCT',
])

/** Annotation types PDF/A-3 allows: ISO 32000-1's, less 3D, Sound, Screen and Movie (ISO 19005-3 6.3.1). */
export const PDFA_ANNOTATION_SUBTYPES: ReadonlySet<string> = new Set([
  'Text', 'Link', 'FreeText', 'Line', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Highlight', 'Underline',
  'Squiggly', 'StrikeOut', 'Stamp', 'Caret', 'Ink', 'Popup', 'FileAttachment', 'Widget', 'PrinterMark',
  'TrapNet', 'Watermark', 'Redact',
])
