/**
 * The Producer every PDF einvoice writes carries (Info /Producer and pdf:Producer): fixed text,
 * so outputs are comparable (pdf-outputs.md criterion 7).
 * @module
 */
import { VERSION } from '../version.js'

export const PDF_PRODUCER = `einvoice ${VERSION}`
