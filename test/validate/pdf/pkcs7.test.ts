/**
 * The bounded PKCS#7 reader behind 6.4.3 tests 2 and 3 (src/pdf/pkcs7.ts): real OpenSSL
 * signatures (test/fixtures/signatures), zero padding, and broken inputs that must give a problem,
 * never an exception or a long run.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readSignedData } from '../../../src/pdf/pkcs7.js'
import { PACKAGE_ROOT } from '../../../src/version.js'

const p7s = (name: string): Uint8Array => new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/signatures/${name}.p7s`))
/** A DER value: the tag, a minimal length, the parts. */
const tlv = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
  const body = Buffer.concat(parts)
  const n = body.length
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]
  return Uint8Array.from([tag, ...length, ...body])
}
const SIGNED_DATA = Uint8Array.of(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02)
const DATA = Uint8Array.of(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01)
const padded = (bytes: Uint8Array, size = 8192): Uint8Array => {
  const out = new Uint8Array(size)
  out.set(bytes)
  return out
}

describe('readSignedData', () => {
  it('counts the certificates and SignerInfos of real signatures, padded or not', () => {
    expect(readSignedData(p7s('one'))).toEqual({ certificates: 1, signerInfos: 1 })
    expect(readSignedData(padded(p7s('one')))).toEqual({ certificates: 1, signerInfos: 1 })
    expect(readSignedData(padded(p7s('ber')))).toEqual({ certificates: 1, signerInfos: 1 })
    expect(readSignedData(padded(p7s('nocerts')))).toEqual({ certificates: 0, signerInfos: 1 })
    expect(readSignedData(padded(p7s('two')))).toEqual({ certificates: 2, signerInfos: 2 })
  })

  it('reports every truncation of a real signature as unreadable', () => {
    const one = p7s('one')
    for (let n = 0; n < one.length; n += 7) {
      const r = readSignedData(one.subarray(0, n))
      expect(r.certificates + r.signerInfos, `cut at ${n}`).toBe(0)
      expect(r.problem).toMatch(/not a readable/)
    }
  })

  it('refuses what veraPDF refuses: non-minimal lengths, five length bytes, another content type, a broken certificate', () => {
    // 30 81 05 …: a long-form length of 5.
    expect(readSignedData(Uint8Array.of(0x30, 0x81, 0x05, 6, 1, 0, 5, 0)).problem).toMatch(/short length in the long form/)
    expect(readSignedData(Uint8Array.of(0x30, 0x82, 0x00, 0x90)).problem).toMatch(/leading zero/)
    expect(readSignedData(Uint8Array.of(0x30, 0x85, 1, 1, 1, 1, 1)).problem).toMatch(/length of 5 bytes/)
    expect(readSignedData(Uint8Array.of(0x30, 0x84, 0x7f, 0xff, 0xff, 0xff, 0)).problem).toMatch(/runs past the end/)
    // ContentInfo of type data (1.2.840.113549.1.7.1).
    expect(readSignedData(Uint8Array.of(0x30, 0x0b, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01))).toEqual({
      certificates: 0,
      signerInfos: 0,
      problem: 'holds no SignedData (another content type)',
    })
    // One byte of the first certificate's signed fields changed from SEQUENCE to SET: the whole object is unreadable.
    const one = p7s('one').slice()
    const at = one.findIndex((b, i) => b === 0xa0 && one[i + 4] === 0x30 && one[i + 8] === 0x30)
    expect(at).toBeGreaterThan(0)
    one[at + 8] = 0x31
    expect(readSignedData(one).problem).toMatch(/signed fields/)
  })

  it('stays bounded on deep nesting, huge counts and garbage', () => {
    const deep = new Uint8Array(200_000).fill(0x30)
    for (let i = 1; i < deep.length; i += 2) deep[i] = 0x80
    expect(readSignedData(deep).problem).toMatch(/nested more than/)
    // 100,000 empty NULLs as SignerInfos are counted in one linear pass (veraPDF counts any element).
    const signers = tlv(0x31, new Uint8Array(200_000).map((_, i) => (i % 2 === 0 ? 0x05 : 0)))
    const many = tlv(0x30, SIGNED_DATA, tlv(0xa0, tlv(0x30, Uint8Array.of(2, 1, 1), tlv(0x31), tlv(0x30, DATA), signers)))
    expect(readSignedData(many)).toEqual({ certificates: 0, signerInfos: 100_000 })
    let seed = 42
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff
    for (let k = 0; k < 500; k++) {
      const junk = Uint8Array.from({ length: 64 + (k % 200) }, random)
      junk[0] = 0x30
      const r = readSignedData(junk)
      expect(r.certificates + r.signerInfos).toBeGreaterThanOrEqual(0)
    }
    // Random mutations of a real signature: never a throw.
    const one = p7s('two')
    for (let k = 0; k < 500; k++) {
      const m = one.slice()
      const i = (random() * 7 + k) % m.length
      m[i] = m[i]! ^ (random() || 1)
      readSignedData(m)
    }
    // The harness's time limit guards against a reader that loops; the answers above are the test.
  }, 30_000)
})
