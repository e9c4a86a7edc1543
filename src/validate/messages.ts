/**
 * Renders finding messages from per-language tables (`messages-en.ts`; DE and FR tables can be
 * added with the same keys). A template names its params as `{name}`; every message starts with
 * the rule id so a reader can look the rule up.
 * @module
 */
import { MESSAGES_EN } from './messages-en.js'
import { MESSAGES_EN_LAYERS } from './messages-en-layers.js'
import { MESSAGES_EN_FACTURX } from './facturx/messages-en-facturx.js'
import type { MessageParams } from './types.js'
import { excerpt, excerptMiddle } from '../util/excerpt.js'

export type MessageLanguage = 'en'

const TABLES: Readonly<Record<MessageLanguage, Readonly<Record<string, string>>>> = { en: { ...MESSAGES_EN, ...MESSAGES_EN_LAYERS, ...MESSAGES_EN_FACTURX } }

const PLACEHOLDER = /\{(\w+)\}/g

export function renderMessage(lang: MessageLanguage, key: string, ruleId: string, params: MessageParams): string {
  const template = TABLES[lang][key] ?? TABLES.en[key]
  if (template === undefined) {
    const detail = Object.entries(params)
      .map(([k, v]) => `${k}=${excerpt(v)}`)
      .join(', ')
    return `[${ruleId}] the rule is not met${detail === '' ? '' : ` (${detail})`}`
  }
  // Values from the document are quoted in bounded excerpts; `expected` is the validator's own text
  // (a computed amount, the schema's list of allowed elements) and is kept whole. The whole
  // message is bounded too, for an `expected` that repeats a document value.
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name] ?? `{${name}}`
    return name === 'expected' ? value : excerpt(value)
  })
  return excerptMiddle(`[${ruleId}] ${text}`)
}
