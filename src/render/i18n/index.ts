/**
 * The view languages and their label tables.
 * @module
 */
import { DE } from './de.js'
import { EN, type LabelKey } from './en.js'
import { FR } from './fr.js'

export type { LabelKey } from './en.js'

/** The `language` values of xmltohtml / xmltopdf / styledinvoicetofx (spec: EN, FR, DE). */
export const LANGUAGES = ['EN', 'FR', 'DE'] as const
export type Language = (typeof LANGUAGES)[number]

export type Labels = Readonly<Record<LabelKey, string>>

const TABLES: Readonly<Record<Language, Labels>> = { EN, DE, FR }

/** BCP 47 tag for the HTML lang attribute and the PDF /Lang entry. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { EN: 'en', DE: 'de', FR: 'fr' }

export function labelsFor(language: Language): Labels {
  return TABLES[language]
}
