/**
 * Terminal output: colour only on a TTY and never with NO_COLOR; errors as one line, no stack.
 * @module
 */
import { readlinkSync } from 'node:fs'
import type { ChalkInstance } from 'chalk'
import { isEInvoiceError } from '../src/errors.js'
import type { CliIO } from './io.js'

export const EXIT_OK = 0
/** Some input was valid but the result says no (e.g. an invalid invoice). */
export const EXIT_FAILED = 1
/** Bad input: unreadable file, malformed JSON/XML, wrong types. */
export const EXIT_BAD_INPUT = 2

/** chalk for `stream`, coloured only on a TTY without NO_COLOR; loaded on first use (startup time). */
export async function colours(io: CliIO, stream: 'stdout' | 'stderr' = 'stderr'): Promise<ChalkInstance> {
  const { Chalk } = await import('chalk')
  const tty = io[stream].isTTY === true
  const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== ''
  return new Chalk({ level: tty && !noColor && io.env.TERM !== 'dumb' ? 1 : 0 })
}

/** What the file system's refusals mean, for the one-line message (EACCES, ENOENT, EISDIR above). */
export const FILE_PROBLEMS: Readonly<Record<string, string>> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'already exists',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EPERM: 'operation not permitted',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  EFBIG: 'file too large',
  EIO: 'input/output error',
}

/** Where a symbolic link points, or undefined for anything else (a dangling link reads as ENOENT). */
function linkTarget(path: string): string | undefined {
  try {
    return readlinkSync(path)
  } catch {
    return undefined
  }
}

/** One line naming the source and the problem; the exit code it deserves. */
export function describeError(err: unknown, source: string | undefined): { line: string; exitCode: number } {
  const prefix = source === undefined ? '' : `${source}: `
  if (isEInvoiceError(err)) return { line: prefix + err.message, exitCode: EXIT_BAD_INPUT }
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  // A file error names its own file (combine reads two; the PDF was named for a missing JSON).
  const path = (err as NodeJS.ErrnoException | undefined)?.path
  if (code === 'ENOENT') {
    // The error of a read in a batch worker comes without its path: the source is the file.
    const file = typeof path === 'string' ? path : source
    const target = file === undefined ? undefined : linkTarget(file)
    if (target !== undefined) return { line: `${file}: a symbolic link to ${target}, which does not exist`, exitCode: EXIT_BAD_INPUT }
  }
  if (typeof path === 'string' && code !== undefined) return describeError(Object.assign(new Error(''), { code }), path)
  if (code === 'ENOENT') {
    // Node.js decodes file names as UTF-8: a name in another encoding (café in Latin-1) arrives
    // with U+FFFD for its bytes and names no file. Say so, or "no such file" sends users looking.
    const undecodable = source?.includes('\uFFFD') === true ? ' (its name is not valid UTF-8, which Node.js cannot open: rename the file)' : ''
    return { line: `${prefix}no such file or folder${undecodable}`, exitCode: EXIT_BAD_INPUT }
  }
  if (code === 'EISDIR') return { line: `${prefix}is a directory, not a file`, exitCode: EXIT_BAD_INPUT }
  if (code === 'EACCES') return { line: `${prefix}permission denied`, exitCode: EXIT_BAD_INPUT }
  const fileProblem = code === undefined ? undefined : FILE_PROBLEMS[code]
  if (fileProblem !== undefined) return { line: prefix + fileProblem, exitCode: EXIT_BAD_INPUT }
  const message = err instanceof Error ? err.message : String(err)
  return { line: `${prefix}internal error: ${message} (please report it)`, exitCode: EXIT_FAILED }
}

/**
 * An error is one line on standard error (scripts read it so): a control character, from a file
 * name such as `bro\nken.json`, is written as its escape (`\n`), not as a line break.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, (ch) => (ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch === '\t' ? '\\t' : `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`))
}

export async function printError(io: CliIO, line: string): Promise<void> {
  const c = await colours(io)
  io.stderr.write(`${c.red('error')} ${oneLine(line)}\n`)
}

/**
 * The file an `-o, --output <file>` names: `-` is standard output, as `-` is standard input for
 * the inputs (and as curl, tar and wget read it), not a file named "-".
 */
export function outputFile(output: string | undefined): string | undefined {
  return output === '-' ? undefined : output
}
