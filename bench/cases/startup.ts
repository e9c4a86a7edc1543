import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

/**
 * Cold starts of the real binary, one process per operation (wall time; the CPU column only counts
 * this process and is meaningless here). NODE_EXTRA_CA_CERTS is removed from the child's
 * environment: set on these machines, it adds ~90 ms to every Node start, ours or not.
 * The CLI runs from its bundle with the code cache the warm-up wrote (commands/cli-loader.ts);
 * the validate cases are also measured from the ES modules, on a command's first run and with a
 * cache that a run on another kind of file wrote first.
 */
const BIN = join(PACKAGE_ROOT, 'bin', 'einvoice.js')
const env = { ...process.env }
delete env.NODE_EXTRA_CA_CERTS
const run = (args: string[], extraEnv: Record<string, string> = {}) => () => execFileSync(process.execPath, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] })
/** A cache folder of its own for every run: the first run of a command after an install or build. */
const firstRun = (args: string[]) => () => {
  const xdg = mkdtempSync(join(tmpdir(), 'einvoice-bench-cache-'))
  try {
    run(args, { XDG_CACHE_HOME: xdg })()
  } finally {
    rmSync(xdg, { recursive: true, force: true })
  }
}

/**
 * A cache folder of its own, whose validate cache a first run of `before` wrote (deleted when the
 * bench exits): the cases below then run with the cache as a user has it after another kind of file.
 */
const afterRun = (before: string[], args: string[]) => {
  let xdg: string | undefined
  return () => {
    if (xdg === undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'einvoice-bench-cache-'))
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
      run(before, { XDG_CACHE_HOME: dir })()
      xdg = dir
    }
    run(args, { XDG_CACHE_HOME: xdg })()
  }
}

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
  ...coldValidate
    .filter(([, file]) => existsSync(join(CORPUS, file)))
    .slice(0, 1)
    .flatMap(([label, file]): BenchCase[] => [
      {
        name: `startup: einvoice validate one ${label}, cold process from the ES modules (NODE_DISABLE_COMPILE_CACHE=1)`,
        operation: 'startup',
        run: run([BIN, 'validate', join(CORPUS, file)], { NODE_DISABLE_COMPILE_CACHE: '1' }),
      },
      // The cache a UBL run wrote lacks the Factur-X rule compiler; the first Factur-X run adds it.
      ...coldValidate
        .slice(1, 2)
        .filter(([, ubl]) => existsSync(join(CORPUS, ubl)))
        .map(([, ubl]): BenchCase => ({
          name: `startup: einvoice validate one ${label}, cold process, the validate cache first written by a UBL run`,
          operation: 'startup',
          run: afterRun([BIN, 'validate', join(CORPUS, ubl)], [BIN, 'validate', join(CORPUS, file)]),
        })),
      {
        name: `startup: einvoice validate one ${label}, first run (bundle compiled without cache, cache written)`,
        operation: 'startup',
        run: firstRun([BIN, 'validate', join(CORPUS, file)]),
      },
    ]),
]
