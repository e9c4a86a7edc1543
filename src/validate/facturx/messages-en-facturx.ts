/**
 * English messages of the Factur-X and Order-X profile layers, in einvoice's own words. Structure
 * rows (cardinality, attributes, code lists, "not used") share templates keyed `syntax.fx-<kind>`;
 * a failed business rule is summarised by `facturxSummary(rule id)`: the EN 16931 text when the
 * rule is the same business rule, else a text per rule family.
 * @module
 */
import { MESSAGES_EN } from '../messages-en.js'

// prettier-ignore
export const MESSAGES_EN_FACTURX: Readonly<Record<string, string>> = {
  'syntax.fx-rule': '{summary}',
  'syntax.fx-one': '{path} must occur exactly once in {element} in this profile; found {count}.',
  'syntax.fx-max1': '{path} may occur at most once in {element} in this profile; found {count}.',
  'syntax.fx-max2': '{path} may occur at most twice in {element} in this profile; found {count}.',
  'syntax.fx-min1': '{element} must contain {path} at least once in this profile; found none.',
  'syntax.fx-attr': '{element} needs the attribute {path} in this profile.',
  'syntax.fx-code': 'The value "{value}" of {path} in {element} is not in the code list this profile allows there.',
  'syntax.fx-unused': '{element} is not used in this profile here; receivers may ignore it (a notice, never invalid).',
  'syntax.fx-unused-attr': 'The attribute {path} of {element} is not used in this profile here; receivers may ignore it (a notice).',
  'EINVOICE-RULE-EVALUATION': 'The {layerName} rule {rule} cannot be evaluated on {element}: {detail}. The official validator stops the whole rule set at this point, so the document counts as invalid.',
}

const CATEGORY: Readonly<Record<string, string>> = {
  S: 'standard rated (S)',
  Z: 'zero rated (Z)',
  E: 'exempt from VAT (E)',
  AE: 'reverse charge (AE)',
  IC: 'intra-community supply (K)',
  G: 'export outside the EU (G)',
  O: 'not subject to VAT (O)',
  AF: 'IGIC, Canary Islands (L)',
  AG: 'IPSI, Ceuta and Melilla (M)',
  B: 'split payment (B)',
}

/** What rule number n of a VAT category family is about (EN 16931 numbering, same in every family). */
const CATEGORY_TOPIC: Readonly<Record<string, string>> = {
  '01': 'the invoice needs a VAT breakdown (BG-23) for this category when a line, allowance or charge uses it',
  '02': 'requirement on the seller/buyer VAT identifiers for an invoice line (BG-25) of this category',
  '03': 'requirement on the seller/buyer VAT identifiers for a document level allowance (BG-20) of this category',
  '04': 'requirement on the seller/buyer VAT identifiers for a document level charge (BG-21) of this category',
  '05': 'the VAT rate (BT-152) of an invoice line of this category is not as required',
  '06': 'the VAT rate (BT-96) of a document level allowance of this category is not as required',
  '07': 'the VAT rate (BT-103) of a document level charge of this category is not as required',
  '08': 'the taxable amount (BT-116) does not equal the line net amounts plus charges minus allowances of this category',
  '09': 'the VAT category tax amount (BT-117) is not as required for this category',
  '10': 'the VAT exemption reason (BT-120/BT-121) is not as required for this category',
}

