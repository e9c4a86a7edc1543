/**
 * The `language` parameter: EN, FR or DE, case-insensitive.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { LANGUAGES, type Language } from './i18n/index.js'

/**
 * @param fallback used when `value` is undefined (the CLI defaults to EN; the HTTP endpoints
 *   declare the parameter required, so they never reach the fallback).
 * @throws EInvoiceError INVALID_PARAMETER for any other value.
 */
export function parseLanguage(value: unknown, fallback: Language = 'EN'): Language {
  if (value === undefined) return fallback
  const text = String(value).trim().toUpperCase()
  const found = LANGUAGES.find((l) => l === text)
  if (found === undefined) {
    throw new EInvoiceError('INVALID_PARAMETER', `language: expected one of ${LANGUAGES.join(', ')}, got ${JSON.stringify(String(value))}`, {
      details: { language: `one of ${LANGUAGES.join(', ')}` },
    })
  }
  return found
}
