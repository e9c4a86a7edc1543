/**
 * The XSD layer: which official schemas apply to a document (layer table of the reference tools:
 * CII D16B for every CII invoice plus the Factur-X profile schema for Factur-X/ZUGFeRD 2 profiles,
 * UBL 2.1, ZUGFeRD 1.0, the Order-X profile schema) and their problems as findings. A finding's
 * rule id names the schema (`xsd:cii-d16b`), the way the official reports name XSD layers.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { xmlTrim } from '../../xml/whitespace.js'
import { elementLocation } from '../location.js'
import { renderMessage } from '../messages.js'
import type { Finding, SyntaxKind } from '../types.js'
import { type XsdProblem, checkStructure } from './structure-check.js'
import { type XsdTable, compileTable } from './xsd-table.js'

/** The schema sets, named as the tables in tables/ name them (the table modules load on demand). */
export type XsdSchemaName =
  | 'cii-d16b'
  | 'facturx-MINIMUM'
  | 'facturx-BASICWL'
  | 'facturx-BASIC'
  | 'facturx-EN16931'
  | 'facturx-EXTENDED'
  | 'ubl-21'
  | 'zugferd1'
  | 'orderx-basic'
  | 'orderx-comfort'
  | 'orderx-extended'

/** Factur-X profile schemas by profile class (BT-24 decides, see rule-sets.ts). */
const FACTURX: Readonly<Record<string, XsdSchemaName>> = {
  MINIMUM: 'facturx-MINIMUM',
  BASICWL: 'facturx-BASICWL',
  BASIC: 'facturx-BASIC',
  EN16931: 'facturx-EN16931',
  EXTENDED: 'facturx-EXTENDED',
}

/** The schema sets that apply, in the order the reference runs them. */
export function schemaNamesFor(syntax: SyntaxKind, profile: string, specificationId: string | undefined): XsdSchemaName[] {
  switch (syntax) {
    case 'CII': {
      const fx = FACTURX[profile]
      return fx === undefined ? ['cii-d16b'] : ['cii-d16b', fx]
    }
    case 'UBL-Invoice':
    case 'UBL-CreditNote':
      return ['ubl-21']
    case 'ZUGFeRD1':
      return ['zugferd1']
    case 'Order-X': {
      // Order-X profile schemas by guideline id; unknown ids get EXTENDED (as the reference does).
      const m = /^urn:order-x\.eu:1p0:(basic|comfort|extended)/i.exec((specificationId ?? '').trim())
      return [`orderx-${(m?.[1] ?? 'extended').toLowerCase() as 'basic' | 'comfort' | 'extended'}`]
    }
  }
}

const MESSAGE_KEY: Readonly<Record<XsdProblem['kind'], string>> = {
  unexpected: 'xsd.unexpected',
  missing: 'xsd.missing',
  value: 'xsd.value',
  attribute: 'xsd.attribute',
  'attribute-value': 'xsd.attribute-value',
  'required-attribute': 'xsd.required-attribute',
  text: 'xsd.text',
  root: 'xsd.root',
  nil: 'xsd.nil',
  'nil-value': 'xsd.nil-value',
  type: 'xsd.type',
  'type-prefix': 'xsd.type-prefix',
  'type-unknown': 'xsd.type-unknown',
  undeclared: 'xsd.undeclared',
  'duplicate-id': 'xsd.duplicate-id',
}

function finding(table: XsdTable, p: XsdProblem): Finding {
  const ruleId = `xsd:${table.id}`
  const el: XmlElement = p.el
  const params: Record<string, string> = {
    schema: table.title,
    element: el.qname,
    parent: el.parent?.qname ?? '',
    expected: p.expected === undefined || p.expected.length === 0 ? 'no further element' : p.expected.join(', '),
    detail: p.detail ?? '',
    value: xmlTrim(p.attribute?.value ?? el.text).slice(0, 60),
  }
  if (p.attribute !== undefined) params.attribute = p.attribute.qname
  // Same local name, other namespace (a misspelt namespace URI): say so rather than list the name.
  const wrongNamespace = p.kind === 'unexpected' && p.expected?.includes(el.local) === true
  const messageKey = wrongNamespace ? 'xsd.namespace' : MESSAGE_KEY[p.kind]
  if (wrongNamespace) params.detail = el.ns
  return {
    ruleId,
    severity: 'error',
    layer: 'xsd',
    location: elementLocation(el),
    messageKey,
    params,
    message: renderMessage('en', messageKey, ruleId, params),
  }
}

/** Runs the applicable schema checks and appends their findings. */
export function runXsdLayer(tables: readonly XsdTable[], root: XmlElement, out: Finding[]): void {
  for (const t of tables) for (const p of checkStructure(compileTable(t), root)) out.push(finding(t, p))
}
