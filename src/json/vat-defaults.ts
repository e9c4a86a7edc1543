/**
 * VAT exemption reasons (BT-120/BT-121) per VAT category: which categories may carry one, and the
 * reason a category implies when the input gives none.
 * @module
 */

type ExemptionRule = {
  /** BR-S-10, BR-Z-10, BR-AF-10, BR-AG-10: these categories must not carry an exemption reason. */
  allowed: boolean
  /** BR-AE-10, BR-IC-10, BR-G-10, BR-O-10 require a reason; the VATEX code the category implies. */
  defaultCode?: string | undefined
  defaultText?: string | undefined
}

// Keyed by UNTDID 5305 category. E has no default: the exemption article depends on the case.
const RULES: Readonly<Record<string, ExemptionRule>> = {
  S: { allowed: false },
  Z: { allowed: false },
  L: { allowed: false },
  M: { allowed: false },
  E: { allowed: true },
  AE: { allowed: true, defaultCode: 'VATEX-EU-AE', defaultText: 'Reverse charge' },
  K: { allowed: true, defaultCode: 'VATEX-EU-IC', defaultText: 'Intra-community supply' },
  G: { allowed: true, defaultCode: 'VATEX-EU-G', defaultText: 'Export outside the EU' },
  O: { allowed: true, defaultCode: 'VATEX-EU-O', defaultText: 'Not subject to VAT' },
}

/** The exemption reason and code to write for a category, given what the input says. */
export function exemptionDefaults(
  category: string,
  reason: string | undefined,
  code: string | undefined,
): { reason?: string | undefined; code?: string | undefined } {
  const given = givenExemption(category, reason, code)
  const rule = RULES[category]
  if (rule?.allowed === true && given.reason === undefined && given.code === undefined) return { reason: rule.defaultText, code: rule.defaultCode }
  return given
}

/**
 * What the input says, where the category allows it, without defaults: a line's reason is no
 * EN 16931 term, and a default there is not in the breakdown, which then reads back differently.
 */
export function givenExemption(
  category: string,
  reason: string | undefined,
  code: string | undefined,
): { reason?: string | undefined; code?: string | undefined } {
  const rule = RULES[category]
  const givenReason = reason?.trim() === '' ? undefined : reason
  const givenCode = code?.trim() === '' ? undefined : code
  // Unknown categories keep whatever the input says.
  if (rule === undefined) return { reason: givenReason, code: givenCode }
  if (!rule.allowed) return {}
  return { reason: givenReason, code: givenCode }
}
