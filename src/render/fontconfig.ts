/**
 * The fontconfig file the Chromium that prints styled invoices gets (FONTCONFIG_FILE). Chromium on
 * Linux finds fonts only through fontconfig, and Debian's `chromium` brings no fonts for CJK, Indic
 * or South-East Asian scripts: such text came out as .notdef boxes, which no PDF/A may contain. So
 * the browser reads a configuration that includes the caller's own one (their FONTCONFIG_FILE or
 * FONTCONFIG_PATH, else the system's), then adds the bundled fonts, then a cache directory einvoice
 * can write (without one, fontconfig scans the bundled fonts again at every browser start).
 * @module
 */
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir, userInfo } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { PACKAGE_ROOT } from '../version.js'

/** The folder of the bundled fonts. */
export const BUNDLED_FONTS_DIR = join(PACKAGE_ROOT, 'assets', 'fonts')

/** The static file for when no generated one can be written: system configuration + bundled fonts. */
export const BUNDLED_FONTCONFIG = join(BUNDLED_FONTS_DIR, 'fonts.conf')

const SYSTEM_CONFIG_DIR = '/etc/fonts'

/**
 * The configuration fontconfig itself would read with this environment: FONTCONFIG_FILE (absolute,
 * `~/…`, or looked up in FONTCONFIG_PATH's folders), else `fonts.conf` there, else the system's.
 */
export function callerFontconfig(env: Readonly<Record<string, string | undefined>>): string {
  const name = env['FONTCONFIG_FILE'] || 'fonts.conf'
  if (isAbsolute(name)) return name
  if (name.startsWith('~/')) return join(env['HOME'] || homedir(), name.slice(2))
  const dirs = (env['FONTCONFIG_PATH'] ?? '').split(':').filter((d) => d !== '')
  for (const dir of [...dirs, SYSTEM_CONFIG_DIR]) if (existsSync(join(dir, name))) return join(dir, name)
  return join(SYSTEM_CONFIG_DIR, 'fonts.conf')
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The text of the generated configuration. */
export function fontconfigText(include: string, cacheDir: string): string {
  return (
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n' +
    '<!-- Written by einvoice for the Chromium that prints styled invoices (src/render/fontconfig.ts). -->\n' +
    '<fontconfig>\n' +
    `  <include ignore_missing="yes">${escapeXml(include)}</include>\n` +
    `  <dir>${escapeXml(BUNDLED_FONTS_DIR)}</dir>\n` +
    // Fontconfig writes its cache to the first writable cachedir: the included ones come first.
    `  <cachedir>${escapeXml(cacheDir)}</cachedir>\n` +
    '</fontconfig>\n'
  )
}

const written = new Map<string, string>()

/** One level, no `recursive` (Node 20's never settles where mkdir answers ENOENT, util/make-directory.ts). */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
}

/**
 * The FONTCONFIG_FILE for Chromium under `env`: a file in the temporary folder, written once per
 * configuration (atomically, so concurrent processes never read half of it), or the static
 * bundled file when the temporary folder is not writable (the caller's own configuration is then
 * not read: the system's is).
 */
export function fontconfigFileFor(env: Readonly<Record<string, string | undefined>>): string {
  const include = callerFontconfig(env)
  const known = written.get(include)
  if (known !== undefined) return known
  let file = BUNDLED_FONTCONFIG
  try {
    const uid = userInfo().uid
    const dir = join(tmpdir(), `einvoice-fontconfig-${uid}`)
    makeFolder(dir)
    // The temporary folder is shared: use the folder only when it is this user's and nobody else
    // can write it (someone else's file there would choose the fonts of our invoices).
    const stat = lstatSync(dir)
    if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o022) !== 0) throw new Error('not a private folder')
    const text = fontconfigText(include, join(dir, 'cache'))
    file = join(dir, `fonts-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.conf`)
    if (!existsSync(file)) {
      makeFolder(join(dir, 'cache'))
      const partial = `${file}.${process.pid}.tmp`
      writeFileSync(partial, text)
      renameSync(partial, file)
    }
  } catch {
    file = BUNDLED_FONTCONFIG
  }
  written.set(include, file)
  return file
}