// prettier-ignore
const SPECIFIC: Readonly<Record<string, string>> = {
  'BR-53': 'A VAT accounting currency (BT-6) is given, so the VAT total in that currency (BT-111) is required.',
  'BR-61': 'A credit transfer payment needs a payment account identifier (BT-84).',
  'BR-CO-10': 'The sum of line net amounts (BT-106) does not equal the sum of the line net amounts (BT-131).',
  'BR-CO-11': 'The sum of document allowances (BT-107) does not equal the sum of the allowance amounts (BT-92).',
  'BR-CO-12': 'The sum of document charges (BT-108) does not equal the sum of the charge amounts (BT-99).',
  'BR-CO-13': 'The total without VAT (BT-109) does not equal BT-106 − BT-107 + BT-108.',
  'BR-CO-14': 'The invoice VAT total (BT-110) does not equal the sum of the VAT breakdown tax amounts (BT-117).',
  'BR-CO-15': 'The total with VAT (BT-112) does not equal BT-109 + BT-110.',
  'BR-CO-16': 'The amount due (BT-115) does not equal BT-112 − BT-113 + BT-114.',
  'BR-CO-17': 'A VAT breakdown tax amount (BT-117) does not equal taxable amount × rate ÷ 100, rounded to 2 decimals.',
  'BR-CO-25': 'A positive amount due (BT-115) needs a payment due date (BT-9) or payment terms (BT-20).',
  'BR-FXEXT-08': 'EXTENDED: the net amount of a GROUP line (BT-131) does not equal the sum of the net amounts of its sub-lines.',
  'BR-FXEXT-11': 'EXTENDED: a sub-line names a parent line (ParentLineID) that does not exist in the invoice.',
  'BR-FXEXT-12': 'EXTENDED: a GROUP line with a net amount (BT-131) needs a net amount on each of its GROUP sub-lines.',
  'BR-FXEXT-CO-10': 'EXTENDED: the sum of line net amounts (BT-106) differs from the DETAIL line amounts (BT-131) by more than 0.01 per line.',
  'BR-FXEXT-CO-11': 'EXTENDED: the sum of document allowances (BT-107) differs from the allowance amounts (BT-92) by more than 0.01 per allowance.',
  'BR-FXEXT-CO-12': 'EXTENDED: the sum of document charges (BT-108) differs from the charge (BT-99) and logistics fee amounts by more than 0.01 per item.',
  'BR-FXEXT-CO-13': 'EXTENDED: the total without VAT (BT-109) differs from BT-131 sums − BT-92 + BT-99 by more than the tolerance (0.01 per item).',
  'BR-FXEXT-CO-15': 'EXTENDED: the total with VAT (BT-112) differs from BT-109 + BT-110 by more than the tolerance (0.01 per item).',
  'BR-FXEXT-CO-16': 'EXTENDED: the amount due (BT-115) does not equal BT-112 − BT-113 + BT-114 + third-party charges (BT-179).',
  'BR-FXEXT-CO-04': 'EXTENDED: a DETAIL invoice line (or one without subtype BT-X-8) needs a VAT category code (BT-151).',
  'BR-FXEXT-BR-22': 'EXTENDED: a DETAIL invoice line (or one without subtype BT-X-8) needs an invoiced quantity (BT-129).',
  'BR-FXEXT-BR-23': 'EXTENDED: a DETAIL invoice line (or one without subtype BT-X-8) needs a unit of measure code (BT-130).',
  'BR-FXEXT-BR-24': 'EXTENDED: a DETAIL invoice line (or one without subtype BT-X-8) needs a line net amount (BT-131).',
  'BR-FXEXT-BR-26': 'EXTENDED: a DETAIL invoice line (or one without subtype BT-X-8) needs an item net price (BT-146).',
  'BR-FXEXT-BR-38': 'EXTENDED: a document level charge or tax (BG-21) needs a reason (BT-104), a reason code (BT-105) or a non-VAT tax code (BT-177).',
  'BR-FXEXT-BR-44': 'EXTENDED: an invoice line charge or tax (BG-28) needs a reason (BT-144), a reason code (BT-145) or a non-VAT tax type code (BT-193).',
  'BR-FXEXT-BR-54-1': 'EXTENDED: an item attribute (BG-32) needs a name (BT-160) or a code (BT-X-11).',
  'BR-FXEXT-BR-54-2': 'EXTENDED: an item attribute (BG-32) needs either a value (BT-161) or a value with unit (BT-X-12), not both.',
  'BR-FXEXT-01': 'EXTENDED: a note subject code (BT-21) needs a coded note (BT-X-5) or a note text (BT-22).',
  'BR-FXEXT-02': 'EXTENDED: a line note subject code (BT-X-10) needs a coded line note (BT-X-9) or a line note text (BT-127).',
  'BR-FXEXT-03': 'EXTENDED: only a VAT registration identifier may be given for this party.',
  'BR-FXEXT-04': 'EXTENDED: the item attribute code is not in the UNTDED 6313 + Factur-X extension code list.',
  'BR-FXEXT-06': 'EXTENDED: a line with a parent line (BT-X-304) needs a line subtype (BT-X-8).',
  'BR-FXEXT-S-09b': 'EXTENDED: for a standard rated (S) rate, the tax amount (BT-117) differs from taxable amount × rate by more than the tolerance.',
  'BR-FXEXT-S08b': 'EXTENDED: for a standard rated (S) rate, the taxable amount (BT-116) differs from the line, allowance and charge amounts by more than the tolerance.',
  'CII-DT-097': 'A date with format 102 must be written YYYYMMDD.',
  'BR-FXEXT-CII-DT-097a': 'EXTENDED: a date-time with format 205 must be written YYYYMMDDHHMM (hours and minutes).',
  'PEPPOL-EN16931-R008': 'The element is empty; empty elements should not be used (a warning in Factur-X).',
}

const FAMILY = /^BR-(?:FXEXT-)?(S|Z|E|AE|IC|G|O|AF|AG|B)-?(\d\d)([a-z]*)/

/** Own-words summary for a failed Factur-X business rule (never the official wording). */
export function facturxSummary(id: string): string {
  const specific = SPECIFIC[id]
  if (specific !== undefined) return specific
  const cen = MESSAGES_EN[id]
  if (cen !== undefined && !cen.includes('{')) return cen
  const family = FAMILY.exec(id)
  if (family !== null) {
    const [, cat = '', n = '', variant = ''] = family
    const topic = CATEGORY_TOPIC[n] ?? 'the VAT category rule is not met'
    // EXTENDED variants (b, ini, rev) check the same sum with the tolerance of 0.01 per item.
    const extended = id.startsWith('BR-FXEXT-') ? `EXTENDED${variant === '' ? '' : ` (${variant})`}: ` : ''
    return `${extended}VAT category ${CATEGORY[cat] ?? cat}: ${topic}.`
  }
  if (id.startsWith('BR-DEC-')) return 'An amount or percentage has more decimals than allowed (at most 2).'
  if (id.startsWith('FX-SCH-')) return 'The element does not meet the structure this Factur-X profile requires here.'
  if (id.startsWith('CII-SR-') || id.startsWith('CII-DT-')) return 'The CII syntax binding rule is not met here (see the EN 16931 CII syntax rules).'
  return 'The Factur-X profile rule is not met here.'
}
