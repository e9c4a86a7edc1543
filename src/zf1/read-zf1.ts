/**
 * ZUGFeRD 1.0 `CrossIndustryDocument` (BASIC, COMFORT, EXTENDED) → the EN 16931 model. The
 * structure is CII's with older container names (HeaderExchangedDocument,
 * ApplicableSupplyChainTrade…) and ApplicablePercent for rates; the shared engine reads it
 * through the ZF1 dialect row.
 * @module
 */
import { readCiiFamily } from '../cii/read-cii.js'
import { ZF1_DIALECT } from '../cii/dialect.js'
import type { Invoice } from '../model/invoice.js'
import type { XmlDocument } from '../xml/index.js'

/** Reads a ZUGFeRD 1.0 CrossIndustryDocument. */
export function readZf1(doc: XmlDocument): Invoice {
  return readCiiFamily(doc, ZF1_DIALECT)
}
