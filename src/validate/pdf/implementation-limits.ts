/**
 * ISO 19005-3 6.1.13 implementation limits (ISO 32000-1 Annex C as PDF/A tightens it) and the
 * operators ISO 32000-1 defines (6.2.2, Annex A), as data shared by the object and content checks.
 * @module
 */

export const LIMITS = {
  maxInteger: 2147483647,
  minInteger: -2147483648,
  /** Largest magnitude of a real. */
  maxReal: 3.403e38,
  /** Smallest magnitude of a real other than 0. */
  minReal: 1.175e-38,
  /** Longest string, in bytes after decoding. */
  maxStringBytes: 32767,
  /** Longest name, in bytes after decoding #xx escapes. */
  maxNameBytes: 127,
  maxIndirectObjects: 8388607,
  /** Deepest q nesting inside one content stream (a page's parts count as one). */
  maxSaveDepth: 28,
  maxDeviceNColourants: 32,
  maxCid: 65535,
  /** Page boundaries: each side at least this long… */
  minPageSide: 3,
  /** …and at most this long, in default user-space units. */
  maxPageSide: 14400,
} as const

/** What is wrong with a number, or undefined; `integer`: written without a decimal point. */
export function numberProblem(value: number, integer: boolean): string | undefined {
  if (Number.isNaN(value)) return undefined
  if (integer) return value > LIMITS.maxInteger || value < LIMITS.minInteger ? 'integer' : undefined
  const magnitude = Math.abs(value)
  if (magnitude > LIMITS.maxReal) return 'real'
  return magnitude !== 0 && magnitude < LIMITS.minReal ? 'real' : undefined
}

const utf8 = new TextDecoder('utf-8')

/**
 * The length veraPDF measures for a string or name: the UTF-16 length of its bytes read as UTF-8
 * (a Java String). Equal to the byte count for ASCII and binary data; called only for values whose
 * byte count is already over the limit.
 */
export const measuredLength = (bytes: Uint8Array): number => utf8.decode(bytes).length

/** Every content-stream operator of ISO 32000-1 (Annex A, table A.1). */
export const DEFINED_OPERATORS: ReadonlySet<string> = new Set([
  'b', 'B', 'b*', 'B*', 'BDC', 'BI', 'BMC', 'BT', 'BX', 'c', 'cm', 'CS', 'cs', 'd', 'd0', 'd1', 'Do', 'DP', 'EI', 'EMC', 'ET', 'EX',
  'f', 'F', 'f*', 'G', 'g', 'gs', 'h', 'i', 'ID', 'j', 'J', 'K', 'k', 'l', 'm', 'M', 'MP', 'n', 'q', 'Q', 're', 'RG', 'rg', 'ri',
  's', 'S', 'SC', 'sc', 'SCN', 'scn', 'sh', 'T*', 'Tc', 'Td', 'TD', 'Tf', 'Tj', 'TJ', 'TL', 'Tm', 'Tr', 'Ts', 'Tw', 'Tz', 'v', 'w',
  'W', 'W*', 'y', "'", '"',
])
