/**
 * How bin/einvoice.js loads the CLI: the one-file bundle with its V8 code cache when it can serve,
 * otherwise the ES modules — silently, with the same output.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUNDLE_FILE, cacheFileName, cacheFolder, loadCli, loadWorkerBundle, openCache, pruneCaches, readHeader, sealCache, tieringSwitch } from '../../commands/cli-loader.js'
import type { validateBytes as validateBytesFn } from '../../commands/validate-task.js'
import { tempDir } from '../helpers/cli.js'
import { BIN, hasDist, noteIfNoDist } from '../helpers/dist.js'
import { PACKAGE_ROOT } from '../../src/version.js'

const HASH = '0123456789abcdef0123456789abcdef'

/** A dist/ folder with one input module and a bundle whose runCli answers `answer`. */
function fakeDist(body = 'module.exports = { runCli: async (argv) => 40 + argv.length }', dist = tempDir()): string {
  mkdirSync(join(dist, 'commands'), { recursive: true })
  writeFileSync(join(dist, 'commands', 'main.js'), '// input')
  const header = { hash: HASH, inputs: ['commands/main.js'], sizes: [Buffer.byteLength('// input')], commands: ['validate', 'calculate'] }
  writeFileSync(join(dist, BUNDLE_FILE), `//einvoice-cli-bundle ${JSON.stringify(header)}\n(function (exports, require, module, __filename, __dirname, __einvoiceModulesRun) {${body}\n})`)
  // The input is older than the bundle, as after a build.
  const past = new Date(Date.now() - 60_000)
  utimesSync(join(dist, 'commands', 'main.js'), past, past)
  return dist
}

/** Another user's id, for the cases only root can set up. */
const OTHER_USER = 65534
const isRoot = process.getuid?.() === 0

const cacheFiles = (xdg: string): string[] => (existsSync(join(xdg, 'einvoice')) ? readdirSync(join(xdg, 'einvoice')) : [])

/**
 * Whether V8's flags are those of this process's start: V8 rejects cached data made under other
 * flags. Each check compiles a source of its own: V8 would take a source it compiled before from
 * its own cache without looking at the data. (Only the length of the source is checked.)
 */
const probe = new Script('"p0000"').createCachedData()
let probes = 0
const sameFlags = (): boolean => new Script(`"p${String(++probes).padStart(4, '0')}"`, { cachedData: probe }).cachedDataRejected !== true

