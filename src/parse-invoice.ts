/**
 * Invoice XML → the parse JSON text: read into the model, map to the Mustang shape, write with
 * exact numbers. The engine behind the `parse` operation.
 * @module
 */
import { invoiceToJson } from './json/from-model.js'
import { JSON_TEXT_OPTIONS, type JsonTextOptions, writeJson } from './json/write-json.js'
import { checkOptions } from './util/option-input.js'
import { readInvoice } from './read-invoice.js'
import { looksLikePdf } from './pdf/pdf-structure.js'
import { bytesArgument, type TextOrBytesInput } from './util/byte-input.js'

/**
 * @throws EInvoiceError INVALID_XML / INPUT_TOO_LARGE for bad XML (with line and column),
 * UNSUPPORTED_DOCUMENT for XML of another kind or a PDF.
 */
export function parseInvoiceToJsonText(input: TextOrBytesInput, options: JsonTextOptions = {}): string {
  options = checkOptions(options, 'options', JSON_TEXT_OPTIONS)
  return writeJson(invoiceToJson(readInvoice(input)), options)
}

/** As `parseInvoiceToJsonText`, and a PDF input is read through its embedded invoice XML. */
export async function parseInvoiceFileToJsonText(
  input: Uint8Array,
  options: JsonTextOptions = {},
): Promise<string> {
  input = bytesArgument(input, 'file')
  options = checkOptions(options, 'options', JSON_TEXT_OPTIONS)
  if (!looksLikePdf(input)) return parseInvoiceToJsonText(input, options)
  // The PDF layer is heavy: load it only for PDF input.
  const { extractInvoiceXml } = await import('./pdf/extract.js')
  const { xml } = await extractInvoiceXml(input)
  return parseInvoiceToJsonText(xml, options)
}
