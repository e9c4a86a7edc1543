import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUNDLED_FONTS_DIR, callerFontconfig, fontconfigFileFor, fontconfigText } from '../../src/render/fontconfig.js'

const dir = mkdtempSync(join(tmpdir(), 'einvoice-fontconfig-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("the caller's fontconfig file", () => {
  it('is FONTCONFIG_FILE when absolute, else looked up in FONTCONFIG_PATH, else the system file', () => {
    mkdirSync(join(dir, 'conf'), { recursive: true })
    writeFileSync(join(dir, 'conf', 'mine.conf'), '<fontconfig/>')
    writeFileSync(join(dir, 'conf', 'fonts.conf'), '<fontconfig/>')
    expect(callerFontconfig({ FONTCONFIG_FILE: '/opt/x/fonts.conf' })).toBe('/opt/x/fonts.conf')
    expect(callerFontconfig({ FONTCONFIG_FILE: 'mine.conf', FONTCONFIG_PATH: `/nowhere:${join(dir, 'conf')}` })).toBe(join(dir, 'conf', 'mine.conf'))
    expect(callerFontconfig({ FONTCONFIG_PATH: join(dir, 'conf') })).toBe(join(dir, 'conf', 'fonts.conf'))
    expect(callerFontconfig({ FONTCONFIG_FILE: '~/f.conf', HOME: '/home/a' })).toBe('/home/a/f.conf')
    expect(callerFontconfig({})).toBe('/etc/fonts/fonts.conf')
    expect(callerFontconfig({ FONTCONFIG_FILE: '' })).toBe('/etc/fonts/fonts.conf')
  })
})

describe('the generated configuration', () => {
  it('includes the caller’s file first, then the bundled fonts and a cache folder, with paths escaped', () => {
    const text = fontconfigText('/a & b/<c>.conf', '/tmp/cache')
    expect(text).toContain('<include ignore_missing="yes">/a &amp; b/&lt;c&gt;.conf</include>')
    expect(text.indexOf('<include')).toBeLessThan(text.indexOf(`<dir>${BUNDLED_FONTS_DIR}</dir>`))
    expect(text).toContain('<cachedir>/tmp/cache</cachedir>')
  })

  it('is written once per configuration, in a private folder', () => {
    const a = fontconfigFileFor({ FONTCONFIG_FILE: join(dir, 'a.conf') })
    expect(fontconfigFileFor({ FONTCONFIG_FILE: join(dir, 'a.conf') })).toBe(a)
    expect(readFileSync(a, 'utf8')).toContain(`<include ignore_missing="yes">${join(dir, 'a.conf')}</include>`)
    const b = fontconfigFileFor({ FONTCONFIG_FILE: join(dir, 'b.conf') })
    expect(b).not.toBe(a)
    expect(readFileSync(b, 'utf8')).toContain(join(dir, 'b.conf'))
  })
})
