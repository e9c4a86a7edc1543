import { readCorpusFile } from './corpus.js'

const SUB_LINES = 'mustang/library/src/test/resources/subinvoicelines/Extended_SubInvoiceLines_Hardware_Bsp2.xml'
const ITEM_END = '</ram:IncludedSupplyChainTradeLineItem>'

/**
 * The EXTENDED sub-line example with its lines replaced by a chain of `n`: each line the only
 * sub-line of the one before, all GROUP but the last (DETAIL), every line total 600.00. (The
 * corpus is read, never copied.)
 */
export function subLineChain(n: number): string {
  const xml = readCorpusFile(SUB_LINES).toString('utf8')
  const start = xml.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
  const end = xml.lastIndexOf(ITEM_END) + ITEM_END.length
  const item = xml.slice(start, xml.indexOf(ITEM_END) + ITEM_END.length)
  const lines: string[] = []
  for (let k = 0; k < n; k++) {
    const parent = k === 0 ? '' : `<ram:ParentLineID>L${k - 1}</ram:ParentLineID>`
    lines.push(
      item
        .replace('<ram:LineID>0101</ram:LineID>', `<ram:LineID>L${k}</ram:LineID>`)
        .replace(/\s*<ram:ParentLineID>01<\/ram:ParentLineID>/, parent)
        .replace('>DETAIL<', k < n - 1 ? '>GROUP<' : '>DETAIL<'),
    )
  }
  return xml.slice(0, start) + lines.join('\n') + xml.slice(end)
}
