/**
 * The `write<Storage>` headers of styledinvoicetofx: the header name carries the short name of a
 * storage service in place of the word Storage (interface spec). einvoice has one storage,
 * `Local` (header `writeLocal: true`): the result is also written into the folder the server
 * names in EINVOICE_STORAGE_DIR. Any other storage name is refused.
 * @module
 */
import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { EInvoiceError } from '../errors.js'
import { lookupTable } from '../util/lookup-table.js'
import { makeDirectory } from '../util/make-directory.js'

/** Storage names (as in the header after `write`) → how they store. */
export const STORAGES = lookupTable<{ env: string; description: string }>({
  Local: { env: 'EINVOICE_STORAGE_DIR', description: 'a folder on the server, named by EINVOICE_STORAGE_DIR' },
})

const HEADER = /^write(.+)$/i

/**
 * The storages that `write*` headers ask for (values parsed as booleans).
 * @throws EInvoiceError INVALID_PARAMETER for an unknown storage name or a value other than true/false.
 */
export function requestedStorages(headers: Readonly<Record<string, string | boolean | undefined>>): string[] {
  const out: string[] = []
  for (const [name, raw] of Object.entries(headers)) {
    const m = HEADER.exec(name)
    if (m === null || raw === undefined) continue
    const wanted = (m[1] ?? '').toLowerCase()
    const storage = Object.keys(STORAGES).find((s) => s.toLowerCase() === wanted)
    if (storage === undefined) {
      throw new EInvoiceError('INVALID_PARAMETER', `${name}: unknown storage "${m[1] ?? ''}"; supported: ${Object.keys(STORAGES).map((s) => `write${s}`).join(', ')}`, {
        details: { [name]: 'unknown storage' },
      })
    }
    const value = typeof raw === 'boolean' ? raw : raw.trim().toLowerCase()
    if (value === true || value === 'true' || value === '1' || value === '') out.push(storage)
    else if (!(value === false || value === 'false' || value === '0')) {
      throw new EInvoiceError('INVALID_PARAMETER', `${name}: expected true or false, got ${JSON.stringify(raw)}`, { details: { [name]: 'true or false' } })
    }
  }
  return out
}

function safeName(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 80)
  return cleaned === '' ? 'invoice' : cleaned
}

type Env = Readonly<Record<string, string | undefined>>

/**
 * The storage's folder. Asked before the work too, so a server without the storage refuses the
 * request before rendering it.
 * @throws EInvoiceError INVALID_PARAMETER when the storage is not configured on this server.
 */
export function storageFolder(storage: string, env: Env = process.env): string {
  const spec = STORAGES[storage]
  const dir = spec === undefined ? undefined : env[spec.env]
  if (spec === undefined || dir === undefined || dir === '') {
    throw new EInvoiceError('INVALID_PARAMETER', `write${storage}: this server has no ${storage} storage configured (set ${spec?.env ?? 'it'} to a folder)`, {
      details: { [`write${storage}`]: 'storage not configured' },
    })
  }
  return dir
}

/**
 * Writes `data` into the storage; returns the stored file's path.
 * @throws EInvoiceError INVALID_PARAMETER when the storage is not configured on this server.
 */
export async function writeToStorage(storage: string, baseName: string, data: Uint8Array, env: Env = process.env): Promise<string> {
  const dir = storageFolder(storage, env)
  await makeDirectory(dir)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const path = join(dir, `${safeName(baseName)}-${stamp}-${randomBytes(3).toString('hex')}.pdf`)
  const tmp = `${path}.tmp`
  await writeFile(tmp, data)
  await rename(tmp, path)
  return path
}
