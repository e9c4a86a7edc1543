/**
 * Expanding the CLI's FILE arguments without a shell: `*`, `?`, `[abc]` within a path segment and
 * `**` across directories (Node 20 has no fs.globSync). A directory argument means every .xml and
 * .pdf file below it. Shell-expanded arguments pass through unchanged.
 * @module
 */
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'

const GLOB_CHARS = /[*?[]/

export const hasGlob = (arg: string): boolean => GLOB_CHARS.test(arg)

/** A path segment pattern → a regular expression (no `/` crossing). */
function segmentRegex(segment: string): string {
  let out = ''
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string
    if (c === '*') out += '[^/]*'
    else if (c === '?') out += '[^/]'
    else if (c === '[') {
      const end = segment.indexOf(']', i + 1)
      if (end < 0) out += '\\['
      else {
        const body = segment.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')
        out += `[${body}]`
        i = end
      }
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  return out
}

/** The whole pattern (below its base directory) as a regular expression over `/`-joined paths. */
export function patternRegex(pattern: string): RegExp {
  const parts = pattern.split('/').filter((p) => p !== '')
  let re = ''
  parts.forEach((p, i) => {
    const last = i === parts.length - 1
    if (p === '**') re += last ? '.*' : '(?:[^/]+/)*'
    else re += segmentRegex(p) + (last ? '' : '/')
  })
  return new RegExp(`^${re}$`)
}

/** What a directory entry is, following a symbolic link; a dangling link counts as a file. */
function entryKind(dir: string, e: Dirent): 'dir' | 'file' | undefined {
  if (e.isDirectory()) return 'dir'
  if (e.isFile()) return 'file'
  if (!e.isSymbolicLink()) return undefined
  try {
    const target = statSync(join(dir, e.name))
    return target.isDirectory() ? 'dir' : target.isFile() ? 'file' : undefined
  } catch {
    // A dangling link (or one that loops on itself): kept, so reading it reports the file
    // (`no such file`, exit 2) instead of leaving it out of the batch without a word.
    return 'file'
  }
}

/**
 * Files below `dir` (relative, `/`-separated), depth-first, sorted; unreadable folders skipped.
 * Symbolic links are followed, as a shell's glob follows them: a folder of links to invoices is
 * a folder of invoices. A folder already walked (a link back up the tree, or two links to one
 * folder) is walked once.
 */
function walk(dir: string, prefix = '', out: string[] = [], depth = 0, walked = new Set<string>()): string[] {
  if (depth > 64) return out
  let entries
  try {
    const real = realpathSync(dir)
    if (walked.has(real)) return out
    walked.add(real)
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
  } catch {
    return out
  }
  for (const e of entries) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`
    const kind = entryKind(dir, e)
    if (kind === 'dir') walk(join(dir, e.name), rel, out, depth + 1, walked)
    else if (kind === 'file') out.push(rel)
  }
  return out
}

const INVOICE_FILE = /\.(xml|pdf)$/i

export type Expansion = { files: string[]; unmatched: string[] }

/** Expands every argument; patterns and directories that yield nothing are listed in `unmatched`. */
export function expandFileArgs(args: readonly string[]): Expansion {
  const files: string[] = []
  const unmatched: string[] = []
  for (const arg of args) {
    if (arg === '-') {
      files.push(arg)
      continue
    }
    if (!hasGlob(arg)) {
      let isDir = false
      try {
        isDir = statSync(arg).isDirectory()
      } catch {
        // A missing file is reported when it is read (one line per file, exit 2).
      }
      if (!isDir) files.push(arg)
      else {
        const found = walk(arg).filter((f) => INVOICE_FILE.test(f)).map((f) => join(arg, f))
        if (found.length === 0) unmatched.push(arg)
        files.push(...found)
      }
      continue
    }
    const normalized = arg.split(sep).join('/')
    const segments = normalized.split('/')
    const firstGlob = segments.findIndex((s) => hasGlob(s))
    const base = segments.slice(0, firstGlob).join('/')
    const rest = segments.slice(firstGlob).join('/')
    const re = patternRegex(rest)
    const absolute = normalized.startsWith('/')
    const root = base !== '' ? base : absolute ? '/' : '.'
    const found = walk(root)
      .filter((f) => re.test(f))
      .map((f) => (base !== '' ? `${base}/${f}` : absolute ? `/${f}` : f))
    if (found.length === 0) unmatched.push(arg)
    files.push(...found)
  }
  return { files, unmatched }
}
