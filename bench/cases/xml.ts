import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { NS, el, parseXml, serializeXml } from '../../src/xml/index.js'
import type { XmlNode } from '../../src/xml/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus')
// A 34 KB XRechnung CII (KoSIT test suite) and the 11 KB EN 16931 example 4.
const cii34k = readFileSync(join(CORPUS, 'kosit-xrechnung-testsuite/src/test/technical-cases/cvd/02.01a-cvd_INVOICE_uncefact.xml'))
const cii11k = readFileSync(join(CORPUS, 'cen-en16931/cii/examples/CII_example4.xml'))
const cii34kText = cii34k.toString('utf8')

const lines: XmlNode[] = Array.from({ length: 100 }, (_, i) =>
  el(
    'ram:IncludedSupplyChainTradeLineItem',
    undefined,
    el('ram:AssociatedDocumentLineDocument', undefined, el('ram:LineID', undefined, String(i + 1))),
    el('ram:SpecifiedTradeProduct', undefined, el('ram:Name', undefined, `Item ${i} <special> & "quoted"`)),
    el('ram:BilledQuantity', { unitCode: 'H87' }, '2.0000'),
    el('ram:LineTotalAmount', undefined, '19.90'),
  ),
)
const tree = el('rsm:CrossIndustryInvoice', undefined, el('rsm:SupplyChainTradeTransaction', undefined, ...lines))

export const cases: BenchCase[] = [
  {
    name: `xml: parseXml 34 KB CII (${cii34k.length} bytes, UTF-8 bytes in)`,
    operation: 'xml',
    targetMs: 1,
    run: () => parseXml(cii34k),
  },
  {
    name: 'xml: parseXml 34 KB CII (string in, no decoding)',
    operation: 'xml',
    run: () => parseXml(cii34kText),
  },
  {
    name: `xml: parseXml 11 KB CII example 4 (${cii11k.length} bytes)`,
    operation: 'xml',
    run: () => parseXml(cii11k),
  },
  {
    name: 'xml: serializeXml 100-line CII tree',
    operation: 'xml',
    run: () => serializeXml(tree, { namespaces: { rsm: NS.rsm, ram: NS.ram } }),
  },
]
