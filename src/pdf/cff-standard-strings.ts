/**
 * The 391 standard strings of a CFF font (Adobe Technical Note #5176, Appendix A): string ids
 * below 391 name these, higher ids index the font's own String INDEX. Ids 1–149 are the glyph
 * names of StandardEncoding in code order, so they are taken from that table.
 * Data table: exempt from the module size rule.
 * @module
 */
import { baseEncoding } from './latin-encodings.js'

/** Ids 150–228: the rest of the ISOAdobe character set. */
const ISO_ADOBE_REST =
  'onesuperior logicalnot mu trademark Eth onehalf plusminus Thorn onequarter divide brokenbar degree thorn threequarters twosuperior registered minus eth multiply threesuperior copyright ' +
  'Aacute Acircumflex Adieresis Agrave Aring Atilde Ccedilla Eacute Ecircumflex Edieresis Egrave Iacute Icircumflex Idieresis Igrave Ntilde Oacute Ocircumflex Odieresis Ograve Otilde Scaron ' +
  'Uacute Ucircumflex Udieresis Ugrave Yacute Ydieresis Zcaron aacute acircumflex adieresis agrave aring atilde ccedilla eacute ecircumflex edieresis egrave iacute icircumflex idieresis igrave ' +
  'ntilde oacute ocircumflex odieresis ograve otilde scaron uacute ucircumflex udieresis ugrave yacute ydieresis zcaron'

/** Ids 229–378: the Expert character set's names. */
const EXPERT =
  'exclamsmall Hungarumlautsmall dollaroldstyle dollarsuperior ampersandsmall Acutesmall parenleftsuperior parenrightsuperior twodotenleader onedotenleader ' +
  'zerooldstyle oneoldstyle twooldstyle threeoldstyle fouroldstyle fiveoldstyle sixoldstyle sevenoldstyle eightoldstyle nineoldstyle commasuperior threequartersemdash periodsuperior questionsmall ' +
  'asuperior bsuperior centsuperior dsuperior esuperior isuperior lsuperior msuperior nsuperior osuperior rsuperior ssuperior tsuperior ff ffi ffl parenleftinferior parenrightinferior ' +
  'Circumflexsmall hyphensuperior Gravesmall Asmall Bsmall Csmall Dsmall Esmall Fsmall Gsmall Hsmall Ismall Jsmall Ksmall Lsmall Msmall Nsmall Osmall Psmall Qsmall Rsmall Ssmall Tsmall ' +
  'Usmall Vsmall Wsmall Xsmall Ysmall Zsmall colonmonetary onefitted rupiah Tildesmall exclamdownsmall centoldstyle Lslashsmall Scaronsmall Zcaronsmall Dieresissmall Brevesmall Caronsmall ' +
  'Dotaccentsmall Macronsmall figuredash hypheninferior Ogoneksmall Ringsmall Cedillasmall questiondownsmall oneeighth threeeighths fiveeighths seveneighths onethird twothirds zerosuperior ' +
  'foursuperior fivesuperior sixsuperior sevensuperior eightsuperior ninesuperior zeroinferior oneinferior twoinferior threeinferior fourinferior fiveinferior sixinferior seveninferior ' +
  'eightinferior nineinferior centinferior dollarinferior periodinferior commainferior Agravesmall Aacutesmall Acircumflexsmall Atildesmall Adieresissmall Aringsmall AEsmall Ccedillasmall ' +
  'Egravesmall Eacutesmall Ecircumflexsmall Edieresissmall Igravesmall Iacutesmall Icircumflexsmall Idieresissmall Ethsmall Ntildesmall Ogravesmall Oacutesmall Ocircumflexsmall Otildesmall ' +
  'Odieresissmall OEsmall Oslashsmall Ugravesmall Uacutesmall Ucircumflexsmall Udieresissmall Yacutesmall Thornsmall Ydieresissmall'

/** Ids 379–390. */
const TAIL = '001.000 001.001 001.002 001.003 Black Bold Book Light Medium Regular Roman Semibold'

let table: readonly string[] | undefined

/** The standard string of `sid`, or undefined when the id is the font's own (≥ 391). */
export function cffStandardString(sid: number): string | undefined {
  table ??= [
    '.notdef',
    ...baseEncoding('StandardEncoding').filter((n): n is string => n !== undefined),
    ...ISO_ADOBE_REST.split(' '),
    ...EXPERT.split(' '),
    ...TAIL.split(' '),
  ]
  return table[sid]
}

export const CFF_STANDARD_STRING_COUNT = 391
