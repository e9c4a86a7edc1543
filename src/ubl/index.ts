/**
 * UBL 2.1 Invoice and CreditNote: reader (UBL → EN 16931 model) and writer (model → UBL).
 * @module
 */
export { readUbl, ublKindOf } from './read-ubl.js'
export type { ReadUblOptions } from './read-ubl.js'
export { writeUbl } from './write-ubl.js'
export type { WriteUblOptions } from './write-ubl.js'
export { ublDroppedContent } from './write-dropped.js'
export { CREDIT_NOTE_TYPE_CODES, UBL_CREDIT_NOTE, UBL_INVOICE, ublKindFor } from './ubl-codes.js'
export type { UblKind } from './ubl-codes.js'
