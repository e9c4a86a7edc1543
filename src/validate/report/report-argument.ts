/**
 * The report writers take what `validateFile` returns; null or a value of another kind is refused
 * by name instead of failing inside a writer.
 * @module
 */
import { objectArgument } from '../../util/option-input.js'
import type { FileValidationResult } from '../validate-file.js'

export function resultArgument(r: FileValidationResult): FileValidationResult {
  return objectArgument(r, 'result', 'a validation result (what validateFile returns)', (v) => typeof v['xml'] === 'object' && v['xml'] !== null && Array.isArray((v['xml'] as { findings?: unknown }).findings))
}
