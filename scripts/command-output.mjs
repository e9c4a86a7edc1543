/** Shared by the differential scripts (mutation-check.mjs, layer-compare.mjs). */
import { execFileSync } from 'node:child_process'

/** A command's standard output; refcheck and einvoice exit non-zero when some file is invalid. */
export function stdoutOf(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 29, stdio: ['ignore', 'pipe', 'ignore'] })
  } catch (err) {
    if (typeof err.stdout !== 'string') throw err
    return err.stdout
  }
}

/** The reports of `einvoice validate --format json`: one indented object for one file, JSON Lines for several. */
export function jsonReports(stdout) {
  if (stdout.startsWith('{\n')) return [JSON.parse(stdout)]
  return stdout.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line))
}
