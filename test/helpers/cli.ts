import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processIO, writeFileAtomic, type CliIO } from '../../commands/io.js'
import { runCli } from '../../commands/main.js'

export type CliRun = { code: number; stdout: string; stderr: string; stdoutBytes: Buffer }

/** Runs the CLI in process with captured output, an optional stdin and the binary's tiering hooks. */
export async function cli(argv: string[], options: { stdin?: string | Uint8Array; tty?: boolean; env?: Record<string, string>; shortRun?: () => void; parallelRun?: () => void } = {}): Promise<CliRun> {
  const out: Buffer[] = []
  const err: Buffer[] = []
  const io: CliIO = {
    stdout: { write: (c) => out.push(Buffer.from(c)), isTTY: options.tty },
    stderr: { write: (c) => err.push(Buffer.from(c)), isTTY: options.tty },
    readStdin: async () => Buffer.from(options.stdin ?? ''),
    // The binary's own reads and folder making (bounded, commands/read-input.ts; makeDirectory).
    readFile: processIO.readFile,
    writeFileAtomic,
    mkdir: processIO.mkdir,
    env: options.env ?? {},
  }
  const host = { ...(options.shortRun === undefined ? {} : { shortRun: options.shortRun }), ...(options.parallelRun === undefined ? {} : { parallelRun: options.parallelRun }) }
  const code = await runCli(argv, io, host)
  const stdoutBytes = Buffer.concat(out)
  return { code, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes }
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'einvoice-test-'))
}

export async function writeTemp(dir: string, name: string, content: string | object): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}