describe('cli-loader helpers', () => {
  it('reads only a well-formed bundle header', () => {
    expect(readHeader(`//einvoice-cli-bundle {"hash":"${HASH}","inputs":["a.js"],"sizes":[3],"commands":["x"]}\n(function(){})`)).toEqual({ hash: HASH, inputs: ['a.js'], sizes: [3], commands: ['x'] })
    // A size for each input (a bundle from before sizes were recorded is not trusted).
    expect(readHeader(`//einvoice-cli-bundle {"hash":"${HASH}","inputs":["a.js"],"commands":["x"]}\n`)).toBeUndefined()
    expect(readHeader(`//einvoice-cli-bundle {"hash":"${HASH}","inputs":["a.js"],"sizes":[-1],"commands":["x"]}\n`)).toBeUndefined()
    expect(readHeader('(function(){})')).toBeUndefined()
    expect(readHeader('//einvoice-cli-bundle {"hash":"../x","inputs":[],"commands":[]}\n')).toBeUndefined()
    expect(readHeader('//einvoice-cli-bundle {"hash":\n')).toBeUndefined()
  })

  it("keeps the cache in the user's own cache folder, never a relative or shared one", () => {
    expect(cacheFolder({ XDG_CACHE_HOME: '/home/u/.xdg' }, 'linux')).toBe('/home/u/.xdg/einvoice')
    expect(cacheFolder({ XDG_CACHE_HOME: 'relative' }, 'linux')).toMatch(/[\\/]\.cache[\\/]einvoice$/)
    expect(cacheFolder({}, 'darwin')).toMatch(/[\\/]Library[\\/]Caches[\\/]einvoice$/)
    expect(cacheFolder({}, 'win32')).toBeUndefined()
    const home = process.env.HOME
    try {
      process.env.HOME = join(tempDir(), 'gone')
      expect(cacheFolder({}, 'linux')).toBeUndefined()
    } finally {
      if (home === undefined) delete process.env.HOME
      else process.env.HOME = home
    }
  })

  it('names one cache per command, per bundle and per Node version', () => {
    const header = { hash: HASH, inputs: [], sizes: [], commands: ['validate'] }
    expect(cacheFileName(header, ['validate', '-f', 'json', 'a.xml'])).toBe(`cli-${HASH}-${process.version}-${process.arch}-validate.v8cache`)
    expect(cacheFileName(header, ['--help'])).toMatch(/-all\.v8cache$/)
    expect(cacheFileName(header, ['../../etc'])).toMatch(/-all\.v8cache$/)
    // V8 rejects a cache made under other flags: runs alternating Node options would rewrite one file.
    const plain = cacheFileName(header, ['validate'], [''])
    expect(plain).toBe(cacheFileName(header, ['validate']))
    const withOptions = cacheFileName(header, ['validate'], ['--max-old-space-size=4096'])
    expect(withOptions).toMatch(new RegExp(`^cli-${HASH}-${process.version}-${process.arch}-o[0-9a-f]{8}-validate\\.v8cache$`))
    expect(cacheFileName(header, ['validate'], ['--stack-size=2000'])).not.toBe(withOptions)
  })
  it("raises V8's interrupt budget for a short run once and sets it back before a cache is written, unless Node options choose the tiers", () => {
    const set: string[] = []
    const tiering = tieringSwitch(['', '--max-old-space-size=4096 --optimize-for-size --trace-opt'], (f) => set.push(f), '11.3.244.8-node.38')
    tiering.restore()
    expect(set).toEqual([])
    tiering.shortRun()
    tiering.shortRun()
    expect(set).toEqual(['--interrupt-budget=1000000'])
    tiering.restore()
    tiering.restore()
    expect(set).toEqual(['--interrupt-budget=1000000', '--interrupt-budget=67584'])
    const options = [['--no-opt'], ['', '--turbofan'], ['--max-opt=2', ''], ['--jitless'], ['', '--stack-size=900 --no_opt'], ['--no-sparkplug'], ['--interrupt-budget=9000']]
    for (const [nodeOptions, v8] of [...options.map((o) => [o, '11.3.244.8'] as const), [[''], '12.4.254.21-node.33'] as const]) {
      const mine: string[] = []
      const own = tieringSwitch(nodeOptions, (f) => mine.push(f), v8)
      own.shortRun()
      own.restore()
      expect(mine, `${nodeOptions.join(' ')} on V8 ${v8}`).toEqual([])
    }
  })

  it('turns TurboFan inlining off for a run on worker threads once and on again before a cache is written, unless Node options choose', () => {
    const set: string[] = []
    const tiering = tieringSwitch([''], (f) => set.push(f), '11.3.244.8-node.38')
    tiering.parallelRun()
    tiering.parallelRun()
    expect(set).toEqual(['--no-turbo-inlining'])
    tiering.shortRun()
    tiering.restore()
    tiering.restore()
    expect(set).toEqual(['--no-turbo-inlining', '--interrupt-budget=1000000', '--interrupt-budget=67584', '--turbo-inlining'])
    for (const nodeOptions of [['--no-turbo-inlining'], ['', '--max-inlined-bytecode-size=100'], ['--turbo_inlining']]) {
      const mine: string[] = []
      const own = tieringSwitch(nodeOptions, (f) => mine.push(f), '11.3.244.8')
      own.parallelRun()
      own.restore()
      expect(mine, nodeOptions.join(' ')).toEqual([])
    }
  })

  it.runIf(process.versions.v8.startsWith('11.3.'))("sets V8's own defaults back (budget, inlining): a cache made before a short or parallel run is taken after it", () => {
    for (const run of ['shortRun', 'parallelRun'] as const) {
      const tiering = tieringSwitch([''])
      tiering[run]()
      expect(sameFlags(), run).toBe(false)
      tiering.restore()
      expect(sameFlags(), run).toBe(true)
    }
  })

  it('seals a code cache with its checksum and module list and opens only an intact one', () => {
    const data = Buffer.from('some V8 code cache bytes')
    const sealed = sealCache(data, ['dist/b.js', 'dist/a.js'])
    expect(openCache(sealed)).toEqual({ data, modules: new Set(['dist/a.js', 'dist/b.js']) })
    expect(openCache(sealCache(data, []))).toEqual({ data, modules: new Set() })
    // The earlier format (no module list) is not taken: that run rewrites the cache.
    const earlier = Buffer.concat([Buffer.from('EIC1'), Buffer.alloc(4), data])
    earlier.writeUInt32LE(crc32(data), 4)
    expect(openCache(earlier)).toBeUndefined()
    const damaged = Buffer.from(sealed)
    damaged.writeUInt8(damaged.readUInt8(sealed.length - 3) ^ 0xff, sealed.length - 3)
    expect(openCache(damaged)).toBeUndefined()
    expect(openCache(sealed.subarray(0, sealed.length - 1))).toBeUndefined()
    expect(openCache(data)).toBeUndefined()
    expect(openCache(Buffer.alloc(0))).toBeUndefined()
  })
})

