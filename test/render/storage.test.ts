import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { requestedStorages, writeToStorage } from '../../src/render/storage.js'

describe('write<Storage> headers', () => {
  it('knows the Local storage, case-insensitively, and ignores false', () => {
    expect(requestedStorages({ writeLocal: 'true' })).toEqual(['Local'])
    expect(requestedStorages({ WRITELOCAL: true })).toEqual(['Local'])
    expect(requestedStorages({ writeLocal: 'false', other: 'x' })).toEqual([])
  })

  it('refuses unknown storages and odd values', () => {
    expect(() => requestedStorages({ writeDropbox: 'true' })).toThrow(/writeDropbox: unknown storage "Dropbox"; supported: writeLocal/)
    expect(() => requestedStorages({ writeLocal: 'maybe' })).toThrow(/expected true or false/)
  })

  it('writes into EINVOICE_STORAGE_DIR, and refuses when none is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-storage-'))
    try {
      const path = await writeToStorage('Local', 'RE/2026 01', new Uint8Array([1, 2, 3]), { EINVOICE_STORAGE_DIR: dir })
      expect(path.startsWith(dir)).toBe(true)
      expect(readdirSync(dir)).toHaveLength(1)
      expect(readdirSync(dir)[0]).toMatch(/^RE_2026_01-.*\.pdf$/)
      expect([...readFileSync(path)]).toEqual([1, 2, 3])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    await expect(writeToStorage('Local', 'x', new Uint8Array(), {})).rejects.toThrow(/no Local storage configured \(set EINVOICE_STORAGE_DIR/)
  })
})

describe('styledinvoicetofx with writeLocal on a server without the storage', () => {
  it('is refused before the template is rendered', async () => {
    const { styledinvoicetofx } = await import('../../src/operations/styledinvoicetofx.js')
    const saved = process.env['EINVOICE_STORAGE_DIR']
    delete process.env['EINVOICE_STORAGE_DIR']
    try {
      // A broken template: rendering first would refuse it as the template's error instead.
      const body = Buffer.from(JSON.stringify({ template: '{{#open}}', invoice: { number: 'X', zfitems: [{ price: 1, quantity: 1, product: { name: 'p', vatpercent: 19 } }] } }))
      await expect(styledinvoicetofx.run({ inputs: { body }, params: { language: 'EN', writeStorage: 'writeLocal=true' } })).rejects.toThrow(
        /writeLocal: this server has no Local storage configured/,
      )
    } finally {
      if (saved !== undefined) process.env['EINVOICE_STORAGE_DIR'] = saved
    }
  })
})
