/**
 * The one content-stream lexer every content reader uses: token kinds and byte offsets, decoded
 * sizes and bytes of strings and names, inline-image data skipped, damaged input never throwing.
 */
import { describe, expect, it } from 'vitest'
import { TOKEN, type TokenKind, isNumberToken, lexContent, stringBytes, tokenText } from '../../src/pdf/content-lexer.js'

const KIND_NAMES = Object.fromEntries(Object.entries(TOKEN).map(([name, kind]) => [kind, name])) as Record<TokenKind, string>
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'))

/** Each token as `kind text [size]`. */
function tokens(s: string): string[] {
  const data = bytes(s)
  const out: string[] = []
  lexContent(data, (kind, start, end, size, inDictionary) => {
    out.push(`${KIND_NAMES[kind]} ${tokenText(data, start, end)}${kind === TOKEN.string || kind === TOKEN.name ? ` ${size}` : ''} @${start}${inDictionary ? ' in dict' : ''}`)
  })
  return out
}

describe('lexContent', () => {
  it('gives every token with its kind and offset, comments skipped', () => {
    expect(tokens('q 1 0 0 1 -2.5 .5 cm % note (not a string)\n/F1 12 Tf [(a) -20 <41>] TJ true null false Q')).toEqual([
      'operator q @0',
      'number 1 @2',
      'number 0 @4',
      'number 0 @6',
      'number 1 @8',
      'number -2.5 @10',
      'number .5 @15',
      'operator cm @18',
      'name F1 2 @44',
      'number 12 @47',
      'operator Tf @50',
      'arrayOpen [ @53',
      'string (a) 1 @54',
      'number -20 @58',
      'string <41> 1 @62',
      'arrayClose ] @66',
      'operator TJ @68',
      'keyword true @71',
      'keyword null @76',
      'keyword false @81',
      'operator Q @87',
    ])
  })

  it('measures strings and names as decoded bytes', () => {
    expect(tokens('(a\\(b\\)\\101\\n\\\r\nc(d)) <4 1 4> /A#42C /x#4')).toEqual([
      'string (a\\(b\\)\\101\\n\\\r\nc(d)) 10 @0',
      'string <4 1 4> 2 @22',
      'name A#42C 3 @31',
      'name x#4 3 @38',
    ])
  })

  it('tells dictionaries from arrays, marks what lies inside a dictionary, and skips inline-image data only outside dictionaries', () => {
    expect(tokens('/P <</MCID 0>> BDC BI /W 1 ID (x) Tj EI EMC')).toEqual([
      'name P 1 @1',
      'dictOpen << @3 in dict',
      'name MCID 4 @6 in dict',
      'number 0 @11 in dict',
      'dictClose >> @12 in dict',
      'operator BDC @15',
      'operator BI @19',
      'name W 1 @23',
      'number 1 @25',
      'operator ID @27',
      'operator EMC @40',
    ])
    // Inside a dictionary ID is just a word of a damaged stream: what follows is still read.
    expect(tokens('<< ID (x) >> Tj')).toEqual(['dictOpen << @0 in dict', 'operator ID @3 in dict', 'string (x) 1 @6 in dict', 'dictClose >> @10 in dict', 'operator Tj @13'])
    // Nested dictionaries end with their outermost `>>`; an unbalanced `>>` is a delimiter, not an operand.
    expect(tokens('<</A <</B 1>> /C 2>> q >> Q')).toEqual(['dictOpen << @0 in dict', 'name A 1 @3 in dict', 'dictOpen << @5 in dict', 'name B 1 @8 in dict', 'number 1 @10 in dict', 'dictClose >> @11 in dict', 'name C 1 @15 in dict', 'number 2 @17 in dict', 'dictClose >> @18 in dict', 'operator q @21', 'dictClose >> @23 in dict', 'operator Q @26'])
  })

  it('reports malformed numbers as numbers whose shape isNumberToken rejects', () => {
    const data = bytes('1.2.3 - +.5 7. .')
    const found: boolean[] = []
    lexContent(data, (kind, start, end) => {
      expect(kind).toBe(TOKEN.number)
      found.push(isNumberToken(data, start, end))
    })
    expect(found).toEqual([false, false, true, true, false])
  })

  it('never throws on damaged streams, and tokens come in order within the data', () => {
    let seed = 3
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n)
    const alphabet = bytes('()<>[]{}/%\\ \n\r0123456789.-+#IDEtruenull')
    for (let k = 0; k < 2000; k++) {
      const data = Uint8Array.from({ length: random(40) }, () => alphabet[random(alphabet.length)]!)
      let last = 0
      let count = 0
      lexContent(data, (kind, start, end, size) => {
        // A name starts after its slash, so an empty name and the token after it share a start.
        expect(start).toBeGreaterThanOrEqual(last)
        expect(end).toBeGreaterThanOrEqual(start)
        expect(end).toBeLessThanOrEqual(data.length + 1)
        last = start
        count++
        if (kind === TOKEN.string) expect(stringBytes(data, start, size)).toHaveLength(size)
      })
      expect(count).toBeLessThanOrEqual(data.length)
    }
  })
})

describe('stringBytes', () => {
  const decode = (s: string): number[] => {
    const data = bytes(s)
    let out: number[] = []
    lexContent(data, (kind, start, _end, size) => {
      if (kind === TOKEN.string) out = [...stringBytes(data, start, size)]
    })
    return out
  }

  it('decodes escapes, octal codes, line continuations and nested parentheses', () => {
    expect(decode('(a\\(b\\)\\101\\7\\n\\r\\t\\b\\f\\\\\\\r\nc(d))')).toEqual([0x61, 0x28, 0x62, 0x29, 0x41, 7, 0x0a, 0x0d, 0x09, 0x08, 0x0c, 0x5c, 0x63, 0x28, 0x64, 0x29])
  })

  it('decodes hex strings, whitespace ignored and an odd final digit followed by 0', () => {
    expect(decode('<41 42\n4>')).toEqual([0x41, 0x42, 0x40])
    expect(decode('<>')).toEqual([])
  })

  it('decodes an unterminated string up to the end of the data', () => {
    expect(decode('(ab')).toEqual([0x61, 0x62])
    expect(decode('<414')).toEqual([0x41, 0x40])
  })
})

describe('tokenText', () => {
  it('reads tokens of every length as latin1, up to max bytes', () => {
    const data = bytes('q Tf BDC /\xe9t\xe9 abcdefgh')
    expect(tokenText(data, 0, 1)).toBe('q')
    expect(tokenText(data, 2, 4)).toBe('Tf')
    expect(tokenText(data, 5, 8)).toBe('BDC')
    expect(tokenText(data, 10, 14)).toBe('\xe9t\xe9 ')
    expect(tokenText(data, 14, 22)).toBe('abcdefgh')
    expect(tokenText(data, 14, 22, 3)).toBe('abc')
    expect(tokenText(data, 14, 22, 1)).toBe('a')
    expect(tokenText(data, 4, 4)).toBe('')
    expect(tokenText(bytes('\x00\xff'), 0, 2)).toBe('\x00\xff')
  })
})
