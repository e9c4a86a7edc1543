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
