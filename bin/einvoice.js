#!/usr/bin/env node
// `einvoice --version` alone is answered before the CLI (commander and the command table) loads:
// scripts probe it, and it is the cold-start figure users notice.
const args = process.argv.slice(2)
/** @type {{ saveCache(): void } | undefined} */
let cli
// A reader that stops early (`einvoice … | head`) closes the pipe: stop quietly, as Unix tools do.
// The code cache is written first: a command whose output is always cut short would never get one.
process.stdout.on('error', (err) => {
  if (err.code !== 'EPIPE') throw err
  cli?.saveCache()
  process.exit(process.exitCode ?? 0)
})
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs')
  process.stdout.write(JSON.parse(readFileSync(new globalThis.URL('../package.json', import.meta.url), 'utf8')).version + '\n')
} else {
  // The CLI comes from its one-file bundle with a V8 code cache when it can (dist/commands/cli-loader.js).
  const { loadCli } = await import('../dist/commands/cli-loader.js')
  cli = await loadCli(args)
  process.exitCode = await cli.runCli(args)
  cli.saveCache()
}
