/**
 * The Latin text encodings of simple fonts (ISO 32000-1 Annex D.2: StandardEncoding,
 * WinAnsiEncoding, MacRomanEncoding) as code → glyph name, and the Unicode value of each of those
 * glyph names (Adobe Glyph List). pdf2pdfa needs them to keep a standard-14 font's codes
 * unchanged when it embeds a TrueType replacement: code → glyph name → Unicode → the (3,1) cmap.
 * Data table: exempt from the module size rule.
 * @module
 */
import { lookupTable } from '../util/lookup-table.js'

/** The base encodings a font dictionary may name (ISO 32000-1 Table 114). */
export type BaseEncodingName = 'StandardEncoding' | 'WinAnsiEncoding' | 'MacRomanEncoding'

/** Codes 32–255, sixteen per string, `.` where the encoding assigns no glyph. */
const TABLES: Readonly<Record<BaseEncodingName, readonly string[]>> = {
  StandardEncoding: [
    "space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash",
    "zero one two three four five six seven eight nine colon semicolon less equal greater question",
    "at A B C D E F G H I J K L M N O",
    "P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore",
    "quoteleft a b c d e f g h i j k l m n o",
    "p q r s t u v w x y z braceleft bar braceright asciitilde .",
    ". . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . .",
    ". exclamdown cent sterling fraction yen florin section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl",
    ". endash dagger daggerdbl periodcentered . paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand . questiondown",
    ". grave acute circumflex tilde macron breve dotaccent dieresis . ring cedilla . hungarumlaut ogonek caron",
    "emdash . . . . . . . . . . . . . . .",
    ". AE . ordfeminine . . . . Lslash Oslash OE ordmasculine . . . .",
    ". ae . . . dotlessi . . lslash oslash oe germandbls . . . .",
  ],
  WinAnsiEncoding: [
    "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash",
    "zero one two three four five six seven eight nine colon semicolon less equal greater question",
    "at A B C D E F G H I J K L M N O",
    "P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore",
    "grave a b c d e f g h i j k l m n o",
    "p q r s t u v w x y z braceleft bar braceright asciitilde .",
    "Euro . quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE . Zcaron .",
    ". quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron guilsinglright oe . zcaron Ydieresis",
    "space exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot hyphen registered macron",
    "degree plusminus twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown",
    "Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis",
    "Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls",
    "agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis",
    "eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis",
  ],
  MacRomanEncoding: [
    "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash",
    "zero one two three four five six seven eight nine colon semicolon less equal greater question",
    "at A B C D E F G H I J K L M N O",
    "P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore",
    "grave a b c d e f g h i j k l m n o",
    "p q r s t u v w x y z braceleft bar braceright asciitilde .",
    "Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave",
    "ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis",
    "dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis . AE Oslash",
    ". plusminus . . yen mu . . . . . ordfeminine ordmasculine . ae oslash",
    "questiondown exclamdown logicalnot . florin . . guillemotleft guillemotright ellipsis space Agrave Atilde Otilde OE oe",
    "endash emdash quotedblleft quotedblright quoteleft quoteright divide . ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl",
    "daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex",
    ". Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron",
  ],
}

