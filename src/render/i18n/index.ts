/**
 * The view languages and their label tables.
 * @module
 */
import { DE } from './de.js'
import { EN, type LabelKey } from './en.js'
import { FR } from './fr.js'
import { ORDER_DE, ORDER_EN, ORDER_FR } from './order-labels.js'

export type { LabelKey } from './en.js'

/** The `language` values of xmltohtml / xmltopdf / styledinvoicetofx (spec: EN, FR, DE). */
export const LANGUAGES = ['EN', 'FR', 'DE'] as const
export type Language = (typeof LANGUAGES)[number]

export type Labels = Readonly<Record<LabelKey, string>>

const TABLES: Readonly<Record<Language, Labels>> = { EN, DE, FR }

/** BCP 47 tag for the HTML lang attribute and the PDF /Lang entry. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { EN: 'en', DE: 'de', FR: 'fr' }

/** What the document is: its labels say "invoice" or "order". */
export type DocumentKind = 'invoice' | 'order'

const ORDER_TABLES: Readonly<Record<Language, Labels>> = {
  EN: { ...EN, ...ORDER_EN },
  DE: { ...DE, ...ORDER_DE },
  FR: { ...FR, ...ORDER_FR },
}

export function labelsFor(language: Language, kind: DocumentKind = 'invoice'): Labels {
  return (kind === 'order' ? ORDER_TABLES : TABLES)[language]
}
