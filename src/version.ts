/**
 * The package's own name and version, read once from package.json (found by walking up from this
 * module, so it works from the sources under test and from the build in dist/).
 * @module
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

type PackageJson = { name: string; version: string; license: string }

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = join(dir, 'package.json')
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as PackageJson
      if (pkg.name === 'einvoice') return dir
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error('einvoice: package.json not found above ' + fileURLToPath(import.meta.url))
    dir = parent
  }
}

/** The package's root folder (where package.json, samples/ and bundled assets live). */
export const PACKAGE_ROOT = findPackageRoot()
const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as PackageJson

export const PRODUCT_NAME: string = pkg.name
export const VERSION: string = pkg.version
export const LICENSE: string = pkg.license
