/** contentProblems: what only Ghostscript's rewrite of the page content can repair in pdf2pdfa. */
import { describe, expect, it } from 'vitest'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { contentProblems } from '../../src/pdf/pdfa-fixes.js'
import { pagesPdf, stream } from './raw-pdf.js'

const CMYK = 'DeviceCMYK colour operators in page content without a CMYK output intent (PDF/A 6.2.4.3)'

async function problemsOf(content: string | Uint8Array): Promise<string[]> {
  const { doc } = await loadPdf(pagesPdf([stream('', typeof content === 'string' ? Buffer.from(content, 'latin1') : content)]))
  return contentProblems(doc)
}

describe('contentProblems', () => {
  it.each([
    ['the k operator', '0 0 0 1 k 0 0 10 10 re f'],
    ['the K operator', '0.1 0.2 0.3 0.4 K 0 0 m 10 10 l S'],
    ['DeviceCMYK set by cs', '/DeviceCMYK cs 0 0 0 1 sc'],
    ['an inline image in CMYK', 'q BI /W 1 /H 1 /CS /CMYK /BPC 8 ID \x00\x00\x00\xff EI Q'],
  ])('finds DeviceCMYK colour: %s', async (_what, content) => {
    expect(await problemsOf(content)).toEqual([CMYK])
  })

  it.each([
    ['RGB and grey colour', '1 0 0 rg 0 g 0 0 10 10 re f'],
    ['a k inside a shown string', 'BT /F1 12 Tf (1 k and /CMYK) Tj ET'],
    ['a name that only starts like one', '/CMYKish cs'],
    ['an operator that ends in k', '0 0 10 10 re W n'],
  ])('finds none in %s', async (_what, content) => {
    expect(await problemsOf(content)).toEqual([])
  })

  it.each([
    ['an ri operator with an intent outside table 70', 'q /Vivid ri 0 0 10 10 re f Q', 'a rendering intent outside ISO 32000-1 table 70 set by the ri operator (PDF/A 6.2.6)'],
    ['an escaped one', '/Rel#61tive ri', 'a rendering intent outside ISO 32000-1 table 70 set by the ri operator (PDF/A 6.2.6)'],
    ['an inline image with /I true', 'BI /W 1 /H 1 /CS /G /BPC 8 /I true ID \x01 EI', 'an inline image with /I (Interpolate) true (PDF/A 6.2.8)'],
    ['an inline image with /Interpolate true', 'BI /Interpolate true /W 1 /H 1 /CS /G /BPC 8 ID \x01 EI', 'an inline image with /I (Interpolate) true (PDF/A 6.2.8)'],
    ['an inline image with an unknown /Intent', 'BI /W 1 /H 1 /Intent /Bright /CS /G /BPC 8 ID \x01 EI', 'an inline image with a rendering intent outside ISO 32000-1 table 70 (PDF/A 6.2.6)'],
    ['an inline image with /F /LZW', 'BI /W 1 /H 1 /CS /G /BPC 8 /F /LZW ID \x01 EI', 'an inline image encoded with a filter PDF/A forbids for inline images (PDF/A 6.1.10)'],
    ['an inline image with an /F array naming Crypt', 'BI /W 1 /H 1 /CS /G /BPC 8 /F [/AHx /Crypt] ID 01> EI', 'an inline image encoded with a filter PDF/A forbids for inline images (PDF/A 6.1.10)'],
  ])('finds %s', async (_what, content, problem) => {
    expect(await problemsOf(content)).toEqual([problem])
  })

  it('finds no filter problem in allowed inline filters, full or abbreviated, or in an /F inside the decode parameters', async () => {
    expect(await problemsOf('BI /W 1 /H 1 /CS /G /BPC 8 /F [/AHx /Fl] /DP [null << /F /LZW >>] ID 01> EI BI /W 1 /H 1 /CS /G /BPC 8 /Filter /DCTDecode ID \x01 EI')).toEqual([])
  })

  it('finds no intent or interpolation problem in the four intents, /I false, or /I true in a dictionary, array or the image data', async () => {
    const content = '/Perceptual ri /Saturation ri BI /W 1 /H 1 /I false /Intent /AbsoluteColorimetric /DP << /I true >> /D [/I true] /CS /G /BPC 8 ID /I true EI /Tag << /I true >> BDC EMC'
    expect(await problemsOf(content)).toEqual([])
  })

  it('reads a page of whitespace in linear time (a pattern over the text backtracked on it)', async () => {
    const content = Buffer.alloc(8 * 1024 * 1024, 0x20)
    content.write('1 0 0 rg', content.length - 16)
    expect(await problemsOf(content)).toEqual([])
    content.write('0 0 0 1 k', 0)
    expect(await problemsOf(content)).toEqual([CMYK])
  })
})
