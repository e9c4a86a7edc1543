/**
 * What ISO 19005-3 6.4.3 asks of the PKCS#7 object in a signature's /Contents (RFC 2315 / CMS
 * SignedData): how many certificates and SignerInfos it holds, read as veraPDF reads them. A small,
 * bounded BER/DER reader: one top-level value (the zero padding after it is ignored), definite
 * lengths in their shortest form and indefinite ones (as `openssl cms -stream` writes), nesting
 * limited; whatever it cannot read is reported as a problem, never thrown.
 * @module
 */

/** One encoded value: its identifier byte, where its contents start and end (`end` is past any end-of-contents marker). */
type Tlv = { tag: number; at: number; start: number; stop: number; end: number }

/** What the SignedData holds; `problem` says why it could not be read (then both counts are 0, as for veraPDF). */
export type SignedDataSummary = { certificates: number; signerInfos: number; problem?: string }

const MAX_DEPTH = 32
const SEQUENCE = 0x30
const SET = 0x31
const INTEGER = 0x02
const BIT_STRING = 0x03
const NULL = 0x05
const OID = 0x06
const UTC_TIME = 0x17
const GENERALIZED_TIME = 0x18
const CONTEXT_0 = 0xa0
const CONTEXT_1 = 0xa1
/** 1.2.840.113549.1.7.2 (signedData), and the pre-standard OID older Java signers wrote. */
const SIGNED_DATA = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]
const OLD_SIGNED_DATA = [0x2a, 0x86, 0x48, 0xc3, 0xfb, 0x4d, 0x01, 0x07, 0x02]

class DerError extends Error {}

class DerReader {
  /** The end of each indefinite-length value already measured, by its start. */
  private readonly ends = new Map<number, number>()
  constructor(private readonly bytes: Uint8Array) {}

  /** The value at `at`, which must end by `limit`. */
  read(at: number, limit: number, depth = 0): Tlv {
    const b = this.bytes
    if (depth > MAX_DEPTH) throw new DerError(`byte ${at}: nested more than ${MAX_DEPTH} deep`)
    if (at + 2 > limit) throw new DerError(`byte ${at}: a value is cut off`)
    const tag = b[at]!
    if ((tag & 0x1f) === 0x1f) throw new DerError(`byte ${at}: a multi-byte tag`)
    const first = b[at + 1]!
    let start = at + 2
    if (first === 0x80) {
      if ((tag & 0x20) === 0) throw new DerError(`byte ${at}: a primitive value of indefinite length`)
      const known = this.ends.get(at)
      if (known !== undefined) return { tag, at, start, stop: known - 2, end: known }
      let p = start
      for (;;) {
        if (p + 2 > limit) throw new DerError(`byte ${at}: a value of indefinite length has no end-of-contents marker`)
        if (b[p] === 0 && b[p + 1] === 0) break
        p = this.read(p, limit, depth + 1).end
      }
      this.ends.set(at, p + 2)
      return { tag, at, start, stop: p, end: p + 2 }
    }
    let length = first
    if (first > 0x80) {
      const n = first & 0x7f
      if (n > 4) throw new DerError(`byte ${at}: a length of ${n} bytes`)
      if (start + n > limit) throw new DerError(`byte ${at}: a length is cut off`)
      if (b[start] === 0) throw new DerError(`byte ${at}: a length with a leading zero byte (not DER)`)
      length = 0
      for (let i = 0; i < n; i++) length = length * 256 + b[start + i]!
      if (length <= 0x7f) throw new DerError(`byte ${at}: a short length in the long form (not DER)`)
      start += n
    }
    if (start + length > limit) throw new DerError(`byte ${at}: a length of ${length} runs past the end of its container`)
    return { tag, at, start, stop: start + length, end: start + length }
  }

  /** The values inside a constructed one. */
  children(v: Tlv, depth = 0): Tlv[] {
    const out: Tlv[] = []
    for (let p = v.start; p < v.stop; ) {
      const child = this.read(p, v.stop, depth + 1)
      out.push(child)
      p = child.end
    }
    return out
  }

  content(v: Tlv): Uint8Array {
    return this.bytes.subarray(v.start, v.stop)
  }
}

const equalBytes = (a: Uint8Array, b: readonly number[]): boolean => a.length === b.length && b.every((x, i) => a[i] === x)

function expect(v: Tlv | undefined, tag: number, what: string): Tlv {
  if (v === undefined) throw new DerError(`${what} is missing`)
  if (v.tag !== tag) throw new DerError(`byte ${v.at}: ${what} has the tag 0x${v.tag.toString(16)}, not 0x${tag.toString(16)}`)
  return v
}

/** An AlgorithmIdentifier: an OID and optional parameters (an explicit NULL empty). @returns the OID's bytes. */
function algorithm(r: DerReader, v: Tlv | undefined, what: string): Uint8Array {
  const [oid, params, extra] = r.children(expect(v, SEQUENCE, what))
  const id = r.content(expect(oid, OID, `the OID of ${what}`))
  if (params?.tag === NULL && params.stop > params.start) throw new DerError(`byte ${params.at}: ${what} has a NULL with content`)
  if (extra !== undefined) throw new DerError(`byte ${extra.at}: ${what} has extra data`)
  return id
}