/** Adobe Glyph List values of every glyph name the three encodings use. */
export const GLYPH_UNICODE = lookupTable<number>({
  space: 0x0020, exclam: 0x0021, quotedbl: 0x0022, numbersign: 0x0023, dollar: 0x0024, percent: 0x0025, ampersand: 0x0026, quotesingle: 0x0027,
  parenleft: 0x0028, parenright: 0x0029, asterisk: 0x002a, plus: 0x002b, comma: 0x002c, hyphen: 0x002d, period: 0x002e, slash: 0x002f,
  zero: 0x0030, one: 0x0031, two: 0x0032, three: 0x0033, four: 0x0034, five: 0x0035, six: 0x0036, seven: 0x0037,
  eight: 0x0038, nine: 0x0039, colon: 0x003a, semicolon: 0x003b, less: 0x003c, equal: 0x003d, greater: 0x003e, question: 0x003f,
  at: 0x0040, A: 0x0041, B: 0x0042, C: 0x0043, D: 0x0044, E: 0x0045, F: 0x0046, G: 0x0047,
  H: 0x0048, I: 0x0049, J: 0x004a, K: 0x004b, L: 0x004c, M: 0x004d, N: 0x004e, O: 0x004f,
  P: 0x0050, Q: 0x0051, R: 0x0052, S: 0x0053, T: 0x0054, U: 0x0055, V: 0x0056, W: 0x0057,
  X: 0x0058, Y: 0x0059, Z: 0x005a, bracketleft: 0x005b, backslash: 0x005c, bracketright: 0x005d, asciicircum: 0x005e, underscore: 0x005f,
  grave: 0x0060, a: 0x0061, b: 0x0062, c: 0x0063, d: 0x0064, e: 0x0065, f: 0x0066, g: 0x0067,
  h: 0x0068, i: 0x0069, j: 0x006a, k: 0x006b, l: 0x006c, m: 0x006d, n: 0x006e, o: 0x006f,
  p: 0x0070, q: 0x0071, r: 0x0072, s: 0x0073, t: 0x0074, u: 0x0075, v: 0x0076, w: 0x0077,
  x: 0x0078, y: 0x0079, z: 0x007a, braceleft: 0x007b, bar: 0x007c, braceright: 0x007d, asciitilde: 0x007e, exclamdown: 0x00a1,
  cent: 0x00a2, sterling: 0x00a3, currency: 0x00a4, yen: 0x00a5, brokenbar: 0x00a6, section: 0x00a7, dieresis: 0x00a8, copyright: 0x00a9,
  ordfeminine: 0x00aa, guillemotleft: 0x00ab, logicalnot: 0x00ac, registered: 0x00ae, macron: 0x00af, degree: 0x00b0, plusminus: 0x00b1, twosuperior: 0x00b2,
  threesuperior: 0x00b3, acute: 0x00b4, mu: 0x00b5, paragraph: 0x00b6, periodcentered: 0x00b7, cedilla: 0x00b8, onesuperior: 0x00b9, ordmasculine: 0x00ba,
  guillemotright: 0x00bb, onequarter: 0x00bc, onehalf: 0x00bd, threequarters: 0x00be, questiondown: 0x00bf, Agrave: 0x00c0, Aacute: 0x00c1, Acircumflex: 0x00c2,
  Atilde: 0x00c3, Adieresis: 0x00c4, Aring: 0x00c5, AE: 0x00c6, Ccedilla: 0x00c7, Egrave: 0x00c8, Eacute: 0x00c9, Ecircumflex: 0x00ca,
  Edieresis: 0x00cb, Igrave: 0x00cc, Iacute: 0x00cd, Icircumflex: 0x00ce, Idieresis: 0x00cf, Eth: 0x00d0, Ntilde: 0x00d1, Ograve: 0x00d2,
  Oacute: 0x00d3, Ocircumflex: 0x00d4, Otilde: 0x00d5, Odieresis: 0x00d6, multiply: 0x00d7, Oslash: 0x00d8, Ugrave: 0x00d9, Uacute: 0x00da,
  Ucircumflex: 0x00db, Udieresis: 0x00dc, Yacute: 0x00dd, Thorn: 0x00de, germandbls: 0x00df, agrave: 0x00e0, aacute: 0x00e1, acircumflex: 0x00e2,
  atilde: 0x00e3, adieresis: 0x00e4, aring: 0x00e5, ae: 0x00e6, ccedilla: 0x00e7, egrave: 0x00e8, eacute: 0x00e9, ecircumflex: 0x00ea,
  edieresis: 0x00eb, igrave: 0x00ec, iacute: 0x00ed, icircumflex: 0x00ee, idieresis: 0x00ef, eth: 0x00f0, ntilde: 0x00f1, ograve: 0x00f2,
  oacute: 0x00f3, ocircumflex: 0x00f4, otilde: 0x00f5, odieresis: 0x00f6, divide: 0x00f7, oslash: 0x00f8, ugrave: 0x00f9, uacute: 0x00fa,
  ucircumflex: 0x00fb, udieresis: 0x00fc, yacute: 0x00fd, thorn: 0x00fe, ydieresis: 0x00ff, dotlessi: 0x0131, Lslash: 0x0141, lslash: 0x0142,
  OE: 0x0152, oe: 0x0153, Scaron: 0x0160, scaron: 0x0161, Ydieresis: 0x0178, Zcaron: 0x017d, zcaron: 0x017e, florin: 0x0192,
  circumflex: 0x02c6, caron: 0x02c7, breve: 0x02d8, dotaccent: 0x02d9, ring: 0x02da, ogonek: 0x02db, tilde: 0x02dc, hungarumlaut: 0x02dd,
  endash: 0x2013, emdash: 0x2014, quoteleft: 0x2018, quoteright: 0x2019, quotesinglbase: 0x201a, quotedblleft: 0x201c, quotedblright: 0x201d, quotedblbase: 0x201e,
  dagger: 0x2020, daggerdbl: 0x2021, bullet: 0x2022, ellipsis: 0x2026, perthousand: 0x2030, guilsinglleft: 0x2039, guilsinglright: 0x203a, fraction: 0x2044,
  Euro: 0x20ac, trademark: 0x2122, fi: 0xfb01, fl: 0xfb02,
})

const decoded = new Map<BaseEncodingName, readonly (string | undefined)[]>()

/** The encoding as an array indexed by code (0–255); undefined where no glyph is assigned. */
export function baseEncoding(name: BaseEncodingName): readonly (string | undefined)[] {
  let table = decoded.get(name)
  if (table === undefined) {
    const names = TABLES[name].join(' ').split(' ')
    table = Array.from({ length: 256 }, (_, code) => {
      const glyph = code < 32 ? undefined : names[code - 32]
      return glyph === '.' ? undefined : glyph
    })
    decoded.set(name, table)
  }
  return table
}

export function isBaseEncodingName(name: string): name is BaseEncodingName {
  return Object.hasOwn(TABLES, name)
}

/**
 * The Unicode value of a glyph name: the AGL names above, and the `uniXXXX` / `uXXXX[XX]` forms
 * the AGL specification defines for any other character. Undefined for names without one.
 */
export function glyphNameToUnicode(name: string): number | undefined {
  const known = GLYPH_UNICODE[name]
  if (known !== undefined) return known
  const uni = /^uni([0-9A-F]{4})$/.exec(name) ?? /^u([0-9A-F]{4,6})$/.exec(name)
  if (uni === null) return undefined
  const value = parseInt(uni[1]!, 16)
  // Surrogates are not characters (AGL specification, section 2).
  return value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff) ? undefined : value
}
