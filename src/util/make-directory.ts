import { mkdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/**
 * `mkdir -p` one folder at a time. Node 20's `mkdir(path, { recursive: true })` never returns where
 * the kernel refuses a folder with ENOENT under an existing parent (`/proc/x`): `--out-dir /proc/x`
 * hung the CLI, a storage folder there would hang the request. Errors keep their code and path.
 * (The bundle loader's cache folder has a synchronous one of its own, commands/cli-loader.ts.)
 */
export async function makeDirectory(path: string): Promise<void> {
  const missing: string[] = []
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    try {
      if ((await stat(dir)).isDirectory()) break
      throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR', path: dir })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
    missing.push(dir)
    if (dirname(dir) === dir) break
  }
  for (const dir of missing.reverse()) {
    try {
      await mkdir(dir)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
}