/** A Name: a SEQUENCE of SETs, each non-empty when `strict` (veraPDF asks it of the issuer, and of a version 1 certificate's subject). */
function name(r: DerReader, v: Tlv | undefined, what: string, strict: boolean): void {
  const parts = r.children(expect(v, SEQUENCE, what))
  if (!strict) return
  for (const rdn of parts) {
    if (r.children(expect(rdn, SET, `a part of ${what}`)).length === 0) throw new DerError(`byte ${rdn.at}: ${what} has an empty part`)
  }
}

/** The structure of an X.509 certificate, as strictly as veraPDF's reader takes it (its signature is not verified). */
function certificate(r: DerReader, cert: Tlv): void {
  const [tbs, outerAlgorithm, signature, extra] = r.children(cert)
  if (extra !== undefined) throw new DerError(`byte ${extra.at}: a certificate has extra data`)
  const outer = algorithm(r, outerAlgorithm, "a certificate's signature algorithm")
  expect(signature, BIT_STRING, "a certificate's signature")
  const fields = r.children(expect(tbs, SEQUENCE, "a certificate's signed fields"))
  let i = 0
  let version = 0
  if (fields[0]?.tag === CONTEXT_0) {
    const [v, more] = r.children(fields[0])
    const value = r.content(expect(v, INTEGER, "a certificate's version"))
    if (value.length !== 1 || more !== undefined) throw new DerError(`byte ${fields[0].at}: a certificate's version is malformed`)
    version = value[0]!
    i = 1
  }
  if (r.content(expect(fields[i], INTEGER, "a certificate's serial number")).length === 0) throw new DerError("a certificate's serial number is empty")
  const inner = algorithm(r, fields[i + 1], "a certificate's signature algorithm")
  if (inner.length !== outer.length || inner.some((x, k) => x !== outer[k])) throw new DerError('a certificate names two different signature algorithms')
  name(r, fields[i + 2], "a certificate's issuer", true)
  const times = r.children(expect(fields[i + 3], SEQUENCE, "a certificate's validity"))
  if (times.length !== 2 || times.some((t) => t.tag !== UTC_TIME && t.tag !== GENERALIZED_TIME)) throw new DerError("a certificate's validity is not two times")
  name(r, fields[i + 4], "a certificate's subject", version === 0)
  algorithm(r, r.children(expect(fields[i + 5], SEQUENCE, "a certificate's public key"))[0], "a certificate's key algorithm")
  const rest = fields.slice(i + 6)
  if (rest.length === 0) return
  if (version === 0) throw new DerError('a version 1 certificate has extra data')
  let k = 0
  if (rest[k]?.tag === 0x81 || rest[k]?.tag === CONTEXT_1) k++
  if (rest[k]?.tag === 0x82 || rest[k]?.tag === 0xa2) k++
  if (k < rest.length && version !== 2) throw new DerError('a certificate below version 3 has extensions')
}

/** SignedData's fields: version, digest algorithms, content, then [0] certificates, [1] CRLs, SignerInfos. */
function signedData(r: DerReader, fields: Tlv[]): SignedDataSummary {
  expect(fields[0], INTEGER, 'the SignedData version')
  expect(fields[1], SET, 'the digest algorithms')
  const info = r.children(expect(fields[2], SEQUENCE, 'the signed content'))
  if (info.length < 1 || info.length > 2) throw new DerError('the signed content has neither one nor two parts')
  expect(info[0], OID, 'the signed content type')
  if (info[1] !== undefined && r.children(info[1]).length === 0) throw new DerError('the signed content is empty')
  let i = 3
  let certificates = 0
  if (fields[i]?.tag === CONTEXT_0) {
    for (const c of r.children(fields[i]!)) {
      // Other certificate choices (attribute certificates, …) are skipped, as veraPDF skips them.
      if (c.tag !== SEQUENCE) continue
      certificate(r, c)
      certificates++
    }
    i++
  }
  if (fields[i]?.tag === CONTEXT_1) i++
  const signerInfos = r.children(expect(fields[i], SET, 'the SignerInfos')).length
  return { certificates, signerInfos }
}

/** Reads the PKCS#7 ContentInfo at the start of `bytes` (a signature's /Contents, padding included). */
export function readSignedData(bytes: Uint8Array): SignedDataSummary {
  try {
    const r = new DerReader(bytes)
    const top = expect(r.read(0, bytes.length), SEQUENCE, 'the ContentInfo')
    const [type, content, extra] = r.children(top)
    if (extra !== undefined) throw new DerError('the ContentInfo has more than two parts')
    const oid = r.content(expect(type, OID, 'the content type'))
    if (!equalBytes(oid, SIGNED_DATA) && !equalBytes(oid, OLD_SIGNED_DATA)) return { certificates: 0, signerInfos: 0, problem: 'holds no SignedData (another content type)' }
    if (content === undefined) throw new DerError('the SignedData is missing')
    try {
      // [0] EXPLICIT SignedData, the standard form.
      const inner = r.children(content)[0]
      if (inner === undefined) throw new DerError('the SignedData is empty')
      return signedData(r, r.children(inner))
    } catch (e) {
      // Older writers put the SignedData's fields straight into the content.
      try {
        return signedData(r, r.children(content))
      } catch {
        throw e
      }
    }
  } catch (e) {
    // Only DerError is expected; anything else is reported alike rather than thrown out of the check.
    const why = e instanceof DerError ? e.message : String(e)
    return { certificates: 0, signerInfos: 0, problem: `is not a readable DER-encoded PKCS#7 SignedData (${why})` }
  }
}
