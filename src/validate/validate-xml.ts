/**
 * Validates one invoice XML synchronously: parse, then the whole rule stack of validate-document.ts
 * with every table imported up front (any document can be checked without waiting).
 * @module
 */
import { CII_RULE_SETS } from './binding-cii.js'
import { UBL_RULE_SETS } from './binding-ubl.js'
import { facturxRuleSet } from './facturx/index.js'
import type { ValidationLayers } from './layers.js'
import { orderxProfile, orderxRuleSet } from './orderx/index.js'
import type { SyntaxKind } from './types.js'
import { type ParseXmlOptions, type XmlDocument, parseXmlChecked } from '../xml/index.js'
import { refuseOlderEditionNames } from '../xml/older-edition-names.js'
import {
  type ValidateDocumentOptions,
  type XmlValidationResult,
  VALIDATE_XML_OPTIONS,
  detectValidationSyntax,
  unsupported,
  validateDocumentWith,
} from './validate-document.js'
import { XSD_SCHEMAS } from './xsd/schemas.js'
import { evaluationFindings } from './schematron/rule-table.js'
import { probeEvaluation } from './probe/evaluation-probe.js'
import { readInvoiceDocument } from '../read-invoice.js'
import { readUbl } from '../ubl/read-ubl.js'
import { checkOptions } from '../util/option-input.js'
import { type TextOrBytesInput, textOrBytesArgument } from '../util/byte-input.js'

export type { ValidateDocumentOptions, XmlValidationResult } from './validate-document.js'
export { detectValidationSyntax } from './validate-document.js'

const ALL_LAYERS: ValidationLayers = {
  cii: CII_RULE_SETS,
  ubl: UBL_RULE_SETS,
  facturx: facturxRuleSet,
  orderx: (id) => orderxRuleSet(orderxProfile(id)),
  xsd: XSD_SCHEMAS,
  evaluationFindings,
  probeEvaluation,
  // The CEN rules count UBL's top-level lines only; sub-invoice lines (BG-DEX-01) have their own rules.
  readModel: (doc, syntax) => (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote' ? readUbl(doc, { subLines: false }) : readInvoiceDocument(doc)),
}

/**
 * Validates a parsed document.
 * @param planAs a BT-24 to choose the rule sets and schemas by instead of the document's own.
 */
export function validateDocument(doc: XmlDocument, syntax: SyntaxKind, options: ValidateDocumentOptions = {}, planAs?: string): XmlValidationResult {
  return validateDocumentWith(doc, syntax, options, ALL_LAYERS, planAs)
}

/**
 * Validates invoice XML bytes or text.
 * @throws EInvoiceError INVALID_XML for input that is not well-formed, UNSUPPORTED_DOCUMENT for
 * XML that is not an invoice syntax einvoice knows.
 */
export function validateXml(input: TextOrBytesInput, options: ParseXmlOptions & ValidateDocumentOptions = {}): XmlValidationResult {
  options = checkOptions(options, 'options', VALIDATE_XML_OPTIONS)
  const doc = parseXmlChecked(textOrBytesArgument(input, 'xml'), options)
  refuseOlderEditionNames(doc)
  const syntax = detectValidationSyntax(doc)
  if (syntax === undefined) return unsupported(doc, readInvoiceDocument)
  return validateDocument(doc, syntax, options)
}
