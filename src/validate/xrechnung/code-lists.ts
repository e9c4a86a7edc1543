/**
 * The ISO 6523 ICD and CEF EAS code values the KoSIT XRechnung schematrons accept in their
 * extension rules (BR-DEX-04…08): 3.0.2 (schematron 2.4.0) and, for documents declared as those
 * versions, 2.2 and 2.3. KoSIT ships its own snapshot of these lists with each version, which
 * differs from the EN 16931 1.3.16 lists in src/model/codelists, so the layer keeps its own copies.
 * @module
 */

/** ICD 0002…`last` without the four codes every KoSIT snapshot lacks. */
const ICD_GAPS = new Set([92, 103, 181, 182])
const icdUpTo = (last: number): string[] => Array.from({ length: last - 1 }, (_, i) => i + 2)
  .filter((n) => !ICD_GAPS.has(n))
  .map((n) => String(n).padStart(4, '0'))

/** 3.0: ICD 0002…0240. 2.3 ends at 0220, 2.2 at 0213. */
const XR_ICD_CODES: readonly string[] = icdUpTo(240)
const XR_2_3_ICD_CODES: readonly string[] = icdUpTo(220)
const XR_2_2_ICD_CODES: readonly string[] = icdUpTo(213)

// prettier-ignore
const XR_EAS_CODES: readonly string[] = (
  '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 ' +
  '0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 ' +
  '0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 0240 0235 9910 9913 9914 9915 9918 9919 9920 ' +
  '9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 ' +
  '9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
).split(' ')

/** A list without `dropped` (space-separated) and with `added`: how one snapshot differs from the next. */
const edited = (list: readonly string[], dropped: string, added: string): readonly string[] =>
  [...list.filter((c) => !dropped.split(' ').includes(c)), ...added.split(' ')]
/** 2.3's EAS list: without the codes 3.0 added, with 9901 and 9955, which 3.0 dropped. */
const XR_2_3_EAS_CODES = edited(XR_EAS_CODES, '0154 0158 0177 0221 0225 0230 0235 0240', '9901 9955')
/** 2.2's: without the codes 2.3 added, with 9902 and 9904…9907, which 2.3 dropped. */
const XR_2_2_EAS_CODES = edited(XR_2_3_EAS_CODES, '0147 0170 0188 0205 0215 0216 0217 0218 0219 0220 9959', '9902 9904 9905 9906 9907')

/** The DiGA codes the extension adds to both lists (at the end in 2.2, first in 2.3 and 3.0). */
const XR_DIGA_CODES: readonly string[] = ['XR01', 'XR02', 'XR03']

/**
 * A list of the extension rules as a version's test reads it, `contains($LIST, concat(' ',
 * normalize-space(@schemeID), ' '))`: its codes, and whether a blank scheme, `'  '`, is found in
 * the list's text (two spaces in a row).
 */
export type SchemeList = { readonly codes: ReadonlySet<string>; readonly blankFound: boolean }
/**
 * `joined`: the version builds the list as concat($DIGA-CODES, …) (2.3, 3.0), whose two
 * space-delimited halves meet in two spaces, so a blank scheme is found; 2.2 writes its lists out
 * with single spaces.
 */
const schemeList = (codes: readonly string[], joined: boolean): SchemeList => ({ codes: new Set([...XR_DIGA_CODES, ...codes]), blankFound: joined })

/** The ICD list (BR-DEX-04/05/06/08) and the EAS list (BR-DEX-07) of one version. */
export type ExtensionLists = { readonly icd: SchemeList; readonly eas: SchemeList }
const THREE_O: ExtensionLists = {
  // 3.0's ICD text ends in '0240' without the closing space, so 0240 is never found there.
  icd: schemeList(XR_ICD_CODES.filter((c) => c !== '0240'), true),
  eas: schemeList(XR_EAS_CODES, true),
}
const OLDER: Readonly<Record<string, ExtensionLists>> = {
  '2.3': { icd: schemeList(XR_2_3_ICD_CODES, true), eas: schemeList(XR_2_3_EAS_CODES, true) },
  '2.2': { icd: schemeList(XR_2_2_ICD_CODES, false), eas: schemeList(XR_2_2_EAS_CODES, false) },
}
/** The lists of an XRechnung version's extension rules (3.0's for 3.0 and for versions without those rules). */
export const extensionListsOf = (version: string): ExtensionLists => OLDER[version] ?? THREE_O

/** UNTDID 7143 item classification schemes plus KoSIT's `CVD` (BR-TMP-CVD-01). */
// prettier-ignore
const XR_7143_CVD_CODES: readonly string[] = (
  'CVD AA AB AC AD AE AF AG AH AI AJ AK AL AM AN AO AP AQ AR AS AT AU AV AW AX AY AZ BA BB BC BD BE BF BG BH BI BJ BK BL ' +
  'BM BN BO BP BQ BR BS BT BU BV BW BX BY BZ CC CG CL CR CV DR DW EC EF EMD EN FS GB GN GMN GS HS IB IN IS IT IZ MA MF ' +
  'MN MP NB ON PD PL PO PPI PV QS RC RN RU RY SA SG SK SN SRS SRT SRU SRV SRW SRX SRY SRZ SS SSA SSB SSC SSD SSE SSF SSG ' +
  'SSH SSI SSJ SSK SSL SSM SSN SSO SSP SSQ SSR SSS SST SSU SSV SSW SSX SSY SSZ ST STA STB STC STD STE STF STG STH STI STJ ' +
  'STK STL STM STN STO STP STQ STR STS STT STU STV STW STX STY STZ SUA SUB SUC SUD SUE SUF SUG SUH SUI SUJ SUK SUL SUM ' +
  'TG TSN TSO TSP TSQ TSR TSS TST TSU UA UP VN VP VS VX ZZZ'
).split(' ')

/**
 * BR-TMP-CVD-01's list as its test reads it: 3.0 builds it as concat(' CVD ', the 7143 list), whose
 * halves meet in two spaces, so a class code without `listID` or with a blank one is found (until
 * session 28 einvoice reported BR-TMP-CVD-01 on such a code, refcheck does not).
 */
export const XR_7143_CVD_LIST: SchemeList = { codes: new Set(XR_7143_CVD_CODES), blankFound: true }

/** Clean-vehicle categories and characteristic values of the CVD profile (BR-DE-CVD-04/05). */
export const CVD_VEHICLE_CATEGORIES: readonly string[] = ['M1', 'M2', 'M3', 'N1', 'N2', 'N3']
export const CVA_CODES: readonly string[] = ['clean', 'zero-emission', 'other']
