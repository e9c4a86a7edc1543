/**
 * HTML → PDF through a headless Chromium (Debian `chromium`), driven by playwright-core. The
 * browser is found on PATH (`chromium`, `chromium-browser`) or named by EINVOICE_CHROMIUM; it is
 * started per conversion with a fresh profile, no network (every request is aborted), JavaScript
 * disabled, and closed afterwards.
 * @module
 */
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { EInvoiceError } from '../errors.js'

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

/**
 * Prints HTML to an A4 PDF (CSS `@page` rules win over the default size).
 * @throws EInvoiceError DEPENDENCY_MISSING without Chromium.
 */
export async function htmlToPdf(html: string, options: HtmlToPdfOptions = {}): Promise<Uint8Array> {
  const env = options.env ?? process.env
  const executablePath = findChromium(env)
  if (executablePath === undefined) throw missing(env)
  const timeout = options.timeoutMs ?? 30_000
  const { chromium } = await import('playwright-core')
  let browser: Awaited<ReturnType<typeof chromium.launch>>
  try {
    browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS], timeout })
  } catch (err) {
    throw new EInvoiceError('DEPENDENCY_MISSING', `Chromium at ${executablePath} could not be started: ${(err as Error).message.split('\n')[0] ?? ''}`, {
      details: { dependency: 'chromium', executable: executablePath },
      cause: err,
    })
  }
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true })
    const page = await context.newPage()
    // Templates come from callers: nothing may leave the machine (images must be data: URLs).
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()))
    await page.setContent(html, { waitUntil: 'load', timeout })
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout } as Parameters<typeof page.pdf>[0])
    return new Uint8Array(pdf)
  } finally {
    await browser.close()
  }
}
