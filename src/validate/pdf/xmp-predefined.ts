/**
 * The predefined XMP schemas live in src/pdf/xmp-predefined.ts (pdf2pdfa repairs what the
 * validator checks against them); re-exported here for the validator's modules.
 * @module
 */
export * from '../../pdf/xmp-predefined.js'
