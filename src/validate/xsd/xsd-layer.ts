/**
 * The XSD layer: which official schemas apply to a document (layer table of the reference tools:
 * CII D16B for every CII invoice plus the Factur-X profile schema for Factur-X/ZUGFeRD 2 profiles,
 * UBL 2.1, ZUGFeRD 1.0, the Order-X profile schema) and their problems as findings. A finding's
 * rule id names the schema (`xsd:cii-d16b`), the way the official reports name XSD layers.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { elementLocation } from '../location.js'
import { renderMessage } from '../messages.js'
import type { Finding, SyntaxKind } from '../types.js'
import { type XsdProblem, checkStructure } from './structure-check.js'
import { type XsdTable, compileTable } from './xsd-table.js'
import { XSD_CII_D16B } from './tables/cii-d16b.js'
import { XSD_FACTURX_BASIC } from './tables/facturx-basic.js'
import { XSD_FACTURX_BASICWL } from './tables/facturx-basicwl.js'
import { XSD_FACTURX_EN16931 } from './tables/facturx-en16931.js'
import { XSD_FACTURX_EXTENDED } from './tables/facturx-extended.js'
import { XSD_FACTURX_MINIMUM } from './tables/facturx-minimum.js'
import { XSD_ORDERX_BASIC } from './tables/orderx-basic.js'
import { XSD_ORDERX_COMFORT } from './tables/orderx-comfort.js'
import { XSD_ORDERX_EXTENDED } from './tables/orderx-extended.js'
import { XSD_UBL_21 } from './tables/ubl-21.js'
import { XSD_ZUGFERD1 } from './tables/zugferd1.js'

/** Factur-X profile schemas by profile class (BT-24 decides, see rule-sets.ts). */
const FACTURX: Readonly<Record<string, XsdTable>> = {
  MINIMUM: XSD_FACTURX_MINIMUM,
  BASICWL: XSD_FACTURX_BASICWL,
  BASIC: XSD_FACTURX_BASIC,
  EN16931: XSD_FACTURX_EN16931,
  EXTENDED: XSD_FACTURX_EXTENDED,
}

/** Order-X profile schemas by guideline id suffix; unknown ids get EXTENDED (as the reference does). */
const ORDERX: Readonly<Record<string, XsdTable>> = {
  basic: XSD_ORDERX_BASIC,
  comfort: XSD_ORDERX_COMFORT,
  extended: XSD_ORDERX_EXTENDED,
}

/** The schema sets that apply, in the order the reference runs them. */
export function schemasFor(syntax: SyntaxKind, profile: string, specificationId: string | undefined): XsdTable[] {
  switch (syntax) {
    case 'CII': {
      const fx = FACTURX[profile]
      return fx === undefined ? [XSD_CII_D16B] : [XSD_CII_D16B, fx]
    }
    case 'UBL-Invoice':
    case 'UBL-CreditNote':
      return [XSD_UBL_21]
    case 'ZUGFeRD1':
      return [XSD_ZUGFERD1]
    case 'Order-X': {
      const m = /^urn:order-x\.eu:1p0:(basic|comfort|extended)/i.exec((specificationId ?? '').trim())
      return [ORDERX[(m?.[1] ?? 'extended').toLowerCase()] ?? XSD_ORDERX_EXTENDED]
    }
  }
}

const MESSAGE_KEY: Readonly<Record<XsdProblem['kind'], string>> = {
  unexpected: 'xsd.unexpected',
  missing: 'xsd.missing',
  value: 'xsd.value',
  attribute: 'xsd.attribute',
  'required-attribute': 'xsd.required-attribute',
  text: 'xsd.text',
  root: 'xsd.root',
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
    value: el.text.trim().slice(0, 60),
  }
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
