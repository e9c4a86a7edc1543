import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { expandFileArgs, patternRegex } from '../../commands/file-patterns.js'
import { SHORT_RUN_FILE_BYTES, SHORT_RUN_FILES, findValidateWorker, isShortRun, threadsFor, workerPool } from '../../commands/validate-batch.js'
import type { ValidateReply, ValidateTask } from '../../commands/validate-task.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

const VALID_PATH = fileURLToPath(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url))
const VALID = readFileSync(VALID_PATH, 'utf8')
const INVALID = VALID.replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51')

/** A folder with 3 valid, 2 invalid and 1 broken invoice, some in a subfolder, plus a non-invoice file. */
async function batchFolder(): Promise<string> {
  const dir = tempDir()
  mkdirSync(join(dir, 'sub'))
  for (const n of ['a', 'b']) await writeTemp(dir, `${n}.xml`, VALID)
  await writeTemp(join(dir, 'sub'), 'c.xml', VALID)
  await writeTemp(dir, 'bad1.xml', INVALID)
  await writeTemp(join(dir, 'sub'), 'bad2.xml', INVALID)
  await writeTemp(join(dir, 'sub'), 'broken.xml', '<a><b></a>')
  await writeTemp(dir, 'notes.txt', 'not an invoice')
  return dir
}

describe('patternRegex / expandFileArgs', () => {
  it('matches *, ?, [..] within a segment and ** across folders', () => {
    expect(patternRegex('*.xml').test('a.xml')).toBe(true)
    expect(patternRegex('*.xml').test('sub/a.xml')).toBe(false)
    expect(patternRegex('**/*.xml').test('sub/deeper/a.xml')).toBe(true)
    expect(patternRegex('**/*.xml').test('a.xml')).toBe(true)
    expect(patternRegex('bad?.xml').test('bad1.xml')).toBe(true)
    expect(patternRegex('[ab].xml').test('c.xml')).toBe(false)
  })

  it('expands patterns and folders, and names patterns that match nothing', async () => {
    const dir = await batchFolder()
    expect(expandFileArgs([`${dir}/**/*.xml`]).files).toHaveLength(6)
    expect(expandFileArgs([`${dir}/*.xml`]).files.map((f) => f.slice(dir.length + 1))).toEqual(['a.xml', 'b.xml', 'bad1.xml'])
    expect(expandFileArgs([dir]).files).toHaveLength(6)
    expect(expandFileArgs([`${dir}/*.pdf`])).toEqual({ files: [], unmatched: [`${dir}/*.pdf`] })
    expect(expandFileArgs(['-', 'plain.xml']).files).toEqual(['-', 'plain.xml'])
  })
})

describe('a folder of symbolic links', () => {
  /** A folder like the corpus's symtrax/Beispiele/BASIC: links to invoices, to a folder, back to itself, and to nothing. */
  async function linkFolder(): Promise<{ dir: string; links: string }> {
    const dir = await batchFolder()
    const links = join(dir, 'links')
    mkdirSync(links)
    symlinkSync(join(dir, 'a.xml'), join(links, 'a-link.xml'))
    symlinkSync(join(dir, 'sub'), join(links, 'sub-link'))
    symlinkSync(links, join(links, 'self'))
    symlinkSync(join(dir, 'gone.xml'), join(links, 'dangling.xml'))
    return { dir, links }
  }

  it('follows links to files and folders, walks a folder once, and keeps a dangling link', async () => {
    const { links } = await linkFolder()
    expect(expandFileArgs([links]).files.map((f) => f.slice(links.length + 1))).toEqual(['a-link.xml', 'dangling.xml', 'sub-link/bad2.xml', 'sub-link/broken.xml', 'sub-link/c.xml'])
    expect(expandFileArgs([`${links}/**/*.xml`]).files).toHaveLength(5)
  })

  it('validates what the links point to and names a dangling link as one', async () => {
    const { links } = await linkFolder()
    const r = await cli(['validate', '--jobs', '1', links])
    expect(r.code).toBe(2)
    expect(r.stdout).toMatch(/files\s+valid\s+invalid\s+unreadable\s+time\n\s+5\s+2\s+1\s+2\s/)
    expect(r.stderr).toContain(`${join(links, 'dangling.xml')}: a symbolic link to ${join(links, '..', 'gone.xml').replace('/links/..', '')}, which does not exist`)
  })
})

