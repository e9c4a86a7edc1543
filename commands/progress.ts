/**
 * A spinner on standard error for long batches, only on a terminal.
 * @module
 */
import type { CliIO } from './io.js'

/** Batches shorter than this finish before a spinner would help. */
const SPINNER_MIN_ITEMS = 20

export async function withProgress(
  io: CliIO,
  total: number,
  label: string,
  work: (tick: () => void) => Promise<void>,
): Promise<void> {
  if (total < SPINNER_MIN_ITEMS || io.stderr.isTTY !== true || io.env.CI !== undefined) {
    await work(() => {})
    return
  }
  const { default: ora } = await import('ora')
  const spinner = ora({ text: `${label} 0/${total}`, stream: process.stderr }).start()
  let done = 0
  try {
    await work(() => {
      done++
      spinner.text = `${label} ${done}/${total}`
    })
    spinner.succeed(`${label}: ${total} done`)
  } catch (err) {
    spinner.fail()
    throw err
  }
}
