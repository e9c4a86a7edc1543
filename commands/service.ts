/**
 * `einvoice ping` and `einvoice notice`: the Service operations on the command line.
 * @module
 */
import type { Command } from 'commander'
import { notice, ping } from '../src/operations/service.js'
import type { CliIO } from './io.js'
import { EXIT_OK } from './output.js'

export function registerService(program: Command, io: CliIO, setExit: (code: number) => void): void {
  for (const op of [ping, notice]) {
    program
      .command(op.cliName)
      .description(op.summary)
      .action(async () => {
        const out = await op.run({ inputs: {}, params: {} })
        io.stdout.write(typeof out.body === 'string' ? out.body : Buffer.from(out.body))
        if (typeof out.body === 'string' && !out.body.endsWith('\n')) io.stdout.write('\n')
        setExit(EXIT_OK)
      })
  }
}
