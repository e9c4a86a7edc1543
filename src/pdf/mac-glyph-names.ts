/**
 * The 258 standard Macintosh glyph names of a TrueType `post` table (formats 1.0 and 2.0: a glyph
 * name index below 258 names one of these). Ids 3–97 are the printable ASCII characters, named as
 * in StandardEncoding except for the quote and the grave accent.
 * Data table: exempt from the module size rule.
 * @module
 */
import { baseEncoding } from './latin-encodings.js'

const REST =
  'Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex idieresis ' +
  'ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute ' +
  'dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine ordmasculine Omega ae oslash questiondown exclamdown ' +
  'logicalnot radical florin approxequal Delta guillemotleft guillemotright ellipsis nonbreakingspace Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright quoteleft quoteright ' +
  'divide lozenge ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute ' +
  'Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ' +
  'ogonek caron Lslash lslash Scaron scaron Zcaron zcaron brokenbar Eth eth Yacute yacute Thorn thorn minus multiply onesuperior twosuperior threesuperior onehalf onequarter threequarters ' +
  'franc Gbreve gbreve Idotaccent Scedilla scedilla Cacute cacute Ccaron ccaron dcroat'

let names: readonly string[] | undefined

/** The standard Macintosh glyph name of an index below 258. */
export function macGlyphName(index: number): string | undefined {
  if (names === undefined) {
    const ascii = baseEncoding('StandardEncoding').slice(32, 127).map((n, k) => (k === 39 - 32 ? 'quotesingle' : k === 96 - 32 ? 'grave' : n!))
    names = ['.notdef', '.null', 'nonmarkingreturn', ...ascii, ...REST.split(' ')]
  }
  return names[index]
}
