/**
 * The text of the `notice` operation: product, version, licence and third-party notices.
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LICENSE, PACKAGE_ROOT, PRODUCT_NAME, VERSION } from '../version.js'

let cached: string | undefined

export function legalNotice(): string {
  cached ??= [
    `${PRODUCT_NAME} ${VERSION}`,
    `Licence: ${LICENSE} (see LICENSE).`,
    'Interface: E-Invoice Conversion, Validation and Calculation Service v1.8.2.',
    '',
    readFileSync(join(PACKAGE_ROOT, 'THIRD_PARTY_NOTICES.md'), 'utf8').trim(),
    '',
  ].join('\n')
  return cached
}
