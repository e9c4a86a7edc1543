/**
 * UNTDID 5305 (Duty or tax or fee category code): the EN 16931 VAT categories, for BT-95,
 * BT-102, BT-118 and BT-151.
 *
 * Values: rules BR-CL-17 and BR-CL-18 of the CEN EN 16931 validation artefacts 1.3.16 (the VAT
 * category codes of the VAT breakdown, document level allowances and charges, and invoice
 * lines), the same 10 codes in both rules and in CII and UBL.
 * Besides S, Z, E, AE, K, G, O, L and M the rules accept B (split payment, domestic Italian
 * invoices only: rules BR-B-01 and BR-B-02).
 * Names: the CEN code-list wording of UNTDID 5305.
 * @module
 */

import { EN16931_CODE_LISTS_VERSION, defineCodeList } from './code-list.js'

// prettier-ignore
export const VAT_CATEGORY_CODES = defineCodeList('UNTDID 5305', EN16931_CODE_LISTS_VERSION, [
  ['S', 'Standard rate'],
  ['Z', 'Zero rated goods'],
  ['E', 'Exempt from Tax'],
  ['AE', 'Vat Reverse Charge'],
  ['K', 'VAT exempt for EEA intra-community supply of goods and services'],
  ['G', 'Free export item, VAT not charged'],
  ['O', 'Services outside scope of tax'],
  ['L', 'Canary Islands general indirect tax'],
  ['M', 'Tax for production, services and importation in Ceuta and Melilla'],
  ['B', 'Transferred (VAT), In Italy'],
])
