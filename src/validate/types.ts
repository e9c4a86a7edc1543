/**
 * The vocabulary of the validator: severities, layers, findings and rules. Findings are data
 * (rule id, severity, location, message key + params); writers turn them into text, the Mustang
 * XML report or JSON.
 * @module
 */
import type { XmlDocument, XmlElement } from '../xml/index.js'
import type { Invoice } from '../model/invoice.js'

/** Schematron flags as the official artefacts use them; `fatal` and `error` invalidate. */
export type Severity = 'fatal' | 'error' | 'warning' | 'information'

/** The rule set a rule belongs to (the official layer that ships it). */
export type Layer = 'syntax' | 'xsd' | 'en16931' | 'xrechnung' | 'facturx' | 'peppol' | 'orderx'

/** The syntaxes the validator recognises from the root element. */
export type SyntaxKind = 'CII' | 'UBL-Invoice' | 'UBL-CreditNote' | 'ZUGFeRD1' | 'Order-X'

export type FindingLocation = {
  /** XPath-like path of the element concerned, or a business-term path (`/BG-25[2]/BT-131`). */
  path: string
  line?: number | undefined
  column?: number | undefined
}

export type MessageParams = Readonly<Record<string, string>>

export type Finding = {
  ruleId: string
  severity: Severity
  layer: Layer
  /** The business term concerned, when the rule names one. */
  bt?: string | undefined
  location: FindingLocation
  /** Key into the message tables (`messages-en.ts`); the rule id for rule-specific texts. */
  messageKey: string
  params: MessageParams
  /** The message in English (other languages are rendered from messageKey + params). */
  message: string
  /** Set when the rule ran as advice only (CEN rules on EXTENDED): the finding never invalidates. */
  advisory?: boolean | undefined
  /**
   * Of an advisory finding: the severity the rule has where it is not advice (`error` for a CEN
   * error on EXTENDED, `warning` for a CEN warning), so readers can still tell them apart.
   */
  ruleSeverity?: Severity | undefined
}

export function isInvalidating(severity: Severity): boolean {
  return severity === 'fatal' || severity === 'error'
}

/** What a business rule sees: the semantic invoice. */
export type ModelContext = {
  invoice: Invoice
  syntax: SyntaxKind
  /**
   * The parsed document, for the few conditions of a business rule that depend on the syntax
   * binding and that the model cannot express (e.g. how many BT-110 elements carry a currency).
   */
  doc?: XmlDocument | undefined
}

/** A raised problem before the engine adds rule metadata and renders the message. */
export type Issue = {
  /** Where: a business-term path for model rules, an element for tree rules. */
  at?: string | XmlElement | undefined
  params?: MessageParams | undefined
  /** This finding's wording, where it differs from the rule's (ModelRule.messageKey). */
  messageKey?: string | undefined
}

/** A business rule on the model (EN 16931 BR-*, BR-CO-*, VAT category rules). */
export type ModelRule = {
  id: string
  severity: Severity
  layer: Layer
  bt?: string | undefined
  /** Message template key when several rules share one wording (default: the rule id). */
  messageKey?: string | undefined
  /** Returns the issues found (an empty list when the rule holds). */
  check(ctx: ModelContext): readonly Issue[]
}

/** What a syntax rule sees: the parsed XML tree. */
export type TreeContext = {
  doc: XmlDocument
  syntax: SyntaxKind
}

/**
 * A rule over the XML tree. `context` selects the elements the rule is evaluated on (like a
 * schematron rule context); `test` returns true when the element passes.
 */
export type TreeRule = {
  id: string
  severity: Severity
  layer: Layer
  bt?: string | undefined
  /** Returns the message params for a failure (expected vs found); optional. */
  test(el: XmlElement, ctx: TreeContext): boolean
  describe?: ((el: XmlElement, ctx: TreeContext) => MessageParams) | undefined
}

/**
 * A group of tree rules sharing one context matcher. Within a pattern, an element is checked
 * only by the first group (in priority order) whose context matches it — schematron semantics.
 */
export type TreeRuleGroup = {
  context: ElementMatcher
  rules: readonly TreeRule[]
  /**
   * Optional batch evaluation: the rules of `rules` that fail on `el`, in order. When given, the
   * engine calls it instead of each rule's `test` (tables use it to count all their child paths in
   * one walk). It must agree with the rules' own `test` functions.
   */
  failing?: ((el: XmlElement, ctx: TreeContext) => readonly TreeRule[]) | undefined
}

/** A pattern: ordered rule groups, evaluated once per element in one document walk. */
export type TreePattern = {
  name: string
  groups: readonly TreeRuleGroup[]
}

/** One name test of a path step: namespace URI and local name, undefined = any. */
export type NameTest = { ns: string | undefined; local: string | undefined }

/**
 * A context path in compiled form: alternatives, each a list of steps (each step a union of name
 * tests) from the outermost to the element itself; `absolute` ones start at the root element.
 */
export type ContextPath = readonly { absolute: boolean; steps: readonly (readonly NameTest[])[] }[]

/** Decides whether an element is a rule context. Compiled once at module load. */
export type ElementMatcher = {
  /** Local names the matcher can match (for indexing); undefined = any element. */
  locals?: readonly string[] | undefined
  matches(el: XmlElement): boolean
  /**
   * Set when the match depends on the element's name only (`//ram:TypeCode`, "any ram:*ID"): the
   * engine then decides once per element name instead of once per element.
   */
  byName?: ((ns: string, local: string) => boolean) | undefined
  /**
   * Set when the match is a path over element names (plus `where`, if given): `matches(el)` is then
   * exactly "some alternative of `path` matches el's ancestor chain and `where(el)` holds". The
   * engine decides the path part once per ancestor-name chain (dispatch.ts).
   */
  path?: ContextPath | undefined
  where?: ((el: XmlElement) => boolean) | undefined
}

/** A rule set selected from BT-24: model rules plus tree patterns of one layer. */
export type RuleSet = {
  id: string
  layer: Layer
  modelRules: readonly ModelRule[]
  treePatterns: readonly TreePattern[]
}
