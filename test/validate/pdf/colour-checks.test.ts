/**
 * Device colour in content streams (PDF/A-3 6.2.4.3): which operators and inline-image colour
 * spaces count, on a page with no OutputIntent (so every device space used is a finding).
 */
import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { checkColour } from '../../../src/validate/pdf/colour-checks.js'
import { addToPage } from './builders.js'

async function spacesUsed(content: string): Promise<string[]> {
  const doc = await PDFDocument.create()
  doc.addPage([200, 200])
  addToPage(doc, content)
  return checkColour(doc)
    .findings.filter((f) => f.ruleId === 'PDFA-DEVICE-COLOUR')
    .map((f) => /Device(RGB|CMYK|Gray)/.exec(f.message)?.[0] ?? f.message)
    .sort()
}

describe('checkColour: device colour in content streams', () => {
  it('counts colour operators, device spaces set with cs/CS and inline-image colour spaces', async () => {
    expect(await spacesUsed('1 0 0 rg 0 0 10 10 re f')).toEqual(['DeviceRGB'])
    expect(await spacesUsed('/DeviceCMYK CS 0 0 0 1 SC')).toEqual(['DeviceCMYK'])
    expect(await spacesUsed('BI /W 1 /H 1 /CS /G /BPC 8 ID x EI')).toEqual(['DeviceGray'])
    expect(await spacesUsed('q 0.5 g Q 0 0 0 1 K')).toEqual(['DeviceCMYK', 'DeviceGray'])
  })

  it('does not count names inside marked-content dictionaries, strings or inline-image data', async () => {
    expect(await spacesUsed('/P <</ColorSpace /DeviceRGB /CS /RGB>> BDC EMC (1 0 0 rg) Tj')).toEqual([])
    expect(await spacesUsed('BI /W 1 /H 1 /BPC 8 ID 1 0 0 rg EI')).toEqual([])
  })

  it('finds nothing for names and operators that only look like object properties', async () => {
    expect(await spacesUsed('BI /CS /constructor ID x EI /toString cs 1 constructor hasOwnProperty')).toEqual([])
  })
})