describe('loadCli', () => {
  it('runs the bundle, writes its code cache after the first run and reuses it unchanged', async () => {
    const dist = fakeDist()
    const xdg = tempDir()
    const first = await loadCli(['validate', 'a.xml'], dist, { XDG_CACHE_HOME: xdg })
    expect(first.source).toBe('bundle')
    expect(await first.runCli(['validate', 'a.xml'])).toBe(42)
    expect(cacheFiles(xdg)).toEqual([])
    first.saveCache()
    const [name] = cacheFiles(xdg)
    expect(name).toBe(cacheFileName({ hash: HASH, inputs: [], sizes: [], commands: ['validate'] }, ['validate'], [...process.execArgv, '']))
    expect(statSync(join(xdg, 'einvoice')).mode & 0o777).toBe(0o700)
    const written = statSync(join(xdg, 'einvoice', name ?? '')).mtimeMs

    const second = await loadCli(['validate', 'b.xml'], dist, { XDG_CACHE_HOME: xdg })
    expect(second.source).toBe('bundle')
    second.saveCache()
    expect(statSync(join(xdg, 'einvoice', name ?? '')).mtimeMs).toBe(written)
    expect(cacheFiles(xdg)).toHaveLength(1)
  })

  it('rewrites the cache when a run reaches modules it lacks, with the modules of both runs', async () => {
    // The fake bundle "runs the module" named by its second argument, as the real one records its modules.
    const dist = fakeDist('module.exports = { runCli: async (argv) => { __einvoiceModulesRun.add(argv[1]); return 0 } }')
    const xdg = tempDir()
    const run = async (file: string): Promise<void> => {
      const cli = await loadCli(['validate', file], dist, { XDG_CACHE_HOME: xdg })
      expect(cli.source).toBe('bundle')
      await cli.runCli(['validate', file])
      cli.saveCache()
    }
    const cache = (): string => join(xdg, 'einvoice', cacheFiles(xdg)[0] ?? '')
    // Whole seconds: file times in milliseconds do not survive the round trip exactly.
    const past = new Date(Math.floor(Date.now() / 1000 - 60) * 1000)
    await run('ubl.xml')
    expect(openCache(readFileSync(cache()))?.modules).toEqual(new Set(['ubl.xml']))
    utimesSync(cache(), past, past)
    await run('ubl.xml')
    expect(statSync(cache()).mtimeMs).toBe(past.getTime())
    await run('cii.xml')
    expect(statSync(cache()).mtimeMs).toBeGreaterThan(past.getTime())
    expect(openCache(readFileSync(cache()))?.modules).toEqual(new Set(['cii.xml', 'ubl.xml']))
    utimesSync(cache(), past, past)
    await run('ubl.xml')
    await run('cii.xml')
    expect(statSync(cache()).mtimeMs).toBe(past.getTime())
    expect(cacheFiles(xdg)).toHaveLength(1)
  })

  it('prunes caches unused for 30 days, not those merely written long ago', async () => {
    const xdg = tempDir()
    mkdirSync(join(xdg, 'einvoice'), { mode: 0o700 })
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000)
    writeFileSync(join(xdg, 'einvoice', 'cli-unused.v8cache'), 'x')
    utimesSync(join(xdg, 'einvoice', 'cli-unused.v8cache'), longAgo, longAgo)
    writeFileSync(join(xdg, 'einvoice', 'cli-read-today.v8cache'), 'x')
    utimesSync(join(xdg, 'einvoice', 'cli-read-today.v8cache'), new Date(), longAgo)
    const cli = await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: xdg })
    cli.saveCache()
    expect(cacheFiles(xdg).sort()).toEqual([expect.stringMatching(/-validate\.v8cache$/), 'cli-read-today.v8cache'])
  })

  it('keeps the cache folder under its size budget, least recently used first, never the new cache', () => {
    const dir = join(tempDir(), 'einvoice')
    mkdirSync(dir, { mode: 0o700 })
    const now = Date.now()
    const file = (name: string, bytes: number, minutesAgo: number): string => {
      const path = join(dir, name)
      writeFileSync(path, Buffer.alloc(bytes))
      const at = new Date(now - minutesAgo * 60_000)
      utimesSync(path, at, at)
      return path
    }
    file('cli-oldest.v8cache', 400, 50)
    file('cli-older.v8cache', 400, 40)
    file('cli-recent.v8cache', 400, 10)
    // The cache just written is the largest and the only one over budget alone: it stays anyway.
    const fresh = file('cli-fresh.v8cache', 1200, 0)
    file('other-file', 5000, 60)
    // A temporary file of a run that died two hours ago; one being written right now stays.
    file('cli-dead.v8cache.123.tmp', 10, 120)
    file('cli-writing.v8cache.456.tmp', 10, 0)
    pruneCaches(dir, fresh, now, 2000)
    expect(readdirSync(dir).sort()).toEqual(['cli-fresh.v8cache', 'cli-recent.v8cache', 'cli-writing.v8cache.456.tmp', 'other-file'])
    pruneCaches(dir, fresh, now, 100)
    expect(readdirSync(dir).sort()).toEqual(['cli-fresh.v8cache', 'cli-writing.v8cache.456.tmp', 'other-file'])
    // A folder that vanished is no error.
    expect(() => pruneCaches(join(dir, 'gone'), fresh, now)).not.toThrow()
  })

  it('replaces a cache V8 rejects', async () => {
    const dist = fakeDist()
    const xdg = tempDir()
    const header = readHeader(readFileSync(join(dist, BUNDLE_FILE), 'latin1'))
    if (header === undefined) throw new Error('fake bundle without header')
    // This test process runs with Node options of the test runner (execArgv), NODE_OPTIONS unset.
    const file = join(xdg, 'einvoice', cacheFileName(header, ['calculate'], [...process.execArgv, '']))
    mkdirSync(join(xdg, 'einvoice'))
    writeFileSync(file, 'not a code cache')
    const cli = await loadCli(['calculate'], dist, { XDG_CACHE_HOME: xdg })
    expect(cli.source).toBe('bundle')
    cli.saveCache()
    expect(readFileSync(file).toString('latin1')).not.toBe('not a code cache')
  })

  it('falls back to the modules when the bundle is stale, missing, broken or no cache can be written', async () => {
    const xdg = tempDir()
    // A stale bundle is not even evaluated: its top level would leave this file.
    const mark = join(tempDir(), 'ran')
    const stale = fakeDist(`require('node:fs').writeFileSync(${JSON.stringify(mark)}, ''); module.exports = { runCli: async () => 0 }`)
    const future = new Date(Date.now() + 60_000)
    utimesSync(join(stale, 'commands', 'main.js'), future, future)
    expect((await loadCli(['validate'], stale, { XDG_CACHE_HOME: xdg })).source).toBe('modules')
    expect(existsSync(mark)).toBe(false)

    expect((await loadCli(['validate'], tempDir(), { XDG_CACHE_HOME: xdg })).source).toBe('modules')
    expect((await loadCli(['validate'], fakeDist('throw new Error("boom")'), { XDG_CACHE_HOME: xdg })).source).toBe('modules')
    expect((await loadCli(['validate'], fakeDist('syntax error here ('), { XDG_CACHE_HOME: xdg })).source).toBe('modules')
    expect(cacheFiles(xdg)).toEqual([])

    // A cache "folder" that is a file cannot be created: compiling without a cache would cost more.
    const notAFolder = join(tempDir(), 'file')
    writeFileSync(notAFolder, '')
    expect((await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: notAFolder })).source).toBe('modules')
    // Where mkdir answers ENOENT under an existing parent (Node's recursive mkdir loops forever there).
    if (existsSync('/proc/self')) expect((await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: '/proc/nonexistent' })).source).toBe('modules')
    expect((await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: xdg, NODE_DISABLE_COMPILE_CACHE: '1' })).source).toBe('modules')
  })

  it('trusts an installed bundle whatever its file times, never one whose inputs changed size', async () => {
    const xdg = tempDir()
    // npm extracts file by file with the time of extraction: dist/cli.cjs comes before dist/commands/.
    const installed = fakeDist(undefined, join(tempDir(), 'node_modules', 'einvoice', 'dist'))
    const future = new Date(Date.now() + 60_000)
    utimesSync(join(installed, 'commands', 'main.js'), future, future)
    expect((await loadCli(['validate'], installed, { XDG_CACHE_HOME: xdg })).source).toBe('bundle')
    for (const dist of [installed, fakeDist()]) {
      const past = new Date(Date.now() - 120_000)
      writeFileSync(join(dist, 'commands', 'main.js'), '// input changed')
      utimesSync(join(dist, 'commands', 'main.js'), past, past)
      expect((await loadCli(['validate'], dist, { XDG_CACHE_HOME: xdg })).source).toBe('modules')
    }
  })

  it.runIf(process.platform !== 'win32')('uses no cache folder another user can write', async () => {
    const xdg = tempDir()
    mkdirSync(join(xdg, 'einvoice'))
    chmodSync(join(xdg, 'einvoice'), 0o777)
    const cli = await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: xdg })
    expect(cli.source).toBe('modules')
    cli.saveCache()
    expect(cacheFiles(xdg)).toEqual([])
  })

  it.runIf(isRoot)("neither uses another user's cache folder nor makes folders in theirs (sudo keeping HOME)", async () => {
    const theirs = tempDir()
    mkdirSync(join(theirs, 'einvoice'), { mode: 0o700 })
    chownSync(join(theirs, 'einvoice'), OTHER_USER, OTHER_USER)
    expect((await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: theirs })).source).toBe('modules')

    const home = tempDir()
    chownSync(home, OTHER_USER, OTHER_USER)
    expect((await loadCli(['validate'], fakeDist(), { XDG_CACHE_HOME: join(home, '.cache') })).source).toBe('modules')
    expect(readdirSync(home)).toEqual([])
  })

  it.runIf(process.versions.v8.startsWith('11.3.'))("hands the bundle a short-run switch that changes V8's flags until the cache is saved", async () => {
    // The fake bundle's command declares its run short, as `validate` of one file does.
    const dist = fakeDist('module.exports = { runCli: async (argv, io, host) => { if (io === undefined && argv[0] === "validate") host.shortRun(); return 0 } }')
    const xdg = tempDir()
    const flagsChanged = (): boolean => !sameFlags()
    const cli = await loadCli(['calculate'], dist, { XDG_CACHE_HOME: xdg })
    await cli.runCli(['calculate'])
    expect(flagsChanged()).toBe(false)
    await cli.runCli(['validate'])
    expect(flagsChanged()).toBe(true)
    cli.saveCache()
    expect(flagsChanged()).toBe(false)
  })

  it('tells the commands where the bundle and its cache are, for worker threads', async () => {
    const dist = fakeDist('module.exports = { runCli: async (argv, io, host) => { globalThis.__einvoiceTestHost = host.workerBundle; return 0 } }')
    const xdg = tempDir()
    const cli = await loadCli(['validate'], dist, { XDG_CACHE_HOME: xdg })
    await cli.runCli(['validate'])
    const bundle = (globalThis as { __einvoiceTestHost?: unknown }).__einvoiceTestHost
    expect(bundle).toEqual({
      file: join(dist, BUNDLE_FILE),
      distDir: dist,
      cacheFile: join(xdg, 'einvoice', cacheFileName({ hash: HASH, inputs: [], sizes: [], commands: ['validate'] }, ['validate'], [...process.execArgv, ''])),
    })
  })

  it('serves the same CLI from the modules', async () => {
    const cli = await loadCli(['--version'], tempDir(), {})
    expect(cli.source).toBe('modules')
    expect(typeof cli.runCli).toBe('function')
  })
})

