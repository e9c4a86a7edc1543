import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

/**
 * Cold starts of the real binary, one process per operation (wall time; the CPU column only counts
 * this process and is meaningless here). NODE_EXTRA_CA_CERTS is removed from the child's
 * environment: set on these machines, it adds ~90 ms to every Node start, ours or not.
 */
const BIN = join(PACKAGE_ROOT, 'bin', 'einvoice.js')
const env = { ...process.env }
delete env.NODE_EXTRA_CA_CERTS
const run = (args: string[]) => () => execFileSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })

const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus')
const coldValidate: [string, string][] = [
  ['Factur-X EN 16931 CII', 'cen-en16931/cii/examples/CII_business_example_01.xml'],
  ['XRechnung UBL', 'kosit-xrechnung-testsuite/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'],
]

export const cases: BenchCase[] = [
  { name: 'startup: node -e "" (baseline: Node itself)', operation: 'startup', run: run(['-e', '']) },
  { name: 'startup: einvoice --version, cold process', operation: 'startup', targetMs: 120, run: run([BIN, '--version']) },
  { name: 'startup: einvoice --help, cold process', operation: 'startup', run: run([BIN, '--help']) },
  ...coldValidate
    .filter(([, file]) => existsSync(join(CORPUS, file)))
    .map(([label, file]): BenchCase => ({
      name: `startup: einvoice validate one ${label} (${file.split('/').pop() ?? file}), cold process`,
      operation: 'startup',
      targetMs: 300,
      run: run([BIN, 'validate', join(CORPUS, file)]),
    })),
]
