/**
 * How `bin/einvoice.js` loads the CLI. Preferred: dist/cli.cjs, the whole CLI as one CommonJS
 * function (scripts/bundle-cli.mjs), compiled with a V8 code cache that the first run of each
 * command writes — it then holds every function that run compiled, so later cold runs neither
 * resolve ~110 ES modules nor parse and compile the code they execute; a run that reaches modules
 * the cache lacks rewrites it. Otherwise, silently, the ES
 * modules in dist/: when the bundle is missing or any of its inputs changed since it was built (a
 * plain `tsc` build since), when no cache folder of this user's is writable (compiling the 4 MB
 * bundle without a cache costs more than the modules), when NODE_DISABLE_COMPILE_CACHE is set, or when the bundle fails to load.
 * @module
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as V8Module from 'node:v8'
import { Script } from 'node:vm'
import { crc32 } from 'node:zlib'
import type { CliHost } from './io.js'

export type RunCli = (argv: readonly string[]) => Promise<number>
/** The bundle's (and commands/main.ts's) runCli: the host's hooks reach the commands in their CliIO. */
type BundleRunCli = (argv: readonly string[], io?: undefined, host?: CliHost) => Promise<number>

export type LoadedCli = {
  runCli: RunCli
  /**
   * After a run: sets V8's interrupt budget back if the run was short, then writes the code cache if
   * this run had none, V8 rejected it or it lacks modules this run reached. Never throws.
   */
  saveCache(): void
  /** Where the CLI came from (for tests). */
  source: 'bundle' | 'modules'
}

export const BUNDLE_FILE = 'cli.cjs'
const MARK = '//einvoice-cli-bundle '
/** Caches unused this long are deleted when a new one is written (other builds, Node versions). */
const STALE_CACHE_MS = 30 * 24 * 3600 * 1000
/**
 * The folder's size cap. Each rebuild (new bundle hash) starts a new set of 1–2 MB caches, so a
 * developer rebuilding all day would pile up hundreds of MB within the 30 days; beyond the cap the
 * least recently used go first. 64 MiB holds every command's cache of two builds.
 */
export const CACHE_BUDGET_BYTES = 64 * 1024 * 1024
/** A temporary file this old belongs to a run that died while writing it. */
const ORPHAN_TMP_MS = 3600 * 1000

/** `sizes[i]` is the byte size `inputs[i]` had when the bundle was built. */
type BundleHeader = { hash: string; inputs: string[]; sizes: number[]; commands: string[] }

/** The first line of the bundle, or undefined when it is not one. */
export function readHeader(source: string): BundleHeader | undefined {
  if (!source.startsWith(MARK)) return undefined
  const end = source.indexOf('\n')
  try {
    const h = JSON.parse(source.slice(MARK.length, end)) as Partial<BundleHeader>
    const strings = (a: unknown): a is string[] => Array.isArray(a) && a.every((x) => typeof x === 'string')
    const sizes = (a: unknown): a is number[] => Array.isArray(a) && a.every((x) => Number.isSafeInteger(x) && (x as number) >= 0)
    if (typeof h.hash !== 'string' || !/^[0-9a-f]{16,64}$/.test(h.hash) || !strings(h.inputs) || !strings(h.commands)) return undefined
    if (!sizes(h.sizes) || h.sizes.length !== h.inputs.length) return undefined
    return { hash: h.hash, inputs: h.inputs, sizes: h.sizes, commands: h.commands }
  } catch {
    return undefined
  }
}

/**
 * Whether no input of the bundle changed after it was written. Every input must still have the
 * size it had then. In a development checkout the inputs must also be no newer than the bundle:
 * tsc rewrites every output it builds (and `tsc --watch` the changed ones), so a newer input means a
 * plain `tsc` build since. Inside a node_modules folder the times say nothing: npm extracts a
 * tarball with the time of extraction, file by file, and dist/cli.cjs comes before dist/commands/.
 * The ~360 stats run on libuv's threads while the main thread reads the code cache: in line they
 * cost 5–15 ms here.
 */
