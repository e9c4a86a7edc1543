/**
 * `einvoice serve`: the HTTP API of the interface on this machine, with the API-key gateway.
 * @module
 */
import { existsSync } from 'node:fs'
import { type Command, InvalidArgumentError } from 'commander'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, printError } from './output.js'

type ServeFlags = {
  host: string
  port: number
  db: string
  redis?: string
  env: 'live' | 'sandbox' | 'both'
  keyPrefix: string
  maxBody: number
  timeout: number
  workers?: number
  heapGrowth: number
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }

/** `20MB`, `512kb`, `1048576` → bytes. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?b?)$/i.exec(text.trim())
  const unit = SIZE_UNITS[(match?.[2] ?? '').toLowerCase()]
  if (match === null || unit === undefined) throw new InvalidArgumentError('expected a size such as 20MB, 512KB or a number of bytes')
  const bytes = Math.floor(Number(match[1]) * unit)
  if (bytes < 1) throw new InvalidArgumentError('expected a size of at least 1 byte')
  return bytes
}

/** Text that may not be empty (an address, a file, a URL): an empty one is refused as the flag's, not as startServer's option. */
export function nonEmptyArg(text: string): string {
  if (text.trim() === '') throw new InvalidArgumentError('expected a value, got an empty one')
  return text
}

