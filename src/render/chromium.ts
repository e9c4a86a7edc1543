/**
 * HTML → PDF through a headless Chromium (Debian `chromium`), driven by playwright-core. The
 * browser is found on PATH (`chromium`, `chromium-browser`) or named by EINVOICE_CHROMIUM. Each
 * conversion gets its own browser context (a fresh profile: no cookies, cache or storage shared
 * with another conversion), no network (every request is aborted) and JavaScript disabled. The
 * browser process itself is shared by the conversions of a process and closed when the last one
 * ends, or — in a server worker, see {@link keepBrowserAlive} — after it has been idle a while:
 * starting Chromium is about 40 % of a conversion.
 * @module
 */
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import type { Browser } from 'playwright-core'
import { EInvoiceError } from '../errors.js'
import { fontconfigFileFor } from './fontconfig.js'

/** Program names looked up on PATH, in order. */
const CANDIDATES = ['chromium', 'chromium-browser']

/** dependencies.md: the flags that keep a server-side Chromium quiet and offline. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The browser's environment: this process's, with the fontconfig file that adds the bundled fonts (fontconfig.ts). */
function browserEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value
  env['FONTCONFIG_FILE'] = fontconfigFileFor(process.env)
  return env
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The Chromium executable, or undefined when none is installed. */
export function findChromium(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const configured = env['EINVOICE_CHROMIUM']
  if (configured !== undefined && configured !== '') return executable(configured) ? configured : undefined
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue
    for (const name of CANDIDATES) {
      const path = join(dir, name)
      if (executable(path)) return path
    }
  }
  return undefined
}

function missing(env: Readonly<Record<string, string | undefined>>): EInvoiceError {
  const configured = env['EINVOICE_CHROMIUM']
  const why =
    configured !== undefined && configured !== ''
      ? `EINVOICE_CHROMIUM names ${configured}, which is not an executable file`
      : `no chromium or chromium-browser on PATH`
  return new EInvoiceError(
    'DEPENDENCY_MISSING',
    `styledinvoicetofx needs a headless Chromium and ${why}: install it (Debian/Ubuntu: apt-get install -y chromium) or set EINVOICE_CHROMIUM to its path`,
    { details: { dependency: 'chromium', install: 'apt-get install -y chromium' } },
  )
}

export type HtmlToPdfOptions = {
  env?: Readonly<Record<string, string | undefined>> | undefined
  /** Gives up after this long. @default 30000 */
  timeoutMs?: number | undefined
}

type SharedBrowser = { executablePath: string; browser: Promise<Browser>; users: number; idle: NodeJS.Timeout | undefined }

let shared: SharedBrowser | undefined
let keepAliveMs = 0
let launches = 0

/**
 * Keeps the shared browser running this long after its last conversion (the server's workers do,
 * so a burst of requests starts Chromium once). @default 0: closed as soon as no conversion runs
 */
export function keepBrowserAlive(ms: number): void {
  keepAliveMs = ms
}

/** Whether a browser is running and how many were started in this process (for tests and logs). */
export function browserState(): { running: boolean; launches: number } {
  return { running: shared !== undefined, launches }
}

/** Closes the shared browser now (conversions still running finish first on their own contexts). */
export async function closeBrowser(): Promise<void> {
  if (shared !== undefined) await close(shared)
}

async function launch(executablePath: string, timeout: number): Promise<Browser> {
  const { chromium } = await import('playwright-core')
  launches++
  try {
    return await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS], timeout, env: browserEnv() })
  } catch (err) {
    throw new EInvoiceError('DEPENDENCY_MISSING', `Chromium at ${executablePath} could not be started: ${(err as Error).message.split('\n')[0] ?? ''}`, {
      details: { dependency: 'chromium', executable: executablePath },
      cause: err,
    })
  }
}

function close(entry: SharedBrowser): Promise<void> {
  if (shared === entry) shared = undefined
  clearTimeout(entry.idle)
  // A browser that never started, or has crashed, has nothing left to close.
  return entry.browser.then(
    (b) => b.close().catch(() => undefined),
    () => undefined,
  )
}

async function acquire(executablePath: string, timeout: number): Promise<SharedBrowser> {
  let entry = shared
  if (entry !== undefined && entry.executablePath !== executablePath) {
    // Another Chromium was asked for: the old one goes once its conversions are done (release).
    shared = undefined
    if (entry.users === 0) void close(entry)
    entry = undefined
  }
  if (entry === undefined) {
    const created: SharedBrowser = { executablePath, browser: launch(executablePath, timeout), users: 0, idle: undefined }
    shared = created
    const forget = () => {
      if (shared === created) shared = undefined
    }
    // A browser that failed to start, crashed or was killed is replaced by the next conversion.
    created.browser.then((b) => b.on('disconnected', forget), forget)
    entry = created
  }
  entry.users++
  clearTimeout(entry.idle)
  entry.idle = undefined
  return entry
}

async function release(entry: SharedBrowser): Promise<void> {
  entry.users--
  if (entry.users > 0) return
  if (keepAliveMs === 0 || shared !== entry) return close(entry)
  entry.idle = setTimeout(() => void close(entry), keepAliveMs)
  entry.idle.unref()
}

/**
 * Prints HTML to an A4 PDF (CSS `@page` rules win over the default size).
 * @throws EInvoiceError DEPENDENCY_MISSING without Chromium.
 */
export async function htmlToPdf(html: string, options: HtmlToPdfOptions = {}): Promise<Uint8Array> {
  const env = options.env ?? process.env
  const executablePath = findChromium(env)
  if (executablePath === undefined) throw missing(env)
  const timeout = options.timeoutMs ?? 30_000
  const entry = await acquire(executablePath, timeout)
  try {
    const context = await (await entry.browser).newContext({ javaScriptEnabled: false, offline: true })
    try {
      const page = await context.newPage()
      // Templates come from callers: nothing may leave the machine (images must be data: URLs).
      await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()))
      await page.setContent(html, { waitUntil: 'load', timeout })
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout } as Parameters<typeof page.pdf>[0])
      return new Uint8Array(pdf)
    } finally {
      // A crashed browser cannot close the context; the conversion's own error is the one to report.
      await context.close().catch(() => undefined)
    }
  } finally {
    await release(entry)
  }
}
