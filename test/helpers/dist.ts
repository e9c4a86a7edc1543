/**
 * Tests that spawn `einvoice serve` processes or worker threads run the build in dist/ (Node 20
 * cannot load TypeScript in a child process or worker). `npm run build` must precede them; when
 * dist/ is missing they are skipped with a visible note.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../../src/version.js'

export const BIN = join(PACKAGE_ROOT, 'bin', 'einvoice.js')
export const hasDist = existsSync(join(PACKAGE_ROOT, 'dist', 'commands', 'main.js')) && existsSync(join(PACKAGE_ROOT, 'dist', 'src', 'server', 'worker.js'))

export function noteIfNoDist(suite: string): void {
  if (!hasDist) process.stderr.write(`\n[skip] ${suite}: dist/ not built (run npm run build first)\n`)
}