describe('einvoice validate FILE... (batch)', () => {
  it('validates a pattern, prints reports in order and a summary table; exit 2 when one is unreadable', async () => {
    const dir = await batchFolder()
    const r = await cli(['validate', '--jobs', '2', `${dir}/**/*.xml`], { env: { EINVOICE_FILES_PER_WORKER: '1' } })
    expect(r.code).toBe(2)
    const order = [...r.stdout.matchAll(/^(\S+\.xml): (valid|INVALID)/gm)].map((m) => `${m[1]}:${m[2]}`)
    expect(order).toEqual(['a.xml:valid', 'b.xml:valid', 'bad1.xml:INVALID', 'bad2.xml:INVALID', 'c.xml:valid'])
    expect(r.stderr).toMatch(/broken\.xml: line 1/)
    expect(r.stdout).toMatch(/files\s+valid\s+invalid\s+unreadable\s+time\n\s+6\s+3\s+2\s+1\s+\d/)
  })

  it('exits 1 when some file is invalid and none unreadable, 0 when all are valid', async () => {
    const dir = await batchFolder()
    expect((await cli(['validate', '-j', '1', `${dir}/*.xml`])).code).toBe(1)
    expect((await cli(['validate', `${dir}/[ab].xml`, join(dir, 'sub', 'c.xml')])).code).toBe(0)
  })

  it('keeps standard output machine-readable with --format json: one report per line (JSON Lines), the table on standard error', async () => {
    const dir = await batchFolder()
    const r = await cli(['validate', '-f', 'json', `${dir}/[ab].xml`])
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines.pop()).toBe('')
    const reports = lines.map((t) => JSON.parse(t) as { file: string; valid: boolean })
    expect(reports.map((x) => x.file)).toEqual(['a.xml', 'b.xml'])
    expect(r.stderr).toMatch(/files\s+valid/)
  })

  it('writes one report per input with --out-dir, mirroring the inputs\' folders', async () => {
    const dir = await batchFolder()
    await writeTemp(join(dir, 'sub'), 'a.xml', VALID)
    const out = join(dir, 'reports')
    const r = await cli(['validate', '-f', 'xml', '--out-dir', out, join(dir, 'a.xml'), join(dir, 'bad1.xml'), join(dir, 'sub', 'a.xml')])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(readdirSync(out).sort()).toEqual(['a.xml.report.xml', 'bad1.xml.report.xml', 'sub'])
    expect(readFileSync(join(out, 'a.xml.report.xml'), 'utf8')).toMatch(/^<\?xml[^]*<summary status="valid"/)
    expect(readFileSync(join(out, 'sub', 'a.xml.report.xml'), 'utf8')).toMatch(/<summary status="valid"/)
    expect(readFileSync(join(out, 'bad1.xml.report.xml'), 'utf8')).toMatch(/<summary status="invalid"/)
    expect(r.stderr).toMatch(/files\s+valid\s+invalid\s+unreadable[^]*\n\s+3\s+2\s+1\s+0\s/)
    // A folder gives its tree; JSON reports in files are whole documents, not JSON Lines.
    const tree = join(dir, 'tree')
    const json = await cli(['validate', '-f', 'json', '--out-dir', tree, dir])
    expect(json.code).toBe(2)
    expect(JSON.parse(readFileSync(join(tree, 'sub', 'c.xml.report.json'), 'utf8'))).toMatchObject({ file: 'c.xml', valid: true })
    expect(existsSync(join(tree, 'sub', 'broken.xml.report.json'))).toBe(false)
  })

  it('counts a report --out-dir cannot take as unwritten, keeping its verdict', async () => {
    const dir = await batchFolder()
    const out = join(dir, 'reports')
    mkdirSync(out)
    // sub/ of the reports is taken by a file: the report of sub/c.xml cannot be written.
    writeFileSync(join(out, 'sub'), 'in the way')
    const r = await cli(['validate', '-f', 'xml', '--out-dir', out, join(dir, 'a.xml'), join(dir, 'bad1.xml'), join(dir, 'sub', 'c.xml')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`error ${join(out, 'sub')}: a part of the path is a file, not a folder\n`)
    expect(r.stderr).toMatch(/files\s+valid\s+invalid\s+unreadable\s+unwritten\s+time\n\s+3\s+2\s+1\s+0\s+1\s/)
    expect(readdirSync(out).sort()).toEqual(['a.xml.report.xml', 'bad1.xml.report.xml', 'sub'])
  })

  it('reads standard input for -', async () => {
    const r = await cli(['validate', '-'], { stdin: VALID })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^stdin: valid/)
  })

  it('reads standard input on the main thread while workers take the files, reports in argument order', async () => {
    const dir = await batchFolder()
    const args = ['validate', '--jobs', '3', join(dir, 'a.xml'), '-', join(dir, 'bad1.xml'), join(dir, 'missing.xml'), join(dir, 'b.xml')]
    const r = await cli(args, { stdin: INVALID, env: { EINVOICE_FILES_PER_WORKER: '1' } })
    expect(r.code).toBe(2)
    const order = [...r.stdout.matchAll(/^(\S+): (valid|INVALID)/gm)].map((m) => `${m[1]}:${m[2]}`)
    expect(order).toEqual(['a.xml:valid', 'stdin:INVALID', 'bad1.xml:INVALID', 'b.xml:valid'])
    expect(r.stderr).toMatch(/missing\.xml/)
    expect(r.stdout).toMatch(/files\s+valid\s+invalid\s+unreadable\s+time\n\s+5\s+2\s+2\s+1\s+\d/)
  })

  it('shows a progress line on a terminal only', async () => {
    const dir = await batchFolder()
    const tty = await cli(['validate', '-j', '1', `${dir}/*.xml`], { tty: true })
    expect(tty.stderr).toMatch(/validating \d+\/3/)
    const pipe = await cli(['validate', '-j', '1', `${dir}/*.xml`])
    expect(pipe.stderr).not.toMatch(/validating/)
  })

  it('exits 2 for a pattern that matches nothing and for a bad --jobs value', async () => {
    const dir = tempDir()
    const none = await cli(['validate', `${dir}/*.xml`])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('no .xml or .pdf file matches')
    const jobs = await cli(['validate', '--jobs', 'many', VALID_PATH])
    expect(jobs.code).toBe(2)
    expect(jobs.stderr).toContain('--jobs: expected a whole number')
  })

  it.skipIf(findValidateWorker() === undefined)('runs on worker threads when the compiled worker exists (npm run build)', async () => {
    const dir = await batchFolder()
    const r = await cli(['validate', '--jobs', '3', `${dir}/**/*.xml`], { env: { EINVOICE_FILES_PER_WORKER: '1' } })
    expect(r.code).toBe(2)
    expect(r.stdout).toMatch(/\s+6\s+3\s+2\s+1\s+\d/)
  })

  it.skipIf(findValidateWorker() === undefined)('workers load the validator from the CLI bundle, or from the modules when the bundle cannot load', async () => {
    const { Worker } = await import('node:worker_threads')
    const dist = join(PACKAGE_ROOT, 'dist')
    const bundles = [{ file: join(dist, 'cli.cjs'), distDir: dist, cacheFile: join(tempDir(), 'none.v8cache') }, { file: join(tempDir(), 'missing.cjs'), distDir: dist, cacheFile: join(tempDir(), 'none.v8cache') }]
    for (const bundle of bundles.filter((b) => existsSync(b.file) || b.file.endsWith('missing.cjs'))) {
      const tasks: ValidateTask[] = [VALID_PATH, VALID_PATH].map((path, id) => ({ id, path, name: path, format: 'text', ignoreNotices: false }))
      const replies: ValidateReply[] = []
      let i = 0
      const pool = workerPool(Worker, findValidateWorker() as string, 1, () => tasks[i++], (r) => replies.push(r), bundle)
      try {
        await pool.finished
      } finally {
        await pool.close()
      }
      expect(replies.map((r) => (r.ok ? r.valid : r.error.message))).toEqual([true, true])
    }
  })

  it.skipIf(findValidateWorker() === undefined)('calls the parallel-run hook once its workers have loaded, and only when it runs workers', async () => {
    const dir = await batchFolder()
    const calls = async (args: string[], env: Record<string, string>): Promise<number> => {
      let n = 0
      await cli(['validate', ...args], { env, parallelRun: () => n++ })
      return n
    }
    expect(await calls(['--jobs', '3', `${dir}/**/*.xml`], { EINVOICE_FILES_PER_WORKER: '1' })).toBe(1)
    expect(await calls(['--jobs', '1', `${dir}/**/*.xml`], { EINVOICE_FILES_PER_WORKER: '1' })).toBe(0)
    expect(await calls([`${dir}/**/*.xml`], {})).toBe(0)
  })

  it('calls the short-run hook for a little input on the main thread only', async () => {
    const dir = await batchFolder()
    const runs = async (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<number> => {
      let calls = 0
      const r = await cli(['validate', ...args], { ...options, shortRun: () => calls++ })
      expect(r.stdout).toMatch(/valid/)
      return calls
    }
    expect(await runs([VALID_PATH])).toBe(1)
    expect(await runs(['-f', 'json', `${dir}/**/*.xml`])).toBe(1)
    // Standard input: its size is unknown before it is read.
    expect(await runs(['-'], { stdin: VALID })).toBe(0)
    // Worker threads share the process's V8 flags: a batch using them is never short.
    if (findValidateWorker() !== undefined) expect(await runs(['--jobs', '2', `${dir}/**/*.xml`], { env: { EINVOICE_FILES_PER_WORKER: '1' } })).toBe(0)
    const large = join(dir, 'large.xml')
    writeFileSync(large, VALID.replace('?>', `?><!--${'x'.repeat(SHORT_RUN_FILE_BYTES)}-->`))
    expect(await runs([large])).toBe(0)
  })

  it('counts a batch as short by its threads, standard input, number of files and their sizes', () => {
    const sizes: Record<string, number> = { a: 1000, b: SHORT_RUN_FILE_BYTES, c: SHORT_RUN_FILE_BYTES + 1 }
    const sizeOf = (p: string): number => {
      const size = sizes[p]
      if (size === undefined) throw new Error(`ENOENT ${p}`)
      return size
    }
    expect(isShortRun(1, ['a', 'b'], sizeOf)).toBe(true)
    expect(isShortRun(1, ['a', 'c'], sizeOf)).toBe(false)
    expect(isShortRun(2, ['a'], sizeOf)).toBe(false)
    expect(isShortRun(1, ['a', '-'], sizeOf)).toBe(false)
    expect(isShortRun(1, ['a', 'missing'], sizeOf)).toBe(true)
    expect(isShortRun(1, Array<string>(SHORT_RUN_FILES).fill('a'), sizeOf)).toBe(true)
    expect(isShortRun(1, Array<string>(SHORT_RUN_FILES + 1).fill('a'), sizeOf)).toBe(false)
  })

  it('starts a worker per 150 files, up to --jobs; small batches run in process', () => {
    expect(threadsFor(2, 44)).toBe(1)
    expect(threadsFor(2, 299)).toBe(1)
    expect(threadsFor(2, 300)).toBe(2)
    expect(threadsFor(8, 460)).toBe(3)
    expect(threadsFor(1, 10_000)).toBe(1)
    expect(threadsFor(3, 6, { EINVOICE_FILES_PER_WORKER: '1' })).toBe(3)
    expect(threadsFor(3, 6, { EINVOICE_FILES_PER_WORKER: 'x' })).toBe(1)
  })
})
