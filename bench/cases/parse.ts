import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { invoiceToJson } from '../../src/json/from-model.js'
import { parseInvoiceToJsonText } from '../../src/parse-invoice.js'
import { readInvoice } from '../../src/read-invoice.js'
import { parseXml } from '../../src/xml/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

/** The shared corpus beside the repository; without it these cases are skipped. */
const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus')

/**
 * factur-x-basicwl.xml (33,224 bytes) is the largest official-valid CII of the corpus at or
 * below 34 KB, the size the issue names; UC10 (46,516 bytes, EXTENDED, 8 lines) and CII_example8
 * (26,966 bytes, EN 16931, 7 lines) show line-heavy documents around it.
 */
const FILES = {
  basicwl: 'akretion-factur-x/tests/fixtures/xml/factur-x-basicwl.xml',
  uc10: 'mustang/validator/src/test/resources/UC10_F202600004_EXTENDED_FX_CII_Commentee.xml',
  example8: 'cen-en16931/cii/examples/CII_example8.xml',
} as const

function load(file: string): Buffer | undefined {
  const path = join(CORPUS, file)
  return existsSync(path) ? readFileSync(path) : undefined
}

const basicwl = load(FILES.basicwl)
const uc10 = load(FILES.uc10)
const example8 = load(FILES.example8)

export const cases: BenchCase[] = []
if (basicwl === undefined || uc10 === undefined || example8 === undefined) {
  console.log(`parse benchmarks skipped: no corpus at ${CORPUS}`)
} else {
  const model = readInvoice(basicwl)
  cases.push(
    {
      name: 'parse: 33 KB CII BASIC WL (factur-x-basicwl.xml), bytes → JSON text',
      operation: 'parse',
      targetMs: 1,
      run: () => parseInvoiceToJsonText(basicwl),
    },
    {
      name: 'parse: 46 KB CII EXTENDED, 8 lines (UC10_F202600004), bytes → JSON text',
      operation: 'parse',
      run: () => parseInvoiceToJsonText(uc10),
    },
    {
      name: 'parse: 27 KB CII EN 16931, 7 lines (CII_example8), bytes → JSON text',
      operation: 'parse',
      run: () => parseInvoiceToJsonText(example8),
    },
    { name: 'parse: 33 KB CII, XML parsing only', operation: 'parse', run: () => parseXml(basicwl) },
    { name: 'parse: 33 KB CII, model → JSON object only', operation: 'parse', run: () => invoiceToJson(model) },
  )
}
