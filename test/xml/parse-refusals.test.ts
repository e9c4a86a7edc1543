/** parseXml on hostile or broken input: every refusal is an EInvoiceError with line and column. */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { parseXml } from '../../src/xml/index.js'
import type { ParseXmlOptions } from '../../src/xml/index.js'

/** The error parseXml throws for this input (fails the test if it does not throw one). */
function refusal(input: string | Uint8Array, options?: ParseXmlOptions): EInvoiceError {
  try {
    parseXml(input, options)
  } catch (err) {
    expect(err).toBeInstanceOf(EInvoiceError)
    return err as EInvoiceError
  }
  throw new Error('parseXml accepted the input')
}

function expectRefused(input: string | Uint8Array, line: number, column: number, reason: RegExp, options?: ParseXmlOptions) {
  const err = refusal(input, options)
  expect(err.errorCode).toBe('INVALID_XML')
  expect(err.message).toMatch(new RegExp(`^line ${line}, column ${column}: `))
  expect(err.message).toMatch(reason)
  expect(err.details).toMatchObject({ line: String(line), column: String(column) })
}

describe('parseXml refuses DOCTYPE outright', () => {
  it('refuses an external entity (XXE) without reading the file', () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<x>&e;</x>'
    expectRefused(xxe, 2, 1, /DOCTYPE declarations are refused/)
    expect(refusal(xxe).message).not.toContain('root:')
  })

  // Refused at the DOCTYPE, before any entity is read: an expansion would hang or exhaust memory
  // long before the test's time limit.
  it('refuses billion laughs before any expansion', () => {
    let dtd = '<!ENTITY lol0 "lol">'
    for (let i = 1; i <= 9; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`
    expectRefused(`<!DOCTYPE lolz [${dtd}]><lolz>&lol9;</lolz>`, 1, 1, /DOCTYPE/)
  }, 10_000)

  it('refuses a plain DOCTYPE with no internal subset, and one with a public id', () => {
    expectRefused('<!DOCTYPE r><r/>', 1, 1, /DOCTYPE/)
    expectRefused('<?xml version="1.0"?><!DOCTYPE r PUBLIC "-//x//EN" "http://example.com/r.dtd"><r/>', 1, 22, /DOCTYPE/)
  })

  it('refuses an entity reference that only a DTD could define', () => {
    expectRefused('<r>&nbsp;</r>', 1, 9, /undefined entity &nbsp;/)
  })
})

describe('parseXml refuses input that is not well-formed', () => {
  it('names the open element of a truncated document and points after the last character', () => {
    expectRefused('<r>\n  <a>\n    <b>12.5', 3, 12, /the input ends inside <b> opened at line 3, column 5 \(truncated/)
  })

  it('refuses a document cut inside a tag', () => {
    expectRefused('<r><a x="1', 1, 11, /the input ends inside <r>/)
  })

  it('names both tags when an end tag does not match', () => {
    expectRefused('<r>\n<a></b></r>', 2, 7, /end tag <\/b> does not match <a> opened at line 2, column 1/)
  })

  it('refuses text that is not XML at all', () => {
    expectRefused('Rechnung 4711, Betrag 12,50 EUR', 1, 1, /text outside the root element/)
    expectRefused('\n  {"invoice": 1}', 2, 3, /text outside the root element/)
    expectRefused('<r/>\ntrailing', 2, 1, /text outside the root element/)
  })

  it('refuses a PDF with a clear message', () => {
    expectRefused(Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 1, 1, /this is a PDF file, not XML/)
  })

  it('refuses empty and whitespace-only input', () => {
    expectRefused('', 1, 1, /empty input/)
    expectRefused(new Uint8Array(0), 1, 1, /empty input/)
    expectRefused(' \n\t ', 1, 1, /empty input/)
    expectRefused(Buffer.from([0xef, 0xbb, 0xbf]), 1, 1, /empty input/)
  })

  it('places a forbidden character and the line ends inside long comments', () => {
    const long = 'a comment longer than the quick check needs'
    expectRefused(`<r><!-- ${long} \u0001 --></r>`, 1, 53, /character U\+0001 is not allowed/)
    expectRefused(`<r><!-- ${long}\r\n${long}\n${long} \uFFFF --></r>`, 3, 45, /character U\+FFFF is not allowed/)
    expectRefused(`<r><!-- ${long} \uD800 ${long} --></r>`, 1, 53, /character U\+D800 is not allowed/)
    expectRefused(`<r><!-- ${long} -- ${long} --></r>`, 1, 55, /"--" is not allowed inside a comment/)
    const { root } = parseXml(`<r><!-- ${long} 😀\t${long}\r\n --><a/></r>`)
    expect(root.children[0]).toMatchObject({ line: 2, column: 5 })
  })

  it('refuses a comment-only document (no root element)', () => {
    expectRefused('<?xml version="1.0"?><!-- nothing -->', 1, 38, /no root element/)
  })

  it('refuses two root elements', () => {
    expectRefused('<r/><r/>', 1, 7, /second root element/)
  })

  it('refuses an undeclared element prefix and an undeclared attribute prefix', () => {
    expectRefused('<r>\n  <ram:ID>1</ram:ID></r>', 2, 10, /namespace prefix "ram" is not declared/)
    expectRefused('<r xsi:type="x"/>', 1, 17, /namespace prefix "xsi" is not declared/)
  })

  it('refuses duplicate attributes', () => {
    expectRefused('<r a="1" a="2"/>', 1, 16, /duplicate attribute/)
  })

  it('refuses control characters in text and as character references', () => {
    expectRefused('<r>\n ab\u0001</r>', 2, 4, /character U\+0001 is not allowed in XML 1\.0/)
    expectRefused('<r>&#x1B;</r>', 1, 9, /character reference names a character not allowed/)
    expectRefused('<r>\uFFFF</r>', 1, 4, /U\+FFFF/)
  })
})

describe('parseXml refuses input over its limits', () => {
  it('refuses nesting deeper than maxDepth, naming the element', () => {
    expectRefused('<a>\n <b>\n  <c/></b></a>', 3, 3, /<c> is nested 3 elements deep, more than the limit of 2/, { maxDepth: 2 })
  })

  it('refuses 10 000 nested elements under the default depth limit of 64', () => {
    const deep = '<a>'.repeat(10_000) + '</a>'.repeat(10_000)
    expectRefused(deep, 1, 193, /nested 65 elements deep, more than the limit of 64/)
  })

  it('refuses more elements than maxElements', () => {
    expectRefused('<r><a/><a/><a/></r>', 1, 12, /more than 3 elements/, { maxElements: 3 })
  })

  it('refuses input over maxBytes with INPUT_TOO_LARGE, for strings and bytes', () => {
    for (const input of ['<r>é</r>', Buffer.from('<r>é</r>')]) {
      const err = refusal(input, { maxBytes: 8 })
      expect(err.errorCode).toBe('INPUT_TOO_LARGE')
      expect(err.message).toBe('line 1, column 1: the input is 9 bytes, more than the limit of 8 bytes')
      expect(err.details).toMatchObject({ size: '9', limit: '8' })
    }
  })

  it('refuses a string longer than the limit without measuring it byte by byte', () => {
    expect(refusal('<r>' + 'x'.repeat(100) + '</r>', { maxBytes: 50 }).errorCode).toBe('INPUT_TOO_LARGE')
  })
})

describe('parseXml reads the encoding the document names, and refuses what breaks it', () => {
  const textOf = (input: Uint8Array): string => parseXml(input).root.text

  it('refuses bytes that are not UTF-8 in a document that names no other encoding, with the byte offset and its line and column', () => {
    const latin1 = Buffer.from('<r>\n  <n>M\u00fcller</n></r>', 'latin1')
    expectRefused(latin1, 2, 7, /not UTF-8: invalid byte 0xFC at byte offset 10/)
    expect(refusal(latin1).details.offset).toBe('10')
  })

  it('reads ISO-8859-1 when the declaration says so: every byte is the code point of its value, 0x80–0x9F too', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><r>M\u00fcller \u0080</r>', 'latin1')
    expect(textOf(latin1)).toBe('M\u00fcller \u0080')
  })

  it('reads windows-1252 and other declared encodings with a strict decoder', () => {
    const cp1252 = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1252"?><r>'), Buffer.from([0x80, 0x20, 0xe4]), Buffer.from('</r>')])
    expect(textOf(cp1252)).toBe('\u20ac \u00e4')
    const sjis = Buffer.concat([Buffer.from("<?xml version='1.0' encoding='Shift_JIS'?><r>"), Buffer.from([0x93, 0xfa, 0x96, 0x7b]), Buffer.from('</r>')])
    expect(textOf(sjis)).toBe('\u65e5\u672c')
    expectRefused(Buffer.concat([Buffer.from("<?xml version='1.0' encoding='Shift_JIS'?><r>"), Buffer.from([0x81]), Buffer.from('</r>')]), 1, 1, /not valid Shift_JIS/)
  })

  it('reads UTF-16 with a byte order mark, and without one when the document begins with "<"', () => {
    const body = '<?xml version="1.0" encoding="UTF-16"?><r>M\u00fcller \u20ac</r>'
    const le = Buffer.from(body, 'utf16le')
    const be = Buffer.from(le).swap16()
    expect(textOf(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe('M\u00fcller \u20ac')
    expect(textOf(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('M\u00fcller \u20ac')
    expect(textOf(le)).toBe('M\u00fcller \u20ac')
    expect(textOf(be)).toBe('M\u00fcller \u20ac')
  })

  it('refuses a declaration that contradicts the bytes, an encoding it cannot decode, UTF-32 and broken UTF-16', () => {
    expectRefused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<?xml version="1.0" encoding="UTF-8"?><r/>', 'utf16le')]), 1, 1, /declares encoding "UTF-8", but its bytes are UTF-16LE/)
    expectRefused(Buffer.from('<?xml version="1.0" encoding="UTF-16"?><r/>'), 1, 1, /declares encoding "UTF-16", but its bytes are not UTF-16/)
    expectRefused(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><r/>'), 1, 1, /declares encoding "x-klingon", which einvoice cannot decode/)
    expectRefused(Buffer.from([0xff, 0xfe, 0, 0, 0x3c, 0, 0, 0]), 1, 1, /UTF-32/)
    expectRefused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<r/>', 'utf16le'), Buffer.from([0x3c])]), 1, 1, /not valid UTF-16LE/)
  })

  it('reports an encoding name outside the EncName production as a malformed declaration, not as an unknown encoding', () => {
    expectRefused(Buffer.from('<?xml version="1.0" encoding="UTF-8-W/O-BOM"?><r/>'), 1, 1, /malformed XML declaration/)
  })

  it('takes a string as text: its declaration names the encoding of bytes it no longer has', () => {
    expect(parseXml('<?xml version="1.0" encoding="windows-1252"?>\n<r>plain \u20ac</r>').root.text).toBe('plain \u20ac')
  })

  it('refuses overlong and surrogate UTF-8 forms', () => {
    expectRefused(Buffer.from([0x3c, 0x72, 0x3e, 0xc0, 0xbc, 0x3c, 0x2f, 0x72, 0x3e]), 1, 4, /invalid byte 0xC0/)
    expectRefused(Buffer.from([0x3c, 0x72, 0x3e, 0xed, 0xa0, 0x80, 0x3c, 0x2f, 0x72, 0x3e]), 1, 4, /invalid byte 0xED/)
  })
})

describe('parseXml quotes names from the input bounded', () => {
  // A 100,000-character name had been repeated whole (cut only by the 8,000-character safety net).
  const n = 'b'.repeat(100_000)
  const quoted = `${'b'.repeat(200)}… (100000 characters)`
  it.each([
    ['an unmatched end tag', `<a></${n}>`, `end tag </${quoted}> does not match <a> opened at line 1, column 1`],
    ['a mismatched end tag', `<a><${n}></a>`, `end tag </a> does not match <${quoted}> opened at line 1, column 4`],
    ['a duplicate attribute', `<a ${n}="1" ${n}="2"/>`, `duplicate attribute ${quoted} (an attribute may occur once per element)`],
    ['an undefined entity', `<a>&${n};</a>`, `undefined entity &${quoted}; (only`],
    ['an undeclared prefix', `<${n}:a/>`, `namespace prefix "${quoted}" is not declared (no xmlns:${quoted} in scope)`],
    ['a truncated document', `<${n}>`, `the input ends inside <${quoted}> opened at line 1, column 1`],
    ['a malformed name', `<a:b:${n}/>`, `malformed name a:b:${'b'.repeat(196)}… (100004 characters)`],
    ['an attribute without a value', `<a ${n}>`, `attribute ${quoted} has no value`],
    ['nesting over the limit', `<${n}><${n}/></${n}>`, `<${quoted}> is nested 2 elements deep, more than the limit of 1`],
  ])('%s', (_, input, reason) => {
    const err = refusal(input, input.startsWith(`<${n}><`) ? { maxDepth: 1 } : {})
    expect(err.message).toContain(reason)
    expect(err.message.length).toBeLessThan(700)
  })
})
