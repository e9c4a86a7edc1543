/**
 * Every XSD structure table, imported up front: the synchronous validation API (validate-xml.ts)
 * must be able to check any document without waiting. File validation loads only the tables a
 * document needs (layers.ts).
 * @module
 */
import type { SyntaxKind } from '../types.js'
import { type XsdSchemaName, schemaNamesFor } from './xsd-layer.js'
import type { XsdTable } from './xsd-table.js'
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

export const XSD_SCHEMAS: Readonly<Record<XsdSchemaName, XsdTable>> = {
  'cii-d16b': XSD_CII_D16B,
  'facturx-MINIMUM': XSD_FACTURX_MINIMUM,
  'facturx-BASICWL': XSD_FACTURX_BASICWL,
  'facturx-BASIC': XSD_FACTURX_BASIC,
  'facturx-EN16931': XSD_FACTURX_EN16931,
  'facturx-EXTENDED': XSD_FACTURX_EXTENDED,
  'ubl-21': XSD_UBL_21,
  zugferd1: XSD_ZUGFERD1,
  'orderx-basic': XSD_ORDERX_BASIC,
  'orderx-comfort': XSD_ORDERX_COMFORT,
  'orderx-extended': XSD_ORDERX_EXTENDED,
}

/** The tables of the schema sets that apply, in the order the reference runs them. */
export function schemasFor(syntax: SyntaxKind, profile: string, specificationId: string | undefined): XsdTable[] {
  return schemaNamesFor(syntax, profile, specificationId).map((name) => XSD_SCHEMAS[name])
}