/** A whole number in [min, max]. */
export function intArg(min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    if (!/^\d+$/.test(text.trim())) throw new InvalidArgumentError('expected a whole number')
    const n = Number(text)
    if (n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}`)
    return n
  }
}

function envArg(text: string): ServeFlags['env'] {
  if (text === 'live' || text === 'sandbox' || text === 'both') return text
  throw new InvalidArgumentError('expected live, sandbox or both')
}

/** An option's value in a message: quoted when it is empty or has spaces (`--key-prefix "BAD PREFIX"`). */
export function shownValue(text: string): string {
  return text === '' || /\s/.test(text) ? JSON.stringify(text) : text
}

/** What `--key-prefix` must look like (the rule itself is checkPrefix's, src/server/gateway/key-format.ts). */
export const KEY_PREFIX_EXPECTED = '1–12 lower-case letters or digits, starting with a letter, optionally ending in _ or - (such as ei_ or acme-)'

/** Why `--key-prefix <prefix>` cannot be used, or undefined. */
export async function keyPrefixProblem(prefix: string): Promise<string | undefined> {
  const { checkPrefix } = await import('../src/server/gateway/key-format.js')
  try {
    checkPrefix(prefix)
    return undefined
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    return `--key-prefix ${shownValue(prefix)}: expected ${KEY_PREFIX_EXPECTED}`
  }
}

/**
 * What a better-sqlite3 error (SqliteError: SQLITE_CANTOPEN, SQLITE_NOTADB, SQLITE_CORRUPT,
 * SQLITE_BUSY …) says about the key store `--db <db>`, or undefined for any other error. `doing`:
 * what failed, for all but a damaged file.
 */
export function sqliteProblem(err: unknown, db: string, doing = 'cannot open the key store'): string | undefined {
  const code = (err as { code?: unknown } | null | undefined)?.code
  const moduleProblem = sqliteModuleProblem(err)
  if (moduleProblem !== undefined) return moduleProblem
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined
  const message = err instanceof Error ? err.message : String(err)
  if (code.startsWith('SQLITE_CORRUPT')) return `--db ${db}: the database file is damaged (${message})`
  return `--db ${db}: ${doing}: ${message}`
}

/**
 * better-sqlite3's compiled part failing to load (never built, or built for another Node.js after
 * an upgrade): said as such, with the way out, instead of "internal error" and 1,500 characters
 * of the paths `bindings` tried.
 */
function sqliteModuleProblem(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null | undefined)?.code
  const message = err instanceof Error ? err.message : String(err)
  if (code !== 'ERR_DLOPEN_FAILED' && !/^Could not locate the bindings file|NODE_MODULE_VERSION/.test(message)) return undefined
  const first = (message.split('\n')[0] ?? '').replace(/ Tried:.*$/, '')
  return `the SQLite module (better-sqlite3) cannot be loaded: ${first}; rebuild it for Node.js ${process.version} with: npm rebuild better-sqlite3`
}

/**
 * Why the existing file `db` cannot be the key store, or undefined (also when there is no file yet).
 * SQLite reads a page only when a query needs it: a file damaged past its first pages opened, and
 * `serve` started and failed request by request, `keys list` with an "internal error". `PRAGMA
 * quick_check` reads every page of the file (milliseconds for a key store).
 */
export async function storeFileProblem(db: string): Promise<string | undefined> {
  if (!existsSync(db)) return undefined
  const { default: Database } = await import('better-sqlite3')
  let sqlite: InstanceType<typeof Database> | undefined
  try {
    sqlite = new Database(db, { fileMustExist: true })
    const { quickCheckProblem } = await import('../src/server/stores/sqlite-store.js')
    const problem = quickCheckProblem(sqlite)
    return problem === undefined ? undefined : `--db ${db}: the database file is damaged (${problem})`
  } catch (err) {
    const problem = sqliteProblem(err, db)
    if (problem === undefined) throw err
    return problem
  } finally {
    sqlite?.close()
  }
}

/** What a failed start means for the options given, or undefined for a failure that is a bug. */
export function startProblem(err: unknown, flags: Pick<ServeFlags, 'host' | 'port' | 'db' | 'redis'>): string | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  const message = err instanceof Error ? err.message : String(err)
  if (code === 'EADDRINUSE') return `--port ${flags.port}: ${flags.host}:${flags.port} is already in use (another einvoice serve?)`
  if (code === 'EADDRNOTAVAIL') return `--host ${flags.host}: no such address on this machine`
  if (code === 'EACCES' && /listen/.test(message)) return `--port ${flags.port}: permission denied (ports below 1024 need privileges)`
  if (code === 'EINVOICE_REDIS') return `--redis ${flags.redis ?? ''}: ${message}`
  // better-sqlite3: SqliteError (SQLITE_CANTOPEN, SQLITE_NOTADB, SQLITE_CORRUPT …) or a TypeError for a missing folder.
  const dbProblem = sqliteProblem(err, flags.db)
  if (dbProblem !== undefined) return dbProblem
  if (/^Cannot open database/.test(message)) return `--db ${flags.db}: cannot open the key store: ${message}`
  return undefined
}

/** Resolves when the server has stopped after SIGTERM or SIGINT. */
export async function runServe(flags: ServeFlags, io: CliIO): Promise<number> {
  // Refused before the store is opened (and made): the prefix is checked by startServer too,
  // where its RangeError read as an internal error; a damaged store used to start.
  const refused = (await keyPrefixProblem(flags.keyPrefix)) ?? (await storeFileProblem(flags.db))
  if (refused !== undefined) {
    await printError(io, refused)
    return EXIT_BAD_INPUT
  }
  const { startServer } = await import('../src/server/start.js')
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({
      host: flags.host,
      port: flags.port,
      db: flags.db,
      redis: flags.redis,
      env: flags.env,
      keyPrefix: flags.keyPrefix,
      maxBodyBytes: flags.maxBody,
      timeoutMs: flags.timeout * 1000,
      workers: flags.workers,
      heapGrowthPercent: flags.heapGrowth === 0 ? undefined : flags.heapGrowth,
      notice: (text) => io.stderr.write(text),
    })
  } catch (err) {
    const problem = startProblem(err, flags)
    if (problem === undefined) throw err
    await printError(io, problem)
    return EXIT_BAD_INPUT
  }
  io.stderr.write(`einvoice serve: listening on ${server.url} (docs: ${server.url}/docs)\n`)
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop)
      process.off('SIGINT', stop)
      void server.close().then(resolve)
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
  })
  return EXIT_OK
}

export function registerServe(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('serve')
    .description('Serve the HTTP API (base path /api/v1.8.2) with the API-key gateway')
    .option('--host <host>', 'address to bind; 0.0.0.0 exposes the server to the network', nonEmptyArg, '127.0.0.1')
    .option('--port <port>', 'TCP port (0 = any free port)', intArg(0, 65535), 8080)
    .option('--db <file>', 'SQLite file of API keys and usage', nonEmptyArg, 'einvoice-keys.db')
    .option('--redis <url>', 'count rate limits and quotas in Redis (shared by several instances)', nonEmptyArg)
    .option('--env <env>', 'environments served: live, sandbox or both', envArg, 'both')
    .option('--key-prefix <prefix>', 'the <PREFIX> of API keys: 1–12 lower-case letters/digits, optionally ending in _ or -', 'ei_')
    .option('--max-body <size>', 'largest request body', parseSize, 20 * 1024 * 1024)
    .option('--timeout <seconds>', 'per-request time limit', intArg(1, 3600), 60)
    .option('--workers <n>', 'worker threads for heavy operations (default: CPU count)', intArg(1, 256))
    .option('--heap-growth <percent>', "old-generation growth allowed between full GCs, in % of live data (0 = V8's own)", intArg(0, 1000), 75)
    .addHelpText(
      'after',
      '\nOn the first start with an empty key store a sandbox key is created and printed once.\n' +
        'Manage keys with `einvoice keys`. SIGTERM/SIGINT stop it gracefully. See docs/server.md.',
    )
    .action(async (flags: ServeFlags) => {
      setExit(await runServe(flags, io))
    })
}
