/**
 * MIME type codes for BT-125-2 Attached document MIME code.
 *
 * Values: rule BR-CL-24 of the CEN EN 16931 validation artefacts 1.3.16 (same 6 types
 * in CII and UBL; the rule compares exactly, so the match is case-sensitive).
 * Names: a short English description of each media type.
 * @module
 */

import { EN16931_CODE_LISTS_VERSION, defineCodeList } from './code-list.js'

// prettier-ignore
export const MIME_CODES = defineCodeList('MIME', EN16931_CODE_LISTS_VERSION, [
  ['application/pdf', 'PDF document'],
  ['image/png', 'PNG image'],
  ['image/jpeg', 'JPEG image'],
  ['text/csv', 'Comma-separated values (CSV)'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel spreadsheet (Office Open XML)'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'OpenDocument spreadsheet'],
])
