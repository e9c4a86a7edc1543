/**
 * The predefined tables of Adobe's expert fonts, as data: MacExpertEncoding (ISO 32000-1 Annex
 * D.4, the glyph names of codes 32–255) and the CFF Expert and ExpertSubset charsets (charset ids
 * 1 and 2, Adobe TN #5176 Appendix C: the SID of each glyph id, from .notdef at glyph 0).
 * @module
 */

/** Codes 32–255, sixteen per string, `.` where the encoding assigns no glyph (codes 0–31 assign none). */
const MAC_EXPERT = [
    "space exclamsmall Hungarumlautsmall centoldstyle dollaroldstyle dollarsuperior ampersandsmall Acutesmall parenleftsuperior parenrightsuperior twodotenleader onedotenleader comma hyphen period fraction",
    "zerooldstyle oneoldstyle twooldstyle threeoldstyle fouroldstyle fiveoldstyle sixoldstyle sevenoldstyle eightoldstyle nineoldstyle colon semicolon . threequartersemdash . questionsmall",
    ". . . . Ethsmall . . onequarter onehalf threequarters oneeighth threeeighths fiveeighths seveneighths onethird twothirds",
    ". . . . . . ff fi fl ffi ffl parenleftinferior . parenrightinferior Circumflexsmall hypheninferior",
    "Gravesmall Asmall Bsmall Csmall Dsmall Esmall Fsmall Gsmall Hsmall Ismall Jsmall Ksmall Lsmall Msmall Nsmall Osmall",
    "Psmall Qsmall Rsmall Ssmall Tsmall Usmall Vsmall Wsmall Xsmall Ysmall Zsmall colonmonetary onefitted rupiah Tildesmall .",
    ". asuperior centsuperior . . . . Aacutesmall Agravesmall Acircumflexsmall Adieresissmall Atildesmall Aringsmall Ccedillasmall Eacutesmall Egravesmall",
    "Ecircumflexsmall Edieresissmall Iacutesmall Igravesmall Icircumflexsmall Idieresissmall Ntildesmall Oacutesmall Ogravesmall Ocircumflexsmall Odieresissmall Otildesmall Uacutesmall Ugravesmall Ucircumflexsmall Udieresissmall",
    ". eightsuperior fourinferior threeinferior sixinferior eightinferior seveninferior Scaronsmall . centinferior twoinferior . Dieresissmall . Caronsmall osuperior",
    "fiveinferior . commainferior periodinferior Yacutesmall . dollarinferior . . Thornsmall . nineinferior zeroinferior Zcaronsmall AEsmall Oslashsmall",
    "questiondownsmall oneinferior Lslashsmall . . . . . . Cedillasmall . . . . . OEsmall",
    "figuredash hyphensuperior . . . . exclamdownsmall . Ydieresissmall . onesuperior twosuperior threesuperior foursuperior fivesuperior sixsuperior",
    "sevensuperior ninesuperior zerosuperior . esuperior rsuperior tsuperior . . isuperior ssuperior dsuperior . . . .",
    ". lsuperior Ogoneksmall Brevesmall Macronsmall bsuperior nsuperior msuperior commasuperior periodsuperior Dotaccentsmall Ringsmall . . . .",
]

let macExpert: readonly (string | undefined)[] | undefined

/** MacExpertEncoding indexed by code (0–255); undefined where no glyph is assigned. */
export function macExpertEncoding(): readonly (string | undefined)[] {
  if (macExpert === undefined) {
    const names = MAC_EXPERT.join(' ').split(' ')
    macExpert = Array.from({ length: 256 }, (_, code) => {
      const glyph = code < 32 ? undefined : names[code - 32]
      return glyph === '.' ? undefined : glyph
    })
  }
  return macExpert
}

/** CFF charset id 1 (Expert): glyph id → SID. */
export const EXPERT_CHARSET: readonly number[] = [
  0, 1, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 13, 14, 15, 99, 239, 240, 241, 242,
  243, 244, 245, 246, 247, 248, 27, 28, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260,
  261, 262, 263, 264, 265, 266, 109, 110, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278,
  279, 280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298,
  299, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318,
  158, 155, 163, 319, 320, 321, 322, 323, 324, 325, 326, 150, 164, 169, 327, 328, 329, 330, 331, 332,
  333, 334, 335, 336, 337, 338, 339, 340, 341, 342, 343, 344, 345, 346, 347, 348, 349, 350, 351, 352,
  353, 354, 355, 356, 357, 358, 359, 360, 361, 362, 363, 364, 365, 366, 367, 368, 369, 370, 371, 372,
  373, 374, 375, 376, 377, 378,
]

/** CFF charset id 2 (ExpertSubset): glyph id → SID. */
export const EXPERT_SUBSET_CHARSET: readonly number[] = [
  0, 1, 231, 232, 235, 236, 237, 238, 13, 14, 15, 99, 239, 240, 241, 242, 243, 244, 245, 246,
  247, 248, 27, 28, 249, 250, 251, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265,
  266, 109, 110, 267, 268, 269, 270, 272, 300, 301, 302, 305, 314, 315, 158, 155, 163, 320, 321, 322,
  323, 324, 325, 326, 150, 164, 169, 327, 328, 329, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339,
  340, 341, 342, 343, 344, 345, 346,
]