export async function bundleIsFresh(bundle: string, header: BundleHeader, distDir: string): Promise<boolean> {
  const installed = distDir.split(/[\\/]/).includes('node_modules')
  const written = statSync(bundle).mtimeMs
  const unchanged = await Promise.all(
    header.inputs.map((input, i) =>
      stat(join(distDir, input)).then(
        (s) => s.size === header.sizes[i] && (installed || s.mtimeMs <= written),
        () => false,
      ),
    ),
  )
  return unchanged.every(Boolean)
}

/**
 * The user's own cache folder: $XDG_CACHE_HOME wherever set, else the platform's. Never a shared
 * folder such as /tmp: a code cache is executable code, so only its user may be able to write it.
 */
export function cacheFolder(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  const xdg = env.XDG_CACHE_HOME
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, 'einvoice')
  if (platform === 'win32') return env.LOCALAPPDATA !== undefined && isAbsolute(env.LOCALAPPDATA) ? join(env.LOCALAPPDATA, 'einvoice', 'Cache') : undefined
  let home: string
  try {
    home = homedir()
  } catch {
    return undefined
  }
  // Folders are made below the home folder, never the home folder itself.
  if (!isAbsolute(home) || !existsSync(home)) return undefined
  return platform === 'darwin' ? join(home, 'Library', 'Caches', 'einvoice') : join(home, '.cache', 'einvoice')
}

/**
 * One cache per command: each holds the functions its command ran. V8 checks its own version and
 * flags; the name adds what it cannot check (the bundle's content) and keeps Node versions apart.
 * Runs with other Node options (NODE_OPTIONS, `node --stack-size=… einvoice`) get their own file:
 * V8 rejects a cache made under other flags, so runs that alternate would rewrite one file each time.
 */
export function cacheFileName(header: BundleHeader, argv: readonly string[], nodeOptions: readonly string[] = []): string {
  const name = argv.find((a) => !a.startsWith('-'))
  const command = name !== undefined && header.commands.includes(name) ? name : 'all'
  const options = nodeOptions.join('\0')
  const flavour = options === '' ? '' : `-o${crc32(options).toString(16).padStart(8, '0')}`
  return `cli-${header.hash}-${process.version}-${process.arch}${flavour}-${command}.v8cache`
}

/** The user running this process, where the platform has one (not on Windows). */
const UID = process.getuid?.()

/**
 * mkdir -p, by hand: Node 20's `mkdirSync(…, { recursive: true })` never returns when mkdir keeps
 * answering ENOENT under an existing parent (as under /proc). Folders are made only below a folder
 * of this user or root: `sudo einvoice …` keeping the caller's HOME must not leave root's folders in it.
 */
function makeFolder(dir: string, depth = 0): void {
  let found
  try {
    found = statSync(dir)
  } catch (err) {
    const parent = dirname(dir)
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === dir || depth > 64) throw err
    makeFolder(parent, depth + 1)
    try {
      mkdirSync(dir, { mode: 0o700 })
    } catch (mkdirErr) {
      // A concurrent first run made it.
      if ((mkdirErr as NodeJS.ErrnoException).code !== 'EEXIST') throw mkdirErr
    }
    return
  }
  if (!found.isDirectory()) throw new Error(`${dir} is not a folder`)
  // Root's folders (/tmp, /home) are fine to make ours in; another user's are not.
  if (depth > 0 && UID !== undefined && found.uid !== UID && found.uid !== 0) throw new Error(`${dir} belongs to another user`)
}

/**
 * The cache folder exists, is this user's and only this user can write it: a code cache is
 * executable code, so one planted by another user would run as this one.
 */
