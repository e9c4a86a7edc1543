import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeDirectory } from '../../src/util/make-directory.js'
import { tempDir } from '../helpers/cli.js'

describe('makeDirectory', () => {
  it('makes the missing folders of a path, and accepts one that exists', async () => {
    const dir = join(tempDir(), 'a', 'b', 'c')
    await makeDirectory(dir)
    expect(statSync(dir).isDirectory()).toBe(true)
    await expect(makeDirectory(dir)).resolves.toBeUndefined()
  })

  it('refuses a path through a file with ENOTDIR and its path', async () => {
    const file = join(tempDir(), 'plain')
    writeFileSync(file, 'x')
    await expect(makeDirectory(join(file, 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' })
    await expect(makeDirectory(file)).rejects.toMatchObject({ code: 'ENOTDIR', path: file })
  })

  // Node 20's mkdir(…, { recursive: true }) never settles here.
  it.skipIf(!existsSync('/proc/self'))('answers where the kernel refuses the folder (/proc) instead of hanging', async () => {
    await expect(makeDirectory('/proc/einvoice-no-such-folder/x')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
