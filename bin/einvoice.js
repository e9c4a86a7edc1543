#!/usr/bin/env node
// `einvoice --version` alone is answered before the CLI (commander and the command table) loads:
// scripts probe it, and it is the cold-start figure users notice.
const args = process.argv.slice(2)
/** @type {{ saveCache(): void } | undefined} */
let cli
// A reader that stops early (`einvoice … | head`) closes the pipe: the rest of the output is
// dropped quietly and the command runs to its end, so its exit status is still its answer (exiting
// at once had said 0, "all valid", for a batch of invalid invoices under `set -o pipefail`).
// Another failure of the pipe is reported once and ends the run with exit 2. Standard output to a
// file or device is written by the CLI itself (commands/io.ts), which reports its failures.
let stdoutClosed = false
process.stdout.on('error', (err) => {
  if (stdoutClosed) return
  stdoutClosed = true
  if (err.code === 'EPIPE') return
  process.stderr.write(`error standard output: ${err.code ?? err.message}\n`)
  cli?.saveCache()
  process.exit(2)
})
// Messages that cannot be written (stderr closed) are lost; the exit status still tells.
process.stderr.on('error', () => {})
// package.json "engines": Node 21 and 22.0–22.1 lack zlib.crc32 (and more the CLI uses); there
// every command died with a SyntaxError and its stack. npm only warns about engines.
const [major, minor] = process.versions.node.split('.').map(Number)
if (!((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23)) {
  process.stderr.write(`error einvoice needs Node.js 20.19+ or 22.12+; this is ${process.version}\n`)
  process.exit(2)
}
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs')
  process.stdout.write(JSON.parse(readFileSync(new globalThis.URL('../package.json', import.meta.url), 'utf8')).version + '\n')
} else {
  // The CLI comes from its one-file bundle with a V8 code cache when it can (dist/commands/cli-loader.js).
  const { loadCli } = await import('../dist/commands/cli-loader.js')
  cli = await loadCli(args)
  // A failure to write standard output (commands/io.ts sets exit 2) outranks the command's status.
  process.exitCode = Math.max(await cli.runCli(args), process.exitCode ?? 0)
  cli.saveCache()
}
