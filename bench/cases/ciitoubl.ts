import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readCii } from '../../src/cii/read-cii.js'
import { ciiToUbl } from '../../src/operations/cii-to-ubl.js'
import { writeUbl } from '../../src/ubl/write-ubl.js'
import { parseXml } from '../../src/xml/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

/** The shared corpus beside the repository; without it these cases are skipped. */
const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus')

/**
 * 02.01a-cvd_INVOICE_uncefact.xml (34,223 bytes, XRechnung CII, 4 lines) is the "34 KB
 * CII"; CII_example8 (27 KB, 7 lines) is a line-heavy plain EN 16931 document.
 */
const FILES = {
  cvd: 'kosit-xrechnung-testsuite/src/test/technical-cases/cvd/02.01a-cvd_INVOICE_uncefact.xml',
  example8: 'cen-en16931/cii/examples/CII_example8.xml',
  /** Factur-X EXTENDED with ParentLineID sub-lines (6 lines, 2 groups). */
  subLines: 'mustang/library/src/test/resources/subinvoicelines/Extended_SubInvoiceLines_Hardware_Bsp2.xml',
} as const

function load(file: string): Buffer | undefined {
  const path = join(CORPUS, file)
  return existsSync(path) ? readFileSync(path) : undefined
}

const cvd = load(FILES.cvd)
const example8 = load(FILES.example8)
const subLines = load(FILES.subLines)

export const cases: BenchCase[] = []
if (cvd === undefined || example8 === undefined || subLines === undefined) {
  console.log(`ciitoubl benchmarks skipped: no corpus at ${CORPUS}`)
} else {
  const model = readCii(parseXml(cvd))
  cases.push(
    {
      name: `ciitoubl: ${Math.round(cvd.length / 1024)} KB XRechnung CII (02.01a-cvd), bytes → UBL text`,
      operation: 'ciitoubl',
      targetMs: 2,
      run: () => ciiToUbl(cvd),
    },
    {
      name: 'ciitoubl: 27 KB CII_example8 (7 lines), bytes → UBL text',
      operation: 'ciitoubl',
      targetMs: 2,
      run: () => ciiToUbl(example8),
    },
    {
      name: 'ciitoubl: EXTENDED sub-lines (Mustang Hardware_Bsp2) → nested UBL sub-invoice lines',
      operation: 'ciitoubl',
      run: () => ciiToUbl(subLines),
    },
    {
      name: 'ciitoubl: UBL writer only (model → UBL text)',
      operation: 'ciitoubl',
      run: () => writeUbl(model),
    },
  )
}