describe('bin/einvoice.js with the real bundle (dist/cli.cjs)', () => {
  noteIfNoDist('cli-loader bundle runs')
  const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus')
  const XML = fileURLToPath(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url))
  const run = (args: string[], env: Record<string, string>) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } })
    return { status: r.status, stdout: r.stdout, stderr: r.stderr }
  }

  beforeAll(() => {
    // The bundle is built from dist/ as `npm run build` does; it takes a few seconds.
    if (hasDist) execFileSync(process.execPath, [join(PACKAGE_ROOT, 'scripts', 'bundle-cli.mjs')], { stdio: 'ignore' })
  }, 60_000)

  it.runIf(hasDist)('runs our modules in strict mode, as ES modules run', () => {
    // A sloppy bundle made the reader copies' direct eval sloppy and ~30 % of calculate's CPU slower.
    const text = readFileSync(join(PACKAGE_ROOT, 'dist', BUNDLE_FILE), 'utf8')
    const fn: unknown = new Script(text.slice(text.indexOf('\n') + 1)).runInThisContext()
    expect(typeof fn).toBe('function')
    // Sloppy functions carry their own `caller` and `arguments`; strict ones do not.
    expect(Object.hasOwn(fn as object, 'caller')).toBe(false)
  })

  it.runIf(hasDist)('validates with the same output, exit code and no extra output as the modules, cold and with the cache', () => {
    const xdg = tempDir()
    const modules = run(['validate', '-f', 'json', XML], { XDG_CACHE_HOME: xdg, NODE_DISABLE_COMPILE_CACHE: '1' })
    expect(cacheFiles(xdg)).toEqual([])
    const cold = run(['validate', '-f', 'json', XML], { XDG_CACHE_HOME: xdg })
    expect(cacheFiles(xdg)).toEqual([expect.stringMatching(/-validate\.v8cache$/)])
    const cached = run(['validate', '-f', 'json', XML], { XDG_CACHE_HOME: xdg })
    // Reports carry their time and duration; everything else is equal.
    const stable = (s: string) => ({ ...(JSON.parse(s) as object), datetime: undefined, durationMs: undefined })
    expect(modules.status).toBe(0)
    for (const r of [cold, cached]) {
      expect(r.status).toBe(modules.status)
      expect(r.stderr).toBe('')
      expect(stable(r.stdout)).toEqual(stable(modules.stdout))
    }
  })

  it.runIf(hasDist && process.versions.v8.startsWith('11.3.'))('optimises less in a short validate and still writes a cache the next run takes', () => {
    const xdg = tempDir()
    const first = run(['validate', XML], { XDG_CACHE_HOME: xdg })
    expect(first.status).toBe(0)
    const [name] = cacheFiles(xdg)
    const cache = join(xdg, 'einvoice', name ?? '')
    // A cache V8 rejects (written under the raised budget) would be written again by the next run.
    const past = new Date(Math.floor(Date.now() / 1000 - 60) * 1000)
    utimesSync(cache, past, past)
    expect(run(['validate', XML], { XDG_CACHE_HOME: xdg })).toEqual(first)
    expect(statSync(cache).mtimeMs).toBe(past.getTime())
    // Standard input is never a short run: the same file there has TurboFan compile far more.
    const compiles = (r: { stdout: string }): number => r.stdout.split('\n').filter((l) => l.startsWith('[compiling method')).length
    const traced = (file: string) => spawnSync(process.execPath, ['--trace-opt', BIN, 'validate', file], { input: readFileSync(XML), encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg } })
    expect(compiles(traced(XML)) * 3).toBeLessThan(compiles(traced('-')))
  })

  it.runIf(hasDist)('gives worker threads the validator from the bundle, with or without a cache', async () => {
    const xdg = tempDir()
    expect(run(['validate', XML], { XDG_CACHE_HOME: xdg }).status).toBe(0)
    const [name] = cacheFiles(xdg)
    const dist = join(PACKAGE_ROOT, 'dist')
    for (const cacheFile of [join(xdg, 'einvoice', name ?? ''), join(xdg, 'none.v8cache')]) {
      const { validateBytes } = loadWorkerBundle({ file: join(dist, BUNDLE_FILE), distDir: dist, cacheFile })
      expect(typeof validateBytes).toBe('function')
      const reply = await (validateBytes as typeof validateBytesFn)(readFileSync(XML), { id: 7, path: XML, name: XML, format: 'text', ignoreNotices: true })
      expect(reply).toMatchObject({ id: 7, ok: true, valid: true })
    }
  })

  it.runIf(hasDist)('starts the validate worker threads from dist/ when run from the bundle', () => {
    const xdg = tempDir()
    const files = [XML, join(CORPUS, 'cen-en16931', 'cii', 'examples', 'CII_business_example_01.xml')].filter((f) => existsSync(f))
    const r = run(['validate', '--jobs', '2', ...files, XML], { XDG_CACHE_HOME: xdg, EINVOICE_FILES_PER_WORKER: '1' })
    expect(r.stderr).toBe('')
    expect(r.stdout.match(/: valid/g)).toHaveLength(files.length + 1)
  })

  it.runIf(hasDist)('survives a damaged code cache (V8 does not check) and writes a good one again', () => {
    const xdg = tempDir()
    const args = ['calculate', join(PACKAGE_ROOT, 'samples', 'invoice.json')]
    const first = run(args, { XDG_CACHE_HOME: xdg })
    expect(first.status).toBe(0)
    const [name] = cacheFiles(xdg)
    const file = join(xdg, 'einvoice', name ?? '')
    const good = readFileSync(file)
    // V8's own header intact, its body garbage: V8 took it and crashed (SIGSEGV or SIGTRAP) before.
    const damaged = Buffer.from(good)
    for (let i = 200; i < 1200; i++) damaged[i] = (i * 131) & 0xff
    writeFileSync(file, damaged)
    const second = run(args, { XDG_CACHE_HOME: xdg })
    expect(second).toEqual(first)
    expect(openCache(readFileSync(file))).toBeDefined()
  })

  it.runIf(hasDist)('writes the code cache when a reader closes the output early (`| head`)', async () => {
    const xdg = tempDir()
    const child = spawn(process.execPath, [BIN, 'validate', XML, XML, XML, XML], { env: { ...process.env, XDG_CACHE_HOME: xdg }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    // The first report line read, the pipe closes: the next line meets EPIPE.
    child.stdout.once('data', () => child.stdout.destroy())
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)))
    expect(status).toBe(0)
    expect(stderr).toBe('')
    expect(cacheFiles(xdg)).toEqual([expect.stringMatching(/-validate\.v8cache$/)])
  })

  it.runIf(hasDist)('answers help and errors from the bundle as before', () => {
    const xdg = tempDir()
    const help = run(['--help'], { XDG_CACHE_HOME: xdg })
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/Usage: einvoice/)
    const bad = spawnSync(process.execPath, [BIN, 'calculate', '-'], { input: '{"zfitems": 3}', encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg } })
    expect(bad.status).toBe(2)
    expect(bad.stderr).toBe('error <stdin>: zfitems: expected an array\n')
    expect(cacheFiles(xdg).sort()).toEqual([expect.stringMatching(/-all\.v8cache$/), expect.stringMatching(/-calculate\.v8cache$/)])
  })
})