function ownFolder(dir: string): boolean {
  try {
    makeFolder(dir)
    const found = statSync(dir)
    if (UID !== undefined && (found.uid !== UID || (found.mode & 0o022) !== 0)) return false
    accessSync(dir, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * A cache file is `EIC2`, the CRC-32 of the rest (uint32, little-endian), the byte length of the
 * module list (uint32), the module list (JSON: names of the bundle's modules whose code the cache
 * holds), then the V8 data. Release builds of V8 do not checksum a code cache: a damaged one crashed
 * every later run of its command (SIGSEGV, SIGTRAP) until deleted. A damaged file is ignored and
 * rewritten instead; so is a file of the earlier format (`EIC1`, no module list).
 */
const CACHE_MAGIC = Buffer.from('EIC2', 'latin1')
const CACHE_HEAD = CACHE_MAGIC.length + 8

export type CodeCache = {
  /** V8's data. */
  data: Buffer
  /** The bundle's modules that had run when the cache was written: it holds their functions. */
  modules: ReadonlySet<string>
}

export function sealCache(data: Buffer, modules: Iterable<string>): Buffer {
  const list = Buffer.from(JSON.stringify([...modules].sort()), 'utf8')
  const file = Buffer.concat([Buffer.alloc(CACHE_HEAD), list, data])
  CACHE_MAGIC.copy(file)
  file.writeUInt32LE(list.length, CACHE_MAGIC.length + 4)
  file.writeUInt32LE(crc32(file.subarray(CACHE_MAGIC.length + 4)), CACHE_MAGIC.length)
  return file
}

/** The cache in a cache file, or undefined when the file is not one or is damaged. */
export function openCache(file: Buffer): CodeCache | undefined {
  if (file.length <= CACHE_HEAD || !file.subarray(0, CACHE_MAGIC.length).equals(CACHE_MAGIC)) return undefined
  if (crc32(file.subarray(CACHE_MAGIC.length + 4)) !== file.readUInt32LE(CACHE_MAGIC.length)) return undefined
  const listEnd = CACHE_HEAD + file.readUInt32LE(CACHE_MAGIC.length + 4)
  if (listEnd >= file.length) return undefined
  try {
    const list: unknown = JSON.parse(file.toString('utf8', CACHE_HEAD, listEnd))
    if (!Array.isArray(list) || !list.every((m) => typeof m === 'string')) return undefined
    return { data: file.subarray(listEnd), modules: new Set(list) }
  } catch {
    return undefined
  }
}

/** Temporary file and rename: a reader never sees half a cache, and concurrent runs do not mix. */
function writeCache(dir: string, file: string, script: Script, modules: Iterable<string>): void {
  const tmp = `${file}.${process.pid}.tmp`
  try {
    writeFileSync(tmp, sealCache(script.createCachedData(), modules), { mode: 0o600 })
    renameSync(tmp, file)
  } catch {
    try {
      unlinkSync(tmp)
    } catch {
      // nothing written
    }
    return
  }
  pruneCaches(dir, file, Date.now())
}

/**
 * Deletes caches unused for 30 days, temporary files of runs that died, then the least recently
 * used caches until the folder fits CACHE_BUDGET_BYTES — never `keep`, the cache just written.
 * Never throws: a concurrent run pruning the same folder just makes a file vanish first.
 */
export function pruneCaches(dir: string, keep: string, now: number, budget = CACHE_BUDGET_BYTES): void {
  const kept: { path: string; lastUse: number; size: number }[] = []
  let total = 0
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith('cli-')) continue
    const path = join(dir, name)
    try {
      const found = statSync(path)
      // A cache in use is read, never rewritten: its access time (relatime: at least daily) tells
      // its last use; where access times are off (noatime) this falls back to when it was written.
      const lastUse = Math.max(found.atimeMs, found.mtimeMs)
      const orphan = name.endsWith('.tmp') && now - found.mtimeMs > ORPHAN_TMP_MS
      if (path !== keep && (orphan || now - lastUse > STALE_CACHE_MS)) {
        unlinkSync(path)
        continue
      }
      total += found.size
      if (path !== keep && !name.endsWith('.tmp')) kept.push({ path, lastUse, size: found.size })
    } catch {
      // gone meanwhile
    }
  }
  kept.sort((a, b) => a.lastUse - b.lastUse)
  for (const cache of kept) {
    if (total <= budget) break
    try {
      unlinkSync(cache.path)
    } catch {
      // gone meanwhile
    }
    total -= cache.size
  }
}

/**
 * Node options that choose V8's compiler tiers themselves: a short run then leaves them as they are
 * (setting the budget back would also give its code cache another flag hash than their runs').
 */
const OWN_TIERS = /(?:^|\s)--(?:no[-_])?(?:opt|turbofan|max[-_]opt|jitless|maglev|sparkplug|interrupt[-_]budget|turbo[-_]inlining|max[-_]inlined[-_][a-z-_]+)(?:[=\s]|$)/

/**
 * V8's interrupt budget: how much bytecode a function runs between checks whether it is hot enough
 * for TurboFan. Node 20's V8 (11.3) starts with 66 KB; a short run raises it about 15-fold.
 */
const DEFAULT_BUDGET = '--interrupt-budget=67584'
const SHORT_RUN_BUDGET = '--interrupt-budget=1000000'

/**
 * A run on worker threads: each thread warms up its own optimised code, and on few cores TurboFan's
 * background compiles compete with the threads that validate. Without inlining each compile is much
 * smaller; a 1,000-file batch on 2 cores took ~9 % (EN 16931) and ~20 % (XRechnung) less wall time,
 * while a warm single thread runs ~10 % slower (docs/validate.md, Session 21), so only such runs.
 */
const NO_INLINING = '--no-turbo-inlining'
const INLINING = '--turbo-inlining'

export type Tiering = {
  /** Called by a command whose run is short (`CliIO.shortRun`): V8 optimises with TurboFan later. */
  shortRun(): void
  /** Called by a command that runs on worker threads (`CliIO.parallelRun`): TurboFan inlines nothing. */
  parallelRun(): void
  /** Before a code cache is written: V8's defaults again, so the cache has the flags of the next run's start. */
  restore(): void
}

/**
 * A short run (a one-shot command on one or a few small inputs; the command decides) ends before
 * most code TurboFan would optimise pays for its compiles: they cost a cold Factur-X validate about
 * a quarter of its instructions (docs/validate.md, Session 10). The raised budget leaves the
 * functions that stay hot long enough (a large invoice's loops) to be optimised all the same. It is
 * set only once the bundle has been compiled with its code cache, and set back before a cache is
 * written: V8 stamps a cache with a hash of its flags and rejects one whose hash differs from the
 * process's, so a cache written under the raised budget would be rejected and rewritten by every
 * later run. Only on the V8 whose default budget is known (Node 20's); elsewhere nothing changes.
 */
export function tieringSwitch(nodeOptions: readonly string[], setFlags?: (flags: string) => void, v8Version = process.versions.v8): Tiering {
  const known = v8Version.startsWith('11.3.') && !OWN_TIERS.test(nodeOptions.join(' '))
  let raised = false
  let inliningOff = false
  // node:v8 (with internal modules of its own) loads only for a run that uses it.
  const set = setFlags ?? ((flags: string) => (createRequire(import.meta.url)('node:v8') as typeof V8Module).setFlagsFromString(flags))
  return {
    shortRun: () => {
      if (!known || raised) return
      set(SHORT_RUN_BUDGET)
      raised = true
    },
    parallelRun: () => {
      if (!known || inliningOff) return
      set(NO_INLINING)
      inliningOff = true
    },
    restore: () => {
      if (raised) set(DEFAULT_BUDGET)
      if (inliningOff) set(INLINING)
      raised = false
      inliningOff = false
    },
  }
}

type BundleFunction = (exports: object, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string, modulesRun: Set<string>) => void

/** Runs a compiled bundle's function; the exports of commands/main.ts come back. */
function runBundle(script: Script, file: string, distDir: string, modulesRun: Set<string>): Record<string, unknown> {
  const fn = script.runInThisContext() as BundleFunction
  const module: { exports: unknown } = { exports: {} }
  fn.call(module.exports, module.exports as object, createRequire(file), module, file, distDir, modulesRun)
  return module.exports as Record<string, unknown>
}

/**
 * The bundle a CLI process runs from, for its worker threads (`einvoice validate --jobs N`): the
 * same code with the same code cache, so a worker skips resolving and compiling the ES modules
 * (its first file came ~0.1 s sooner on an idle machine, more beside a busy main thread).
 */
export type WorkerBundle = { file: string; distDir: string; cacheFile: string }

/**
 * The exports of the bundle in a worker thread. Its freshness and the cache folder were checked by
 * the main thread that passed it; a damaged or rejected cache only means compiling from source.
 * The worker never writes the cache.
 */
export function loadWorkerBundle(bundle: WorkerBundle): Record<string, unknown> {
  const { script } = compileBundle(readFileSync(bundle.file, 'latin1'), bundle.file, bundle.cacheFile)
  return runBundle(script, bundle.file, bundle.distDir, new Set())
}

/** The bundle's source compiled with the code cache in `cacheFile` when there is an intact one. */
function compileBundle(source: string, file: string, cacheFile: string): { script: Script; cached: CodeCache | undefined } {
  let cached: CodeCache | undefined
  try {
    cached = openCache(readFileSync(cacheFile))
  } catch {
    // none yet (or unreadable): compiled from source; the main thread's run writes it
  }
  return { script: new Script(source, cached === undefined ? { filename: file } : { filename: file, cachedData: cached.data }), cached }
}

/** The CLI from the bundle with its code cache, or undefined when the modules must serve. */
export async function loadBundle(argv: readonly string[], distDir: string, env: Readonly<Record<string, string | undefined>>): Promise<LoadedCli | undefined> {
  // Node 22's switch for its own module compile cache turns ours off too.
  if (env.NODE_DISABLE_COMPILE_CACHE !== undefined && env.NODE_DISABLE_COMPILE_CACHE !== '') return undefined
  const file = join(distDir, BUNDLE_FILE)
  let source: string
  try {
    // Pure ASCII by construction (scripts/bundle-cli.mjs checks), so latin1 reads it exactly.
    source = readFileSync(file, 'latin1')
  } catch {
    return undefined
  }
  const header = readHeader(source)
  if (header === undefined) return undefined
  // Never rejects, so it may be left behind by the early returns below.
  const fresh = bundleIsFresh(file, header, distDir).catch(() => false)
  const dir = cacheFolder(env)
  if (dir === undefined) return undefined
  const nodeOptions = [...process.execArgv, env.NODE_OPTIONS ?? '']
  const cacheFile = join(dir, cacheFileName(header, argv, nodeOptions))
  if (!ownFolder(dir)) return undefined
  const { script, cached } = compileBundle(source, file, cacheFile)
  // Decided before any of the bundle's code runs: a stale bundle never runs.
  if (!(await fresh)) return undefined
  // The bundle's modules whose top level runs in this process (scripts/bundle-cli.mjs).
  const modulesRun = new Set<string>()
  const { runCli } = runBundle(script, file, distDir, modulesRun)
  if (typeof runCli !== 'function') return undefined
  // A cache V8 took keeps its functions in this process, so one written now holds them too.
  const covered = cached !== undefined && script.cachedDataRejected !== true ? cached.modules : undefined
  const tiering = tieringSwitch(nodeOptions)
  return {
    runCli: (args) => (runCli as BundleRunCli)(args, undefined, { shortRun: tiering.shortRun, parallelRun: tiering.parallelRun, workerBundle: { file, distDir, cacheFile } }),
    saveCache: () => {
      tiering.restore()
      // Also when this run reached modules the cache lacks: a cache written by a UBL run holds none
      // of the Factur-X rule compiler's functions, and a later Factur-X file compiled them from source
      // on every run (about a tenth of its instructions). The new cache holds both; this converges.
      const added = [...modulesRun].filter((m) => covered?.has(m) !== true)
      if (covered === undefined || added.length > 0) writeCache(dir, cacheFile, script, [...(covered ?? []), ...added])
    },
    source: 'bundle',
  }
}

const DIST = dirname(dirname(fileURLToPath(import.meta.url)))

/** The CLI for `argv`: from the bundle when it can serve, else from the ES modules. */
export async function loadCli(argv: readonly string[], distDir: string = DIST, env: Readonly<Record<string, string | undefined>> = process.env): Promise<LoadedCli> {
  try {
    const bundled = await loadBundle(argv, distDir, env)
    if (bundled !== undefined) return bundled
  } catch {
    // A damaged bundle: the modules below are the same code.
  }
  const { runCli } = await import('./main.js')
  const tiering = tieringSwitch([...process.execArgv, env.NODE_OPTIONS ?? ''])
  return { runCli: (args) => runCli(args, undefined, { shortRun: tiering.shortRun, parallelRun: tiering.parallelRun }), saveCache: () => tiering.restore(), source: 'modules' }
}
