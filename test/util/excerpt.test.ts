/** Messages quote input in bounded pieces (excerpt, excerptMiddle) and never split a surrogate pair. */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { MAX_DETAIL, MAX_MESSAGE, MAX_QUOTE, excerpt, excerptMiddle } from '../../src/util/excerpt.js'

describe('excerpt', () => {
  it('keeps a short text and cuts a long one, saying how long it was', () => {
    expect(excerpt('380')).toBe('380')
    expect(excerpt('x'.repeat(MAX_QUOTE))).toBe('x'.repeat(MAX_QUOTE))
    expect(excerpt('x'.repeat(MAX_QUOTE + 1))).toBe(`${'x'.repeat(MAX_QUOTE)}… (${MAX_QUOTE + 1} characters)`)
    expect(excerpt('abcdef', 3)).toBe('abc… (6 characters)')
  })

  it('does not cut between the halves of a surrogate pair', () => {
    const text = 'ab😀cd' // the emoji is 2 UTF-16 code units, at 2 and 3
    expect(excerpt(text, 3)).toBe('ab… (6 characters)')
    expect(excerpt(text, 4)).toBe('ab😀… (6 characters)')
  })

  it('excerptMiddle keeps the start and the end of a long message', () => {
    const message = `start ${'a'.repeat(100_000)} end of the advice`
    const cut = excerptMiddle(message)
    expect(cut.length).toBeLessThanOrEqual(MAX_MESSAGE + 60)
    expect(cut.startsWith('start aaa')).toBe(true)
    expect(cut.endsWith('aaa end of the advice')).toBe(true)
    expect(cut).toContain(`characters left out`)
    expect(excerptMiddle('short')).toBe('short')
  })
})

describe('EInvoiceError', () => {
  it('bounds its message and detail values, so input quoted in them cannot fill a log or a response', () => {
    const name = 'n'.repeat(1_000_000)
    const err = new EInvoiceError('UNSUPPORTED_DOCUMENT', `the root element ${name} is not an invoice`, { details: { root: name, line: '1' } })
    expect(err.message.length).toBeLessThan(MAX_MESSAGE + 100)
    expect(err.message.endsWith('is not an invoice')).toBe(true)
    expect(err.details['root']).toBe(`${'n'.repeat(MAX_DETAIL)}… (1000000 characters)`)
    expect(err.details['line']).toBe('1')
  })
})
