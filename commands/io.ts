/**
 * The CLI's window on the world, injectable so tests run commands in process.
 * @module
 */
import { rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { WorkerBundle } from './cli-loader.js'
import { makeDirectory } from '../src/util/make-directory.js'
import { readInputFile, readInputStream } from './read-input.js'

export type CliIO = {
  stdout: { write(chunk: string | Uint8Array): unknown; isTTY?: boolean | undefined }
  stderr: { write(chunk: string | Uint8Array): unknown; isTTY?: boolean | undefined }
  readStdin(): Promise<Uint8Array>
  readFile(path: string): Promise<Uint8Array>
  /** Writes via a temporary file and a rename, so a failure never leaves a partial file. */
  writeFileAtomic(path: string, data: Uint8Array | string): Promise<void>
  mkdir(path: string): Promise<void>
  env: Readonly<Record<string, string | undefined>>
  /**
   * Called by a command that knows its run is short (a few small inputs): the binary then has V8
   * optimise only code that stays hot much longer, as most compiles would finish too late to pay
   * (commands/cli-loader.ts). Absent when the CLI runs in another program's process (tests,
   * `runCli` from the library).
   */
  shortRun?: () => void
  /**
   * Called by a command once its worker threads have loaded their code: the binary then has V8
   * optimise in smaller steps, which pays when threads compete for few cores (commands/cli-loader.ts).
   * Absent when the CLI runs in another program's process.
   */
  parallelRun?: () => void
  /**
   * The bundle this CLI runs from, for worker threads to load instead of the ES modules. Absent
   * when the CLI runs from the modules.
   */
  workerBundle?: WorkerBundle
}

/** What bin/einvoice.js (commands/cli-loader.ts) hands the commands beyond the process's IO. */
export type CliHost = Pick<CliIO, 'shortRun' | 'parallelRun' | 'workerBundle'>

export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  // node:crypto (16 internal modules) loads only for a command that writes a file, not at every start.
  const { randomBytes } = await import('node:crypto')
  const tmp = join(dirname(path), `.${randomBytes(6).toString('hex')}.einvoice.tmp`)
  try {
    await writeFile(tmp, data)
    await rename(tmp, path)
  } catch (err) {
    await rm(tmp, { force: true })
    // Name the file the user asked for, not the temporary one beside it.
    const code = (err as NodeJS.ErrnoException).code
    throw code === undefined ? err : Object.assign(new Error(`${path}: ${code}`, { cause: err }), { code, path })
  }
}

export const processIO: CliIO = {
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin: () => readInputStream(process.stdin, '<stdin>'),
  // Read in one call: fs/promises' readFile goes through the thread pool step by step (open, stat,
  // reads, close) and cost 130–155 µs of CPU per 35 KB file against 31–36 µs, which a batch of
  // thousands of files pays on its main thread. A failure still arrives as a rejection.
  readFile: async (path) => readInputFile(path),
  writeFileAtomic,
  mkdir: makeDirectory,
  env: process.env,
}
