/**
 * xs:anyURI as xmllint (libxml2) judges it, which is the official XSD verdict: after white-space
 * collapse, every character outside printable ASCII and each of ` <>"{}|\^`'` counts as an
 * allowed one (libxml2 replaces them before parsing), and the rest must be an RFC 3986
 * URI-reference: a scheme with its hierarchical part, or a relative reference, then an optional
 * query and fragment, with `%` always followed by two hexadecimal digits. So `a b` and `ä` pass,
 * `%zz`, `a]b`, `#x#y` and `http://a@b@c` do not.
 * @module
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*:/
const LOOSE_ASCII = '<>"{}|\\^`\''

/** libxml2's first step: each character it does not want to parse becomes an unreserved one. */
function loosened(s: string): string {
  let out = ''
  for (const c of s) {
    const code = c.charCodeAt(0)
    out += code <= 0x20 || code >= 0x7f || LOOSE_ASCII.includes(c) ? '_' : c
  }
  return out
}

/** Index after a run of characters the predicate takes, `%XX` escapes included when `pct`. */
function run(s: string, i: number, take: (c: string) => boolean, pct = true): number {
  for (;;) {
    const c = s[i]
    if (c === undefined) return i
    if (c === '%' && pct) {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) return i
      i += 3
    } else if (take(c)) i++
    else return i
  }
}

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c)
const unreserved = (c: string): boolean => /^[A-Za-z0-9\-._~]$/.test(c)
const subDelim = (c: string): boolean => "!$&'()*+,;=".includes(c)
const pchar = (c: string): boolean => unreserved(c) || subDelim(c) || c === ':' || c === '@'
const pcharNoColon = (c: string): boolean => unreserved(c) || subDelim(c) || c === '@'
const queryChar = (c: string): boolean => pchar(c) || c === '/' || c === '?'

/** `//` authority: [userinfo "@"] host [":" port]; returns the index after it, or -1. */
function authority(s: string, i: number): number {
  const user = run(s, i, (c) => unreserved(c) || subDelim(c) || c === ':')
  if (s[user] === '@') i = user + 1
  if (s[i] === '[') {
    const close = s.indexOf(']', i)
    if (close < 0) return -1
    i = close + 1
  } else i = run(s, i, (c) => unreserved(c) || subDelim(c))
  if (s[i] === ':') {
    const start = i + 1
    i = run(s, start, (c) => c >= '0' && c <= '9', false)
    if (i === start || Number(s.slice(start, i)) > 0x7fffffff) return -1
  }
  return i
}

/** `*( "/" segment )` */
function pathAbempty(s: string, i: number): number {
  while (s[i] === '/') i = run(s, i + 1, pchar)
  return i
}

/** What follows the scheme (or starts a relative reference), then query and fragment. */
function rest(s: string, i: number, relative: boolean): boolean {
  if (s.startsWith('//', i)) {
    i = authority(s, i + 2)
    if (i < 0) return false
    i = pathAbempty(s, i)
  } else if (s[i] === '/') {
    i = pathAbempty(s, i)
  } else {
    const first = run(s, i, relative ? pcharNoColon : pchar)
    if (first > i) i = pathAbempty(s, first)
  }
  if (s[i] === '?') i = run(s, i + 1, queryChar)
  if (s[i] === '#') i = run(s, i + 1, (c) => queryChar(c) || c === '[' || c === ']')
  return i === s.length
}

/** True when xmllint accepts the (already white-space-collapsed) text as an xs:anyURI. */
export function isAnyUri(value: string): boolean {
  if (value === '') return true
  const s = loosened(value)
  const scheme = SCHEME.exec(s)
  if (scheme !== null && rest(s, scheme[0].length, false)) return true
  return rest(s, 0, true)
}
